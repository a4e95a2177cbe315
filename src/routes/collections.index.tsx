import { createRoute } from '@tanstack/react-router';
import { collectionsInfiniteQuery } from '../features/collections/queries';
import { collectionsRoute } from './collections';

export const collectionsIndexRoute = createRoute({
  getParentRoute: () => collectionsRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(collectionsInfiniteQuery()),
}).lazy(() => import('./collections.index.lazy').then((module) => module.Route));
