import { useSyncExternalStore } from 'react';
import { z } from 'zod';

// The lookups this browser opened recently, newest first, kept in localStorage so they survive a
// reload. Only ids and a one-line summary are stored: results are fetched again when reopened.

export const RECENT_LOOKUPS_KEY = 'rights-desk.search.recent';
export const MAX_RECENT_LOOKUPS = 12;

/** A lookup id as typed or pasted: trimmed, one token, of a sane length. */
export const lookupIdSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter a lookup id, for example lk_matching_01.' })
  .max(200, { error: 'A lookup id is at most 200 characters.' })
  .regex(/^\S+$/, { error: 'A lookup id has no spaces; paste just the id.' });

const recentLookupSchema = z.object({
  lookupId: z.string().min(1),
  openedAt: z.string(),
  /** "2 matches", "classification only", "cancelled while waiting"… */
  summary: z.string(),
});
export type RecentLookup = z.infer<typeof recentLookupSchema>;

/** Reads a stored list; anything unreadable counts as empty rather than breaking the page. */
export function parseRecent(raw: string | null): RecentLookup[] {
  if (!raw) return [];
  try {
    const parsed = z.array(recentLookupSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, MAX_RECENT_LOOKUPS) : [];
  } catch {
    return [];
  }
}

/** The list with `entry` at the front, an older entry of the same id dropped, capped in length. */
export function withRecent(list: readonly RecentLookup[], entry: RecentLookup): RecentLookup[] {
  return [entry, ...list.filter((item) => item.lookupId !== entry.lookupId)].slice(0, MAX_RECENT_LOOKUPS);
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedList: RecentLookup[] = [];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRecentLookups(): RecentLookup[] {
  const raw = storage()?.getItem(RECENT_LOOKUPS_KEY) ?? null;
  // The same array while the stored text is unchanged, as useSyncExternalStore requires.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = parseRecent(raw);
  }
  return cachedList;
}

function write(list: readonly RecentLookup[]): void {
  try {
    storage()?.setItem(RECENT_LOOKUPS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list is a convenience, the page works without it.
  }
  for (const listener of listeners) listener();
}

export function rememberLookup(lookupId: string, summary: string, now: Date = new Date()): void {
  write(withRecent(readRecentLookups(), { lookupId, summary, openedAt: now.toISOString() }));
}

export function forgetLookup(lookupId: string): void {
  write(readRecentLookups().filter((item) => item.lookupId !== lookupId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_LOOKUPS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The recent lookups, re-rendering when this or another tab changes them. */
export function useRecentLookups(): RecentLookup[] {
  return useSyncExternalStore(subscribe, readRecentLookups, () => []);
}
