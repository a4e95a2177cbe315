import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { CopyDetailPage } from '../features/copies/components/CopyDetailPage';

const route = getRouteApi('/copies/$matchId');

/** The page of /copies/<match_id>, loaded with its own chunk. */
export const Route = createLazyRoute('/copies/$matchId')({ component: CopyDetailRouteComponent });

function CopyDetailRouteComponent() {
  const { matchId } = route.useParams();
  return <CopyDetailPage key={matchId} matchId={matchId} />;
}
