import { isApiError, type ApiInterface } from '../api/errors';

export interface ConnectionProblem {
  /** The interface that could not be reached; `server` when the browser could not reach Rights Desk itself. */
  iface: ApiInterface;
  /** What the failing request reported, for the banner. */
  message: string;
}

type Listener = () => void;

/**
 * Which interfaces are currently unreachable, as seen by the requests of this tab. A problem is
 * recorded when a request fails with `unreachable` (the proxy could not reach the upstream) or
 * `network` (the browser could not reach the proxy) and cleared when a later request to the same
 * interface gets any answer from it.
 */
export class ConnectionHealth {
  private problems: readonly ConnectionProblem[] = [];
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stable between changes, as useSyncExternalStore needs. */
  getSnapshot = (): readonly ConnectionProblem[] => this.problems;

  /** Looks at a failed request; returns the interface it marked unreachable, if any. */
  reportFailure(error: unknown): ApiInterface | undefined {
    if (!isApiError(error)) return undefined;
    if (error.kind === 'unreachable') {
      this.set(error.iface, error.message);
      return error.iface;
    }
    if (error.kind === 'network') {
      this.set('server', error.message);
      return 'server';
    }
    // An HTTP error status is an answer: the interface (and the server in front of it) is reachable.
    if (error.kind === 'http') {
      this.reportReachable(error.iface);
      this.reportReachable('server');
    }
    return undefined;
  }

  reportReachable(iface: ApiInterface): void {
    if (!this.problems.some((problem) => problem.iface === iface)) return;
    this.problems = this.problems.filter((problem) => problem.iface !== iface);
    this.emit();
  }

  private set(iface: ApiInterface, message: string): void {
    const existing = this.problems.find((problem) => problem.iface === iface);
    if (existing?.message === message) return;
    this.problems = [...this.problems.filter((problem) => problem.iface !== iface), { iface, message }];
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

export const connectionHealth = new ConnectionHealth();
