import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { copyStatusesQuery } from '../features/copies/queries';
import { rootRoute } from './__root';

/** /copies and below: the triage area, with its bulk jobs panel shared by every page of it. */
export const copiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/copies',
  // The status vocabulary is needed on every copies page; fetching it does not block the page.
  loader: ({ context }) => void context.queryClient.prefetchQuery(copyStatusesQuery()),
  component: lazyRouteComponent(() => import('../features/copies/components/CopiesLayout'), 'CopiesLayout'),
});
