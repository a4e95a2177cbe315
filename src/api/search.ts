import { z } from 'zod';
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

/** One lookup the embedded sandbox holds (sandbox only: the platform's start endpoints are not in the spec). */
export const sandboxLookupSchema = z.object({
  lookup_id: z.string(),
  kind: z.enum(['matching', 'classification', 'both']),
  created_at: z.string(),
  ready_at: z.string(),
  complete: z.boolean(),
});
export type SandboxLookup = z.infer<typeof sandboxLookupSchema>;

/** GET /sandbox/search/lookups through the Search proxy: only answers when Search is the embedded sandbox. */
export async function listSandboxLookups(options?: { signal?: AbortSignal }): Promise<SandboxLookup[]> {
  const path = '/sandbox/search/lookups';
  const data = await searchRequest({ path, signal: options?.signal });
  return parseResponse(z.array(sandboxLookupSchema), data, { iface: 'search', path, root: 'lookups' });
}
