import { describe, expect, it } from 'vitest';
import { asId, compareIds, idSchema, idToJson, isId, toId } from './ids';
import { parseJson, stringifyJson } from './json';

describe('lossless JSON', () => {
  it('keeps integers above 2^53 exact and small numbers as numbers', () => {
    const data = parseJson('{"a": 9007199254740993, "b": 7340032123456789012, "c": 42, "d": 0.25, "e": -9223372036854775808}') as Record<string, unknown>;
    expect(data.a).toBe(9007199254740993n);
    expect(data.b).toBe(7340032123456789012n);
    expect(data.c).toBe(42);
    expect(data.d).toBe(0.25);
    expect(data.e).toBe(-9223372036854775808n);
  });

  it('writes LosslessNumber and BigInt back as exact JSON integers', () => {
    expect(stringifyJson({ ids: [idToJson(toId('9007199254740993')), 7340032123456789012n], n: 1.5 })).toBe('{"ids":[9007199254740993,7340032123456789012],"n":1.5}');
  });
});

describe('Id', () => {
  it('accepts digit strings, safe integers, BigInts and yields the canonical string', () => {
    expect(idSchema.parse('9007199254740993')).toBe('9007199254740993');
    expect(idSchema.parse(12)).toBe('12');
    expect(idSchema.parse(9223372036854775807n)).toBe('9223372036854775807');
    expect(idSchema.parse('007')).toBe('7');
    expect(idSchema.parse('-5')).toBe('-5');
  });

  it('refuses unsafe numbers (already rounded), non-digits and values outside signed 64-bit', () => {
    expect(idSchema.safeParse(2 ** 53 + 2).success).toBe(false);
    expect(idSchema.safeParse('12a').success).toBe(false);
    expect(idSchema.safeParse('9223372036854775808').success).toBe(false);
    expect(idSchema.safeParse(1.5).success).toBe(false);
    expect(idSchema.safeParse(null).success).toBe(false);
    expect(asId('')).toBeNull();
  });

  it('round-trips a 19-digit id from wire text to a request body byte-exactly', () => {
    const wire = '{"collection_ids":[9007199254740993,7340032123456789012]}';
    const parsed = parseJson(wire) as { collection_ids: unknown[] };
    const ids = parsed.collection_ids.map((v) => idSchema.parse(v));
    expect(ids).toEqual(['9007199254740993', '7340032123456789012']);
    expect(stringifyJson({ collection_ids: ids.map(idToJson) })).toBe(wire);
  });

  it('orders ids numerically, not as text', () => {
    expect(compareIds(toId('9'), toId('10'))).toBe(-1);
    expect(compareIds(toId('7340032123456789012'), toId('7340032123456789011'))).toBe(1);
    expect(compareIds(toId('5'), toId('5'))).toBe(0);
  });

  it('tells ids from other strings', () => {
    expect(isId('123')).toBe(true);
    expect(isId('0123')).toBe(false);
    expect(isId('abc')).toBe(false);
    expect(() => toId('abc')).toThrow(RangeError);
  });
});
