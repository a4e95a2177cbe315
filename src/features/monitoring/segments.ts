import type { Segment } from '../../lib/segments';

// A monitoring match carries where the song plays in the post and in the song as JSON-encoded
// strings ("[[12.5,30.0],[41.0,55.5]]"). They come from a public platform, so they are read
// defensively: anything that is not a list of time ranges is "unreadable", never an exception.

export type SegmentSet = { kind: 'empty' } | { kind: 'ok'; segments: Segment[] } | { kind: 'unreadable'; raw: string };

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** One range in any of the shapes seen: [start, end], {start, end} or {lower, upper}. */
function rangeOf(value: unknown): Segment | null {
  let start: unknown;
  let end: unknown;
  if (Array.isArray(value)) {
    if (value.length !== 2) return null;
    [start, end] = value;
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    start = record.start ?? record.lower;
    end = record.end ?? record.upper;
  } else {
    return null;
  }
  if (!isTime(start) || !isTime(end) || end < start) return null;
  return { start, end };
}

/**
 * Reads a segment set. Accepts a list of ranges, or a flat [start, end, start, end, …] list of
 * numbers; an empty string or empty list is "empty". A single bad range makes the whole set
 * unreadable: showing part of it would misstate where the song plays.
 */
export function parseSegmentSet(raw: string | null | undefined): SegmentSet {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', raw: text };
  }
  if (!Array.isArray(value)) return { kind: 'unreadable', raw: text };
  if (value.length === 0) return { kind: 'empty' };
  if (value.every((item) => typeof item === 'number')) {
    if (value.length % 2 !== 0) return { kind: 'unreadable', raw: text };
    const segments: Segment[] = [];
    for (let i = 0; i < value.length; i += 2) {
      const range = rangeOf([value[i], value[i + 1]]);
      if (!range) return { kind: 'unreadable', raw: text };
      segments.push(range);
    }
    return { kind: 'ok', segments };
  }
  const segments: Segment[] = [];
  for (const item of value) {
    const range = rangeOf(item);
    if (!range) return { kind: 'unreadable', raw: text };
    segments.push(range);
  }
  return { kind: 'ok', segments };
}

/** The set as text for a CSV cell or a caption: "12.5-30 41-55.5"; unreadable sets as sent. */
export function segmentSetText(set: SegmentSet): string {
  if (set.kind === 'empty') return '';
  if (set.kind === 'unreadable') return set.raw;
  return set.segments.map((s) => `${s.start}-${s.end}`).join(' ');
}

/** The last second a set reaches (0 when empty or unreadable). */
export function segmentSetEnd(set: SegmentSet): number {
  return set.kind === 'ok' ? Math.max(0, ...set.segments.map((s) => s.end)) : 0;
}
