import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector, IconTrash } from '@tabler/icons-react';
import { ExternalLink } from '../../../components/ExternalLink';
import { formatDateTime } from '../../../lib/format';
import type { HistoryEntry } from '../history-store';
import { statusLabel, type HistorySort } from '../history';
import { formatMegabytes } from '../prechecks';
import { ModelText, ScoreBar, VerdictBadge } from './ResultView';
import { readableText } from './tone';

interface HistoryTableProps {
  entries: readonly HistoryEntry[];
  sort: HistorySort;
  onSort: (sort: HistorySort) => void;
  onDelete: (entry: HistoryEntry) => void;
}

type SortKey = 'date' | 'score';

function SortHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: SortKey; sort: HistorySort; onSort: (sort: HistorySort) => void }) {
  const [key, direction] = sort.split('-') as [SortKey, 'asc' | 'desc'];
  const active = key === sortKey;
  const Icon = !active ? IconSelector : direction === 'desc' ? IconArrowDown : IconArrowUp;
  // The first click sorts newest or highest first; a second reverses it.
  const next: HistorySort = `${sortKey}-${active && direction === 'desc' ? 'asc' : 'desc'}`;
  return (
    <Table.Th scope="col" aria-sort={active ? (direction === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Badges in a table cell keep their whole label; the table scrolls sideways instead. */
const NO_SHRINK = { ...readableText, minWidth: 'max-content' } as const;

const STATUS_COLORS: Partial<Record<HistoryEntry['status'], string>> = { ok: 'teal', request_failed: 'red' };

/** The results kept in this browser. */
export function HistoryTable({ entries, sort, onSort, onDelete }: HistoryTableProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="history-table">
        <VisuallyHidden component="caption">Detection results kept in this browser</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Submitted" sortKey="date" sort={sort} onSort={onSort} />
            <Table.Th scope="col">File or link</Table.Th>
            <Table.Th scope="col">Size</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Verdict and platform</Table.Th>
            <SortHeader label="AI score" sortKey="score" sort={sort} onSort={onSort} />
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={entry.submittedAt} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.submittedAt)}
                </Text>
              </Table.Td>
              <Table.Td maw={260}>
                {entry.source === 'url' ? (
                  <ExternalLink href={entry.name} size="sm" lineClamp={2} />
                ) : (
                  <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                    {entry.name}
                  </Text>
                )}
                {entry.requestId ? (
                  <Text size="xs" c="dimmed">
                    Request <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{entry.requestId}</span>
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {entry.size !== null ? formatMegabytes(entry.size) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[entry.status] ?? 'yellow'} title={entry.message} style={NO_SHRINK}>
                  {statusLabel(entry.status)}
                </Badge>
                {entry.httpStatus ? (
                  <Text size="xs" c="dimmed">
                    HTTP {entry.httpStatus}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <VerdictBadge entry={entry} size="sm" />
                  <ModelText entry={entry} />
                </Stack>
              </Table.Td>
              <Table.Td>{entry.aiScore !== null ? <ScoreBar score={entry.aiScore} label={`AI score of ${entry.name}`} compact /> : null}</Table.Td>
              <Table.Td>
                <Tooltip label="Delete this result" withArrow>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Delete the result of ${entry.name}`} onClick={() => onDelete(entry)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
