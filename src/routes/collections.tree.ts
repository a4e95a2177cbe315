import { collectionsRoute } from './collections';
import { collectionDetailRoute } from './collections.$collectionId';
import { collectionsIndexRoute } from './collections.index';

/** The collections area as one branch of the route tree (registered in src/app/router.tsx). */
export const collectionsRouteTree = collectionsRoute.addChildren([collectionsIndexRoute, collectionDetailRoute]);
