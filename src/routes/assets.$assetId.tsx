import { createRoute } from '@tanstack/react-router';
import { asId } from '../api';
import { AssetDetailPage } from '../features/assets/components/AssetDetailPage';
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
  component: AssetDetailRouteComponent,
});

function AssetDetailRouteComponent() {
  const { assetId } = assetDetailRoute.useParams();
  const navigate = assetDetailRoute.useNavigate();
  return <AssetDetailPage key={assetId} assetIdParam={assetId} onDeleted={() => void navigate({ to: '/assets' })} />;
}
