// Time ranges in seconds: match segments of copies (flat [start, end, start, end, …] integer arrays
// on the wire) and an asset's excluded_segments ({lower, upper} objects).

export type Segment = { start: number; end: number };
export type ExcludedSegment = { lower: number; upper: number };

/**
 * Reads a flat [start, end, …] array into ranges. A trailing odd value, non-numbers and ranges
 * that end before they start are dropped rather than guessed at.
 */
export function segmentsFromFlat(flat: readonly number[] | null | undefined): Segment[] {
  if (!Array.isArray(flat)) return [];
  const out: Segment[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const start = flat[i];
    const end = flat[i + 1];
    if (typeof start !== 'number' || typeof end !== 'number' || !Number.isFinite(start) || !Number.isFinite(end)) continue;
    if (end < start) continue;
    out.push({ start, end });
  }
  return out;
}

/** Sorts and merges overlapping or touching ranges. */
export function mergeSegments(segments: readonly Segment[]): Segment[] {
  const sorted = segments.filter((s) => s.end >= s.start).map((s) => ({ ...s })).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Segment[] = [];
  for (const segment of sorted) {
    const last = out[out.length - 1];
    if (last && segment.start <= last.end) last.end = Math.max(last.end, segment.end);
    else out.push(segment);
  }
  return out;
}

/** Total seconds covered, counting overlaps once. */
export function coveredSeconds(segments: readonly Segment[]): number {
  return mergeSegments(segments).reduce((sum, s) => sum + (s.end - s.start), 0);
}

export function toExcluded(segments: readonly Segment[]): ExcludedSegment[] {
  return segments.map((s) => ({ lower: s.start, upper: s.end }));
}

export function fromExcluded(excluded: readonly ExcludedSegment[] | null | undefined): Segment[] {
  if (!Array.isArray(excluded)) return [];
  return excluded.filter((e) => Number.isFinite(e.lower) && Number.isFinite(e.upper) && e.upper >= e.lower).map((e) => ({ start: e.lower, end: e.upper }));
}

/**
 * An asset's excluded segments with more ranges added: merged, sorted, integers (the spec types
 * lower/upper as integers, so starts round down and ends round up, never excluding less than asked).
 */
export function mergeExcluded(existing: readonly ExcludedSegment[] | null | undefined, added: readonly Segment[]): ExcludedSegment[] {
  const all = [...fromExcluded(existing), ...added].map((s) => ({ start: Math.floor(s.start), end: Math.ceil(s.end) }));
  return toExcluded(mergeSegments(all));
}

/** Whether every range of `segments` is already inside the excluded ranges. */
export function isFullyExcluded(existing: readonly ExcludedSegment[] | null | undefined, segments: readonly Segment[]): boolean {
  const excluded = mergeSegments(fromExcluded(existing));
  return segments.every((s) => excluded.some((e) => e.start <= s.start && e.end >= s.end));
}
