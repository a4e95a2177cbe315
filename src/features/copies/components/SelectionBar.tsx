import { memo, useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconCheckbox, IconMinus, IconPlus, IconSquareOff } from '@tabler/icons-react';
import type { StatusEntry } from '../statuses';

type SelectionBarProps = {
  selectedCount: number;
  loadedCount: number;
  legend: readonly StatusEntry[];
  onSelectAllLoaded: () => void;
  onClear: () => void;
  onBulk: (entry: StatusEntry, present: boolean) => void;
};

/** What can be done with the selected copies: apply or remove one status on all of them. */
export const SelectionBar = memo(function SelectionBar({ selectedCount, loadedCount, legend, onSelectAllLoaded, onClear, onBulk }: SelectionBarProps) {
  const [code, setCode] = useState<string | null>(null);
  const entry = legend.find((e) => e.code === code) ?? null;
  return (
    <Paper withBorder p={6} px="sm" mb="xs" radius="md" aria-label="Selection" role="region">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite" data-testid="selected-count">
            {selectedCount === 0 ? 'No copies selected' : `${selectedCount} selected`}
          </Text>
          <Button size="compact-xs" variant="subtle" leftSection={<IconCheckbox size={14} aria-hidden />} onClick={onSelectAllLoaded} disabled={loadedCount === 0}>
            Select all loaded ({loadedCount})
          </Button>
          {selectedCount > 0 ? (
            <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconSquareOff size={14} aria-hidden />} onClick={onClear}>
              Clear selection
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          <Select
            size="xs"
            aria-label="Status for the selected copies"
            placeholder="Choose a status"
            data={legend.map((e) => ({ value: e.code as string, label: e.title }))}
            value={code}
            onChange={setCode}
            searchable
            w={240}
            disabled={selectedCount === 0}
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={selectedCount === 0 || !entry}
            onClick={() => entry && onBulk(entry, true)}
          >
            Apply to {selectedCount}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMinus size={14} aria-hidden />}
            disabled={selectedCount === 0 || !entry}
            onClick={() => entry && onBulk(entry, false)}
          >
            Remove from {selectedCount}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
});
