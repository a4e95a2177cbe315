import { createRoute } from '@tanstack/react-router';
import { WhitelistsPage } from '../features/whitelists/components/WhitelistsPage';
import { whitelistsInfiniteQuery } from '../features/whitelists/queries';
import { whitelistsRoute } from './whitelists';

export const whitelistsIndexRoute = createRoute({
  getParentRoute: () => whitelistsRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(whitelistsInfiniteQuery()),
  component: WhitelistsIndexRouteComponent,
});

function WhitelistsIndexRouteComponent() {
  const navigate = whitelistsIndexRoute.useNavigate();
  return <WhitelistsPage onOpen={(whitelistId) => void navigate({ to: '/whitelists/$whitelistId', params: { whitelistId } })} />;
}
