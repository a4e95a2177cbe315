import { infiniteQueryOptions } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { listMonitoring } from '../../api/discovery';
import type { MonitoringResult } from '../../api/schemas/discovery';
import { PAGE_LIMIT, nextOffset } from './results';
import type { MonitoringSearch } from './search';
import { listParams } from './search';

export type MonitoringPages = InfiniteData<MonitoringResult[], number>;

export const monitoringKeys = {
  all: ['discovery', 'monitoring'] as const,
  lists: () => [...monitoringKeys.all, 'list'] as const,
  list: (search: MonitoringSearch) => [...monitoringKeys.lists(), search] as const,
};

/** The filtered list, page by page: offset counts result groups; a short page is the last. */
export function monitoringInfiniteQuery(search: MonitoringSearch) {
  return infiniteQueryOptions({
    queryKey: monitoringKeys.list(search),
    queryFn: ({ pageParam, signal }) => listMonitoring({ ...listParams(search), limit: PAGE_LIMIT, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _allPages, lastPageParam) => nextOffset(lastPage, lastPageParam),
    // Review edits the cache optimistically; refreshing every loaded page in the background would
    // move rows under the manager's hands, so the list refreshes on demand and on filter changes.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    meta: { iface: 'discovery' },
  });
}
