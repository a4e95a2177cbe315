import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { rootRoute } from '../routes/__root';
import { apiKeysRoute } from '../routes/api-keys';
import { assetsRouteTree } from '../routes/assets.tree';
import { collectionsRouteTree } from '../routes/collections.tree';
import { copiesRouteTree } from '../routes/copies.tree';
import { detectorRoute } from '../routes/detector';
import { indexRoute } from '../routes/index';
import { soundMetadataRoute } from '../routes/sound-metadata';
import { whitelistsRouteTree } from '../routes/whitelists.tree';
import { lookupRoute } from '../routes/search.$lookupId';
import { searchRoute } from '../routes/search';
import { monitoringRoute } from '../routes/monitoring';
import { NotFoundView } from './errors/NotFoundView';
import { RouteErrorView } from './errors/RouteErrorView';

/**
 * The route tree. Adding an area: import its route (one line) and list it here (one line), then
 * give it a navbar entry in ./nav.ts.
 */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  apiKeysRoute,
  assetsRouteTree,
  collectionsRouteTree,
  whitelistsRouteTree,
  copiesRouteTree,
  detectorRoute,
  monitoringRoute,
  searchRoute,
  lookupRoute,
  soundMetadataRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Loaders read through TanStack Query, which owns freshness; the router should always ask it.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
