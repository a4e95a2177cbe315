import type { DetectOptions } from '../../api/detector';
import { describeError, isApiError } from '../../api/errors';
import type { DetectionResult } from '../../api/schemas/detector';
import type { HistoryEntry } from './history-store';
import { entryFromFailure, entryFromResult, type Submission } from './history';
import { precheckFile, type DecodeOutcome, type Precheck } from './prechecks';

// The submissions of this tab: each file or URL is checked in the browser, waits for one of a few
// slots, is sent through the proxy (the API module retries what the policy allows), and its answer
// is recorded in the history. A plain store with subscribe/getSnapshot for useSyncExternalStore.

export type QueuePhase =
  | { kind: 'checking' }
  | { kind: 'waiting' }
  | { kind: 'sending' }
  | { kind: 'retrying'; retry: number; of: number; status: number; delayMs: number }
  | { kind: 'done'; result: DetectionResult }
  | { kind: 'failed'; error: unknown; message: string }
  /** The browser checks found the service would refuse it; nothing was sent. */
  | { kind: 'refused' }
  | { kind: 'cancelled' };

export type QueueItem = Submission & {
  precheck: Precheck | null;
  phase: QueuePhase;
  /** Whether the answer is in the history: null until there is an answer; a message if saving failed. */
  saved: true | string | null;
};

export type QueueDeps = {
  concurrency: number;
  probe: (file: Blob) => Promise<DecodeOutcome>;
  detectFile: (file: Blob, name: string, options: DetectOptions) => Promise<DetectionResult>;
  detectUrl: (url: string, options: DetectOptions) => Promise<DetectionResult>;
  record: (entry: HistoryEntry) => Promise<void>;
  now?: () => Date;
  newId?: () => string;
};

type Job = { item: QueueItem; file: File | null; url: string | null; controller: AbortController };

const FINISHED = new Set<QueuePhase['kind']>(['done', 'failed', 'refused', 'cancelled']);

export function isFinished(item: QueueItem): boolean {
  return FINISHED.has(item.phase.kind);
}

export function isActive(item: QueueItem): boolean {
  return !isFinished(item);
}

