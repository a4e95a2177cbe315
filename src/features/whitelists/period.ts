import { OPEN_END, OPEN_START, type DatesLimit, type WhitelistInput } from '../../api';
import { formatDate } from '../../lib/format';

/**
 * A whitelist's period as the form holds it: a YYYY-MM-DD day per side, '' for an open side.
 * On the wire both sides are required; an open start is `-infinity`, an open end `infinity`.
 */
export interface PeriodFields {
  start: string;
  end: string;
}

export function toDatesLimit({ start, end }: PeriodFields): WhitelistInput['dates_limit'] {
  return { start_date: start.trim() || OPEN_START, end_date: end.trim() || OPEN_END };
}

/** "1 Jan 2026 – 31 Mar 2026", "From 1 Jan 2026", "Until 31 Mar 2026", "Any time". */
export function describePeriod(limit: DatesLimit): string {
  const start = limit.start_date ? formatDate(limit.start_date) : null;
  const end = limit.end_date ? formatDate(limit.end_date) : null;
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}, no end`;
  if (end) return `Until ${end}, no start`;
  return 'Any time (no start, no end)';
}

export type PeriodState = 'current' | 'upcoming' | 'ended';

/** Whether `today` (YYYY-MM-DD) lies before, inside or after the period (both ends inclusive). */
export function periodState(limit: DatesLimit, today: string): PeriodState {
  const start = limit.start_date?.slice(0, 10);
  const end = limit.end_date?.slice(0, 10);
  if (start && today < start) return 'upcoming';
  if (end && today > end) return 'ended';
  return 'current';
}
