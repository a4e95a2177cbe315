import { createRoute } from '@tanstack/react-router';
import { CollectionsPage } from '../features/collections/components/CollectionsPage';
import { collectionsInfiniteQuery } from '../features/collections/queries';
import { collectionsRoute } from './collections';

export const collectionsIndexRoute = createRoute({
  getParentRoute: () => collectionsRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(collectionsInfiniteQuery()),
  component: CollectionsIndexRouteComponent,
});

function CollectionsIndexRouteComponent() {
  const navigate = collectionsIndexRoute.useNavigate();
  return <CollectionsPage onOpen={(collectionId) => void navigate({ to: '/collections/$collectionId', params: { collectionId } })} />;
}
