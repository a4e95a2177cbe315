// The upload engine: one explicit phase machine per file, kept in a small external store so the
// queue outlives the page that started it (React reads it with useSyncExternalStore).
//
//   queued → hashing → registering → transferring → verifying → processing → done
//                                        ↕ paused (tus only)
//   any phase → failed { phase, reason }; retry continues from the kept fid / asset / upload location.
//
// Everything that talks to the platform or to the browser is injected, so tests drive the machine
// with plain functions.

export type UploadPhase =
  | 'queued'
  | 'hashing'
  | 'registering'
  | 'transferring'
  | 'verifying'
  | 'processing'
  | 'done'
  | 'failed'
  | 'paused';

/** v3: metadata + one PUT to file_url. v4: metadata + resumable tus upload with Blob-ID. */
export type UploadProtocol = 'v3' | 'v4';

export interface UploadFailure {
  /** The phase the item was in when it failed. */
  phase: UploadPhase;
  reason: string;
}

export interface UploadItem<M> {
  id: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  fileLastModified: number;
  /** What the user typed for this file (title, media type, …), sent when registering. */
  metadata: M;
  title: string;
  phase: UploadPhase;
  protocol: UploadProtocol | null;
  fid: string | null;
  assetId: string | null;
  fileUrl: string | null;
  blobId: string | null;
  bytesSent: number;
  /** 0–100, of the transfer. */
  progress: number;
  failure: UploadFailure | null;
  /** True when the browser no longer holds the file (after a reload): the user must choose it again. */
  needsFile: boolean;
  /** True once every byte was sent; verify and processing need no file after that. */
  transferred: boolean;
  /** True once the platform's verify confirmed it received the file. */
  verified: boolean;
  processingStatus: string | null;
  /** Something worth telling the user that is not a failure. */
  note: string | null;
  createdAt: number;
}

export interface RegisterResult {
  assetId: string;
  fileUrl?: string;
  blobId?: string;
}

export interface TusTransfer {
  /** Settles when the server holds every byte; rejects on a transfer error (after tus's own retries). */
  done: Promise<void>;
  /** Stops sending and makes `done` reject; the server keeps what it has so a later start resumes from there. */
  abort(): Promise<void>;
}

export interface TusStartArgs {
  file: File;
  fid: string;
  assetId: string;
  blobId: string;
  onProgress(bytesSent: number, bytesTotal: number): void;
}

export interface TusAdapter {
  /** An unfinished tus upload of this very file from an earlier session, with the asset it was registered as. */
  findPrevious(file: File, fid: string): Promise<{ assetId: string; blobId: string } | null>;
  start(args: TusStartArgs): TusTransfer;
}

export interface PutFileArgs {
  file: File;
  url: string;
  mimeType: string;
  signal: AbortSignal;
  onProgress(bytesSent: number, bytesTotal: number): void;
}

export interface ProcessingState {
  status: string;
  error: string;
}

export interface UploadDeps<M> {
  /** Files of at least this many bytes go through v4 (tus). */
  v4ThresholdBytes(): Promise<number>;
  computeFid(file: File): Promise<string>;
  register(metadata: M, file: { fid: string; mimeType: string }, version: 3 | 4): Promise<RegisterResult>;
  putFile(args: PutFileArgs): Promise<void>;
  tus: TusAdapter;
  verify(assetId: string): Promise<boolean>;
  processingState(assetId: string): Promise<ProcessingState>;
  /** A sentence for the user about an error. */
  describeError(error: unknown): string;
  titleOf(metadata: M): string;
  wait?(ms: number): Promise<void>;
  /** Where the queue is kept between page loads; null keeps it in memory only. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  storageKey?: string;
  newId?(): string;
  now?(): number;
  maxConcurrent?: number;
  /** verify may lag the last byte by a moment: how often to ask before giving up. */
  verifyAttempts?: number;
  verifyDelayMs?: number;
  processingPollMs?: number;
  processingPollLimit?: number;
}

export interface UploadEngine<M> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ReadonlyArray<UploadItem<M>>;
  add(file: File, metadata: M): string;
  pause(id: string): Promise<void>;
  resume(id: string): void;
  retry(id: string): void;
  /** Gives the engine the file again after a reload; rejects when it is not the same file. */
  provideFile(id: string, file: File): Promise<void>;
  /** Drops a finished or failed item from the list (a running one is paused or aborted first). */
  remove(id: string): Promise<void>;
  clearFinished(): void;
  /** Resolves when no item is running (for tests). */
  idle(): Promise<void>;
}

/** Processing values that mean the platform has not finished with the file yet. */
const STILL_PROCESSING = new Set(['pending', 'uploaded', '']);
const ACTIVE_PHASES = new Set<UploadPhase>(['hashing', 'registering', 'transferring', 'verifying', 'processing']);
const KEPT_ITEMS = 50;

class PausedSignal extends Error {
  constructor() {
    super('paused');
  }
}

