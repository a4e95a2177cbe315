import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { AssetsListPage } from '../features/assets/components/AssetsListPage';

const route = getRouteApi('/assets/');

/** The page of /assets, loaded with its own chunk (./assets.index.tsx holds its URL state and loader). */
export const Route = createLazyRoute('/assets/')({ component: AssetsIndexRouteComponent });

function AssetsIndexRouteComponent() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <AssetsListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onOpenAsset={(assetId) => void navigate({ to: '/assets/$assetId', params: { assetId } })}
    />
  );
}
