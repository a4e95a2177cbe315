import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { copiesRoute } from './copies';

/** /copies/statuses: built-in and custom copy statuses. */
export const copyStatusesRoute = createRoute({
  getParentRoute: () => copiesRoute,
  path: 'statuses',
  component: lazyRouteComponent(() => import('../features/copies/components/StatusesPage'), 'StatusesPage'),
});
