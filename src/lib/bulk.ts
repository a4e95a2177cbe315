// Bulk runs: apply one operation to many items (apply a status to 3,000 copies, export every page),
// paced by the API module's request pacer at background priority so interactive requests from the
// page the manager is on still go first. A run reports progress, can be cancelled, and ends with a
// list of per-item failures that can be retried. Answers meaning "already so" (the status is already
// on the copy, already gone) count as success, so a retry never doubles anything.

import { describeError } from '../api/errors';

export type BulkPriority = 'background';

export type BulkRunContext = {
  signal: AbortSignal;
  /** Pass to the API call so the pacer schedules it behind interactive requests. */
  priority: BulkPriority;
};

export type BulkOutcome = 'succeeded' | 'already' | 'failed';

export type BulkFailure<T> = { item: T; error: unknown; message: string };

export type BulkProgress = {
  total: number;
  /** Items with an outcome (succeeded, already applied or failed). */
  completed: number;
  succeeded: number;
  /** Counted as success too: the platform said the change was already in place. */
  alreadyApplied: number;
  failed: number;
};

export type BulkRunOptions<T> = {
  items: readonly T[];
  run: (item: T, context: BulkRunContext) => Promise<unknown>;
  /** Whether an error means the change is already in place. May ask the API (e.g. re-read the item). */
  isAlreadyApplied?: (error: unknown, item: T, context: BulkRunContext) => boolean | Promise<boolean>;
  /** Operations in flight at once; the pacer still caps the call rate. Default 4. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: BulkProgress) => void;
  onItem?: (item: T, outcome: BulkOutcome, error?: unknown) => void;
};

export type BulkResult<T> = {
  progress: BulkProgress;
  succeeded: T[];
  failed: BulkFailure<T>[];
  /** Items never attempted because the run was cancelled. */
  notRun: T[];
  cancelled: boolean;
};

function isAbort(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'aborted';
}

/** Runs `run` over every item with bounded concurrency. Never rejects; failures are in the result. */
export async function runBulk<T>(options: BulkRunOptions<T>): Promise<BulkResult<T>> {
  const { items, run, isAlreadyApplied, onProgress, onItem } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const controller = new AbortController();
  const outer = options.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', forwardAbort, { once: true });
  const context: BulkRunContext = { signal: controller.signal, priority: 'background' };

  const progress: BulkProgress = { total: items.length, completed: 0, succeeded: 0, alreadyApplied: 0, failed: 0 };
  const succeeded: T[] = [];
  const failed: BulkFailure<T>[] = [];
  const started = new Array<boolean>(items.length).fill(false);
  const cancelledInFlight: T[] = [];
  let next = 0;

  onProgress?.({ ...progress });

  const settle = (item: T, outcome: BulkOutcome, error?: unknown) => {
    progress.completed += 1;
    if (outcome === 'failed') {
      progress.failed += 1;
      failed.push({ item, error, message: describeError(error) });
    } else {
      if (outcome === 'already') progress.alreadyApplied += 1;
      else progress.succeeded += 1;
      succeeded.push(item);
    }
    onItem?.(item, outcome, error);
    onProgress?.({ ...progress });
  };

  const worker = async () => {
    while (!controller.signal.aborted && next < items.length) {
      const index = next;
      next += 1;
      started[index] = true;
      const item = items[index] as T;
      try {
        await run(item, context);
        settle(item, 'succeeded');
      } catch (error) {
        if (isAbort(error, controller.signal)) {
          cancelledInFlight.push(item);
          continue;
        }
        let already = false;
        if (isAlreadyApplied) {
          try {
            already = await isAlreadyApplied(error, item, context);
          } catch {
            already = false;
          }
        }
        settle(item, already ? 'already' : 'failed', already ? undefined : error);
      }
    }
  };

  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  outer?.removeEventListener('abort', forwardAbort);

  const notRun = [...cancelledInFlight, ...items.filter((_, index) => !started[index])];
  return { progress: { ...progress }, succeeded, failed, notRun, cancelled: controller.signal.aborted };
}

// ---------------------------------------------------------------------------------------------
// A bulk job: a run that lives outside any component (so the manager can keep browsing), with a
// snapshot to render, cancel, retry of failures and resume of what a cancel left undone.

export type BulkJobStatus = 'running' | 'done' | 'cancelled';

export type BulkJobState<T> = {
  id: number;
  label: string;
  status: BulkJobStatus;
  /** Progress of the current pass (the first run, or a retry). */
  progress: BulkProgress;
  /** Successes over every pass of this job. */
  succeededTotal: number;
  failures: BulkFailure<T>[];
  notRun: T[];
  /** 1 for the first pass, 2 after the first retry, … */
  pass: number;
  startedAt: number;
  finishedAt: number | null;
};

export type BulkJobOptions<T> = Omit<BulkRunOptions<T>, 'items' | 'signal' | 'onProgress'> & {
  label: string;
  items: readonly T[];
  /** Called after every pass with its result (e.g. to refresh queries). */
  onPassEnd?: (result: BulkResult<T>) => void;
};

let nextJobId = 1;

export class BulkJob<T> {
  readonly id = nextJobId++;
  private state: BulkJobState<T>;
  private controller: AbortController | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly options: BulkJobOptions<T>;
  /** Resolves when the current pass ends. */
  done: Promise<BulkResult<T>>;

  constructor(options: BulkJobOptions<T>) {
    this.options = options;
    this.state = {
      id: this.id,
      label: options.label,
      status: 'running',
      progress: { total: options.items.length, completed: 0, succeeded: 0, alreadyApplied: 0, failed: 0 },
      succeededTotal: 0,
      failures: [],
      notRun: [],
      pass: 1,
      startedAt: Date.now(),
      finishedAt: null,
    };
    this.done = this.pass(options.items);
  }

  private set(patch: Partial<BulkJobState<T>>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  private async pass(items: readonly T[]): Promise<BulkResult<T>> {
    const controller = new AbortController();
    this.controller = controller;
    const result = await runBulk({
      ...this.options,
      items,
      signal: controller.signal,
      onProgress: (progress) => this.set({ progress }),
    });
    this.controller = null;
    this.set({
      status: result.cancelled ? 'cancelled' : 'done',
      progress: result.progress,
      succeededTotal: this.state.succeededTotal + result.succeeded.length,
      failures: result.failed,
      notRun: result.notRun,
      finishedAt: Date.now(),
    });
    this.options.onPassEnd?.(result);
    return result;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): BulkJobState<T> => this.state;

  cancel(): void {
    this.controller?.abort();
  }

  /** Runs the failed items again, plus anything a cancel left undone. Returns false when idle has nothing to do. */
  retry(): boolean {
    if (this.state.status === 'running') return false;
    const items = [...this.state.failures.map((failure) => failure.item), ...this.state.notRun];
    if (items.length === 0) return false;
    this.set({
      status: 'running',
      pass: this.state.pass + 1,
      failures: [],
      notRun: [],
      finishedAt: null,
      progress: { total: items.length, completed: 0, succeeded: 0, alreadyApplied: 0, failed: 0 },
    });
    this.done = this.pass(items);
    return true;
  }
}
