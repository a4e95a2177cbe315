import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  createAutoCollection,
  createCollection,
  deleteAutoCollection,
  deleteCollection,
  getAutoCollection,
  getCollection,
  listAssets,
  listCollections,
  nextMaxId,
  setAutoCollectionActive,
  updateCollection,
  type AutoCollection,
  type AutoCollectionInput,
  type Collection,
  type CollectionInput,
  type Id,
} from '../../api';
import { removeCollection, scanForCollection } from './collection-ops';

// Keys start with ['discovery', 'collections'] so every collection list in the app (the assets
// area's pickers too) refreshes after a change here.

export const collectionKeys = {
  all: ['discovery', 'collections'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  detail: (id: Id) => [...collectionKeys.all, 'detail', id] as const,
  auto: (id: Id) => [...collectionKeys.all, 'auto', id] as const,
  assets: (id: Id) => [...collectionKeys.all, 'assets', id] as const,
};

export const COLLECTION_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export function collectionsInfiniteQuery() {
  return infiniteQueryOptions({
    queryKey: collectionKeys.lists(),
    queryFn: ({ pageParam, signal }) => listCollections({ count: COLLECTION_PAGE_SIZE, max_id: pageParam ?? undefined }, { signal }),
    initialPageParam: null as Id | null,
    getNextPageParam: (lastPage) => nextMaxId(lastPage, (collection) => collection.collection_id, COLLECTION_PAGE_SIZE) ?? null,
    meta: { iface: 'discovery' },
  });
}

/** background: list rows that fill in a count yield to what the user is waiting for. */
export function collectionQuery(id: Id, priority: 'interactive' | 'background' = 'interactive') {
  return queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => getCollection(id, { signal, priority }),
    meta: { iface: 'discovery' },
  });
}

export function autoCollectionQuery(id: Id) {
  return queryOptions({
    queryKey: collectionKeys.auto(id),
    queryFn: ({ signal }) => getAutoCollection(id, { signal }),
    meta: { iface: 'discovery' },
  });
}

/**
 * The assets of one collection. The platform's asset list cannot filter by collection, so each
 * step reads a few pages of the whole list (newest first) and keeps the assets whose
 * collection_ids hold the collection; the next step continues below.
 */
export function collectionAssetsInfiniteQuery(id: Id) {
  return infiniteQueryOptions({
    queryKey: collectionKeys.assets(id),
    queryFn: ({ pageParam, signal }) =>
      scanForCollection((maxId) => listAssets({ count: DEFAULT_PAGE_SIZE, max_id: maxId }, { signal, priority: 'background' }), id, pageParam ?? undefined),
    initialPageParam: null as Id | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { iface: 'discovery' },
  });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionInput) => createCollection(input),
    meta: { iface: 'discovery' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useCreateAutoCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AutoCollectionInput) => createAutoCollection(input),
    meta: { iface: 'discovery' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: Id; input: CollectionInput }) => updateCollection(id, input),
    meta: { iface: 'discovery' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** Active flips at once and flips back if the platform refuses. */
export function useSetAutoCollectionActive(id: Id) {
  const queryClient = useQueryClient();
  const key = collectionKeys.auto(id);
  return useMutation({
    mutationFn: (active: boolean) => setAutoCollectionActive(id, active),
    meta: { iface: 'discovery' },
    onMutate: async (active) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AutoCollection>(key);
      queryClient.setQueryData<AutoCollection>(key, (collection) => (collection ? { ...collection, is_active: active } : collection));
      return { previous };
    },
    onError: (_error, _active, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** Plain collections and auto collections are deleted through different endpoints (the plain one answers 405 for auto). */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collection: Pick<Collection, 'collection_id' | 'is_autocollection'>) =>
      removeCollection(collection, { deleteCollection, deleteAutoCollection }),
    meta: { iface: 'discovery' },
    onSuccess: (_data, collection) => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(collection.collection_id) });
      queryClient.removeQueries({ queryKey: collectionKeys.auto(collection.collection_id) });
    },
    // Assets moved (or, for an auto collection, went away): their lists are stale too.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: collectionKeys.all }), queryClient.invalidateQueries({ queryKey: ['discovery', 'assets'] })]),
  });
}
