import { useEffect, useSyncExternalStore } from 'react';
import { Button, CloseButton, Group, List, Paper, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { reportBulkPanelHeight, useBulkJobs } from '../hooks';
import type { StatusBulkJob } from '../bulk-jobs';
import { dismissBulkJob } from '../bulk-jobs';
import { toneClass, toneStyle } from './tone';

function JobCard({ entry }: { entry: StatusBulkJob }) {
  const state = useSyncExternalStore(entry.job.subscribe, entry.job.getSnapshot);
  const { progress } = state;
  const percent = progress.total === 0 ? 100 : Math.round((progress.completed / progress.total) * 100);
  const running = state.status === 'running';
  const verb = entry.present ? 'applied' : 'removed';
  return (
    <Paper withBorder shadow="md" p="sm" radius="md" w={360} data-testid="bulk-job" data-status={state.status} aria-label={state.label} role="region">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6}>
        <Text size="sm" fw={600} lineClamp={2}>
          {state.label}
          {state.pass > 1 ? ` — retry ${state.pass - 1}` : ''}
        </Text>
        {!running ? <CloseButton size="sm" aria-label="Dismiss" onClick={() => dismissBulkJob(state.id)} /> : null}
      </Group>
      <Progress
        value={percent}
        color={progress.failed > 0 ? 'orange' : state.status === 'cancelled' ? 'gray' : 'teal'}
        animated={running}
        aria-label={`${progress.completed} of ${progress.total} done`}
        size="md"
      />
      <Text size="xs" mt={6} aria-live="polite" data-testid="bulk-progress">
        {progress.completed} of {progress.total} done
        {progress.alreadyApplied > 0 ? ` · ${progress.alreadyApplied} already ${entry.present ? 'had it' : 'without it'}` : ''}
        {progress.failed > 0 ? ` · ${progress.failed} failed` : ''}
        {running ? ' · paced at the platform’s 16 calls/s; you can keep working' : ''}
      </Text>
      {!running ? (
        <Text
          size="xs"
          mt={4}
          data-testid="bulk-summary"
          {...(state.failures.length > 0 || state.status !== 'cancelled'
            ? { className: toneClass, style: toneStyle(state.failures.length > 0 ? 'orange' : 'teal') }
            : { c: 'dimmed' })}
        >
          {state.status === 'cancelled' ? 'Cancelled. ' : 'Finished. '}
          {state.succeededTotal} {verb}
          {state.failures.length > 0 ? `, ${state.failures.length} failed` : ''}
          {state.notRun.length > 0 ? `, ${state.notRun.length} not started` : ''}.
        </Text>
      ) : null}
      {state.failures.length > 0 ? (
        <ScrollArea.Autosize mah={120} mt={6} viewportProps={{ tabIndex: 0, 'aria-label': 'Failed copies' }}>
          <List size="xs" spacing={2}>
            {state.failures.map((failure) => (
              <List.Item key={failure.item.matchId}>
                <Text span size="xs" fw={500}>
                  {failure.item.label}
                </Text>
                : {failure.message}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      ) : null}
      <Group gap="xs" mt="xs" justify="flex-end">
        {running ? (
          <Button size="compact-xs" variant="default" leftSection={<IconPlayerStop size={12} aria-hidden />} onClick={() => entry.job.cancel()}>
            Cancel
          </Button>
        ) : null}
        {!running && state.failures.length + state.notRun.length > 0 ? (
          <Button size="compact-xs" leftSection={<IconRefresh size={12} aria-hidden />} onClick={() => entry.job.retry()}>
            {state.failures.length > 0 ? `Retry ${state.failures.length} failed` : 'Resume'}
            {state.failures.length > 0 && state.notRun.length > 0 ? ` + ${state.notRun.length} not started` : ''}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * Bulk jobs in a corner of every copies page: they keep running while the manager browses, and a
 * finished job stays until dismissed so its failures can be read and retried.
 */
/** Gap between the panel and the window's bottom-right corner, px. */
const PANEL_OFFSET = 16;

export function BulkJobsPanel() {
  const jobs = useBulkJobs();
  const { ref, height } = useElementSize();
  const shown = jobs.length > 0;
  useEffect(() => {
    // The panel's footprint from the bottom of the window: its height and its offset.
    reportBulkPanelHeight(shown && height > 0 ? height + PANEL_OFFSET : 0);
    return () => reportBulkPanelHeight(0);
  }, [shown, height]);
  if (!shown) return null;
  return (
    <Stack ref={ref} gap="xs" pos="fixed" bottom={PANEL_OFFSET} right={PANEL_OFFSET} style={{ zIndex: 150 }} aria-label="Bulk status jobs">
      {jobs.map((entry) => (
        <JobCard key={entry.job.id} entry={entry} />
      ))}
    </Stack>
  );
}
