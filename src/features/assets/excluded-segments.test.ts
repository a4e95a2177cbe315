import { describe, expect, it } from 'vitest';
import { checkSegments, type SegmentRow } from './excluded-segments';

const row = (key: string, lower: number | '', upper: number | ''): SegmentRow => ({ key, lower, upper });

describe('excluded segments', () => {
  it('accepts valid ranges and sends them sorted', () => {
    const check = checkSegments([row('a', 100, 120), row('b', 0, 30), row('c', 30, 60)], 240);
    expect(check).toMatchObject({ ok: true, segments: [{ lower: 0, upper: 30 }, { lower: 30, upper: 60 }, { lower: 100, upper: 120 }] });
  });

  it('rejects negatives, reversed ranges, fractions, blanks and ranges past the duration', () => {
    const check = checkSegments([row('a', -5, 10), row('b', 50, 40), row('c', 1.5, 3), row('d', '', 10), row('e', 200, 300)], 240);
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual([
      { lower: 'The start cannot be negative.' },
      { upper: 'The end must be after the start.' },
      { lower: 'Whole seconds only.' },
      { lower: 'Enter the start, in seconds.' },
      { upper: 'The asset is only 240 s (4:00) long.' },
    ]);
  });

  it('marks both ranges of an overlap', () => {
    const check = checkSegments([row('a', 10, 40), row('b', 30, 50)], 240);
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual([{ upper: 'Overlaps 0:30–0:50.' }, { lower: 'Overlaps 0:10–0:40.' }]);
  });

  it('has no upper limit when the duration is unknown', () => {
    expect(checkSegments([row('a', 10, 100_000)], undefined).ok).toBe(true);
  });
});
