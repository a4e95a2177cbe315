import { notifications } from '@mantine/notifications';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  deleteAsset,
  describeError,
  getAsset,
  linkAsset,
  listAssets,
  listCollections,
  nextMaxId,
  patchAsset,
  replaceAsset,
  setAssetTracking,
  type Asset,
  type AssetLink,
  type AssetPatch,
  type AssetReplace,
  type Collection,
  type ExcludedSegment,
  type Id,
} from '../../api';
import { listParamsOf, type AssetsSearch } from './search';

// Query keys start with ['discovery', 'assets'] like the copies area's, so an asset changed in one
// area is refreshed in the other.

export const assetKeys = {
  all: ['discovery', 'assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (search: AssetsSearch) => [...assetKeys.lists(), search] as const,
  detail: (assetId: Id) => [...assetKeys.all, 'detail', assetId] as const,
};

export const ASSET_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export function assetsInfiniteQuery(search: AssetsSearch) {
  return infiniteQueryOptions({
    queryKey: assetKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      listAssets({ ...listParamsOf(search), count: ASSET_PAGE_SIZE, max_id: pageParam ?? undefined }, { signal }),
    initialPageParam: null as Id | null,
    getNextPageParam: (lastPage) => nextMaxId(lastPage, (asset) => asset.asset_id, ASSET_PAGE_SIZE) ?? null,
    meta: { iface: 'discovery' },
  });
}

/** background: list cells that fill in details yield to what the user is waiting for. */
export function assetQuery(assetId: Id, priority: 'interactive' | 'background' = 'interactive') {
  return queryOptions({
    queryKey: assetKeys.detail(assetId),
    queryFn: ({ signal }) => getAsset(assetId, { signal, priority }),
    meta: { iface: 'discovery' },
  });
}

/** Collections to pick from (titles for ids). Lists are paged; a catalogue rarely has more than a few hundred. */
const COLLECTION_PICK_LIMIT = 1000;

export function collectionChoicesQuery() {
  return queryOptions({
    queryKey: ['discovery', 'collections', 'choices'] as const,
    queryFn: async ({ signal }) => {
      const all: Collection[] = [];
      let maxId: Id | undefined;
      do {
        const page = await listCollections({ count: DEFAULT_PAGE_SIZE, max_id: maxId }, { signal });
        all.push(...page);
        maxId = nextMaxId(page, (collection) => collection.collection_id);
      } while (maxId && all.length < COLLECTION_PICK_LIMIT);
      return all;
    },
    staleTime: 60_000,
    meta: { iface: 'discovery' },
  });
}

export type AssetUpdate = { mode: 'patch'; body: AssetPatch } | { mode: 'replace'; body: AssetReplace };

export function useUpdateAsset(assetId: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AssetUpdate) => (update.mode === 'patch' ? patchAsset(assetId, update.body) : replaceAsset(assetId, update.body)),
    meta: { iface: 'discovery' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

export function useSaveExcludedSegments(assetId: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segments: ExcludedSegment[]) => patchAsset(assetId, { excluded_segments: segments }),
    meta: { iface: 'discovery' },
    onSuccess: (_data, segments) => {
      queryClient.setQueryData<Asset>(assetKeys.detail(assetId), (asset) => (asset ? { ...asset, excluded_segments: segments } : asset));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** Tracking flips at once on the page and flips back if the platform refuses. */
export function useSetTracking(assetId: Id) {
  const queryClient = useQueryClient();
  const key = assetKeys.detail(assetId);
  return useMutation({
    mutationFn: (tracked: boolean) => setAssetTracking(assetId, tracked),
    meta: { iface: 'discovery' },
    onMutate: async (tracked) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Asset>(key);
      queryClient.setQueryData<Asset>(key, (asset) => (asset ? { ...asset, is_tracked: tracked, tracked_from: tracked ? asset.tracked_from : '' } : asset));
      return { previous };
    },
    onError: (error, tracked, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifications.show({
        color: 'red',
        title: tracked ? 'Could not start tracking' : 'Could not stop tracking',
        message: describeError(error),
        autoClose: false,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asset: Pick<Asset, 'asset_id' | 'title'>) => deleteAsset(asset.asset_id),
    meta: { iface: 'discovery' },
    onSuccess: (_data, asset) => {
      queryClient.removeQueries({ queryKey: assetKeys.detail(asset.asset_id) });
      notifications.show({ color: 'teal', title: 'Asset deleted', message: `"${asset.title || asset.asset_id}" is gone from the catalogue.` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.lists() }),
  });
}

export function useLinkAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetLink) => linkAsset(body),
    meta: { iface: 'discovery' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.lists() }),
  });
}
