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

type Entry = { start: (slot: Slot) => void };
/** A start slot; `end` is when its call settled (undefined while it runs). */
type Slot = { end: number | undefined };

/**
 * Spaces out request starts: never more than `limit` in any rolling `windowMs`. A call holds its
 * slot until `windowMs` after it SETTLED, not after it started: the server counts a request when it
 * handles it, which may be well after we sent it (a slow first connection), so only "our answer
 * came back a window ago" proves the server no longer counts it. Calls queue (never dropped) in
 * FIFO order per priority; 'interactive' entries start before any 'background' one. A queued
 * entry whose signal aborts leaves the queue and rejects with the signal's reason. `pauseFor`
 * holds every start (a 429 means the whole tab is too fast).
 */
export class Pacer {
  private readonly queues: Record<Priority, Entry[]> = { interactive: [], background: [] };
  private readonly slots: Slot[] = [];
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
        start: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          const settle = () => {
            slot.end = this.now();
            this.pump();
          };
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            settle();
            reject(error);
            return;
          }
          running.then(
            (value) => {
              settle();
              resolve(value);
            },
            (error: unknown) => {
              settle();
              reject(error);
            },
          );
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
      this.releaseSlots(now);
      if (this.slots.length >= this.limit) {
        // Wake when the earliest settled call leaves the window; calls still running wake us when they settle.
        const ends = this.slots.flatMap((slot) => (slot.end === undefined ? [] : [slot.end + this.windowMs]));
        if (ends.length > 0) this.wakeAt(Math.min(...ends), now);
        else this.cancelTimer();
        return;
      }
      const entry = queue.shift()!;
      const slot: Slot = { end: undefined };
      this.slots.push(slot);
      entry.start(slot);
    }
  }

  private releaseSlots(now: number): void {
    for (let i = this.slots.length - 1; i >= 0; i--) {
      const end = this.slots[i]!.end;
      if (end !== undefined && end + this.windowMs <= now) this.slots.splice(i, 1);
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
