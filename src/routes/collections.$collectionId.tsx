import { createRoute } from '@tanstack/react-router';
import { asId } from '../api';
import { CollectionDetailPage } from '../features/collections/components/CollectionDetailPage';
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
  component: CollectionDetailRouteComponent,
});

function CollectionDetailRouteComponent() {
  const { collectionId } = collectionDetailRoute.useParams();
  const navigate = collectionDetailRoute.useNavigate();
  return <CollectionDetailPage key={collectionId} collectionIdParam={collectionId} onDeleted={() => void navigate({ to: '/collections' })} />;
}
