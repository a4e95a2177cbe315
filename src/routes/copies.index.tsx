import { createRoute, useNavigate } from '@tanstack/react-router';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { CopiesQueuePage } from '../features/copies/components/CopiesQueuePage';
import { copiesInfiniteQuery } from '../features/copies/queries';
import type { CopiesSearchInput } from '../features/copies/search';
import { toSearchInput, validateCopiesSearch } from '../features/copies/search';
import { copiesRoute } from './copies';

/** The review queue; its filters are the URL's search parameters. */
export const copiesIndexRoute = createRoute({
  getParentRoute: () => copiesRoute,
  path: '/',
  validateSearch: (raw: CopiesSearchInput & SearchSchemaInput): ReturnType<typeof validateCopiesSearch> => validateCopiesSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(copiesInfiniteQuery(deps)),
  component: CopiesIndexRouteComponent,
});

function CopiesIndexRouteComponent() {
  const search = copiesIndexRoute.useSearch();
  const navigate = useNavigate({ from: copiesIndexRoute.fullPath });
  return (
    <CopiesQueuePage
      search={search}
      onSearchChange={(next) => void navigate({ search: toSearchInput(next) })}
      onOpenCopy={(matchId) => void navigate({ to: '/copies/$matchId', params: { matchId } })}
    />
  );
}
