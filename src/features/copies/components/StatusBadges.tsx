import { memo } from 'react';
import { Badge, CloseButton, Group, Text } from '@mantine/core';
import type { Id } from '../../../api/ids';
import type { StatusEntry } from '../statuses';
import { statusColor, statusLabel, statusTitle } from '../statuses';
import { toneClass, toneStyle } from './tone';

type StatusBadgesProps = {
  codes: readonly Id[];
  legend: readonly StatusEntry[];
  /** Shows a remove button on each badge when given. */
  onRemove?: (code: Id) => void;
  size?: 'xs' | 'sm' | 'md';
  /** Text when the copy holds no status. */
  emptyText?: string;
  /** Show at most this many badges and a "+N" for the rest (all titles stay in its hover text). */
  max?: number;
};

/** The statuses a copy holds, as coloured badges with the full title on hover. */
export const StatusBadges = memo(function StatusBadges({ codes, legend, onRemove, size = 'sm', emptyText = 'No status', max }: StatusBadgesProps) {
  if (codes.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  const shown = max !== undefined && codes.length > max ? codes.slice(0, max - 1) : codes;
  const hidden = codes.slice(shown.length);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((code) => {
        const title = statusTitle(code, legend);
        return (
          <Badge
            key={code}
            size={size}
            color={statusColor(code, legend)}
            variant="light"
            style={toneStyle(statusColor(code, legend))}
            classNames={{ label: toneClass }}
            radius="sm"
            title={`${title} (code ${code})`}
            data-status-code={code}
            rightSection={
              onRemove ? (
                <CloseButton size="xs" variant="transparent" aria-label={`Remove status ${title}`} onClick={() => onRemove(code)} />
              ) : undefined
            }
          >
            {statusLabel(code, legend)}
          </Badge>
        );
      })}
      {hidden.length > 0 ? (
        <Badge size={size} variant="default" radius="sm" title={hidden.map((code) => statusTitle(code, legend)).join(', ')} data-hidden-codes={hidden.join(' ')}>
          +{hidden.length} more
        </Badge>
      ) : null}
    </Group>
  );
});
