import { assetsRoute } from './assets';
import { assetDetailRoute } from './assets.$assetId';
import { assetsIndexRoute } from './assets.index';
import { assetUploadRoute } from './assets.upload';

/** The assets area as one branch of the route tree (registered in src/app/router.tsx). */
export const assetsRouteTree = assetsRoute.addChildren([assetsIndexRoute, assetUploadRoute, assetDetailRoute]);
