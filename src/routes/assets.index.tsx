import { createRoute } from '@tanstack/react-router';
import { assetsInfiniteQuery } from '../features/assets/queries';
import { validateAssetsSearch } from '../features/assets/search';
import { assetsRoute } from './assets';

/** The asset list; its filters (status, tracked, ISRCs) are the URL's search parameters. */
export const assetsIndexRoute = createRoute({
  getParentRoute: () => assetsRoute,
  path: '/',
  validateSearch: (raw: Record<string, unknown>) => validateAssetsSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(assetsInfiniteQuery(deps)),
}).lazy(() => import('./assets.index.lazy').then((module) => module.Route));
