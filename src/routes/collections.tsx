import { createRoute, Outlet } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /collections and below. */
export const collectionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections',
  component: Outlet,
});
