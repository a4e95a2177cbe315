import { createRoute } from '@tanstack/react-router';
import { asId } from '../api/ids';
import { whitelistQuery, whitelistUrlsInfiniteQuery } from '../features/whitelists/queries';
import { whitelistsRoute } from './whitelists';

/** One whitelist with its URLs: /whitelists/<whitelist_id>. */
export const whitelistDetailRoute = createRoute({
  getParentRoute: () => whitelistsRoute,
  path: '$whitelistId',
  loader: ({ context, params }) => {
    const id = asId(params.whitelistId);
    if (id === null) return;
    void context.queryClient.prefetchQuery(whitelistQuery(id));
    void context.queryClient.prefetchInfiniteQuery(whitelistUrlsInfiniteQuery(id));
  },
}).lazy(() => import('./whitelists.$whitelistId.lazy').then((module) => module.Route));
