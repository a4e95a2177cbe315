import { Button, Card, EmptyState, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconHistory, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { HISTORY_STATUSES } from '../history-store';
import { historyCsv, statusLabel, viewHistory, VERDICT_FILTERS, type HistoryView, type StatusFilter, type VerdictFilter } from '../history';
import { detectionQueue, historyQueryKey, historyQueryOptions, useClearHistory, useDetectionQueue, useRemoveHistoryEntry, useRestoreHistoryEntry } from '../queries';
import type { HistoryEntry } from '../history-store';
import { HistoryTable } from './HistoryTable';
import { SubmissionList } from './SubmissionList';
import { SubmitPanel } from './SubmitPanel';

interface DetectorPageProps {
  /** Sort and filters of the history live in the URL; the route applies changes there. */
  view: HistoryView;
  onViewChange: (next: Partial<HistoryView>) => void;
}

const VERDICT_LABELS: Record<VerdictFilter, string> = { all: 'Any verdict', ai: 'AI-generated', 'not-ai': 'Not AI-generated', none: 'No verdict' };
const VERDICT_OPTIONS = VERDICT_FILTERS.map((value) => ({ value, label: VERDICT_LABELS[value] }));
const STATUS_OPTIONS = [{ value: 'all', label: 'Any status' }, ...HISTORY_STATUSES.map((value) => ({ value, label: `${statusLabel(value)} (${value})` }))];

function isVerdict(value: string | null): value is VerdictFilter {
  return VERDICT_FILTERS.some((verdict) => verdict === value);
}
function isStatus(value: string | null): value is StatusFilter {
  return value === 'all' || HISTORY_STATUSES.some((status) => status === value);
}

export function DetectorPage({ view, onViewChange }: DetectorPageProps) {
  const queryClient = useQueryClient();
  const items = useDetectionQueue();
  const history = useQuery(historyQueryOptions());
  const clear = useClearHistory();
  const remove = useRemoveHistoryEntry();
  const restore = useRestoreHistoryEntry();

  const deleteEntry = (entry: HistoryEntry) =>
    remove.mutate(entry, {
      onSuccess: () => {
        const id = `detector-deleted-${entry.id}`;
        notifications.show({
          id,
          color: 'teal',
          title: 'Result deleted',
          message: (
            <Group gap="sm" justify="space-between" wrap="nowrap">
              <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                {entry.name}
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  notifications.hide(id);
                  restore.mutate(entry);
                }}
              >
                Undo
              </Button>
            </Group>
          ),
        });
      },
    });

  // Read the history again each time an answer has been saved to it.
  const saved = items.filter((item) => item.saved === true).length;
  useEffect(() => {
    if (saved > 0) void queryClient.invalidateQueries({ queryKey: historyQueryKey });
  }, [saved, queryClient]);

  const all = history.data ?? [];
  const shown = viewHistory(all, view);
  const filtered = view.verdict !== 'all' || view.status !== 'all';

  const exportCsv = () => {
    const fileName = csvFileName('ai-detection-history');
    downloadCsv(fileName, historyCsv(shown));
    notifications.show({ color: 'teal', title: 'CSV exported', message: `${shown.length} ${shown.length === 1 ? 'row' : 'rows'} saved as ${fileName}.` });
  };

  const confirmClear = () =>
    modals.openConfirmModal({
      title: 'Clear the detection history?',
      centered: true,
      children: (
        <Text size="sm">
          All {all.length} results kept in this browser are deleted. The detector keeps no copy, so they cannot be recovered; export a CSV first if you may need
          them.
        </Text>
      ),
      labels: { confirm: 'Clear history', cancel: 'Keep history' },
      confirmProps: { color: 'red' },
      onConfirm: () => clear.mutate(),
    });

  return (
    <>
      <PageHeader
        title="AI detection"
        description="Check whether songs are AI-generated. The detector gives one verdict per file and keeps nothing, so the results are kept in this browser only."
      />
      <Stack gap="lg">
        <SubmitPanel onFiles={(files) => detectionQueue().addFiles(files)} onUrls={(urls) => detectionQueue().addUrls(urls)} />

        {items.length ? (
          <SubmissionList items={items} onCancel={(id) => detectionQueue().cancel(id)} onClearFinished={() => detectionQueue().clearFinished()} />
        ) : null}

        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="detector-history-heading">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Stack gap={2}>
                <Title order={2} size="h4" id="detector-history-heading">
                  History
                </Title>
                {history.data ? (
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="history-count">
                    {filtered ? `${shown.length} of ${all.length} results match` : `${all.length} ${all.length === 1 ? 'result' : 'results'} in this browser`}
                  </Text>
                ) : null}
              </Stack>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Verdict"
                  data={VERDICT_OPTIONS}
                  value={view.verdict}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (isVerdict(value)) onViewChange({ verdict: value });
                  }}
                  w={180}
                />
                <Select
                  label="Status"
                  data={STATUS_OPTIONS}
                  value={view.status}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (isStatus(value)) onViewChange({ status: value });
                  }}
                  w={240}
                />
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} disabled={shown.length === 0} onClick={exportCsv}>
                  Export CSV
                </Button>
                <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={all.length === 0} loading={clear.isPending} onClick={confirmClear}>
                  Clear history
                </Button>
              </Group>
            </Group>

            {history.isPending ? (
              <Stack gap="xs" aria-label="Loading the history" role="status">
                <Skeleton height={36} />
                <Skeleton height={36} />
              </Stack>
            ) : history.isError ? (
              <ErrorState title="The history could not be read" error={history.error} onRetry={() => void history.refetch()} />
            ) : shown.length === 0 ? (
              <EmptyState
                icon={<IconHistory size={28} aria-hidden />}
                title={filtered && all.length ? 'No results match' : 'No results yet'}
                description={filtered && all.length ? 'No kept result has this verdict and status.' : 'Results of the files and links you check appear here and stay in this browser.'}
              >
                {filtered && all.length ? (
                  <EmptyState.Actions>
                    <Button variant="default" onClick={() => onViewChange({ verdict: 'all', status: 'all' })}>
                      Clear the filters
                    </Button>
                  </EmptyState.Actions>
                ) : null}
              </EmptyState>
            ) : (
              <HistoryTable entries={shown} sort={view.sort} onSort={(sort) => onViewChange({ sort })} onDelete={deleteEntry} />
            )}
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
