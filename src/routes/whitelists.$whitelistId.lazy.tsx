import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { WhitelistDetailPage } from '../features/whitelists/components/WhitelistDetailPage';

const route = getRouteApi('/whitelists/$whitelistId');

/** The page of /whitelists/<whitelist_id>, loaded with its own chunk. */
export const Route = createLazyRoute('/whitelists/$whitelistId')({ component: WhitelistDetailRouteComponent });

function WhitelistDetailRouteComponent() {
  const { whitelistId } = route.useParams();
  const navigate = route.useNavigate();
  return <WhitelistDetailPage key={whitelistId} whitelistIdParam={whitelistId} onDeleted={() => void navigate({ to: '/whitelists' })} />;
}
