import { describe, expect, it } from 'vitest';
import {
  createUploadEngine,
  type ProcessingState,
  type PutFileArgs,
  type RegisterResult,
  type TusStartArgs,
  type UploadDeps,
  type UploadEngine,
  type UploadPhase,
} from './engine';

interface Meta {
  title: string;
  media_type: string;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

/** A scriptable platform: every call is recorded, and each answer can be swapped per test. */
function fakePlatform(overrides: Partial<UploadDeps<Meta>> = {}) {
  const calls = {
    register: [] as Array<{ metadata: Meta; fid: string; mimeType: string; version: 3 | 4 }>,
    put: [] as PutFileArgs[],
    tus: [] as TusStartArgs[],
    verify: [] as string[],
    processing: [] as string[],
  };
  let assetCounter = 0;
  const processingAnswers: ProcessingState[] = [];
  const deps: UploadDeps<Meta> = {
    v4ThresholdBytes: async () => 1000,
    computeFid: async (file) => `fid-of-${file.name}-${file.size}`,
    register: async (metadata, file, version): Promise<RegisterResult> => {
      calls.register.push({ metadata, ...file, version });
      assetCounter += 1;
      const assetId = `90000000000000000${assetCounter}`;
      return version === 3 ? { assetId, fileUrl: `http://upload.test/${assetId}` } : { assetId, blobId: `blob-${assetId}` };
    },
    putFile: async (args) => {
      calls.put.push(args);
      args.onProgress(args.file.size / 2, args.file.size);
      args.onProgress(args.file.size, args.file.size);
    },
    tus: {
      findPrevious: async () => null,
      start: (args) => {
        calls.tus.push(args);
        args.onProgress(args.file.size, args.file.size);
        return { done: Promise.resolve(), abort: async () => {} };
      },
    },
    verify: async (assetId) => {
      calls.verify.push(assetId);
      return true;
    },
    processingState: async (assetId) => {
      calls.processing.push(assetId);
      return processingAnswers.shift() ?? { status: 'sampled', error: '' };
    },
    describeError: (error) => (error instanceof Error ? error.message : String(error)),
    titleOf: (metadata) => metadata.title,
    wait: async () => {},
    storage: null,
    ...overrides,
  };
  return { deps, calls, processingAnswers };
}

function fileOf(size: number, name = 'song.wav', type = 'audio/wav'): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
}

const META: Meta = { title: 'Song', media_type: 'audio' };

/** Records the phases of the newest item; subscribe before adding it to see 'queued'. */
function recordPhases(engine: UploadEngine<Meta>): UploadPhase[] {
  const seen: UploadPhase[] = [];
  engine.subscribe(() => {
    const phase = engine.getSnapshot()[0]?.phase;
    if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
  });
  return seen;
}

