import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { HISTORY_STATUSES } from '../features/detector/history-store';
import { HISTORY_SORTS, VERDICT_FILTERS, type HistoryView } from '../features/detector/history';
import { rootRoute } from './__root';

const SEARCH_DEFAULTS: HistoryView = { sort: 'date-desc', verdict: 'all', status: 'all' };

/** The history's sort and filters; a missing or malformed param falls back to its default. */
export const detectorSearchSchema = z.object({
  sort: z.enum(HISTORY_SORTS).default(SEARCH_DEFAULTS.sort).catch(SEARCH_DEFAULTS.sort),
  verdict: z.enum(VERDICT_FILTERS).default(SEARCH_DEFAULTS.verdict).catch(SEARCH_DEFAULTS.verdict),
  status: z.enum(['all', ...HISTORY_STATUSES]).default(SEARCH_DEFAULTS.status).catch(SEARCH_DEFAULTS.status),
});

export const detectorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/detector',
  validateSearch: detectorSearchSchema,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS)] },
}).lazy(() => import('./detector.lazy').then((module) => module.Route));
