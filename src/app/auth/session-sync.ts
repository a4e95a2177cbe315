import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { getBrowserApiKey, subscribeBrowserApiKey } from '../../api/auth';

/**
 * Keeps the router and the query cache in step with the tab's key:
 * - signed out: the root route shows sign-in again, then the cache (another organisation's data
 *   must never show after the next sign-in) is dropped, all but the server's own configuration;
 * - signed in (first time or again after a refusal): routes reload and every query refetches, so
 *   whatever failed with the old key resumes where it was.
 */
export function syncSessionWithRouter(router: AnyRouter, queryClient: QueryClient): () => void {
  let previous = getBrowserApiKey();
  return subscribeBrowserApiKey(() => {
    const current = getBrowserApiKey();
    if (current === previous) return;
    previous = current;
    if (current === null) {
      // Unmount the pages first so their queries do not refetch without a key.
      void router.invalidate().then(() => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'server' }));
    } else {
      void queryClient.invalidateQueries();
      void router.invalidate();
    }
  });
}
