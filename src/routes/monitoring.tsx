import { createRoute, useNavigate } from '@tanstack/react-router';
import { MonitoringPage } from '../features/monitoring/components/MonitoringPage';
import { monitoringInfiniteQuery } from '../features/monitoring/queries';
import type { MonitoringSearch } from '../features/monitoring/search';
import { compactSearch, validateMonitoringSearch } from '../features/monitoring/search';
import { rootRoute } from './__root';

/** Monitoring review; its filters are the URL's search parameters. */
export const monitoringRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/monitoring',
  validateSearch: (raw: Partial<MonitoringSearch> & Record<string, unknown>): MonitoringSearch => validateMonitoringSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(monitoringInfiniteQuery(deps)),
  component: MonitoringRouteComponent,
});

function MonitoringRouteComponent() {
  const search = monitoringRoute.useSearch();
  const navigate = useNavigate({ from: monitoringRoute.fullPath });
  return <MonitoringPage search={search} onSearchChange={(next) => void navigate({ search: compactSearch(next) })} />;
}
