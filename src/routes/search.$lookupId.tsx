import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /search/<lookup id>: one lookup, bookmarkable. The page waits for it (check-search blocks) with a Cancel button. */
export const lookupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search/$lookupId',
}).lazy(() => import('./search.$lookupId.lazy').then((module) => module.Route));
