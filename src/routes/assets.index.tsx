import { createRoute, useNavigate } from '@tanstack/react-router';
import { AssetsListPage } from '../features/assets/components/AssetsListPage';
import { assetsInfiniteQuery } from '../features/assets/queries';
import { validateAssetsSearch } from '../features/assets/search';
import { assetsRoute } from './assets';

/** The asset list; its filters (status, tracked, ISRCs) are the URL's search parameters. */
export const assetsIndexRoute = createRoute({
  getParentRoute: () => assetsRoute,
  path: '/',
  validateSearch: (raw: Record<string, unknown>) => validateAssetsSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(assetsInfiniteQuery(deps)),
  component: AssetsIndexRouteComponent,
});

function AssetsIndexRouteComponent() {
  const search = assetsIndexRoute.useSearch();
  const navigate = useNavigate({ from: assetsIndexRoute.fullPath });
  return (
    <AssetsListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onOpenAsset={(assetId) => void navigate({ to: '/assets/$assetId', params: { assetId } })}
    />
  );
}
