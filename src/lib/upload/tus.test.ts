// The tus adapter against a real tus server (@tus/server, as the sandbox uses), in Node: the
// browser's file reader and localStorage are replaced by small equivalents, everything else is the
// real tus-js-client.
/// <reference types="node" />
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { PreviousUpload } from 'tus-js-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTusAdapter, shouldRetryTus, tusChunkSize, type TusSettings } from './tus';

class MemoryUrlStorage {
  entries = new Map<string, { fingerprint: string; upload: PreviousUpload }>();
  private counter = 0;
  async findAllUploads() {
    return [...this.entries.values()].map((entry) => entry.upload);
  }
  async findUploadsByFingerprint(fingerprint: string) {
    return [...this.entries.entries()]
      .filter(([, entry]) => entry.fingerprint === fingerprint)
      .map(([key, entry]) => ({ ...entry.upload, urlStorageKey: key }));
  }
  async removeUpload(key: string) {
    this.entries.delete(key);
  }
  async addUpload(fingerprint: string, upload: PreviousUpload) {
    const key = `tus::${fingerprint}::${this.counter++}`;
    this.entries.set(key, { fingerprint, upload: { ...upload, urlStorageKey: key } });
    return key;
  }
}

const blobReader = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      async slice(start: number, end: number) {
        const value = Object.assign(Buffer.from(await input.slice(start, end).arrayBuffer()), { size: 0 });
        value.size = value.length;
        return { value, done: end >= input.size };
      },
      close() {},
    };
  },
};

interface Seen {
  method: string;
  blobId: string | undefined;
  auth: string | undefined;
  offset: number | undefined;
  /** For a PATCH: how many bytes the server accepted. */
  bytes: number;
}

let http: HttpServer;
let endpoint: string;
let root: string;
let directory: string;
let run = 0;
let seen: Seen[];
/** Answer the next N PATCH requests with 429 before the tus server sees them. */
let reject429 = 0;
/** Destroy the connection of the PATCH with this 1-based index (a dropped network). */
let dropPatch = 0;

