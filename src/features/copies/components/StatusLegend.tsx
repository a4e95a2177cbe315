import { memo } from 'react';
import { Badge, Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import type { StatusEntry } from '../statuses';
import { toneClass, toneStyle } from './tone';

type StatusLegendProps = {
  legend: readonly StatusEntry[];
  /** Toggle the entry on the focused copy; absent when no copy is focused. */
  onPick?: (entry: StatusEntry) => void;
};

/** Keys 1–9 and the statuses they toggle on the focused copy, clickable too. */
export const StatusLegend = memo(function StatusLegend({ legend, onPick }: StatusLegendProps) {
  const keyed = legend.filter((entry) => entry.hotkey !== null);
  return (
    <Group gap={3} wrap="wrap" aria-label="Status keys" role="group">
      {keyed.map((entry) => (
        <UnstyledButton
          key={entry.code}
          onClick={onPick ? () => onPick(entry) : undefined}
          disabled={!onPick}
          aria-label={`Key ${entry.hotkey}: toggle ${entry.title} on the focused copy`}
          title={`${entry.title} (code ${entry.code})`}
        >
          <Badge
            size="sm"
            variant="light"
            color={entry.color}
            radius="sm"
            tt="none"
            leftSection={
              <Text span fw={800} size="xs" aria-hidden>
                {entry.hotkey}
              </Text>
            }
            style={{ ...toneStyle(entry.color), cursor: onPick ? 'pointer' : 'default' }}
            classNames={{ label: toneClass, section: toneClass }}
          >
            {entry.short}
          </Badge>
        </UnstyledButton>
      ))}
    </Group>
  );
});

/** The keyboard help line under the legend. */
export const KeyHelp = memo(function KeyHelp() {
  return (
    <Text size="xs" c="dimmed" component="div">
      <Kbd size="xs">j</Kbd>/<Kbd size="xs">k</Kbd> or <Kbd size="xs">↓</Kbd>/<Kbd size="xs">↑</Kbd> move · <Kbd size="xs">Enter</Kbd> open ·{' '}
      <Kbd size="xs">1</Kbd>–<Kbd size="xs">9</Kbd> toggle a status · <Kbd size="xs">x</Kbd> select · Shift+click select a range ·{' '}
      <Kbd size="xs">u</Kbd> undo · <Kbd size="xs">Ctrl</Kbd>/<Kbd size="xs">⌘</Kbd>+<Kbd size="xs">K</Kbd> every status
    </Text>
  );
});
