import { z } from 'zod';

// Dates stay the strings the platform sent. Both wire forms are ISO 8601: a calendar date
// (YYYY-MM-DD, as the spec describes production_date and date_uploaded) or a full timestamp
// (as the samples show, with Z or an offset). The schemas only check that a value starts with a
// calendar date; use parseWireDate for a Date and wireDay for the calendar day as written.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const STARTS_WITH_DAY = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;

/** A date or timestamp string as sent by the platform (kept unchanged). */
export const wireDateSchema = z.string().regex(STARTS_WITH_DAY, { error: 'expected a date (YYYY-MM-DD) or an ISO timestamp' });

/** The same, where the platform sends '' for "not set" (tracked_from, production_date). */
export const wireDateOrEmptySchema = z
  .string()
  .nullish()
  .transform((value) => value ?? '')
  .pipe(z.union([z.literal(''), wireDateSchema]));

/** A real calendar date YYYY-MM-DD (request bodies and filters). */
export const calendarDaySchema = z.string().refine(isCalendarDay, { error: 'expected a date as YYYY-MM-DD' });

export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * The instant a wire date stands for: a bare YYYY-MM-DD is midnight UTC of that day; a timestamp
 * is read with its own zone. Null for '' or anything unreadable.
 */
export function parseWireDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = DAY.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day as written on the wire (YYYY-MM-DD), ignoring any time; null when absent. */
export function wireDay(value: string | null | undefined): string | null {
  if (!value || !STARTS_WITH_DAY.test(value)) return null;
  return value.slice(0, 10);
}

/** YYYY-MM-DD of a Date by its local calendar (what a date picker shows). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The copies `start` filter wants mm-dd-yyyy, unlike every other date of the platform.
 * Accepts a Date (local calendar day) or a YYYY-MM-DD string.
 */
export function toCopiesStartParam(value: Date | string): string {
  const day = typeof value === 'string' ? value : localDay(value);
  const match = DAY.exec(day);
  if (!match || !isCalendarDay(day)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${day}`);
  return `${match[2]}-${match[3]}-${match[1]}`;
}
