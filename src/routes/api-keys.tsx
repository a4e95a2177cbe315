import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import type { ApiKeysSearch } from '../features/api-keys/components/ApiKeysPage';
import { apiKeysQueryOptions } from '../features/api-keys/queries';
import { rootRoute } from './__root';

const SEARCH_DEFAULTS: ApiKeysSearch = { q: '', sort: 'created' };

/**
 * The filter and sort of the key list. A hand-edited or outdated URL must never crash the page:
 * `.default()` fills a missing param (and keeps it optional in links), `.catch()` replaces a
 * malformed one with the same default.
 */
export const apiKeysSearchSchema = z.object({
  q: z.string().default(SEARCH_DEFAULTS.q).catch(SEARCH_DEFAULTS.q),
  sort: z.enum(['created', 'name']).default(SEARCH_DEFAULTS.sort).catch(SEARCH_DEFAULTS.sort),
});

export const apiKeysRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-keys',
  validateSearch: apiKeysSearchSchema,
  // Defaults stay out of the address bar, so the plain /api-keys is the canonical link.
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS)] },
  loader: ({ context }) => context.queryClient.ensureQueryData(apiKeysQueryOptions()),
}).lazy(() => import('./api-keys.lazy').then((module) => module.Route));
