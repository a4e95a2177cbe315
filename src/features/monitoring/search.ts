import { z } from 'zod';
import { isCalendarDay } from '../../api/dates';
import type { ListMonitoringParams } from '../../api/discovery';
import { MONITORING_STATUSES } from '../../api/schemas/discovery';
import type { MonitoringStatus } from '../../api/schemas/discovery';

// The monitoring list's filters live in the URL. Each key is validated on its own and falls back to
// "no filter" (zod .catch), so a hand-edited or stale link never breaks the page.

const dayParam = z.string().refine(isCalendarDay).optional().catch(undefined);

export const monitoringSearchSchema = z.object({
  status: z.enum(MONITORING_STATUSES).optional().catch(undefined),
  /** yes: music was detected in the post; no: it was not; absent: both. */
  music: z.enum(['yes', 'no']).optional().catch(undefined),
  /** YYYY-MM-DD, the exact upload day; wins over the range. */
  date: dayParam,
  from: dayParam,
  to: dayParam,
});

export type MonitoringSearch = z.infer<typeof monitoringSearchSchema>;

/** validateSearch of /monitoring: never throws, every key present (undefined when absent or invalid). */
export function validateMonitoringSearch(raw: Record<string, unknown> | undefined): MonitoringSearch {
  const parsed = monitoringSearchSchema.parse(raw ?? {});
  return { status: parsed.status, music: parsed.music, date: parsed.date, from: parsed.from, to: parsed.to };
}

/** The search without its undefined keys, for navigation (clean URLs). */
export function compactSearch(search: MonitoringSearch): MonitoringSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as MonitoringSearch;
}

export function activeFilterCount(search: MonitoringSearch): number {
  return Object.values(search).filter((value) => value !== undefined).length;
}

/** Both an exact day and a range are set: the platform uses the exact day and ignores the range. */
export function exactDayOverridesRange(search: MonitoringSearch): boolean {
  return search.date !== undefined && (search.from !== undefined || search.to !== undefined);
}

/** The filters as listMonitoring parameters; the range is left out when the exact day wins. */
export function listParams(search: MonitoringSearch): ListMonitoringParams {
  return {
    status: search.status,
    music_detected: search.music === undefined ? undefined : search.music === 'yes',
    date_uploaded: search.date,
    date_uploaded_from: search.date ? undefined : search.from,
    date_uploaded_to: search.date ? undefined : search.to,
  };
}

export const STATUS_LABELS: Record<MonitoringStatus, string> = {
  needs_review: 'Needs review',
  reviewed: 'Reviewed',
  licensed: 'Licensed',
  muted: 'Muted',
  removed: 'Removed',
};

/** Colours readable as light badges in both schemes; never the only signal (the label is always shown). */
export const STATUS_COLORS: Record<MonitoringStatus, string> = {
  needs_review: 'orange',
  reviewed: 'blue',
  licensed: 'teal',
  muted: 'grape',
  removed: 'red',
};

/** Keys 1–5 in this order. */
export const STATUS_KEYS: readonly MonitoringStatus[] = MONITORING_STATUSES;

/**
 * Text colour for a light badge or button of `color` that keeps 4.5:1 in both schemes (Mantine's
 * own light-variant text is too pale in the light scheme for orange, teal and violet).
 */
export function readableText(color: string): string {
  return `light-dark(color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black), var(--mantine-color-${color}-2))`;
}