function itemOf(engine: UploadEngine<Meta>, id: string) {
  const item = engine.getSnapshot().find((entry) => entry.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
}

describe('upload engine', () => {
  it('walks a small file through every phase with v3 and a PUT to file_url', async () => {
    const { deps, calls } = fakePlatform();
    const engine = createUploadEngine(deps);
    const seen = recordPhases(engine);
    const id = engine.add(fileOf(400), META);
    await engine.idle();

    expect(seen).toEqual(['queued', 'hashing', 'registering', 'transferring', 'verifying', 'processing', 'done']);
    expect(calls.register).toEqual([{ metadata: META, fid: 'fid-of-song.wav-400', mimeType: 'audio/wav', version: 3 }]);
    expect(calls.put).toHaveLength(1);
    expect(calls.put[0]!.url).toBe('http://upload.test/900000000000000001');
    expect(calls.put[0]!.mimeType).toBe('audio/wav');
    expect(calls.tus).toHaveLength(0);
    const item = itemOf(engine, id);
    expect(item).toMatchObject({ protocol: 'v3', progress: 100, bytesSent: 400, verified: true, assetId: '900000000000000001', processingStatus: 'sampled' });
  });

  it('chooses v4 (tus with the blob id) at and above the threshold, v3 just below it', async () => {
    const { deps, calls } = fakePlatform({ v4ThresholdBytes: async () => 1000 });
    const engine = createUploadEngine(deps);
    const below = engine.add(fileOf(999, 'below.wav'), META);
    const at = engine.add(fileOf(1000, 'at.wav'), META);
    const above = engine.add(fileOf(5000, 'above.wav'), META);
    await engine.idle();

    expect(itemOf(engine, below).protocol).toBe('v3');
    expect(itemOf(engine, at).protocol).toBe('v4');
    expect(itemOf(engine, above).protocol).toBe('v4');
    expect(calls.register.map((call) => [call.metadata.title, call.version])).toHaveLength(3);
    expect(calls.register.filter((call) => call.version === 4)).toHaveLength(2);
    expect(calls.put.map((args) => args.file.name)).toEqual(['below.wav']);
    expect(calls.tus.map((args) => args.file.name).sort()).toEqual(['above.wav', 'at.wav']);
    for (const args of calls.tus) {
      expect(args.blobId).toBe(`blob-${args.assetId}`);
      expect(args.fid).toBe(`fid-of-${args.file.name}-${args.file.size}`);
    }
    expect(engine.getSnapshot().every((item) => item.phase === 'done')).toBe(true);
  });

  it('retries a failed transfer without registering the asset again', async () => {
    let failNext = true;
    const { deps, calls } = fakePlatform({
      putFile: async (args) => {
        calls.put.push(args);
        if (failNext) {
          failNext = false;
          throw new Error('Connection reset');
        }
        args.onProgress(args.file.size, args.file.size);
      },
    });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();

    expect(itemOf(engine, id)).toMatchObject({ phase: 'failed', failure: { phase: 'transferring', reason: 'Connection reset' } });
    const firstUrl = calls.put[0]!.url;

    engine.retry(id);
    await engine.idle();
    expect(itemOf(engine, id).phase).toBe('done');
    expect(calls.register).toHaveLength(1);
    expect(calls.put).toHaveLength(2);
    expect(calls.put[1]!.url).toBe(firstUrl);
  });

  it('registers again on retry only when registering itself failed', async () => {
    let attempts = 0;
    const base = fakePlatform();
    const { deps, calls } = fakePlatform({
      register: async (metadata, file, version) => {
        attempts += 1;
        if (attempts === 1) throw new Error('title: required');
        return base.deps.register(metadata, file, version);
      },
    });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();
    expect(itemOf(engine, id)).toMatchObject({ phase: 'failed', failure: { phase: 'registering', reason: 'title: required' } });
    expect(calls.put).toHaveLength(0);

    engine.retry(id);
    await engine.idle();
    expect(attempts).toBe(2);
    expect(itemOf(engine, id).phase).toBe('done');
  });

  it('names the hashing phase when the file cannot be read', async () => {
    const { deps } = fakePlatform({ computeFid: async () => Promise.reject(new Error('NotReadableError')) });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(10), META);
    await engine.idle();
    expect(itemOf(engine, id).failure).toEqual({ phase: 'hashing', reason: 'NotReadableError' });
  });

  it('fails in verifying when the platform never confirms, and a retry sends the bytes again to the same asset', async () => {
    let confirm = false;
    const { deps, calls } = fakePlatform({
      verify: async (assetId) => {
        calls.verify.push(assetId);
        return confirm;
      },
      verifyAttempts: 3,
    });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();
    expect(calls.verify).toHaveLength(3);
    expect(itemOf(engine, id)).toMatchObject({ phase: 'failed', failure: { phase: 'verifying' }, verified: false });

    confirm = true;
    engine.retry(id);
    await engine.idle();
    expect(calls.put).toHaveLength(2);
    expect(calls.register).toHaveLength(1);
    expect(itemOf(engine, id)).toMatchObject({ phase: 'done', verified: true });
  });

  it('retries only verify when verify itself errored after a complete transfer', async () => {
    let verifyCalls = 0;
    const { deps, calls } = fakePlatform({
      verify: async () => {
        verifyCalls += 1;
        if (verifyCalls === 1) throw new Error('HTTP 503');
        return true;
      },
    });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();
    expect(itemOf(engine, id).failure).toEqual({ phase: 'verifying', reason: 'HTTP 503' });
    engine.retry(id);
    await engine.idle();
    expect(itemOf(engine, id).phase).toBe('done');
    expect(calls.put).toHaveLength(1);
  });

  it('polls processing until the status leaves pending/uploaded', async () => {
    const { deps, calls, processingAnswers } = fakePlatform();
    processingAnswers.push({ status: 'pending', error: '' }, { status: 'uploaded', error: '' }, { status: 'sampled', error: '' });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();
    expect(calls.processing).toHaveLength(3);
    expect(itemOf(engine, id)).toMatchObject({ phase: 'done', processingStatus: 'sampled', note: null });
  });

  it('reports the platform processing error as a failure of the processing phase', async () => {
    const { deps, processingAnswers } = fakePlatform();
    processingAnswers.push({ status: 'uploaded', error: '' }, { status: 'failed', error: 'fid mismatch: declared abc, file def' });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();
    expect(itemOf(engine, id)).toMatchObject({
      phase: 'failed',
      failure: { phase: 'processing', reason: 'fid mismatch: declared abc, file def' },
      verified: true,
    });
  });

  it('stops polling at the limit and finishes with a note', async () => {
    const { deps, calls } = fakePlatform({
      processingState: async (assetId) => {
        calls.processing.push(assetId);
        return { status: 'uploaded', error: '' };
      },
      processingPollLimit: 4,
    });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await engine.idle();
    expect(calls.processing).toHaveLength(4);
    expect(itemOf(engine, id).phase).toBe('done');
    expect(itemOf(engine, id).note).toMatch(/Still uploaded/);
  });

  it('pauses and resumes a tus transfer without registering again', async () => {
    const transfers: Array<{ done: ReturnType<typeof deferred<void>>; aborted: boolean }> = [];
    const { deps, calls } = fakePlatform({
      tus: {
        findPrevious: async () => null,
        start: (args) => {
          calls.tus.push(args);
          const done = deferred();
          const transfer = { done, aborted: false };
          transfers.push(transfer);
          args.onProgress(1200, 3000);
          return {
            done: done.promise,
            abort: async () => {
              transfer.aborted = true;
              done.reject(new Error('aborted'));
            },
          };
        },
      },
    });
    const engine = createUploadEngine(deps);
    const seen = recordPhases(engine);
    const id = engine.add(fileOf(3000), META);
    await until(() => itemOf(engine, id).phase === 'transferring' && transfers.length === 1);
    expect(itemOf(engine, id)).toMatchObject({ progress: 40, bytesSent: 1200 });

    await engine.pause(id);
    await until(() => itemOf(engine, id).phase === 'paused');
    expect(transfers[0]!.aborted).toBe(true);
    expect(itemOf(engine, id).failure).toBeNull();

    engine.resume(id);
    await until(() => transfers.length === 2);
    transfers[1]!.done.resolve();
    await engine.idle();

    expect(itemOf(engine, id).phase).toBe('done');
    expect(calls.register).toHaveLength(1);
    expect(calls.tus[1]!.blobId).toBe(calls.tus[0]!.blobId);
    expect(seen).toEqual(['queued', 'hashing', 'registering', 'transferring', 'paused', 'queued', 'transferring', 'verifying', 'processing', 'done']);
  });

  it('does not pause a v3 PUT (it cannot resume)', async () => {
    const gate = deferred();
    const { deps } = fakePlatform({ putFile: () => gate.promise });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(300), META);
    await until(() => itemOf(engine, id).phase === 'transferring');
    await engine.pause(id);
    expect(itemOf(engine, id).phase).toBe('transferring');
    gate.resolve();
    await engine.idle();
    expect(itemOf(engine, id).phase).toBe('done');
  });

  it('continues an earlier tus upload of the same file instead of registering a second asset', async () => {
    const { deps, calls } = fakePlatform({
      tus: {
        findPrevious: async (file, fid) => (fid === `fid-of-${file.name}-${file.size}` ? { assetId: '777', blobId: 'blob-777' } : null),
        start: (args) => {
          calls.tus.push(args);
          return { done: Promise.resolve(), abort: async () => {} };
        },
      },
    });
    const engine = createUploadEngine(deps);
    const id = engine.add(fileOf(4000), META);
    await engine.idle();
    expect(calls.register).toHaveLength(0);
    expect(calls.tus[0]).toMatchObject({ assetId: '777', blobId: 'blob-777' });
    expect(calls.verify).toEqual(['777']);
    expect(itemOf(engine, id)).toMatchObject({ phase: 'done', assetId: '777' });
    expect(itemOf(engine, id).note).toMatch(/not registered again/);
  });

  it('after a reload, waits for the same file and resumes the tus upload of the registered asset', async () => {
    const storage = new MemoryStorage();
    const first = fakePlatform({
      storage,
      tus: { findPrevious: async () => null, start: () => ({ done: new Promise(() => {}), abort: async () => {} }) },
    });
    const before = createUploadEngine(first.deps);
    const id = before.add(fileOf(5000, 'big.wav'), META);
    await until(() => itemOf(before, id).phase === 'transferring');
    const registered = itemOf(before, id);

    // A new page load: same storage, no File objects.
    const second = fakePlatform({ storage });
    const after = createUploadEngine(second.deps);
    expect(itemOf(after, id)).toMatchObject({ phase: 'paused', needsFile: true, assetId: registered.assetId, blobId: registered.blobId });

    await expect(after.provideFile(id, fileOf(4999, 'big.wav'))).rejects.toThrow(/5000 bytes/);
    await expect(after.provideFile(id, fileOf(5000, 'other.wav'))).rejects.toThrow(/not the same file/);
    expect(itemOf(after, id).phase).toBe('paused');

    await after.provideFile(id, fileOf(5000, 'big.wav'));
    await after.idle();
    expect(second.calls.register).toHaveLength(0);
    expect(second.calls.tus[0]).toMatchObject({ assetId: registered.assetId, blobId: registered.blobId });
    expect(itemOf(after, id)).toMatchObject({ phase: 'done', needsFile: false });
  });

  it('after a reload, carries on verifying and processing without the file', async () => {
    const storage = new MemoryStorage();
    const gate = deferred<boolean>();
    const first = fakePlatform({ storage, verify: () => gate.promise });
    const before = createUploadEngine(first.deps);
    const id = before.add(fileOf(300), META);
    await until(() => itemOf(before, id).phase === 'verifying');

    const second = fakePlatform({ storage });
    const after = createUploadEngine(second.deps);
    await after.idle();
    expect(second.calls.verify).toEqual([itemOf(before, id).assetId]);
    expect(second.calls.put).toHaveLength(0);
    expect(itemOf(after, id).phase).toBe('done');
  });

  it('after a reload, a v3 transfer that was cut off fails and asks for the file, then resends to the same file_url', async () => {
    const storage = new MemoryStorage();
    const first = fakePlatform({ storage, putFile: () => new Promise(() => {}) });
    const before = createUploadEngine(first.deps);
    const id = before.add(fileOf(300), META);
    await until(() => itemOf(before, id).phase === 'transferring');

    const second = fakePlatform({ storage });
    const after = createUploadEngine(second.deps);
    expect(itemOf(after, id)).toMatchObject({ phase: 'failed', needsFile: true, failure: { phase: 'transferring' } });
    after.retry(id);
    expect(itemOf(after, id).phase).toBe('failed');

    await after.provideFile(id, fileOf(300));
    await after.idle();
    expect(second.calls.register).toHaveLength(0);
    expect(second.calls.put[0]!.url).toBe(itemOf(before, id).fileUrl);
    expect(itemOf(after, id).phase).toBe('done');
  });

  it('runs at most maxConcurrent items at once and starts the next when one finishes', async () => {
    const gates: Array<ReturnType<typeof deferred<void>>> = [];
    const { deps } = fakePlatform({
      maxConcurrent: 2,
      putFile: () => {
        const gate = deferred();
        gates.push(gate);
        return gate.promise;
      },
    });
    const engine = createUploadEngine(deps);
    const ids = [engine.add(fileOf(10, 'a.wav'), META), engine.add(fileOf(10, 'b.wav'), META), engine.add(fileOf(10, 'c.wav'), META)];
    await until(() => gates.length === 2);
    expect(ids.map((id) => itemOf(engine, id).phase).filter((phase) => phase === 'queued')).toHaveLength(1);
    gates[0]!.resolve();
    await until(() => gates.length === 3);
    gates[1]!.resolve();
    gates[2]!.resolve();
    await engine.idle();
    expect(ids.every((id) => itemOf(engine, id).phase === 'done')).toBe(true);
  });
});

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
