import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  addWhitelistUrl,
  createWhitelist,
  deleteWhitelist,
  deleteWhitelistUrl,
  getWhitelist,
  listWhitelistUrls,
  listWhitelists,
  nextMaxId,
  type Id,
  type WhitelistInput,
  type WhitelistUrl,
} from '../../api';

export const whitelistKeys = {
  all: ['discovery', 'whitelists'] as const,
  lists: () => [...whitelistKeys.all, 'list'] as const,
  detail: (id: Id) => [...whitelistKeys.all, 'detail', id] as const,
  urls: (id: Id) => [...whitelistKeys.all, 'urls', id] as const,
};

export const WHITELIST_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export function whitelistsInfiniteQuery() {
  return infiniteQueryOptions({
    queryKey: whitelistKeys.lists(),
    queryFn: ({ pageParam, signal }) => listWhitelists({ count: WHITELIST_PAGE_SIZE, max_id: pageParam ?? undefined }, { signal }),
    initialPageParam: null as Id | null,
    getNextPageParam: (lastPage) => nextMaxId(lastPage, (whitelist) => whitelist.whitelist_id, WHITELIST_PAGE_SIZE) ?? null,
    meta: { iface: 'discovery' },
  });
}

export function whitelistQuery(id: Id) {
  return queryOptions({
    queryKey: whitelistKeys.detail(id),
    queryFn: ({ signal }) => getWhitelist(id, { signal }),
    meta: { iface: 'discovery' },
  });
}

export function whitelistUrlsInfiniteQuery(id: Id) {
  return infiniteQueryOptions({
    queryKey: whitelistKeys.urls(id),
    queryFn: ({ pageParam, signal }) => listWhitelistUrls(id, { count: WHITELIST_PAGE_SIZE, max_id: pageParam ?? undefined }, { signal }),
    initialPageParam: null as Id | null,
    getNextPageParam: (lastPage) => nextMaxId(lastPage, (url) => url.url_id, WHITELIST_PAGE_SIZE) ?? null,
    meta: { iface: 'discovery' },
  });
}

export function useCreateWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhitelistInput) => createWhitelist(input),
    meta: { iface: 'discovery' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelistKeys.lists() }),
  });
}

/** Deleting a whitelist takes its URLs with it; copies that named it change too. */
export function useDeleteWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => deleteWhitelist(id),
    meta: { iface: 'discovery' },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: whitelistKeys.detail(id) });
      queryClient.removeQueries({ queryKey: whitelistKeys.urls(id) });
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: whitelistKeys.lists() }), queryClient.invalidateQueries({ queryKey: ['discovery', 'copies'] })]),
  });
}

/** After a URL change the list and the detail's url_stats are both stale. */
function useRefreshWhitelist(id: Id) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: whitelistKeys.urls(id) }),
      queryClient.invalidateQueries({ queryKey: whitelistKeys.detail(id) }),
    ]);
}

export function useAddWhitelistUrl(id: Id) {
  const refresh = useRefreshWhitelist(id);
  return useMutation({
    mutationFn: (sourceUrl: string) => addWhitelistUrl(id, sourceUrl),
    meta: { iface: 'discovery' },
    onSettled: refresh,
  });
}

export function useDeleteWhitelistUrl(id: Id) {
  const refresh = useRefreshWhitelist(id);
  return useMutation({
    mutationFn: (url: Pick<WhitelistUrl, 'url_id'>) => deleteWhitelistUrl(id, url.url_id),
    meta: { iface: 'discovery' },
    onSettled: refresh,
  });
}
