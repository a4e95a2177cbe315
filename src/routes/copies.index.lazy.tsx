import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { CopiesQueuePage } from '../features/copies/components/CopiesQueuePage';
import { toSearchInput } from '../features/copies/search';

const route = getRouteApi('/copies/');

/** The page of /copies, loaded with its own chunk (./copies.index.tsx holds its URL state and loader). */
export const Route = createLazyRoute('/copies/')({ component: CopiesIndexRouteComponent });

function CopiesIndexRouteComponent() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <CopiesQueuePage
      search={search}
      onSearchChange={(next) => void navigate({ search: toSearchInput(next) })}
      onOpenCopy={(matchId) => void navigate({ to: '/copies/$matchId', params: { matchId } })}
    />
  );
}
