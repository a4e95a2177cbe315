import { Paper, Stack, Text } from '@mantine/core';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { axisExtent, formatConfidence, formatMeasure, formatTimestamp, timeTicks, type PlacedSegment } from '../model';

// recharts is only imported by the lookup page, which the router loads lazily, so the chart library
// stays out of the entry chunk.

type Point = { query: number; asset: number; segment: PlacedSegment };

interface SegmentChartProps {
  segments: readonly PlacedSegment[];
  queryDuration: number | null;
  assetDuration: number | null;
  /** Mantine colour name of the lines. */
  color: string;
  /** Names the chart for assistive technology, e.g. "Audio segments of Midnight Harbour". */
  label: string;
}

function SegmentTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  const s = point.segment;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Segment {s.number}
        </Text>
        <Text size="xs">
          Query {formatTimestamp(s.queryStart)}–{formatTimestamp(s.queryEnd)} · asset {formatTimestamp(s.assetStart)}–{formatTimestamp(s.assetEnd)}
        </Text>
        <Text size="xs">
          Pitch {formatMeasure(s.pitch)} · speed {formatMeasure(s.speed)} · transposition {formatMeasure(s.transposition)}
        </Text>
        <Text size="xs">Confidence {formatConfidence(s.confidence)}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * Query time against asset time: each segment is a line from (query start, asset start) to
 * (query end, asset end), so a steady match is a 45° line and a sped-up copy a steeper one.
 */
export function SegmentChart({ segments, queryDuration, assetDuration, color, label }: SegmentChartProps) {
  const xMax = axisExtent(queryDuration, segments.map((s) => s.queryEnd));
  const yMax = axisExtent(assetDuration, segments.map((s) => s.assetEnd));
  const stroke = `var(--mantine-color-${color}-filled)`;
  const axis = {
    type: 'number' as const,
    tickFormatter: (v: number) => formatTimestamp(v, 0),
    tick: { fill: 'var(--mantine-color-text)', fontSize: 12 },
    stroke: 'var(--mantine-color-dimmed)',
  };
  return (
    <figure style={{ margin: 0 }} aria-label={label} data-testid="segment-chart">
      <ResponsiveContainer width="100%" height={240}>
        <ScatterChart margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />
          <XAxis
            {...axis}
            dataKey="query"
            domain={[0, xMax]}
            ticks={timeTicks(xMax)}
            label={{ value: 'Query file time', position: 'insideBottom', offset: -14, fill: 'var(--mantine-color-text)', fontSize: 12 }}
          />
          <YAxis
            {...axis}
            dataKey="asset"
            domain={[0, yMax]}
            ticks={timeTicks(yMax)}
            width={56}
            label={{ value: 'Asset time', angle: -90, position: 'insideLeft', offset: 4, fill: 'var(--mantine-color-text)', fontSize: 12 }}
          />
          <Tooltip content={SegmentTooltip} cursor={{ strokeDasharray: '3 3' }} />
          {segments.map((s) => (
            <Scatter
              key={s.number}
              name={`Segment ${s.number}`}
              data={[
                { query: s.queryStart, asset: s.assetStart, segment: s },
                { query: s.queryEnd, asset: s.assetEnd, segment: s },
              ]}
              fill={stroke}
              line={{ stroke, strokeWidth: 3 }}
              isAnimationActive={false}
            />
          ))}
        </ScatterChart>
      </ResponsiveContainer>
      <figcaption>
        <Text size="xs" c="dimmed">
          Each line is one matched segment, from its start to its end; hover a point for pitch, speed and confidence, or read the table.
        </Text>
      </figcaption>
    </figure>
  );
}
