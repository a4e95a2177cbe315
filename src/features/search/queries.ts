import { queryOptions } from '@tanstack/react-query';
import { checkSearch, listSandboxLookups, type SearchResponse } from '../../api';

/**
 * A completed lookup. check-search blocks until the lookup is complete, so the call has no timeout
 * and is cancelled through the query's signal (the Cancel button, or leaving the page). A completed
 * result never changes, so it never goes stale and is not refetched on focus.
 */
export function lookupQuery(lookupId: string) {
  return queryOptions({
    queryKey: ['search', 'lookup', lookupId] as const,
    queryFn: ({ signal }) => checkSearch(lookupId, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { iface: 'search' },
  });
}

/** The sandbox's lookups, offered as suggestions (only asked for when Search is the embedded sandbox). */
export function sandboxLookupsQuery() {
  return queryOptions({
    queryKey: ['search', 'sandbox-lookups'] as const,
    queryFn: ({ signal }) => listSandboxLookups({ signal }),
    staleTime: 10_000,
    meta: { iface: 'search' },
  });
}

/** A one-line description for the recent list: "2 matches · classification", "classification only". */
export function lookupSummary(response: SearchResponse): string {
  const parts: string[] = [];
  if (response.matches !== null) parts.push(`${response.matches.length} ${response.matches.length === 1 ? 'match' : 'matches'}`);
  if (response.content_classification !== null) parts.push(parts.length ? 'classification' : 'classification only');
  return parts.length ? parts.join(' · ') : 'no results';
}
