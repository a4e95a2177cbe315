import type { ExcludedSegment } from '../../api';
import { formatDuration } from '../../lib/format';

// The excluded-segments editor's rules, checked before anything is sent: whole seconds, not
// negative, lower below upper, within the asset's duration, and no two ranges overlapping.

export interface SegmentRow {
  key: string;
  lower: number | '';
  upper: number | '';
}

export interface SegmentRowErrors {
  lower?: string;
  upper?: string;
}

export type SegmentCheck =
  | { ok: true; segments: ExcludedSegment[]; errors: SegmentRowErrors[] }
  | { ok: false; errors: SegmentRowErrors[] };

const span = (row: { lower: number; upper: number }) => `${formatDuration(row.lower)}–${formatDuration(row.upper)}`;

export function checkSegments(rows: readonly SegmentRow[], duration: number | undefined): SegmentCheck {
  const errors: SegmentRowErrors[] = rows.map(() => ({}));
  const complete: Array<{ index: number; lower: number; upper: number }> = [];
  rows.forEach((row, index) => {
    const own = errors[index]!;
    if (row.lower === '') own.lower = 'Enter the start, in seconds.';
    else if (!Number.isInteger(row.lower)) own.lower = 'Whole seconds only.';
    else if (row.lower < 0) own.lower = 'The start cannot be negative.';
    if (row.upper === '') own.upper = 'Enter the end, in seconds.';
    else if (!Number.isInteger(row.upper)) own.upper = 'Whole seconds only.';
    else if (row.upper < 0) own.upper = 'The end cannot be negative.';
    else if (duration !== undefined && duration > 0 && row.upper > duration) {
      own.upper = `The asset is only ${duration} s (${formatDuration(duration)}) long.`;
    }
    if (own.lower || own.upper || row.lower === '' || row.upper === '') return;
    if (row.lower >= row.upper) {
      own.upper = 'The end must be after the start.';
      return;
    }
    complete.push({ index, lower: row.lower, upper: row.upper });
  });
  const sorted = [...complete].sort((a, b) => a.lower - b.lower || a.upper - b.upper);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.lower < previous.upper) {
      errors[current.index]!.lower ??= `Overlaps ${span(previous)}.`;
      errors[previous.index]!.upper ??= `Overlaps ${span(current)}.`;
    }
  }
  if (errors.some((entry) => entry.lower || entry.upper)) return { ok: false, errors };
  return { ok: true, errors, segments: sorted.map(({ lower, upper }) => ({ lower, upper })) };
}

export function rowsOf(segments: readonly ExcludedSegment[], newKey: () => string): SegmentRow[] {
  return segments.map((segment) => ({ key: newKey(), lower: segment.lower, upper: segment.upper }));
}
