import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { formatInteger } from '../../../lib/format';

export type ChartRow = { key: string; label: string; count: number; href?: string };

type ChartCardProps = {
  id: string;
  title: string;
  description: string;
  /** What a click on the chart opens, or why it cannot filter exactly. */
  linkNote?: string;
  rows: readonly ChartRow[];
  valueHeader?: string;
  formatValue?: (value: number) => string;
  /** The chart itself; drawn only when there are rows. */
  children: ReactNode;
  /** Shown instead of the chart while the data is loading or failed. */
  placeholder?: ReactNode;
};

/** Follows an in-app link through the router (no page reload). */
export function useOpenLink() {
  const router = useRouter();
  return (href: string | undefined) => {
    if (href) router.history.push(href);
  };
}

/**
 * A titled chart with its table alternative: the table is always in the page (visually hidden
 * while the chart shows) and can be shown instead, with the same links as the chart's bars.
 */
export function ChartCard({ id, title, description, linkNote, rows, valueHeader = 'Count', formatValue = formatInteger, children, placeholder }: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const open = useOpenLink();
  const table = (hidden: boolean) => (
    <Table striped withTableBorder fz="sm" data-testid={`table-${id}`}>
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Item</Table.Th>
          <Table.Th scope="col" ta="right">
            {valueHeader}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>
              {row.href ? (
                <Anchor
                  href={row.href}
                  tabIndex={hidden ? -1 : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    open(row.href);
                  }}
                >
                  {row.label}
                </Anchor>
              ) : (
                row.label
              )}
            </Table.Td>
            <Table.Td ta="right">{formatValue(row.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid={`chart-${id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
            data={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
            aria-label={`Show ${title} as`}
          />
        </Group>
        {placeholder ?? (
          <>
            {view === 'chart' ? (
              <div aria-hidden data-testid={`svg-${id}`}>
                {children}
              </div>
            ) : null}
            {view === 'table' ? table(false) : <VisuallyHidden>{table(true)}</VisuallyHidden>}
          </>
        )}
        {linkNote && !placeholder ? (
          <Text size="xs" c="dimmed">
            {linkNote}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
