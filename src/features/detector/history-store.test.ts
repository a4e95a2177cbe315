import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openHistoryStore, type HistoryEntry } from './history-store';

function entry(id: string, submittedAt: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    source: 'file',
    name: `${id}.wav`,
    size: 1234,
    durationSeconds: 60,
    submittedAt,
    status: 'ok',
    message: 'Processed.',
    isAi: true,
    aiScore: 0.73,
    predictedModel: null,
    predictedModelScore: null,
    requestId: '9007199254740993',
    httpStatus: null,
    ...patch,
  };
}

let factory: IDBFactory;
beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  factory = new IDBFactory();
});

describe('openHistoryStore', () => {
  it('keeps entries and lists them newest first, with every field as stored', async () => {
    const store = openHistoryStore({ factory });
    const older = entry('a', '2026-11-20T10:00:00.000Z');
    const newer = entry('b', '2026-11-21T10:00:00.000Z', { source: 'url', name: 'https://example.com/b.mp3', size: null, status: 'not_found', isAi: null, aiScore: null });
    await store.add(older);
    await store.add(newer);
    expect(await store.list()).toEqual([newer, older]);
  });

  it('is read back by a second store on the same database (a reload)', async () => {
    await openHistoryStore({ factory }).add(entry('a', '2026-11-20T10:00:00.000Z'));
    expect((await openHistoryStore({ factory }).list()).map((e) => e.id)).toEqual(['a']);
  });

  it('replaces an entry with the same id', async () => {
    const store = openHistoryStore({ factory });
    await store.add(entry('a', '2026-11-20T10:00:00.000Z', { aiScore: 0.1 }));
    await store.add(entry('a', '2026-11-20T10:00:00.000Z', { aiScore: 0.2 }));
    const list = await store.list();
    expect(list).toHaveLength(1);
    expect(list[0]?.aiScore).toBe(0.2);
  });

  it('removes one entry and clears them all', async () => {
    const store = openHistoryStore({ factory });
    await store.add(entry('a', '2026-11-20T10:00:00.000Z'));
    await store.add(entry('b', '2026-11-21T10:00:00.000Z'));
    await store.add(entry('c', '2026-11-22T10:00:00.000Z'));
    await store.remove('b');
    expect((await store.list()).map((e) => e.id)).toEqual(['c', 'a']);
    await store.clear();
    expect(await store.list()).toEqual([]);
  });

  it('refuses to store an entry that does not fit the schema, and stores nothing', async () => {
    const store = openHistoryStore({ factory });
    await expect(store.add({ ...entry('a', '2026-11-20T10:00:00.000Z'), status: 'maybe' } as unknown as HistoryEntry)).rejects.toThrow();
    expect(await store.list()).toEqual([]);
  });

  it('skips records that no longer fit the schema instead of failing the whole list', async () => {
    const store = openHistoryStore({ factory, name: 'legacy' });
    await store.add(entry('good', '2026-11-20T10:00:00.000Z'));
    // A record written by some other version of the app, straight into the object store.
    await new Promise<void>((resolve, reject) => {
      const open = factory.open('legacy');
      open.onsuccess = () => {
        const tx = open.result.transaction('results', 'readwrite');
        tx.objectStore('results').put({ id: 'bad', status: 'ok' });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
    expect((await store.list()).map((e) => e.id)).toEqual(['good']);
  });

  it('never keeps a file: extra fields are dropped on the way in', async () => {
    const store = openHistoryStore({ factory });
    await store.add({ ...entry('a', '2026-11-20T10:00:00.000Z'), file: new Uint8Array([1, 2, 3]) } as HistoryEntry);
    expect(Object.keys((await store.list())[0] ?? {})).not.toContain('file');
  });

  it('explains that the history cannot be kept when the browser has no IndexedDB', async () => {
    const store = openHistoryStore({ factory: undefined, name: 'none' });
    const saved = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    try {
      delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      await expect(store.list()).rejects.toThrow(/does not let Rights Desk keep the detection history/);
    } finally {
      (globalThis as { indexedDB?: IDBFactory }).indexedDB = saved;
    }
  });

  it('uses the browser indexedDB by default', async () => {
    const store = openHistoryStore({ name: `default-${Math.random()}` });
    await store.add(entry('a', '2026-11-20T10:00:00.000Z'));
    expect((await store.list()).map((e) => e.id)).toEqual(['a']);
  });
});
