import { memo } from 'react';
import { Box, Group, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { formatDuration, formatDurationLong } from '../lib/format';
import type { Segment } from '../lib/segments';
import { mergeSegments } from '../lib/segments';

export type SegmentBarProps = {
  /** What the bar stands for, e.g. "Asset" or "Copy"; starts the accessible description. */
  label: string;
  /** Length of the whole bar in seconds. Unknown or zero: the bar spans the last segment's end. */
  duration: number | null | undefined;
  /** Marked ranges (matches), in seconds. */
  segments: readonly Segment[];
  /** Ranges drawn hatched underneath, e.g. an asset's excluded segments. */
  excluded?: readonly Segment[];
  color?: MantineColor;
  height?: number;
  /** Show 0:00 and the duration under the bar. */
  showScale?: boolean;
  /** Word for a marked range in the description ("matched" by default). */
  markedWord?: string;
};

type Placed = { left: number; width: number; segment: Segment };

function place(segments: readonly Segment[], span: number): Placed[] {
  const out: Placed[] = [];
  for (const segment of mergeSegments(segments)) {
    const start = Math.max(0, Math.min(segment.start, span));
    const end = Math.max(0, Math.min(segment.end, span));
    if (end <= start && segment.end > segment.start) continue;
    const left = (start / span) * 100;
    // A zero-length or tiny range still shows as a sliver.
    const width = Math.max(((end - start) / span) * 100, 0.6);
    out.push({ left, width: Math.min(width, 100 - left), segment });
  }
  return out;
}

function rangeText(segment: Segment): string {
  return `${formatDuration(segment.start)}–${formatDuration(segment.end)}`;
}

/** The bar's accessible description: "Asset, 3 min 25 s: matched 0:10–0:45, 1:00–1:30; excluded 2:00–2:30". */
export function describeSegmentBar(props: Pick<SegmentBarProps, 'label' | 'duration' | 'segments' | 'excluded' | 'markedWord'>): string {
  const marked = mergeSegments(props.segments);
  const excluded = mergeSegments(props.excluded ?? []);
  const length = props.duration && props.duration > 0 ? `, ${formatDurationLong(props.duration)}` : ', length unknown';
  const word = props.markedWord ?? 'matched';
  const parts = [marked.length ? `${word} ${marked.map(rangeText).join(', ')}` : `nothing ${word}`];
  if (excluded.length) parts.push(`excluded ${excluded.map(rangeText).join(', ')}`);
  return `${props.label}${length}: ${parts.join('; ')}`;
}

/**
 * A horizontal timeline of a duration with ranges marked on it, like the match bars of a
 * claim review. Colour is never the only signal: each range has a hover title, and the whole bar
 * carries a text description for assistive technology.
 */
export const SegmentBar = memo(function SegmentBar({
  label,
  duration,
  segments,
  excluded = [],
  color = 'red',
  height = 12,
  showScale = true,
  markedWord = 'matched',
}: SegmentBarProps) {
  const lastEnd = Math.max(0, ...segments.map((s) => s.end), ...excluded.map((s) => s.end));
  const span = duration && duration > 0 ? duration : Math.max(lastEnd, 1);
  const description = describeSegmentBar({ label, duration, segments, excluded, markedWord });
  return (
    <Box>
      <Box
        role="img"
        aria-label={description}
        title={description}
        data-testid="segment-bar"
        style={{
          position: 'relative',
          height,
          borderRadius: height / 2,
          overflow: 'hidden',
          background: 'var(--mantine-color-default-border)',
        }}
      >
        {place(excluded, span).map((p) => (
          <Box
            key={`x-${p.segment.start}-${p.segment.end}`}
            data-kind="excluded"
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${p.left}%`,
              width: `${p.width}%`,
              background:
                'repeating-linear-gradient(135deg, var(--mantine-color-dimmed) 0 3px, transparent 3px 6px)',
              opacity: 0.7,
            }}
          />
        ))}
        {place(segments, span).map((p) => (
          <Box
            key={`m-${p.segment.start}-${p.segment.end}`}
            data-kind="marked"
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${p.left}%`,
              width: `${p.width}%`,
              background: `var(--mantine-color-${color}-filled)`,
            }}
          />
        ))}
      </Box>
      {showScale && (
        <Group justify="space-between" gap={0} mt={2} aria-hidden>
          <Text size="xs" c="dimmed">
            0:00
          </Text>
          <Text size="xs" c="dimmed">
            {duration && duration > 0 ? formatDuration(duration) : 'length unknown'}
          </Text>
        </Group>
      )}
    </Box>
  );
});
