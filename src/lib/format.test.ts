import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDuration, formatDurationLong, formatPercent, isoDay, parseDate } from './format';

describe('formatDuration', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(205.9)).toBe('3:25');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
  it('answers a dash for missing or impossible values', () => {
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });
  it('spells durations out for descriptions', () => {
    expect(formatDurationLong(45)).toBe('45 s');
    expect(formatDurationLong(3723)).toBe('1 h 2 min 3 s');
    expect(formatDurationLong(120)).toBe('2 min');
    expect(formatDurationLong(0)).toBe('0 s');
  });
});

describe('formatCount', () => {
  it('keeps small numbers whole', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('compacts with one decimal below ten units and truncates rather than rounding up', () => {
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(12_345)).toBe('12K');
    expect(formatCount(999_999)).toBe('999K');
    expect(formatCount(1_250_000)).toBe('1.2M');
    expect(formatCount(3_000_000_000)).toBe('3B');
    expect(formatCount(-2500)).toBe('-2.5K');
  });
  it('answers a dash for non-numbers', () => {
    expect(formatCount(null)).toBe('—');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('dates', () => {
  it('reads calendar days as UTC and timestamps as instants', () => {
    expect(parseDate('2026-11-20')?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseDate('2026-11-20T23:30:00.000Z')?.toISOString()).toBe('2026-11-20T23:30:00.000Z');
    expect(parseDate('2026-11-20T10:00:00+02:00')?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
  });
  it('rejects empty, impossible and non-ISO text', () => {
    expect(parseDate('')).toBeNull();
    expect(parseDate('2026-02-31')).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
    expect(parseDate('11-20-2026')).toBeNull();
  });
  it('formats days and times in UTC', () => {
    expect(formatDate('2026-11-20T23:30:00.000Z')).toBe('20 Nov 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDateTime('2026-11-20T09:05:00Z')).toBe('20 Nov 2026, 09:05 UTC');
    expect(formatDate(undefined)).toBe('—');
    expect(isoDay('2026-11-20T23:30:00.000Z')).toBe('2026-11-20');
    expect(isoDay('nonsense')).toBe('');
  });
  it('rounds percentages', () => {
    expect(formatPercent(41.6)).toBe('42%');
    expect(formatPercent(undefined)).toBe('—');
  });
});
