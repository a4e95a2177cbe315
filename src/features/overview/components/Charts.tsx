import { Group, Stack, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow } from './ChartCard';
import { useOpenLink } from './ChartCard';

// recharts is only imported by the overview, which the router loads lazily, so the chart library
// stays out of the entry chunk. Colours come from the theme, a lighter shade in the dark scheme so
// bars and text stay readable on either background.

export type ChartColors = { bars: string[]; text: string; grid: string; tooltipBg: string };

const PALETTE = ['desk', 'teal', 'orange', 'grape', 'cyan', 'red', 'lime', 'indigo', 'yellow', 'pink'];

export function useChartColors(): ChartColors {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const shade = dark ? 4 : 7;
  return {
    bars: PALETTE.map((name) => theme.colors[name]?.[shade] ?? theme.colors.blue[shade]!),
    text: dark ? '#c9c9c9' : '#495057',
    grid: dark ? '#3a3a3a' : '#dee2e6',
    tooltipBg: dark ? '#2e2e2e' : '#ffffff',
  };
}

/** A colour per named Mantine colour (status charts use the same colours as the pages). */
export function useNamedColor(): (name: string) => string {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (name) => theme.colors[name]?.[dark ? 4 : 7] ?? theme.colors.gray[dark ? 4 : 7]!;
}

type BarsProps = {
  rows: readonly ChartRow[];
  /** Horizontal bars with the labels on the left (long names such as asset titles). */
  horizontal?: boolean;
  colors?: readonly string[];
  height?: number;
  valueName?: string;
};

export function CountBars({ rows, horizontal = false, colors, height = 240, valueName = 'Count' }: BarsProps) {
  const palette = useChartColors();
  const open = useOpenLink();
  const fills = colors ?? [palette.bars[0]!];
  const tick = { fill: palette.text, fontSize: 12 };
  const data = rows.map((row) => ({ ...row }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 4, left: horizontal ? 8 : 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tick={tick} allowDecimals={false} stroke={palette.grid} tickFormatter={(value: number) => formatCount(value)} />
            <YAxis type="category" dataKey="label" tick={tick} width={170} stroke={palette.grid} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={tick} stroke={palette.grid} interval="preserveStartEnd" />
            <YAxis tick={tick} allowDecimals={false} stroke={palette.grid} width={48} tickFormatter={(value: number) => formatCount(value)} />
          </>
        )}
        <Tooltip
          cursor={{ fill: palette.grid, opacity: 0.4 }}
          contentStyle={{ background: palette.tooltipBg, borderColor: palette.grid, color: palette.text }}
          labelStyle={{ color: palette.text }}
          formatter={(value) => [String(value), valueName]}
        />
        <Bar
          dataKey="count"
          name={valueName}
          isAnimationActive={false}
          onClick={(item: { payload?: ChartRow }) => open(item.payload?.href)}
          style={{ cursor: rows.some((r) => r.href) ? 'pointer' : 'default' }}
        >
          {data.map((row, index) => (
            <Cell key={row.key} fill={fills[index % fills.length]} data-key={row.key} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function CountPie({ rows, colors, height = 240 }: { rows: readonly ChartRow[]; colors?: readonly string[]; height?: number }) {
  const palette = useChartColors();
  const open = useOpenLink();
  const fills = colors ?? palette.bars;
  const data = rows.filter((row) => row.count > 0).map((row) => ({ ...row }));
  return (
    <Group align="center" wrap="nowrap" gap="md">
      <div style={{ width: 220, height, flexShrink: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Tooltip contentStyle={{ background: palette.tooltipBg, borderColor: palette.grid, color: palette.text }} itemStyle={{ color: palette.text }} />
            <Pie
              data={data}
              dataKey="count"
              nameKey="label"
              innerRadius="45%"
              outerRadius="90%"
              isAnimationActive={false}
              rootTabIndex={-1}
              onClick={(item: { payload?: ChartRow }) => open(item.payload?.href)}
              style={{ cursor: 'pointer' }}
            >
              {data.map((row, index) => (
                <Cell key={row.key} fill={fills[index % fills.length]} stroke="none" data-key={row.key} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
      </div>
      <Stack gap={2} style={{ minWidth: 0 }}>
        {data.map((row, index) => (
          <Group key={row.key} gap={6} wrap="nowrap">
            <span style={{ width: 10, height: 10, borderRadius: 2, flexShrink: 0, background: fills[index % fills.length] }} />
            <Text size="xs" lineClamp={1} style={{ color: palette.text }}>
              {row.label}: {row.count}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
