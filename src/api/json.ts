import { LosslessNumber, isLosslessNumber, parse, stringify } from 'lossless-json';

const INTEGER = /^-?\d+$/;

/**
 * Every integer beyond Number's safe range (ids are signed 64-bit) arrives as a BigInt; every other
 * number as a plain number. Schemas then turn ids into decimal strings (see ids.ts).
 */
function parseNumber(text: string): number | bigint {
  if (INTEGER.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  return Number(text);
}

/** Parses JSON without losing 64-bit integers. Throws SyntaxError on malformed text. */
export function parseJson(text: string): unknown {
  return parse(text, null, parseNumber);
}

/** Serialises to JSON; LosslessNumber and BigInt values leave as exact JSON integers. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}

export { LosslessNumber, isLosslessNumber };