export function createUploadEngine<M>(deps: UploadDeps<M>): UploadEngine<M> {
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? (() => Date.now());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const storageKey = deps.storageKey ?? 'rights-desk.upload-queue';
  const maxConcurrent = deps.maxConcurrent ?? 2;
  const verifyAttempts = deps.verifyAttempts ?? 5;
  const verifyDelayMs = deps.verifyDelayMs ?? 1000;
  const processingPollMs = deps.processingPollMs ?? 2000;
  const processingPollLimit = deps.processingPollLimit ?? 60;

  let items: UploadItem<M>[] = restore();
  const files = new Map<string, File>();
  const running = new Map<string, { abort(): Promise<void> }>();
  const pauseRequested = new Set<string>();
  const listeners = new Set<() => void>();
  let idleWaiters: Array<() => void> = [];

  function emit(persistNow: boolean): void {
    items = [...items];
    if (persistNow) persist();
    listeners.forEach((listener) => listener());
    if (running.size === 0 && !items.some(runnable)) {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  function find(id: string): UploadItem<M> | undefined {
    return items.find((item) => item.id === id);
  }

  function update(id: string, patch: Partial<UploadItem<M>>, persistNow = true): void {
    items = items.map((item) => (item.id === id ? { ...item, ...patch } : item));
    emit(persistNow);
  }

  function persist(): void {
    if (!deps.storage) return;
    try {
      deps.storage.setItem(storageKey, JSON.stringify(items.slice(0, KEPT_ITEMS)));
    } catch {
      // A full or blocked storage only costs the ability to resume after a reload.
    }
  }

  // After a reload the File objects are gone: what still needs the bytes waits for the user to
  // choose the file again; verify and processing need no bytes and carry on by themselves.
  function restore(): UploadItem<M>[] {
    if (!deps.storage) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(deps.storage.getItem(storageKey) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    return (parsed as UploadItem<M>[]).map((item) => {
      if (item.phase === 'done' || (item.phase === 'failed' && !needsBytes(item))) return item;
      if (!needsBytes(item)) return { ...item, phase: 'queued' as const };
      if (item.phase === 'failed') return { ...item, needsFile: true };
      if (item.protocol === 'v4' && item.assetId) {
        return { ...item, phase: 'paused' as const, needsFile: true, note: 'The page was reloaded. Choose the same file to resume the transfer.' };
      }
      return {
        ...item,
        phase: 'failed' as const,
        needsFile: true,
        failure: { phase: item.phase, reason: 'The page was reloaded before the file was sent. Choose the same file to continue.' },
      };
    });
  }

  function needsBytes(item: UploadItem<M>): boolean {
    return !item.transferred;
  }

  function runnable(item: UploadItem<M>): boolean {
    return item.phase === 'queued' && !running.has(item.id) && (files.has(item.id) || !needsBytes(item));
  }

  function schedule(): void {
    for (const item of items) {
      if (running.size >= maxConcurrent) break;
      if (runnable(item)) void run(item.id);
    }
  }

  async function run(id: string): Promise<void> {
    const controller = new AbortController();
    let currentAbort: () => Promise<void> = async () => controller.abort();
    running.set(id, { abort: () => currentAbort() });
    const phaseOf = () => find(id)?.phase ?? 'failed';
    try {
      let item = find(id);
      if (!item) return;
      const file = files.get(id);

      if (needsBytes(item)) {
        if (!file) throw new Error('The file is no longer available. Choose it again.');
        if (!item.fid) {
          update(id, { phase: 'hashing' });
          update(id, { fid: await deps.computeFid(file) });
        }
        item = find(id)!;
        const fid = item.fid!;
        if (!item.protocol) {
          const threshold = await deps.v4ThresholdBytes();
          update(id, { protocol: file.size >= threshold ? 'v4' : 'v3' });
        }
        item = find(id)!;

        if (!item.assetId) {
          const previous = item.protocol === 'v4' ? await deps.tus.findPrevious(file, fid) : null;
          if (previous) {
            update(id, {
              assetId: previous.assetId,
              blobId: previous.blobId,
              note: `Resuming an earlier upload of this file (asset ${previous.assetId}); it was not registered again.`,
            });
          } else {
            update(id, { phase: 'registering' });
            const result = await deps.register(item.metadata, { fid, mimeType: item.fileType }, item.protocol === 'v4' ? 4 : 3);
            if (item.protocol === 'v3' && !result.fileUrl) throw new Error('The platform did not return an upload location (file_url).');
            if (item.protocol === 'v4' && !result.blobId) throw new Error('The platform did not return a blob_id for the resumable upload.');
            update(id, { assetId: result.assetId, fileUrl: result.fileUrl ?? null, blobId: result.blobId ?? null });
          }
        }
        item = find(id)!;
        const assetId = item.assetId!;

        update(id, { phase: 'transferring', failure: null, needsFile: false });
        const onProgress = (sent: number, total: number) => {
          const progress = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
          update(id, { bytesSent: sent, progress }, false);
        };
        if (item.protocol === 'v4') {
          const transfer = deps.tus.start({ file, fid, assetId, blobId: item.blobId!, onProgress });
          currentAbort = () => transfer.abort();
          if (pauseRequested.has(id)) await transfer.abort();
          await transfer.done;
        } else {
          await deps.putFile({ file, url: item.fileUrl!, mimeType: item.fileType, signal: controller.signal, onProgress });
        }
        if (pauseRequested.has(id)) throw new PausedSignal();
        update(id, { bytesSent: file.size, progress: 100, transferred: true });
        currentAbort = async () => controller.abort();
      }

      item = find(id)!;
      if (!item.verified) {
        update(id, { phase: 'verifying' });
        let uploaded = false;
        for (let attempt = 0; attempt < verifyAttempts && !uploaded; attempt++) {
          if (attempt > 0) await wait(verifyDelayMs);
          uploaded = await deps.verify(item.assetId!);
        }
        if (!uploaded) {
          // The bytes did not arrive after all: a retry sends them again (to the same asset).
          update(id, { transferred: false });
          throw new Error('The platform does not report the file as received. Retry to send it again.');
        }
        update(id, { verified: true });
      }

      item = find(id)!;
      update(id, { phase: 'processing' });
      for (let poll = 0; ; poll++) {
        const state = await deps.processingState(item.assetId!);
        update(id, { processingStatus: state.status });
        if (state.status === 'failed') {
          update(id, {
            phase: 'failed',
            failure: { phase: 'processing', reason: state.error || 'The platform could not process the file.' },
          });
          return;
        }
        if (!STILL_PROCESSING.has(state.status)) break;
        if (poll + 1 >= processingPollLimit) {
          update(id, { note: `Still ${state.status || 'processing'} on the platform; check the asset later.` });
          break;
        }
        await wait(processingPollMs);
      }
      update(id, { phase: 'done', failure: null });
    } catch (error) {
      if (error instanceof PausedSignal || pauseRequested.has(id)) {
        update(id, { phase: 'paused' });
      } else if (find(id)) {
        update(id, { phase: 'failed', failure: { phase: phaseOf(), reason: deps.describeError(error) } });
      }
    } finally {
      pauseRequested.delete(id);
      running.delete(id);
      emit(true);
      schedule();
    }
  }

  const engine: UploadEngine<M> = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      return items;
    },
    add(file, metadata) {
      const id = newId();
      files.set(id, file);
      const item: UploadItem<M> = {
        id,
        fileName: file.name,
        fileSize: file.size,
        fileType: file.type,
        fileLastModified: file.lastModified,
        metadata,
        title: deps.titleOf(metadata),
        phase: 'queued',
        protocol: null,
        fid: null,
        assetId: null,
        fileUrl: null,
        blobId: null,
        bytesSent: 0,
        progress: 0,
        failure: null,
        needsFile: false,
        transferred: false,
        verified: false,
        processingStatus: null,
        note: null,
        createdAt: now(),
      };
      items = [item, ...items];
      emit(true);
      schedule();
      return id;
    },
    async pause(id) {
      const item = find(id);
      if (!item || item.protocol !== 'v4' || item.phase !== 'transferring') return;
      pauseRequested.add(id);
      await running.get(id)?.abort();
    },
    resume(id) {
      const item = find(id);
      if (!item || item.phase !== 'paused' || !files.has(id)) return;
      update(id, { phase: 'queued', note: null });
      schedule();
    },
    retry(id) {
      const item = find(id);
      if (!item || item.phase !== 'failed') return;
      if (needsBytes(item) && !files.has(id)) return;
      // A file the platform already has is not sent again; everything else starts over from the
      // first step whose result is missing, reusing the fid and the registered asset.
      update(id, { phase: 'queued', failure: null, note: null });
      schedule();
    },
    async provideFile(id, file) {
      const item = find(id);
      if (!item) return;
      if (file.size !== item.fileSize) {
        throw new Error(`That file has ${file.size} bytes; the upload was of "${item.fileName}" with ${item.fileSize} bytes.`);
      }
      if (item.fid && (await deps.computeFid(file)) !== item.fid) {
        throw new Error(`That is not the same file as "${item.fileName}" (its fid differs).`);
      }
      files.set(id, file);
      update(id, { needsFile: false, note: null, phase: 'queued', failure: null });
      schedule();
    },
    async remove(id) {
      const item = find(id);
      if (!item) return;
      if (running.has(id)) {
        pauseRequested.add(id);
        await running.get(id)?.abort();
      }
      files.delete(id);
      items = items.filter((entry) => entry.id !== id);
      emit(true);
    },
    clearFinished() {
      items = items.filter((item) => item.phase !== 'done');
      emit(true);
    },
    idle() {
      if (running.size === 0 && !items.some(runnable)) {
        return Promise.resolve();
      }
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };

  // Items restored after a reload that need no bytes (verify, processing) carry on at once.
  schedule();
  return engine;
}

/** Whether an item is being worked on right now (for "leave the page?" warnings and badges). */
export function isActive(item: { phase: UploadPhase }): boolean {
  return ACTIVE_PHASES.has(item.phase) || item.phase === 'queued';
}
