import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { CollectionDetailPage } from '../features/collections/components/CollectionDetailPage';

const route = getRouteApi('/collections/$collectionId');

/** The page of /collections/<collection_id>, loaded with its own chunk. */
export const Route = createLazyRoute('/collections/$collectionId')({ component: CollectionDetailRouteComponent });

function CollectionDetailRouteComponent() {
  const { collectionId } = route.useParams();
  const navigate = route.useNavigate();
  return <CollectionDetailPage key={collectionId} collectionIdParam={collectionId} onDeleted={() => void navigate({ to: '/collections' })} />;
}
