import { copiesRoute } from './copies';
import { copyDetailRoute } from './copies.$matchId';
import { copiesIndexRoute } from './copies.index';
import { copyStatusesRoute } from './copies.statuses';

/** The copies area as one branch of the route tree (registered in src/app/router.tsx). */
export const copiesRouteTree = copiesRoute.addChildren([copiesIndexRoute, copyStatusesRoute, copyDetailRoute]);
