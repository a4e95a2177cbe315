import { z } from 'zod';
import { LosslessNumber, isLosslessNumber } from './json';

declare const idBrand: unique symbol;

/**
 * A platform id (signed 64-bit integer on the wire) held as its canonical decimal string, so values
 * above 2^53 never lose precision. Copy status codes are Ids too: custom codes are 64-bit.
 */
export type Id = string & { readonly [idBrand]: true };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DIGITS = /^-?\d{1,19}$/;

/** The canonical Id for a wire or user value, or null when it is not a signed 64-bit integer. */
export function asId(value: unknown): Id | null {
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return null;
    big = BigInt(value);
  } else if (typeof value === 'string' || isLosslessNumber(value)) {
    const text = String(value).trim();
    if (!DIGITS.test(text)) return null;
    big = BigInt(text);
  } else return null;
  if (big < INT64_MIN || big > INT64_MAX) return null;
  return big.toString() as Id;
}

/** Like asId, but throws on anything that is not an id (for values the caller vouches for). */
export function toId(value: string | number | bigint): Id {
  const id = asId(value);
  if (id === null) throw new RangeError(`Not a 64-bit integer id: ${String(value)}`);
  return id;
}

export function isId(value: unknown): value is Id {
  return typeof value === 'string' && asId(value) === value;
}

/**
 * Accepts a digit string, a safe integer, a BigInt or a LosslessNumber and yields the Id string.
 * Unsafe JavaScript numbers are refused: they have already lost digits.
 */
export const idSchema = z.unknown().transform((value, ctx): Id => {
  const id = asId(value);
  if (id !== null) return id;
  ctx.addIssue({
    code: 'custom',
    message: value === undefined ? 'is missing' : `expected an integer id, got ${describeValue(value)}`,
  });
  return z.NEVER;
});

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number') return Number.isInteger(value) ? `${value} (beyond 2^53, precision lost)` : String(value);
  return value === null ? 'null' : typeof value;
}

/** An id as a JSON integer for request bodies (exact, whatever its size). */
export function idToJson(id: Id): LosslessNumber {
  return new LosslessNumber(id);
}

/** Numeric order of two ids (strings of different lengths do not compare as text). */
export function compareIds(a: Id, b: Id): -1 | 0 | 1 {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