let counter = 0;
function defaultId(): string {
  counter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${random}-${counter}`;
}

export class DetectionQueue {
  private jobs: Job[] = [];
  private snapshot: readonly QueueItem[] = [];
  private listeners = new Set<() => void>();
  private running = 0;
  private probing: Promise<void> = Promise.resolve();
  private readonly deps: Required<QueueDeps>;

  constructor(deps: QueueDeps) {
    this.deps = { now: () => new Date(), newId: defaultId, ...deps };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly QueueItem[] => this.snapshot;

  /** Adds files; each is checked in turn (decoding is heavy), then queued. Returns their ids. */
  addFiles(files: readonly File[]): string[] {
    const jobs = files.map((file) => this.newJob('file', file.name || 'unnamed file', file.size, file, null));
    for (const job of jobs) {
      this.probing = this.probing.then(() => this.check(job)).catch((error: unknown) => this.finish(job, { phase: { kind: 'failed', error, message: describeError(error) } }));
    }
    return jobs.map((job) => job.item.id);
  }

  /** Adds URLs (already validated as http/https); the detector fetches them, so there is nothing to check here. */
  addUrls(urls: readonly string[]): string[] {
    const jobs = urls.map((url) => this.newJob('url', url, null, null, url));
    for (const job of jobs) this.update(job, { phase: { kind: 'waiting' } });
    this.pump();
    return jobs.map((job) => job.item.id);
  }

  /** Stops a submission that has not finished: a running call is aborted and nothing is recorded. */
  cancel(id: string): void {
    const job = this.jobs.find((candidate) => candidate.item.id === id);
    if (!job || isFinished(job.item)) return;
    job.controller.abort();
    if (job.item.phase.kind === 'checking' || job.item.phase.kind === 'waiting') this.finish(job, { phase: { kind: 'cancelled' } });
  }

  /** Removes finished submissions from the list (their results stay in the history). */
  clearFinished(): void {
    this.jobs = this.jobs.filter((job) => !isFinished(job.item));
    this.publish();
  }

  private newJob(source: 'file' | 'url', name: string, size: number | null, file: File | null, url: string | null): Job {
    const item: QueueItem = {
      id: this.deps.newId(),
      source,
      name,
      size,
      durationSeconds: null,
      submittedAt: this.deps.now().toISOString(),
      precheck: null,
      phase: { kind: 'checking' },
      saved: null,
    };
    const job: Job = { item, file, url, controller: new AbortController() };
    this.jobs.push(job);
    this.publish();
    return job;
  }

  private async check(job: Job): Promise<void> {
    const file = job.file;
    if (job.item.phase.kind !== 'checking' || !file) return;
    let outcome: DecodeOutcome;
    try {
      outcome = await this.deps.probe(file);
    } catch {
      outcome = { kind: 'undecodable', reason: 'the browser check failed' };
    }
    if (job.item.phase.kind !== 'checking') return;
    const precheck = precheckFile(file, outcome);
    if (!precheck.send) {
      this.finish(job, { precheck, durationSeconds: precheck.durationSeconds, phase: { kind: 'refused' } });
      return;
    }
    this.update(job, { precheck, durationSeconds: precheck.durationSeconds, phase: { kind: 'waiting' } });
    this.pump();
  }

  private pump(): void {
    while (this.running < this.deps.concurrency) {
      const next = this.jobs.find((job) => job.item.phase.kind === 'waiting');
      if (!next) return;
      this.running += 1;
      void this.send(next).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async send(job: Job): Promise<void> {
    this.update(job, { phase: { kind: 'sending' } });
    const options: DetectOptions = {
      signal: job.controller.signal,
      onRetry: (retry) => this.update(job, { phase: { kind: 'retrying', ...retry } }),
    };
    let entry: HistoryEntry;
    try {
      const result = job.file ? await this.deps.detectFile(job.file, job.item.name, options) : await this.deps.detectUrl(job.url ?? '', options);
      entry = entryFromResult(job.item, result);
      this.finish(job, { phase: { kind: 'done', result } });
    } catch (error) {
      if (job.controller.signal.aborted || (isApiError(error) && error.kind === 'aborted')) {
        this.finish(job, { phase: { kind: 'cancelled' } });
        return;
      }
      entry = entryFromFailure(job.item, error);
      this.finish(job, { phase: { kind: 'failed', error, message: describeError(error) } });
    }
    try {
      await this.deps.record(entry);
      this.update(job, { saved: true });
    } catch (error) {
      this.update(job, { saved: error instanceof Error ? error.message : 'The result could not be saved to the history.' });
    }
  }

  private finish(job: Job, patch: Partial<QueueItem>): void {
    // The file is not kept once its submission is over.
    job.file = null;
    this.update(job, patch);
  }

  private update(job: Job, patch: Partial<QueueItem>): void {
    job.item = { ...job.item, ...patch };
    this.publish();
  }

  private publish(): void {
    this.snapshot = this.jobs.map((job) => job.item);
    for (const listener of this.listeners) listener();
  }
}

/** The history row of a finished submission's answer, or null while there is none (or nothing was sent). */
export function itemEntry(item: QueueItem): HistoryEntry | null {
  if (item.phase.kind === 'done') return entryFromResult(item, item.phase.result);
  if (item.phase.kind === 'failed') return entryFromFailure(item, item.phase.error);
  return null;
}

/** The phase in a few words, for the submission's badge. */
export function phaseLabel(phase: QueuePhase): string {
  switch (phase.kind) {
    case 'checking':
      return 'Checking in the browser…';
    case 'waiting':
      return 'Waiting';
    case 'sending':
      return 'Sending…';
    case 'retrying':
      return `Retrying ${phase.retry}/${phase.of} after HTTP ${phase.status}`;
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    case 'refused':
      return 'Not sent';
    case 'cancelled':
      return 'Cancelled';
  }
}
