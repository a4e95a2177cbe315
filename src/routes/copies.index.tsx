import { createRoute } from '@tanstack/react-router';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { copiesInfiniteQuery } from '../features/copies/queries';
import type { CopiesSearchInput } from '../features/copies/search';
import { validateCopiesSearch } from '../features/copies/search';
import { copiesRoute } from './copies';

/** The review queue; its filters are the URL's search parameters. */
export const copiesIndexRoute = createRoute({
  getParentRoute: () => copiesRoute,
  path: '/',
  validateSearch: (raw: CopiesSearchInput & SearchSchemaInput): ReturnType<typeof validateCopiesSearch> => validateCopiesSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(copiesInfiniteQuery(deps)),
}).lazy(() => import('./copies.index.lazy').then((module) => module.Route));
