import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /search: open a Search lookup by id; recent and (on the sandbox) available lookups are offered. */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
}).lazy(() => import('./search.lazy').then((module) => module.Route));
