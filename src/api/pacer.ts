export type Priority = 'interactive' | 'background';

export type PacerOptions = {
  /** Most starts allowed in any window of `windowMs`. */
  limit: number;
  windowMs: number;
  /** Clock and timers, injectable for tests; default to the globals at call time (fake timers work). */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

type Entry = { start: () => void };

/**
 * Spaces out request starts: never more than `limit` in any rolling `windowMs`. Calls queue
 * (never dropped) in FIFO order per priority; 'interactive' entries start before any
 * 'background' one. A queued entry whose signal aborts leaves the queue and rejects with the
 * signal's reason. `pauseFor` holds every start (a 429 means the whole tab is too fast).
 */
export class Pacer {
  private readonly queues: Record<Priority, Entry[]> = { interactive: [], background: [] };
  private readonly starts: number[] = [];
  private pausedUntil = 0;
  private timer: unknown = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(options: PacerOptions) {
    if (!(options.limit >= 1) || !(options.windowMs > 0)) throw new RangeError('Pacer needs limit ≥ 1 and windowMs > 0');
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Runs `task` once a start slot is free; settles with the task's outcome. */
  schedule<T>(task: () => Promise<T>, options: { priority?: Priority; signal?: AbortSignal } = {}): Promise<T> {
    const { priority = 'interactive', signal } = options;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<T>((resolve, reject) => {
      const queue = this.queues[priority];
      const onAbort = () => {
        const index = queue.indexOf(entry);
        if (index >= 0) queue.splice(index, 1);
        reject(abortReason(signal!));
        this.pump();
      };
      const entry: Entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            reject(error);
            return;
          }
          running.then(resolve, reject);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
      this.pump();
    });
  }

  /** Waits for a start slot without running anything (for requests made by other libraries). */
  acquire(options: { priority?: Priority; signal?: AbortSignal } = {}): Promise<void> {
    return this.schedule(() => Promise.resolve(), options);
  }

  /** Holds every start for `ms` from now (extends, never shortens, a running pause). */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
    this.pump();
  }

  /** Entries waiting for a slot. */
  get pending(): number {
    return this.queues.interactive.length + this.queues.background.length;
  }

  private pump(): void {
    for (;;) {
      const queue = this.queues.interactive.length > 0 ? this.queues.interactive : this.queues.background;
      if (queue.length === 0) {
        this.cancelTimer();
        return;
      }
      const now = this.now();
      if (now < this.pausedUntil) {
        this.wakeAt(this.pausedUntil, now);
        return;
      }
      while (this.starts.length > 0 && this.starts[0]! <= now - this.windowMs) this.starts.shift();
      if (this.starts.length >= this.limit) {
        this.wakeAt(this.starts[0]! + this.windowMs, now);
        return;
      }
      const entry = queue.shift()!;
      this.starts.push(now);
      entry.start();
    }
  }

  private wakeAt(at: number, now: number): void {
    if (this.timer !== null && this.timerAt === at) return;
    this.cancelTimer();
    this.timerAt = at;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, Math.max(0, at - now));
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.clearTimer(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
