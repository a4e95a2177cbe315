import { whitelistsRoute } from './whitelists';
import { whitelistDetailRoute } from './whitelists.$whitelistId';
import { whitelistsIndexRoute } from './whitelists.index';

/** The whitelists area as one branch of the route tree (registered in src/app/router.tsx). */
export const whitelistsRouteTree = whitelistsRoute.addChildren([whitelistsIndexRoute, whitelistDetailRoute]);
