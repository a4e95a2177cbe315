import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { getAsset, getCopy, getSoundMetadata, getWhitelist, listAssets, listCollections, listCopies, listCopyStatuses } from '../../api/discovery';
import type { ListCopiesParams } from '../../api/discovery';
import type { Id } from '../../api/ids';
import type { Copy } from '../../api/schemas/discovery';
import type { CopyPages } from './cache';
import type { CopiesSearch } from './search';

// Query options of the copies area. Keys start with 'discovery' like every area's, so a change made
// here (an asset's excluded segments) also refreshes the asset pages' caches.

export const PAGE_SIZE = 100;

export const copiesKeys = {
  all: ['discovery', 'copies'] as const,
  lists: () => [...copiesKeys.all, 'list'] as const,
  list: (search: CopiesSearch) => [...copiesKeys.lists(), search] as const,
  details: () => [...copiesKeys.all, 'detail'] as const,
  detail: (matchId: Id) => [...copiesKeys.details(), matchId] as const,
  statuses: () => [...copiesKeys.all, 'statuses'] as const,
};

export const assetsKey = ['discovery', 'assets'] as const;
export const assetKey = (assetId: Id) => [...assetsKey, 'detail', assetId] as const;

/** The queue's filters as listCopies parameters. */
export function listParams(search: CopiesSearch): ListCopiesParams {
  return {
    asset_id: search.asset,
    status: search.status,
    collection: search.collection,
    platform: search.platform,
    isrc: search.isrc,
    is_taken_down: search.taken === undefined ? undefined : search.taken === 'yes',
    start: search.since,
  };
}

/** The next page starts below the last row's match_id; a short page is the last one. */
export function nextCursor(lastPage: readonly Copy[]): Id | undefined {
  if (lastPage.length < PAGE_SIZE) return undefined;
  return lastPage[lastPage.length - 1]?.match_id;
}

export function copiesInfiniteQuery(search: CopiesSearch) {
  return infiniteQueryOptions({
    queryKey: copiesKeys.list(search),
    queryFn: ({ pageParam, signal }) => listCopies({ ...listParams(search), count: PAGE_SIZE, max_id: pageParam ?? undefined }, { signal }),
    initialPageParam: null as Id | null,
    getNextPageParam: (lastPage) => nextCursor(lastPage),
    // Triage edits the cache optimistically; a background refetch of every loaded page would make
    // rows jump while the manager works, so lists refresh on demand (and on filter changes).
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    meta: { iface: 'discovery' },
  });
}

export function copyQuery(matchId: Id) {
  return queryOptions({
    queryKey: copiesKeys.detail(matchId),
    queryFn: ({ signal }) => getCopy(matchId, { signal }),
    meta: { iface: 'discovery' },
  });
}

export function copyStatusesQuery() {
  return queryOptions({
    queryKey: copiesKeys.statuses(),
    queryFn: ({ signal }) => listCopyStatuses({ signal }),
    staleTime: 10 * 60_000,
    meta: { iface: 'discovery' },
  });
}

export function assetQuery(assetId: Id) {
  return queryOptions({
    queryKey: assetKey(assetId),
    queryFn: ({ signal }) => getAsset(assetId, { signal }),
    // Titles barely change; one read per asset serves every row of the queue.
    staleTime: 10 * 60_000,
    meta: { iface: 'discovery' },
  });
}

export function whitelistQuery(whitelistId: Id) {
  return queryOptions({
    queryKey: ['discovery', 'whitelists', 'detail', whitelistId] as const,
    queryFn: ({ signal }) => getWhitelist(whitelistId, { signal }),
    staleTime: 10 * 60_000,
    meta: { iface: 'discovery' },
  });
}

export function soundQuery(soundId: string, platform: string) {
  return queryOptions({
    queryKey: ['discovery', 'sound-metadata', platform, soundId] as const,
    queryFn: ({ signal }) => getSoundMetadata(soundId, platform, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
    meta: { iface: 'discovery' },
  });
}

/** Collections for the filter: the first page (100) is what a picker can sensibly show. */
export function collectionsQuery() {
  return queryOptions({
    queryKey: ['discovery', 'collections', 'list', 'first-page'] as const,
    queryFn: ({ signal }) => listCollections({ count: 100 }, { signal }),
    staleTime: 10 * 60_000,
    meta: { iface: 'discovery' },
  });
}

/** Every cached copy list (any filters) — the targets of optimistic edits. */
export function cachedLists(queryClient: QueryClient): Array<[readonly unknown[], CopyPages | undefined]> {
  return queryClient.getQueriesData<CopyPages>({ queryKey: copiesKeys.lists() });
}

/** Assets for the asset filter: the newest 100, which is what a picker can sensibly list. */
export function assetsFirstPageQuery() {
  return queryOptions({
    queryKey: [...assetsKey, 'list', 'first-page'] as const,
    queryFn: ({ signal }) => listAssets({ count: 100 }, { signal }),
    staleTime: 10 * 60_000,
    meta: { iface: 'discovery' },
  });
}
