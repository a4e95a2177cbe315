import { createRoute } from '@tanstack/react-router';
import { asId } from '../api/ids';
import { collectionQuery } from '../features/collections/queries';
import { collectionsRoute } from './collections';

/** One collection (manual or auto): /collections/<collection_id>. */
export const collectionDetailRoute = createRoute({
  getParentRoute: () => collectionsRoute,
  path: '$collectionId',
  loader: ({ context, params }) => {
    const id = asId(params.collectionId);
    if (id !== null) void context.queryClient.prefetchQuery(collectionQuery(id));
  },
}).lazy(() => import('./collections.$collectionId.lazy').then((module) => module.Route));
