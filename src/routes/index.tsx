import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// The overview draws its charts with recharts; loading the page lazily keeps the page and the
// chart library out of the entry chunk.
const OverviewPage = lazyRouteComponent(() => import('../features/overview/components/OverviewPage'), 'OverviewPage');

/** `/`: the overview of copies and monitoring results. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: OverviewPage,
});
