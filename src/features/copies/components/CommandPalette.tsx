import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { Spotlight, createSpotlight, useSpotlight } from '@mantine/spotlight';
import type { SpotlightActionGroupData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import '@mantine/spotlight/styles.css';
import type { Copy } from '../../../api/schemas/discovery';
import type { StatusEntry } from '../statuses';

export const [paletteStore, palette] = createSpotlight();

type CommandPaletteProps = {
  legend: readonly StatusEntry[];
  focused: Copy | null;
  focusedLabel: string;
  selectedCount: number;
  onToggle: (entry: StatusEntry) => void;
  onBulk: (entry: StatusEntry, present: boolean) => void;
};

const NO_ACTIONS: SpotlightActionGroupData[] = [];

/**
 * Ctrl/⌘+K: every status of the organisation, for the focused copy and for the selection. The
 * action list is only built while the palette is open, so triage keypresses do not pay for it.
 */
export function CommandPalette({ legend, focused, focusedLabel, selectedCount, onToggle, onBulk }: CommandPaletteProps) {
  const { opened } = useSpotlight(paletteStore);
  const actions = useMemo(() => {
    if (!opened) return NO_ACTIONS;
    const groups: SpotlightActionGroupData[] = [];
    if (focused) {
      groups.push({
        group: `Focused copy: ${focusedLabel}`,
        actions: legend.map((entry) => {
          const has = focused.user_actions.statuses.includes(entry.code);
          return {
            id: `focused-${entry.code}`,
            label: `${has ? 'Remove' : 'Add'} “${entry.title}”`,
            description: `Code ${entry.code}${entry.builtIn ? '' : ' · custom status'}`,
            keywords: [entry.short, entry.code],
            rightSection: entry.hotkey ? <Badge variant="default" size="sm">{entry.hotkey}</Badge> : undefined,
            onClick: () => onToggle(entry),
          };
        }),
      });
    }
    if (selectedCount > 0) {
      groups.push({
        group: `${selectedCount} selected ${selectedCount === 1 ? 'copy' : 'copies'}`,
        actions: legend.flatMap((entry) => [
          {
            id: `bulk-add-${entry.code}`,
            label: `Apply “${entry.title}” to ${selectedCount} selected`,
            description: `Code ${entry.code} · runs in the background`,
            keywords: [entry.short, entry.code, 'bulk'],
            onClick: () => onBulk(entry, true),
          },
          {
            id: `bulk-remove-${entry.code}`,
            label: `Remove “${entry.title}” from ${selectedCount} selected`,
            description: `Code ${entry.code} · runs in the background`,
            keywords: [entry.short, entry.code, 'bulk'],
            onClick: () => onBulk(entry, false),
          },
        ]),
      });
    }
    return groups;
  }, [opened, legend, focused, focusedLabel, selectedCount, onToggle, onBulk]);

  const nothingFound = focused || selectedCount > 0 ? 'No status matches' : 'Focus a copy (j/k) or select some (x) first';
  return useMemo(
    () => (
    <Spotlight
      store={paletteStore}
      actions={actions}
      shortcut={['mod + K']}
      nothingFound={nothingFound}
      highlightQuery
      limit={60}
      scrollable
      maxHeight={420}
      searchProps={{ leftSection: <IconSearch size={18} aria-hidden />, placeholder: 'Apply a status…', 'aria-label': 'Search statuses' }}
    />
    ),
    [actions, nothingFound],
  );
}
