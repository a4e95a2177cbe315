import { createRoute } from '@tanstack/react-router';
import { asId } from '../api/ids';
import { assetQuery } from '../features/assets/queries';
import { assetsRoute } from './assets';

/** One asset: /assets/<asset_id>. */
export const assetDetailRoute = createRoute({
  getParentRoute: () => assetsRoute,
  path: '$assetId',
  loader: ({ context, params }) => {
    const id = asId(params.assetId);
    if (id !== null) void context.queryClient.prefetchQuery(assetQuery(id));
  },
}).lazy(() => import('./assets.$assetId.lazy').then((module) => module.Route));
