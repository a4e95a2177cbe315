import type { z } from 'zod';

/** Form errors keyed by a dotted field path ("title", "music.isrcs", "dates_limit.end_date"). */
export type FieldErrors = Record<string, string>;

/**
 * zod issues as one message per field. Array positions are kept as a path segment
 * ("music.isrcs.2") and also reported on the array itself, so a tags input can show them.
 */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || 'form';
    out[path] ??= issue.message;
    const container = issue.path.findIndex((segment) => typeof segment === 'number');
    if (container > 0) out[issue.path.slice(0, container).map(String).join('.')] ??= issue.message;
  }
  return out;
}

/**
 * Which form field a platform error message is about, so it can be shown next to that input.
 * Platforms name the field in the message ("Field production_date must be…", "music.isrcs has an
 * invalid entry…", "excluded_segments[1]: …"); the longest field name found wins. Null when the
 * message names none of the form's fields (it then belongs at the top of the form).
 */
export function fieldOfMessage(message: string, fields: readonly string[]): string | null {
  const candidates = [...fields].sort((a, b) => b.length - a.length);
  for (const field of candidates) {
    const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(message)) return field;
  }
  return null;
}
