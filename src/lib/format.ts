// Formatting shared by every area: durations, compact counts, dates and percentages.
// Every function accepts missing or malformed input and answers with an em dash rather than "NaN".

export const MISSING = '—';

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Seconds as m:ss, or h:mm:ss from one hour on. Fractions are rounded down to whole seconds. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!isFiniteNumber(seconds) || seconds < 0) return MISSING;
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${m}:${ss}`;
}

/** A duration for screen readers and tooltips: "1 h 2 min 3 s", "45 s". */
export function formatDurationLong(seconds: number | null | undefined): string {
  if (!isFiniteNumber(seconds) || seconds < 0) return MISSING;
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h} h`);
  if (m) parts.push(`${m} min`);
  if (s || parts.length === 0) parts.push(`${s} s`);
  return parts.join(' ');
}

const COUNT_UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Counts the way dashboards show them: 999, 1.2K, 12K, 1.2M, 3B. Rounds down so 999,999 never shows as 1000K. */
export function formatCount(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return MISSING;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}${Math.floor(abs)}`;
  for (const [size, unit] of COUNT_UNITS) {
    if (abs >= size) {
      const scaled = abs / size;
      // One decimal below 10 (1.2M), none above (12M, 120M); always truncated, never rounded up.
      const shown = scaled < 10 ? Math.floor(scaled * 10) / 10 : Math.floor(scaled);
      return `${sign}${shown}${unit}`;
    }
  }
  return `${sign}${abs}`;
}

/** A full count with thousands separators: 1,234,567. */
export function formatInteger(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return MISSING;
  return Math.trunc(value).toLocaleString('en-US');
}

/** A whole percentage: "42%". */
export function formatPercent(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return MISSING;
  return `${Math.round(value)}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Parses the spec's date shapes: YYYY-MM-DD (a calendar day, read as UTC midnight) or a full
 * ISO 8601 timestamp. Returns null for anything else, including the empty string.
 */
export function parseDate(value: string | null | undefined): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return date.getUTCMonth() === Number(day[2]) - 1 ? date : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "20 Nov 2026" (UTC, so a calendar day never shifts with the viewer's time zone). */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return MISSING;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "20 Nov 2026, 14:05 UTC". */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return MISSING;
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(value)}, ${hh}:${mm} UTC`;
}

/** YYYY-MM-DD of a timestamp or day (UTC), or '' when it cannot be read. For CSV and inputs. */
export function isoDay(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? date.toISOString().slice(0, 10) : '';
}
