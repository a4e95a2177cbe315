import { z } from 'zod';
import type { ListAssetsParams } from '../../api';
import { normaliseIsrc } from './identifiers';

// The asset list's filters live in the URL. Each parameter falls back to "no filter" when it is
// malformed, so a hand-edited or outdated link never breaks the page.

export const ASSET_STATUS_FILTERS = ['failed', 'uploaded', 'sampled'] as const;
export type AssetStatusFilter = (typeof ASSET_STATUS_FILTERS)[number];
export const TRACKED_FILTERS = ['yes', 'no'] as const;

/** At most this many ISRCs in one filter (they are sent as repeated query parameters). */
export const MAX_ISRC_FILTERS = 20;

const isrcList = z
  .unknown()
  .transform((value): string[] | undefined => {
    const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
    const valid = raw.flatMap((entry) => (typeof entry === 'string' ? [normaliseIsrc(entry)] : [])).filter((v): v is string => v !== null);
    const unique = [...new Set(valid)].slice(0, MAX_ISRC_FILTERS);
    return unique.length > 0 ? unique : undefined;
  })
  .catch(undefined);

export const assetsSearchSchema = z.object({
  status: z.enum(ASSET_STATUS_FILTERS).optional().catch(undefined),
  tracked: z.enum(TRACKED_FILTERS).optional().catch(undefined),
  isrc: isrcList.optional(),
});

export type AssetsSearch = z.infer<typeof assetsSearchSchema>;

/** validateSearch of /assets: never throws; absent filters stay out of the URL. */
export function validateAssetsSearch(raw: Record<string, unknown>): AssetsSearch {
  const parsed = assetsSearchSchema.parse(raw ?? {});
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as AssetsSearch;
}

export function listParamsOf(search: AssetsSearch): ListAssetsParams {
  return {
    status: search.status,
    is_tracked: search.tracked === undefined ? undefined : search.tracked === 'yes',
    isrc: search.isrc,
  };
}

export function activeFilterCount(search: AssetsSearch): number {
  return (search.status ? 1 : 0) + (search.tracked ? 1 : 0) + (search.isrc?.length ? 1 : 0);
}
