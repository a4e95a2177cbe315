import { parseResponse, searchRequest } from './http';
import { searchResponseSchema, type SearchResponse } from './schemas/search';

/**
 * GET /api/v1/search/check-search/{lookup_id}: blocks until the lookup completes, so there is no
 * client timeout; cancel with the signal.
 */
export async function checkSearch(lookupId: string, options?: { signal?: AbortSignal }): Promise<SearchResponse> {
  const path = `/api/v1/search/check-search/${encodeURIComponent(lookupId)}`;
  const data = await searchRequest({ path, signal: options?.signal });
  return parseResponse(searchResponseSchema, data, { iface: 'search', path, root: 'search' });
}
