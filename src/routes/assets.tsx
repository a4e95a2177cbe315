import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { collectionChoicesQuery } from '../features/assets/queries';
import { rootRoute } from './__root';

/** /assets and below: the catalogue's assets, with the upload queue shown on every page of it. */
export const assetsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/assets',
  // Collection titles label the list and fill the pickers; fetching them does not block the page.
  loader: ({ context }) => void context.queryClient.prefetchQuery(collectionChoicesQuery()),
  component: lazyRouteComponent(() => import('../features/assets/components/AssetsLayout'), 'AssetsLayout'),
});
