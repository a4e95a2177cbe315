import { createRoute } from '@tanstack/react-router';
import { monitoringInfiniteQuery } from '../features/monitoring/queries';
import type { MonitoringSearch } from '../features/monitoring/search';
import { validateMonitoringSearch } from '../features/monitoring/search';
import { rootRoute } from './__root';

/** Monitoring review; its filters are the URL's search parameters. */
export const monitoringRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/monitoring',
  validateSearch: (raw: Partial<MonitoringSearch> & Record<string, unknown>): MonitoringSearch => validateMonitoringSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(monitoringInfiniteQuery(deps)),
}).lazy(() => import('./monitoring.lazy').then((module) => module.Route));
