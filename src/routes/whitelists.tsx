import { createRoute, Outlet } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /whitelists and below. */
export const whitelistsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/whitelists',
  component: Outlet,
});
