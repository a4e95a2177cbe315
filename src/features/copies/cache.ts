import type { InfiniteData } from '@tanstack/react-query';
import type { Copy } from '../../api/schemas/discovery';
import type { Id } from '../../api/ids';

// Pure edits of cached copies for optimistic updates. Only the changed copy (and the page array
// holding it) get new identities, so memoised rows of every other copy skip re-rendering.

export type CopyPages = InfiniteData<Copy[], Id | null>;

export function withStatus(copy: Copy, code: Id, present: boolean): Copy {
  const has = copy.user_actions.statuses.includes(code);
  if (has === present) return copy;
  const statuses = present ? [...copy.user_actions.statuses, code] : copy.user_actions.statuses.filter((s) => s !== code);
  return { ...copy, user_actions: { ...copy.user_actions, statuses } };
}

/** Applies `change` to the copy with `matchId` wherever it is loaded; same object when absent or unchanged. */
export function patchCopyInPages(data: CopyPages | undefined, matchId: Id, change: (copy: Copy) => Copy): CopyPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.findIndex((copy) => copy.match_id === matchId);
    if (index < 0) return page;
    const updated = change(page[index]!);
    if (updated === page[index]) return page;
    changed = true;
    const next = page.slice();
    next[index] = updated;
    return next;
  });
  return changed ? { ...data, pages } : data;
}

/** Same as patchCopyInPages for many copies at once (bulk results), in one pass. */
export function patchCopiesInPages(data: CopyPages | undefined, matchIds: ReadonlySet<string>, change: (copy: Copy) => Copy): CopyPages | undefined {
  if (!data || matchIds.size === 0) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const next = page.map((copy) => {
      if (!matchIds.has(copy.match_id)) return copy;
      const updated = change(copy);
      if (updated !== copy) pageChanged = true;
      return updated;
    });
    if (!pageChanged) return page;
    changed = true;
    return next;
  });
  return changed ? { ...data, pages } : data;
}

export function findCopyInPages(data: CopyPages | undefined, matchId: Id): Copy | undefined {
  if (!data) return undefined;
  for (const page of data.pages) {
    const copy = page.find((c) => c.match_id === matchId);
    if (copy) return copy;
  }
  return undefined;
}
