import { describe, expect, it } from 'vitest';
import { searchResponseSchema, type ClassificationSegment } from '../../api';
import {
  axisExtent,
  classificationSpan,
  confidenceFraction,
  extraFields,
  fieldLabel,
  formatConfidence,
  formatReleaseDate,
  formatTimestamp,
  laneBlocks,
  matchSummary,
  placeSegments,
  scalarText,
  tableColumns,
  timeTicks,
} from './model';

const seg = (start: number, end: number, confidence: number): ClassificationSegment => ({ start, end, confidence, subclasses: [] });

describe('placeSegments', () => {
  it('reads numeric and clock-string timestamps and counts the unreadable ones', () => {
    const response = searchResponseSchema.parse({
      lookup_ids: ['lk'],
      query_file_duration_seconds: 180,
      matches: [
        {
          asset: { title: 'A', id: 'trk_1', dsp: [] },
          match_details: {
            audio: {
              query_match_duration_seconds: 1,
              query_match_percentage: 1,
              asset_match_duration_seconds: 1,
              asset_match_percentage: 1,
              segments: [
                { query_start: 12, query_end: 54.5, asset_start: 61.2, asset_end: 103.7, audio_pitch: 1.03, audio_speed: 1, melody_transposition: null, confidence: 97.4 },
                { query_start: '1:00', query_end: '01:10.5', asset_start: '0', asset_end: '10.5', confidence: 50 },
                { query_start: 'soon', query_end: 3, asset_start: 0, asset_end: 1 },
              ],
            },
          },
        },
      ],
    });
    const { placed, unreadable } = placeSegments(response.matches![0]!.match_details.audio!.segments);
    expect(unreadable).toBe(1);
    expect(placed).toEqual([
      { number: 1, queryStart: 12, queryEnd: 54.5, assetStart: 61.2, assetEnd: 103.7, pitch: 1.03, speed: 1, transposition: null, confidence: 97.4 },
      { number: 2, queryStart: 60, queryEnd: 70.5, assetStart: 0, assetEnd: 10.5, pitch: null, speed: null, transposition: null, confidence: 50 },
    ]);
  });
});

describe('formatting', () => {
  it('writes timestamps with a tenth of a second only when there is one', () => {
    expect(formatTimestamp(54.5)).toBe('0:54.5');
    expect(formatTimestamp(61)).toBe('1:01');
    expect(formatTimestamp(3725.04)).toBe('1:02:05');
    expect(formatTimestamp(59.96)).toBe('1:00');
    expect(formatTimestamp(12.6, 0)).toBe('0:13');
    expect(formatTimestamp(-1)).toBe('—');
    expect(formatTimestamp(null)).toBe('—');
  });

  it('writes release dates as far as they are known', () => {
    expect(formatReleaseDate({ year: 2024, month: 3, day: 15 })).toBe('2024-03-15');
    expect(formatReleaseDate({ year: 2024, month: 3, day: null })).toBe('2024-03');
    expect(formatReleaseDate({ year: 2024, month: 13, day: 1 })).toBe('2024');
    expect(formatReleaseDate({ year: null, month: 3, day: 1 })).toBe('—');
    expect(formatReleaseDate(null)).toBe('—');
  });

  it('reads confidences on either scale', () => {
    expect(confidenceFraction(93.5)).toBeCloseTo(0.935);
    expect(confidenceFraction(0.82)).toBe(0.82);
    expect(confidenceFraction(-3)).toBeNull();
    expect(formatConfidence(93.5)).toBe('93.5%');
    expect(formatConfidence(0.823)).toBe('0.82');
    expect(formatConfidence(null)).toBe('—');
  });

  it('labels unknown fields and values as text', () => {
    expect(fieldLabel('transposition_semitones')).toBe('Transposition semitones');
    expect(fieldLabel('framesMatched')).toBe('Frames matched');
    expect(scalarText(true)).toBe('yes');
    expect(scalarText(12n)).toBe('12');
    expect(scalarText('')).toBe('—');
    expect(scalarText('<b>x</b>')).toBe('<b>x</b>');
  });
});

describe('timeTicks', () => {
  it('steps in round times, at most six ticks', () => {
    expect(timeTicks(214.6)).toEqual([0, 60, 120, 180]);
    expect(timeTicks(95)).toEqual([0, 30, 60, 90]);
    expect(timeTicks(240)).toEqual([0, 60, 120, 180, 240]);
    expect(timeTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(timeTicks(20000).length).toBeLessThanOrEqual(6);
    expect(timeTicks(0)).toEqual([0]);
  });
});

describe('axisExtent', () => {
  it('uses the duration, stretched to a segment that ends beyond it', () => {
    expect(axisExtent(180, [54.5, 131])).toBe(180);
    expect(axisExtent(100, [120])).toBe(120);
    expect(axisExtent(null, [40])).toBe(40);
    expect(axisExtent(undefined, [])).toBe(1);
  });
});

describe('classification lanes', () => {
  it('places blocks in percent of the span, fainter when less confident', () => {
    const blocks = laneBlocks([seg(0, 32.4, 96.2), seg(88.2, 95, 40)], 95);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.left).toBe(0);
    expect(blocks[0]!.width).toBeCloseTo((32.4 / 95) * 100);
    expect(blocks[1]!.left).toBeCloseTo((88.2 / 95) * 100);
    expect(blocks[1]!.width).toBeCloseTo((6.8 / 95) * 100);
    expect(blocks[0]!.opacity).toBeGreaterThan(blocks[1]!.opacity);
    expect(blocks[1]!.opacity).toBeCloseTo(0.35 + 0.65 * 0.4);
  });

  it('drops reversed segments, clamps to the span and keeps tiny ones visible', () => {
    const blocks = laneBlocks([seg(10, 5, 90), seg(90, 120, 90), seg(50, 50, 90)], 100);
    expect(blocks.map((b) => [b.left, Math.round(b.width * 10) / 10])).toEqual([
      [90, 10],
      [50, 0.5],
    ]);
    expect(laneBlocks([seg(0, 1, 1)], 0)).toEqual([]);
  });

  it('spans the file duration, or the last end when the duration is missing', () => {
    const classification = { music: [seg(0, 30, 90)], speech: [seg(30, 61, 90)], silence: [] };
    expect(classificationSpan(classification, 95)).toBe(95);
    expect(classificationSpan(classification, null)).toBe(61);
  });
});

describe('detail objects the spec does not describe', () => {
  const video = {
    query_match_duration_seconds: 18,
    query_match_percentage: 7.5,
    frames_matched: 431,
    transformations: ['mirror'],
    segments: [{ query_start: 222, query_end: 240, is_mirrored: true }],
  };

  it('takes the summary figures out and keeps every other field in order', () => {
    expect(matchSummary(video)).toEqual({ queryDuration: 18, queryPercentage: 7.5, assetDuration: null, assetPercentage: null });
    expect(extraFields(video).map(([key]) => key)).toEqual(['frames_matched', 'transformations', 'segments']);
  });

  it('lists the columns of object rows in first-seen order', () => {
    expect(tableColumns([{ a: 1, b: 2 }, { c: 3, a: 4 }])).toEqual(['a', 'b', 'c']);
  });
});
