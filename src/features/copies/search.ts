import { z } from 'zod';
import { asId } from '../../api/ids';
import type { Id } from '../../api/ids';
import { isCalendarDay } from '../../api/dates';

// The queue's filters live in the URL (shareable, survive reload). Each parameter is validated on
// its own and falls back to "no filter" when it is malformed, so one bad value never breaks the page.

/** An id typed in a URL: digits (as text, or a number the URL parser produced if it is exact). */
const idParam = z
  .unknown()
  .transform((value, ctx): Id => {
    const id = typeof value === 'number' && !Number.isSafeInteger(value) ? null : asId(value);
    if (id === null || id.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: 'not an id' });
      return z.NEVER;
    }
    return id;
  })
  .optional()
  .catch(undefined);

const textParam = (max: number, pattern?: RegExp) =>
  z
    .unknown()
    .transform((value, ctx): string => {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (text === '' || text.length > max || (pattern && !pattern.test(text))) {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return text;
    })
    .optional()
    .catch(undefined);

export const TAKEN_DOWN_VALUES = ['yes', 'no'] as const;

export const copiesSearchSchema = z.object({
  asset: idParam,
  status: idParam,
  collection: idParam,
  platform: textParam(60),
  /** The platform matches ISRCs made of letters and digits only. */
  isrc: textParam(20, /^[A-Za-z0-9]+$/),
  /** yes: only taken-down copies; no: only copies still up; absent: both. */
  taken: z.enum(TAKEN_DOWN_VALUES).optional().catch(undefined),
  /** YYYY-MM-DD: copies updated on or after this day. */
  since: z
    .string()
    .refine(isCalendarDay)
    .optional()
    .catch(undefined),
});

export type CopiesSearch = z.infer<typeof copiesSearchSchema>;

/**
 * validateSearch of the /copies route: never throws. Every key is present in the result (undefined
 * when absent or invalid), because the router lays the result over the raw parameters: a key left
 * out would let the raw, invalid value through.
 */
export function validateCopiesSearch(raw: CopiesSearchInput | Record<string, unknown>): CopiesSearch {
  const parsed = copiesSearchSchema.parse(raw ?? {});
  return {
    asset: parsed.asset,
    status: parsed.status,
    collection: parsed.collection,
    platform: parsed.platform,
    isrc: parsed.isrc,
    taken: parsed.taken,
    since: parsed.since,
  };
}

export const FILTER_LABELS: Record<keyof CopiesSearch, string> = {
  asset: 'Asset',
  status: 'Status',
  collection: 'Collection',
  platform: 'Platform',
  isrc: 'ISRC',
  taken: 'Taken down',
  since: 'Updated since',
};

/** Filters in use; keys outside the queue's own (left in the URL by hand) do not count. */
export function activeFilterCount(search: CopiesSearch): number {
  return (Object.keys(FILTER_LABELS) as Array<keyof CopiesSearch>).filter((key) => search[key] !== undefined).length;
}

/** What may be handed to the router for the URL: ids as numbers when exact, so links stay readable. */
export type CopiesSearchInput = {
  asset?: string | number;
  status?: string | number;
  collection?: string | number;
  platform?: string;
  isrc?: string;
  taken?: 'yes' | 'no';
  since?: string;
};

function idForUrl(id: Id | undefined): string | number | undefined {
  if (id === undefined) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : id;
}

/**
 * The search for a link or navigation. Ids within 2^53 go out as plain numbers (`?status=40`);
 * larger ones stay strings, which the router writes quoted so no digit is lost.
 */
export function toSearchInput(search: CopiesSearch): CopiesSearchInput {
  const out: CopiesSearchInput = {
    asset: idForUrl(search.asset),
    status: idForUrl(search.status),
    collection: idForUrl(search.collection),
    platform: search.platform,
    isrc: search.isrc,
    taken: search.taken,
    since: search.since,
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined)) as CopiesSearchInput;
}
