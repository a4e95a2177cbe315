import { describe, expect, it } from 'vitest';
import { datesLimitSchema, whitelistInputSchema } from '../../api';
import { describePeriod, periodState, toDatesLimit } from './period';

describe('toDatesLimit', () => {
  it('sends an empty side as the open value the platform expects', () => {
    expect(toDatesLimit({ start: '', end: '2026-03-31' })).toEqual({ start_date: '-infinity', end_date: '2026-03-31' });
    expect(toDatesLimit({ start: '2026-01-01', end: ' ' })).toEqual({ start_date: '2026-01-01', end_date: 'infinity' });
    expect(toDatesLimit({ start: '', end: '' })).toEqual({ start_date: '-infinity', end_date: 'infinity' });
  });

  it('gives bodies the API schema accepts, and rejects a start after the end', () => {
    const valid = (start: string, end: string) => whitelistInputSchema.safeParse({ title: 'Partners', dates_limit: toDatesLimit({ start, end }) }).success;
    expect(valid('', '')).toBe(true);
    expect(valid('2026-01-01', '')).toBe(true);
    expect(valid('2026-02-01', '2026-01-01')).toBe(false);
    expect(valid('2026-02-30', '')).toBe(false);
  });
});

describe('describePeriod and periodState', () => {
  // Read through the response schema, as the pages see it: open sides become null.
  const limit = (start_date: string, end_date: string) => datesLimitSchema.parse({ start_date, end_date });

  it('names open sides in words', () => {
    expect(describePeriod(limit('2026-01-01', '2026-03-31'))).toBe('1 Jan 2026 – 31 Mar 2026');
    expect(describePeriod(limit('2026-01-01', 'infinity'))).toBe('From 1 Jan 2026, no end');
    expect(describePeriod(limit('-infinity', '2026-03-31'))).toBe('Until 31 Mar 2026, no start');
    expect(describePeriod(limit('-infinity', 'infinity'))).toBe('Any time (no start, no end)');
  });

  it('places today before, inside or after the period, ends inclusive', () => {
    const period = limit('2026-01-01', '2026-03-31');
    expect(periodState(period, '2025-12-31')).toBe('upcoming');
    expect(periodState(period, '2026-01-01')).toBe('current');
    expect(periodState(period, '2026-03-31')).toBe('current');
    expect(periodState(period, '2026-04-01')).toBe('ended');
    expect(periodState(limit('-infinity', 'infinity'), '1999-01-01')).toBe('current');
  });
});
