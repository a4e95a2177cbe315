import { describe, expect, it } from 'vitest';
import { isCalendarDay, localDay, parseWireDate, toCopiesStartParam, wireDateOrEmptySchema, wireDateSchema, wireDay } from './dates';

describe('wire dates', () => {
  it('accepts a calendar date or a timestamp and keeps the string unchanged', () => {
    for (const value of ['2024-05-01', '2024-05-01T10:00:00.123Z', '2024-05-01T10:00:00+02:00', '2024-05-01 10:00:00']) {
      expect(wireDateSchema.parse(value)).toBe(value);
    }
    expect(wireDateSchema.safeParse('05-01-2024').success).toBe(false);
    expect(wireDateSchema.safeParse('').success).toBe(false);
  });

  it('lets "" and null through only where the platform means "not set"', () => {
    expect(wireDateOrEmptySchema.parse('')).toBe('');
    expect(wireDateOrEmptySchema.parse(null)).toBe('');
    expect(wireDateOrEmptySchema.parse('2024-01-01')).toBe('2024-01-01');
    expect(wireDateOrEmptySchema.safeParse('soon').success).toBe(false);
  });

  it('parses both forms to the same instant for a midnight UTC timestamp', () => {
    expect(parseWireDate('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(parseWireDate('2024-05-01T00:00:00.000Z')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(parseWireDate('2024-05-01T10:00:00+02:00')?.toISOString()).toBe('2024-05-01T08:00:00.000Z');
    expect(parseWireDate('')).toBeNull();
    expect(parseWireDate('2024-13-45T99')).toBeNull();
  });

  it('gives the day as written, whatever the zone', () => {
    expect(wireDay('2024-05-01T23:30:00-05:00')).toBe('2024-05-01');
    expect(wireDay('2024-05-01')).toBe('2024-05-01');
    expect(wireDay('')).toBeNull();
  });

  it('checks calendar days for real', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-1-01')).toBe(false);
  });
});

describe('copies start filter', () => {
  it('sends mm-dd-yyyy for a YYYY-MM-DD string or a Date (local calendar day)', () => {
    expect(toCopiesStartParam('2024-03-07')).toBe('03-07-2024');
    expect(toCopiesStartParam(new Date(2024, 2, 7, 23, 59))).toBe('03-07-2024');
    expect(localDay(new Date(2024, 11, 31))).toBe('2024-12-31');
  });

  it('refuses what is not a date', () => {
    expect(() => toCopiesStartParam('03-07-2024')).toThrow(RangeError);
    expect(() => toCopiesStartParam(new Date(Number.NaN))).toThrow(RangeError);
  });
});
