import { z } from 'zod';
import { DETECTION_STATUSES } from '../../api/schemas/detector';

// The detector keeps nothing, so this tab's browser keeps the results: one IndexedDB object store of
// HistoryEntry records (what was checked and what the detector said). Never the file itself.

export const HISTORY_STATUSES = [...DETECTION_STATUSES, 'request_failed'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const historyEntrySchema = z.object({
  id: z.string().min(1),
  source: z.enum(['file', 'url']),
  /** File name, or the URL as submitted. */
  name: z.string(),
  /** Bytes of a file; null for a URL. */
  size: z.number().nullable(),
  /** Length the browser decoded before sending, when it could. */
  durationSeconds: z.number().nullable(),
  /** ISO timestamp of the submission. */
  submittedAt: z.string(),
  /** The detector's status, or request_failed when the call itself failed (HTTP error, network). */
  status: z.enum(HISTORY_STATUSES),
  message: z.string(),
  isAi: z.boolean().nullable(),
  aiScore: z.number().nullable(),
  predictedModel: z.string().nullable(),
  predictedModelScore: z.number().nullable(),
  requestId: z.string().nullable(),
  /** HTTP status of a failed call. */
  httpStatus: z.number().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export interface HistoryStore {
  add(entry: HistoryEntry): Promise<void>;
  /** Every stored entry, newest first; records that no longer fit the schema are skipped. */
  list(): Promise<HistoryEntry[]>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
}

export const HISTORY_DB_NAME = 'rights-desk-detector';
const STORE = 'results';
const VERSION = 1;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction was aborted'));
  });
}

function unavailable(reason: unknown): Error {
  const detail = reason instanceof Error && reason.message ? `: ${reason.message}` : '';
  return new Error(`This browser does not let Rights Desk keep the detection history${detail}. Results still show on this page until you leave it.`);
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, VERSION);
    } catch (error) {
      reject(unavailable(error));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(unavailable(request.error));
    request.onblocked = () => reject(unavailable(new Error('another tab holds an older version of the history open')));
  });
}

/** A store on `factory` (the browser's indexedDB by default). The database opens on first use. */
export function openHistoryStore(options: { name?: string; factory?: IDBFactory } = {}): HistoryStore {
  const name = options.name ?? HISTORY_DB_NAME;
  let db: Promise<IDBDatabase> | null = null;
  const database = (): Promise<IDBDatabase> => {
    const factory = options.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) return Promise.reject(unavailable(new Error('IndexedDB is not available')));
    db ??= openDatabase(factory, name).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  const write = async (work: (store: IDBObjectStore) => void): Promise<void> => {
    const tx = (await database()).transaction(STORE, 'readwrite');
    const done = transactionDone(tx);
    work(tx.objectStore(STORE));
    await done;
  };
  return {
    add: (entry) => write((store) => void store.put(historyEntrySchema.parse(entry))),
    remove: (id) => write((store) => void store.delete(id)),
    clear: () => write((store) => void store.clear()),
    async list() {
      const tx = (await database()).transaction(STORE, 'readonly');
      const rows = await requestResult(tx.objectStore(STORE).getAll());
      const entries: HistoryEntry[] = [];
      for (const row of rows) {
        const parsed = historyEntrySchema.safeParse(row);
        if (parsed.success) entries.push(parsed.data);
      }
      return entries.sort((a, b) => b.submittedAt.localeCompare(a.submittedAt) || b.id.localeCompare(a.id));
    },
  };
}
