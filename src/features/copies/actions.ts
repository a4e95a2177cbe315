import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { addCopyStatus, getCopyStatuses, removeCopyStatus } from '../../api/discovery';
import type { CallOptions } from '../../api/discovery';
import { describeError, isApiError } from '../../api/errors';
import type { Id } from '../../api/ids';
import type { Copy } from '../../api/schemas/discovery';
import type { CopyPages } from './cache';
import { patchCopiesInPages, patchCopyInPages, withStatus } from './cache';
import { copiesKeys } from './queries';

// Status changes of single copies from the keyboard, the palette and the detail page. Each change
// paints the cache first (the row repaints before any network call), runs on the platform in the
// order it was made for that copy, and on refusal puts the row back and says which copy and why.

export type StatusChange = {
  matchId: Id;
  code: Id;
  /** true adds the status, false removes it. */
  present: boolean;
  /** For messages: the copy's title (or a stand-in) and the status's title. */
  copyLabel: string;
  statusLabel: string;
};

/** A copy's title for messages; untitled copies are named by id. */
export function copyLabel(copy: Pick<Copy, 'copy_title' | 'match_id'>): string {
  const title = copy.copy_title.trim();
  return title ? (title.length > 60 ? `${title.slice(0, 57)}…` : title) : `Untitled copy ${copy.match_id}`;
}

/** Sets a status in every cached list and the copy's detail; untouched caches are left alone. */
export function setStatusInCache(queryClient: QueryClient, matchId: Id, code: Id, present: boolean): void {
  queryClient.setQueriesData<CopyPages>({ queryKey: copiesKeys.lists() }, (data) => {
    const next = patchCopyInPages(data, matchId, (copy) => withStatus(copy, code, present));
    return next === data ? undefined : next;
  });
  queryClient.setQueryData<Copy>(copiesKeys.detail(matchId), (copy) => (copy ? withStatus(copy, code, present) : copy));
}

/** The same for many copies at once (bulk results). */
export function setStatusInCacheMany(queryClient: QueryClient, matchIds: ReadonlySet<string>, code: Id, present: boolean): void {
  if (matchIds.size === 0) return;
  queryClient.setQueriesData<CopyPages>({ queryKey: copiesKeys.lists() }, (data) => {
    const next = patchCopiesInPages(data, matchIds, (copy) => withStatus(copy, code, present));
    return next === data ? undefined : next;
  });
  for (const matchId of matchIds) {
    queryClient.setQueryData<Copy>(copiesKeys.detail(matchId as Id), (copy) => (copy ? withStatus(copy, code, present) : copy));
  }
}

/**
 * Whether the platform already holds the wanted state (used when a call failed: a lost answer to a
 * change that did land, or removing a status that is already gone). False when it cannot tell.
 */
export async function platformAgrees(matchId: Id, code: Id, present: boolean, options?: CallOptions): Promise<boolean> {
  try {
    const current = await getCopyStatuses(matchId, options);
    return current.user_actions.statuses.includes(code) === present;
  } catch {
    return false;
  }
}

/** Sends one change, and if it fails, checks whether the platform is in the wanted state anyway. */
export async function sendStatusChange(matchId: Id, code: Id, present: boolean, options?: CallOptions): Promise<void> {
  try {
    if (present) await addCopyStatus(matchId, code, options);
    else await removeCopyStatus(matchId, code, options);
  } catch (error) {
    if (isApiError(error) && error.kind === 'aborted') throw error;
    if (await platformAgrees(matchId, code, present, options)) return;
    throw error;
  }
}

// Changes to one copy go out one after another, so "apply, then undo" can never reach the platform
// in the opposite order.
const chains = new Map<string, Promise<unknown>>();

function serial<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  chains.set(key, tail);
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  return run;
}

// Which change to a (copy, status) pair is the latest: a failure rolls back only if nothing newer
// has touched that pair since.
const versions = new Map<string, number>();

// ---- undo -------------------------------------------------------------------------------------

export type UndoEntry = StatusChange & { id: number };
const UNDO_LIMIT = 100;
let undoStack: UndoEntry[] = [];
let nextUndoId = 1;
const undoListeners = new Set<() => void>();

function setUndo(next: UndoEntry[]) {
  undoStack = next;
  undoListeners.forEach((listener) => listener());
}

export const undoStore = {
  subscribe(listener: () => void): () => void {
    undoListeners.add(listener);
    return () => undoListeners.delete(listener);
  },
  /** The most recent undoable change, or null. */
  getSnapshot(): UndoEntry | null {
    return undoStack[undoStack.length - 1] ?? null;
  },
  /** For tests. */
  clear() {
    setUndo([]);
  },
};

/**
 * Applies a change: cache first, then the platform. Resolves true when the platform took it.
 * `undoable` puts it on the undo stack (undo itself does not).
 */
export async function changeStatus(queryClient: QueryClient, change: StatusChange, options: { undoable: boolean }): Promise<boolean> {
  const { matchId, code, present } = change;
  const key = `${matchId}:${code}`;
  const version = (versions.get(key) ?? 0) + 1;
  versions.set(key, version);
  setStatusInCache(queryClient, matchId, code, present);
  let entry: UndoEntry | null = null;
  if (options.undoable) {
    entry = { ...change, id: nextUndoId++ };
    setUndo([...undoStack.slice(-(UNDO_LIMIT - 1)), entry]);
  }
  try {
    await serial(matchId, () => sendStatusChange(matchId, code, present));
    void queryClient.invalidateQueries({ queryKey: copiesKeys.lists(), refetchType: 'none' });
    return true;
  } catch (error) {
    if (versions.get(key) === version) setStatusInCache(queryClient, matchId, code, !present);
    if (entry) setUndo(undoStack.filter((e) => e.id !== entry.id));
    notifications.show({
      color: 'red',
      title: present
        ? `Could not add “${change.statusLabel}” to “${change.copyLabel}”`
        : `Could not remove “${change.statusLabel}” from “${change.copyLabel}”`,
      message: `${describeError(error)} The row shows the platform's state again.`,
      autoClose: 10_000,
    });
    return false;
  }
}

/** Reverses the most recent undoable change (removes a status it added, re-adds one it removed). */
export function undoLast(queryClient: QueryClient): UndoEntry | null {
  const last = undoStack[undoStack.length - 1];
  if (!last) return null;
  setUndo(undoStack.slice(0, -1));
  void changeStatus(queryClient, { ...last, present: !last.present }, { undoable: false });
  return last;
}
