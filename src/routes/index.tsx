import { createRoute, redirect } from '@tanstack/react-router';
import { firstNavItem } from '../app/nav';
import { rootRoute } from './__root';

/** `/` leads to the first area in the navbar until an overview page exists. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    const first = firstNavItem();
    if (first) throw redirect({ to: first.to, replace: true });
  },
});
