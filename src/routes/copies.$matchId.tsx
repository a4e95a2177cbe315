import { createRoute } from '@tanstack/react-router';
import { asId } from '../api/ids';
import { copyQuery } from '../features/copies/queries';
import { copiesRoute } from './copies';

/** One copy: /copies/<match_id>. An id that is not a number, or not found, gets a not-found view. */
export const copyDetailRoute = createRoute({
  getParentRoute: () => copiesRoute,
  path: '$matchId',
  loader: ({ context, params }) => {
    const id = asId(params.matchId);
    if (id !== null) void context.queryClient.prefetchQuery(copyQuery(id));
  },
}).lazy(() => import('./copies.$matchId.lazy').then((module) => module.Route));
