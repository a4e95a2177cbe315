import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { DetectorPage } from '../features/detector/components/DetectorPage';

const route = getRouteApi('/detector');

/** The page of /detector, loaded with its own chunk (./detector.tsx holds its URL state and loader). */
export const Route = createLazyRoute('/detector')({ component: DetectorRouteComponent });

function DetectorRouteComponent() {
  const view = route.useSearch();
  const navigate = route.useNavigate();
  return <DetectorPage view={view} onViewChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })} />;
}
