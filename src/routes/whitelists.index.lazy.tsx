import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { WhitelistsPage } from '../features/whitelists/components/WhitelistsPage';

const route = getRouteApi('/whitelists/');

/** The page of /whitelists, loaded with its own chunk. */
export const Route = createLazyRoute('/whitelists/')({ component: WhitelistsIndexRouteComponent });

function WhitelistsIndexRouteComponent() {
  const navigate = route.useNavigate();
  return <WhitelistsPage onOpen={(whitelistId) => void navigate({ to: '/whitelists/$whitelistId', params: { whitelistId } })} />;
}
