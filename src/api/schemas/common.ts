import { z } from 'zod';
import { isLosslessNumber } from '../json';

// Small building blocks shared by the response schemas. Lenient where the spec leaves room
// (absent or null optional values), strict where it states a type or a value set.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/**
 * Wraps an object schema so that alternative wire spellings land on the internal name:
 * `{ dislikes_count: ['dislike_count'] }` copies `dislike_count` into `dislikes_count` when the
 * latter is absent. The object schema then strips the alternative.
 */
export function withAliases<T extends z.ZodType>(aliases: Record<string, readonly string[]>, schema: T) {
  return z.preprocess((input) => {
    if (!isRecord(input)) return input;
    const out: Record<string, unknown> = { ...input };
    for (const [name, alternatives] of Object.entries(aliases)) {
      if (out[name] !== undefined) continue;
      const found = alternatives.find((alt) => out[alt] !== undefined);
      if (found !== undefined) out[name] = out[found];
    }
    return out;
  }, schema);
}

/** `<name>_id` may be missing while `<name>_id_str` carries it. */
export function idAliases(...names: string[]): Record<string, readonly string[]> {
  return Object.fromEntries(names.map((name) => [name, [`${name}_str`]]));
}

/** A string that may be absent or null; '' then. */
export const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** An array that may be absent or null; [] then. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value) => value ?? []);
}

/** A boolean that the spec describes as a string in places: true, false, "true", "false". */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'expected true or false' })
  .transform((value) => value === true || value === 'true');

/** A count or measure: a number (a huge integer, parsed as BigInt, becomes the nearest number). */
export const numeric = z
  .union([z.number(), z.bigint()], { error: 'expected a number' })
  .transform((value) => Number(value));

/** A string the wire may also send as a number (search asset ids, sound ids). */
export const stringish = z
  .union([z.string(), z.number(), z.bigint()], { error: 'expected a string' })
  .transform((value) => String(value));

/** `processing_status`: a bare status string in lists, `{status, error}` in details. */
export const processingStatusSchema = z.union(
  [
    z.string().transform((status) => ({ status, error: '' })),
    z.object({ status: z.string(), error: text }),
  ],
  { error: 'expected a status string or {status, error}' },
);
export type ProcessingStatus = z.infer<typeof processingStatusSchema>;

export const mediaTypeSchema = z.enum(['audio', 'video', 'audiovisual']);
export type MediaType = z.infer<typeof mediaTypeSchema>;

export const matchTypeSchema = z.enum(['audio', 'video']);
export type MatchType = z.infer<typeof matchTypeSchema>;

/** Optional on the wire (absent or null): undefined then. */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => (value ?? undefined) as z.output<T> | undefined);
}

/** An object the wire may omit or send as null: parsed as {} so its own defaults apply. */
export function objectOrEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema);
}
