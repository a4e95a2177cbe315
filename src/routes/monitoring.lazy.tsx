import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { MonitoringPage } from '../features/monitoring/components/MonitoringPage';
import { compactSearch } from '../features/monitoring/search';

const route = getRouteApi('/monitoring');

/** The page of /monitoring, loaded with its own chunk (./monitoring.tsx holds its URL state and loader). */
export const Route = createLazyRoute('/monitoring')({ component: MonitoringRouteComponent });

function MonitoringRouteComponent() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return <MonitoringPage search={search} onSearchChange={(next) => void navigate({ search: compactSearch(next) })} />;
}
