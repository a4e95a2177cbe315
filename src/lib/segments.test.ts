import { describe, expect, it } from 'vitest';
import { coveredSeconds, isFullyExcluded, mergeExcluded, mergeSegments, segmentsFromFlat } from './segments';

describe('segmentsFromFlat', () => {
  it('reads start/end pairs', () => {
    expect(segmentsFromFlat([10, 45, 60, 90])).toEqual([
      { start: 10, end: 45 },
      { start: 60, end: 90 },
    ]);
  });
  it('drops a trailing odd value and backwards ranges', () => {
    expect(segmentsFromFlat([10, 45, 99])).toEqual([{ start: 10, end: 45 }]);
    expect(segmentsFromFlat([50, 40, 1, 2])).toEqual([{ start: 1, end: 2 }]);
    expect(segmentsFromFlat(undefined)).toEqual([]);
  });
});

describe('mergeSegments', () => {
  it('sorts and merges overlapping and touching ranges', () => {
    expect(
      mergeSegments([
        { start: 60, end: 90 },
        { start: 10, end: 45 },
        { start: 40, end: 50 },
        { start: 90, end: 95 },
      ]),
    ).toEqual([
      { start: 10, end: 50 },
      { start: 60, end: 95 },
    ]);
    expect(coveredSeconds([{ start: 0, end: 10 }, { start: 5, end: 15 }])).toBe(15);
  });
});

describe('mergeExcluded', () => {
  it('adds ranges to existing excluded segments without duplicating', () => {
    const existing = [{ lower: 0, upper: 5 }, { lower: 100, upper: 110 }];
    expect(mergeExcluded(existing, [{ start: 4, end: 20 }, { start: 105, end: 120 }])).toEqual([
      { lower: 0, upper: 20 },
      { lower: 100, upper: 120 },
    ]);
  });
  it('is idempotent, so a retried exclusion changes nothing', () => {
    const once = mergeExcluded([], [{ start: 10.4, end: 44.2 }]);
    expect(once).toEqual([{ lower: 10, upper: 45 }]);
    expect(mergeExcluded(once, [{ start: 10.4, end: 44.2 }])).toEqual(once);
    expect(isFullyExcluded(once, [{ start: 10.4, end: 44.2 }])).toBe(true);
    expect(isFullyExcluded(once, [{ start: 40, end: 50 }])).toBe(false);
  });
});
