import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { AssetDetailPage } from '../features/assets/components/AssetDetailPage';

const route = getRouteApi('/assets/$assetId');

/** The page of /assets/<asset_id>, loaded with its own chunk. */
export const Route = createLazyRoute('/assets/$assetId')({ component: AssetDetailRouteComponent });

function AssetDetailRouteComponent() {
  const { assetId } = route.useParams();
  const navigate = route.useNavigate();
  return <AssetDetailPage key={assetId} assetIdParam={assetId} onDeleted={() => void navigate({ to: '/assets' })} />;
}
