import { createRoute } from '@tanstack/react-router';
import { whitelistsInfiniteQuery } from '../features/whitelists/queries';
import { whitelistsRoute } from './whitelists';

export const whitelistsIndexRoute = createRoute({
  getParentRoute: () => whitelistsRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(whitelistsInfiniteQuery()),
}).lazy(() => import('./whitelists.index.lazy').then((module) => module.Route));
