import { memo } from 'react';
import { Alert, Button, Group, Menu, Paper, Progress, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { MonitoringStatus } from '../../../api/schemas/discovery';
import { STATUS_KEYS, STATUS_LABELS } from '../search';

export type BulkRun = {
  status: MonitoringStatus;
  total: number;
  completed: number;
  failed: number;
  phase: 'running' | 'done' | 'cancelled';
  /** Posts that failed, with the reason, for the message and a retry. */
  failures: { label: string; message: string }[];
  notRun: number;
};

type BulkBarProps = {
  selectedCount: number;
  loadedCount: number;
  run: BulkRun | null;
  onSelectAllLoaded: () => void;
  onClear: () => void;
  onApply: (status: MonitoringStatus) => void;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
};

/** The selection's actions and the progress of a bulk status change. */
export const BulkBar = memo(function BulkBar({ selectedCount, loadedCount, run, onSelectAllLoaded, onClear, onApply, onCancel, onRetry, onDismiss }: BulkBarProps) {
  if (run) {
    const label = STATUS_LABELS[run.status];
    const percent = run.total === 0 ? 100 : Math.round((run.completed / run.total) * 100);
    if (run.phase === 'running') {
      return (
        <Paper withBorder p="xs" mb="xs" data-testid="bulk-progress">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" aria-live="polite">
              Marking {run.total} posts {label}: {run.completed} of {run.total} done{run.failed ? `, ${run.failed} failed` : ''}
            </Text>
            <Button size="compact-xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          <Progress value={percent} aria-label={`Bulk status change, ${percent}%`} />
        </Paper>
      );
    }
    const succeeded = run.completed - run.failed;
    const problems = run.failures.length + run.notRun;
    return (
      <Alert
        mb="xs"
        color={problems ? (run.failures.length ? 'red' : 'gray') : 'teal'}
        title={run.phase === 'cancelled' ? `Cancelled: ${succeeded} of ${run.total} posts marked ${label}` : `${succeeded} of ${run.total} posts marked ${label}`}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
        data-testid="bulk-done"
      >
        {run.failures.length ? (
          <Text size="sm">
            Failed: {run.failures.slice(0, 3).map((f) => `${f.label} (${f.message})`).join('; ')}
            {run.failures.length > 3 ? ` and ${run.failures.length - 3} more` : ''}. Their status was put back.
          </Text>
        ) : null}
        {run.notRun ? <Text size="sm">{run.notRun} posts were not reached and keep their status.</Text> : null}
        {problems ? (
          <Button size="compact-xs" mt={6} variant="default" onClick={onRetry}>
            Retry {problems} post{problems === 1 ? '' : 's'}
          </Button>
        ) : null}
      </Alert>
    );
  }
  return (
    <Group justify="space-between" mb="xs" gap="xs" mih={28}>
      <Group gap="xs">
        <Text size="sm" c={selectedCount ? undefined : 'dimmed'} data-testid="selected-count">
          {selectedCount ? `${selectedCount} selected` : 'Select posts with x or their box to change many at once.'}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onSelectAllLoaded} disabled={loadedCount === 0}>
          Select all {loadedCount} loaded
        </Button>
        {selectedCount ? (
          <Button size="compact-xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        ) : null}
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" disabled={selectedCount === 0} rightSection={<IconChevronDown size={14} aria-hidden />}>
            Mark selected as…
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {STATUS_KEYS.map((value) => (
            <Menu.Item key={value} onClick={() => onApply(value)}>
              {STATUS_LABELS[value]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
});
