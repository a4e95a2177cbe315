import { describe, expect, it } from 'vitest';
import { parseSegmentSet, segmentSetEnd, segmentSetText } from './segments';

describe('parseSegmentSet', () => {
  it('reads the platform form: a list of [start, end] pairs', () => {
    expect(parseSegmentSet('[[12.5,30.0],[41.0,55.5]]')).toEqual({
      kind: 'ok',
      segments: [
        { start: 12.5, end: 30 },
        { start: 41, end: 55.5 },
      ],
    });
  });

  it('reads objects and flat lists too', () => {
    expect(parseSegmentSet('[{"start":1,"end":2},{"lower":3,"upper":4}]')).toEqual({
      kind: 'ok',
      segments: [
        { start: 1, end: 2 },
        { start: 3, end: 4 },
      ],
    });
    expect(parseSegmentSet('[1, 2, 5, 9]')).toEqual({ kind: 'ok', segments: [{ start: 1, end: 2 }, { start: 5, end: 9 }] });
  });

  it('treats an empty string, blanks, null and [] as empty', () => {
    expect(parseSegmentSet('')).toEqual({ kind: 'empty' });
    expect(parseSegmentSet('   ')).toEqual({ kind: 'empty' });
    expect(parseSegmentSet(null)).toEqual({ kind: 'empty' });
    expect(parseSegmentSet(undefined)).toEqual({ kind: 'empty' });
    expect(parseSegmentSet('[]')).toEqual({ kind: 'empty' });
  });

  it.each([
    ['truncated JSON', '[[12.5, 30'],
    ['a range in words', '[[3.0,9.5],[oops]]'],
    ['not JSON at all', '12.5-30.0'],
    ['an object', '{"start":1,"end":2}'],
    ['a number', '42'],
    ['a string', '"[[1,2]]"'],
    ['a triple', '[[1,2,3]]'],
    ['a single value', '[[1]]'],
    ['end before start', '[[30,12]]'],
    ['a negative time', '[[-1,4]]'],
    ['text inside a pair', '[["1","2"]]'],
    ['an odd flat list', '[1,2,3]'],
    ['null inside', '[null]'],
    ['mixed good and bad', '[[1,2],"x"]'],
  ])('calls %s unreadable and keeps the text', (_name, raw) => {
    expect(parseSegmentSet(raw)).toEqual({ kind: 'unreadable', raw: raw.trim() });
  });

  it('never throws on odd input', () => {
    for (const raw of ['[', ']', 'null', 'true', '[[Infinity,1]]', '[[1e999,1e999]]', '{}', '[{}]']) {
      expect(() => parseSegmentSet(raw)).not.toThrow();
      expect(parseSegmentSet(raw).kind).not.toBe('ok');
    }
  });
});

describe('segmentSetText and segmentSetEnd', () => {
  it('spell a set out and find its end', () => {
    const set = parseSegmentSet('[[12.5,30.0],[41.0,55.5]]');
    expect(segmentSetText(set)).toBe('12.5-30 41-55.5');
    expect(segmentSetEnd(set)).toBe(55.5);
    expect(segmentSetText(parseSegmentSet(''))).toBe('');
    expect(segmentSetText(parseSegmentSet('12.5-30.0'))).toBe('12.5-30.0');
    expect(segmentSetEnd(parseSegmentSet('oops'))).toBe(0);
  });
});
