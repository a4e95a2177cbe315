import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { useBrowserApiKey } from '../app/auth/session';
import { ApiKeysPage } from '../features/api-keys/components/ApiKeysPage';

const route = getRouteApi('/api-keys');

/** The page of /api-keys, loaded with its own chunk (see ./api-keys.tsx for its URL state and loader). */
export const Route = createLazyRoute('/api-keys')({ component: ApiKeysRouteComponent });

function ApiKeysRouteComponent() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tokenInUse = useBrowserApiKey();
  return (
    <ApiKeysPage
      q={search.q}
      sort={search.sort}
      tokenInUse={tokenInUse}
      onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
