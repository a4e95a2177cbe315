import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { CollectionsPage } from '../features/collections/components/CollectionsPage';

const route = getRouteApi('/collections/');

/** The page of /collections, loaded with its own chunk. */
export const Route = createLazyRoute('/collections/')({ component: CollectionsIndexRouteComponent });

function CollectionsIndexRouteComponent() {
  const navigate = route.useNavigate();
  return <CollectionsPage onOpen={(collectionId) => void navigate({ to: '/collections/$collectionId', params: { collectionId } })} />;
}
