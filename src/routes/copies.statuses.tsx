import { createRoute } from '@tanstack/react-router';
import { StatusesPage } from '../features/copies/components/StatusesPage';
import { copiesRoute } from './copies';

/** /copies/statuses: built-in and custom copy statuses. */
export const copyStatusesRoute = createRoute({
  getParentRoute: () => copiesRoute,
  path: 'statuses',
  component: StatusesPage,
});