beforeEach(async () => {
  directory = join(root, String(run++));
  const tus = new TusServer({ path: '/files', datastore: new FileStore({ directory }) });
  seen = [];
  reject429 = 0;
  dropPatch = 0;
  let patches = 0;
  http = createServer((req: IncomingMessage, res) => {
    const entry: Seen = {
      method: req.method ?? '',
      blobId: req.headers['blob-id'] as string | undefined,
      auth: req.headers.authorization,
      offset: req.headers['upload-offset'] ? Number(req.headers['upload-offset']) : undefined,
      bytes: 0,
    };
    seen.push(entry);
    // Bytes the server accepted, from the offsets (reading the body here would steal it from tus).
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      // @tus/server answers through srvx with a flat [name, value, name, value, …] list.
      const raw = rest.find(Array.isArray) as string[] | undefined;
      const at = raw ? raw.findIndex((value, index) => index % 2 === 0 && value.toLowerCase() === 'upload-offset') : -1;
      const accepted = at >= 0 ? Number(raw![at + 1]) : Number.NaN;
      if (req.method === 'PATCH' && entry.offset !== undefined && Number.isFinite(accepted)) entry.bytes = accepted - entry.offset;
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    if (req.method === 'PATCH') {
      patches += 1;
      if (reject429 > 0) {
        reject429 -= 1;
        req.resume();
        res.writeHead(429, { 'Tus-Resumable': '1.0.0' }).end('slow down');
        return;
      }
      if (patches === dropPatch) {
        req.socket.destroy();
        return;
      }
    }
    void tus.handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}/files/`;
});

afterEach(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tus-adapter-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function settings(urlStorage: MemoryUrlStorage, extra: Partial<TusSettings> = {}): TusSettings {
  return {
    endpoint: () => endpoint,
    headers: () => ({ Authorization: 'Bearer test-key' }),
    chunkSize: () => 64 * 1024,
    retryDelays: [0, 10, 10, 10],
    environment: { fileReader: blobReader as never, urlStorage },
    ...extra,
  };
}

function fileOf(size: number): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], 'long-take.wav', { type: 'audio/wav', lastModified: 1 });
}

const FID = 'a'.repeat(64);

describe('tus adapter', () => {
  it('sends every request with Blob-ID and the key, in chunks, and reports progress', async () => {
    let paced = 0;
    const adapter = createTusAdapter(settings(new MemoryUrlStorage(), { beforeRequest: async () => void (paced += 1) }));
    const progress: number[] = [];
    const transfer = adapter.start({ file: fileOf(200_000), fid: FID, assetId: '9007199254740993', blobId: 'blob-1', onProgress: (sent) => progress.push(sent) });
    await transfer.done;

    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.every((entry) => entry.blobId === 'blob-1' && entry.auth === 'Bearer test-key')).toBe(true);
    expect(seen[0]!.method).toBe('POST');
    expect(seen.filter((entry) => entry.method === 'PATCH').map((entry) => entry.bytes)).toEqual([65536, 65536, 65536, 3392]);
    expect(progress[progress.length - 1]).toBe(200_000);
    // Every request waited for the tab's pacer.
    expect(paced).toBe(seen.length);
  });

  it('finds an unfinished upload of the same file with its asset, and resumes it from the server offset', async () => {
    const storage = new MemoryUrlStorage();
    const adapter = createTusAdapter(settings(storage));
    const file = fileOf(300_000);
    let pausedAt = 0;
    const first = adapter.start({
      file,
      fid: FID,
      assetId: '9007199254740993',
      blobId: 'blob-2',
      onProgress: (sent) => {
        pausedAt = sent;
      },
    });
    while (seen.filter((entry) => entry.method === 'PATCH').length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.abort();
    await expect(first.done).rejects.toThrow(/paused/);

    // A new session (same storage): the file is recognised by fid and size, the asset comes back.
    const fresh = createTusAdapter(settings(storage, { headers: () => ({ Authorization: 'Bearer second-session' }) }));
    expect(await fresh.findPrevious(file, FID)).toEqual({ assetId: '9007199254740993', blobId: 'blob-2' });
    expect(await fresh.findPrevious(file, 'b'.repeat(64))).toBeNull();
    expect(await fresh.findPrevious(fileOf(300_001), FID)).toBeNull();

    await fresh.start({ file, fid: FID, assetId: '9007199254740993', blobId: 'blob-2', onProgress: () => {} }).done;
    const after = seen.filter((entry) => entry.auth === 'Bearer second-session');
    expect(after[0]!.method).toBe('HEAD');
    expect(after.some((entry) => entry.method === 'POST')).toBe(false);
    const resentBytes = after.reduce((sum, entry) => sum + entry.bytes, 0);
    expect(resentBytes).toBeLessThan(300_000);
    expect(after.find((entry) => entry.method === 'PATCH')!.offset).toBeGreaterThan(0);
    expect(pausedAt).toBeGreaterThan(0);
    // Finished uploads are forgotten, so the same file uploaded again later is a new asset.
    expect(await fresh.findPrevious(file, FID)).toBeNull();
  });

  it('waits out 429 answers and a dropped connection instead of failing', async () => {
    reject429 = 2;
    dropPatch = 4;
    const adapter = createTusAdapter(settings(new MemoryUrlStorage()));
    await adapter.start({ file: fileOf(150_000), fid: FID, assetId: '1', blobId: 'blob-3', onProgress: () => {} }).done;
    const patches = seen.filter((entry) => entry.method === 'PATCH');
    // 3 chunks, plus the two 429s and the dropped one that were retried.
    expect(patches.length).toBeGreaterThanOrEqual(6);
  });

  it('gives up on a plain 4xx', () => {
    const response = (status: number) => ({ originalResponse: { getStatus: () => status }, originalRequest: {} }) as never;
    expect(shouldRetryTus(response(429), 0, {})).toBe(true);
    expect(shouldRetryTus(response(403), 0, {})).toBe(false);
    expect(shouldRetryTus(response(500), 0, {})).toBe(true);
  });

  it('chunks at 8 MiB by default and at a quarter of a lowered threshold', () => {
    expect(tusChunkSize(2 * 1024 ** 3)).toBe(8 * 1024 * 1024);
    expect(tusChunkSize(1024 * 1024)).toBe(256 * 1024);
  });
});
