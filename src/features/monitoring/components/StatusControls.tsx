import { memo } from 'react';
import { Badge, Button, Group, Kbd, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { MonitoringResultStatus, MonitoringStatus } from '../../../api/schemas/discovery';
import { STATUS_COLORS, STATUS_KEYS, STATUS_LABELS, readableText } from '../search';

/** A result's status as a badge; results without a match have none. */
export function StatusBadge({ status }: { status: MonitoringResultStatus }) {
  if (status === '') {
    return (
      <Badge size="sm" variant="outline" color="gray" tt="none" radius="sm">
        No status
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]} tt="none" radius="sm" data-status={status} style={{ color: readableText(STATUS_COLORS[status]) }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

type StatusMenuProps = {
  status: MonitoringResultStatus;
  postLabel: string;
  onPick: (status: MonitoringStatus) => void;
};

/** The status of one result, changed from a menu (or keys 1–5 on the focused result). */
export const StatusMenu = memo(function StatusMenu({ status, postLabel, onPick }: StatusMenuProps) {
  const current = status === '' ? 'no status' : STATUS_LABELS[status];
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          color={status === '' ? 'gray' : STATUS_COLORS[status]}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Status of ${postLabel}: ${current}. Change status`}
          data-testid="status-menu"
          style={{ color: readableText(status === '' ? 'gray' : STATUS_COLORS[status]) }}
        >
          {status === '' ? 'Set status' : STATUS_LABELS[status]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Set the status</Menu.Label>
        {STATUS_KEYS.map((value, index) => (
          <Menu.Item
            key={value}
            onClick={() => onPick(value)}
            leftSection={value === status ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14, display: 'inline-block' }} />}
            rightSection={<Kbd size="xs">{index + 1}</Kbd>}
          >
            {STATUS_LABELS[value]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
});

/** Keys 1–5 and the statuses they set on the focused result; clickable too. */
export const StatusLegend = memo(function StatusLegend({ onPick }: { onPick?: (status: MonitoringStatus) => void }) {
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Group gap={3} role="group" aria-label="Status keys">
        {STATUS_KEYS.map((value, index) => (
          <UnstyledButton
            key={value}
            onClick={onPick ? () => onPick(value) : undefined}
            disabled={!onPick}
            aria-label={`Key ${index + 1}: mark the focused result ${STATUS_LABELS[value]}`}
          >
            <Badge
              size="sm"
              variant="light"
              color={STATUS_COLORS[value]}
              radius="sm"
              tt="none"
              leftSection={
                <Text span fw={800} size="xs" aria-hidden>
                  {index + 1}
                </Text>
              }
              style={{ cursor: onPick ? 'pointer' : 'default', color: readableText(STATUS_COLORS[value]) }}
            >
              {STATUS_LABELS[value]}
            </Badge>
          </UnstyledButton>
        ))}
      </Group>
      <Text size="xs" c="dimmed" component="div">
        <Kbd size="xs">j</Kbd>/<Kbd size="xs">k</Kbd> move between posts · <Kbd size="xs">1</Kbd>–<Kbd size="xs">5</Kbd> set the status ·{' '}
        <Kbd size="xs">x</Kbd> select
      </Text>
    </Group>
  );
});
