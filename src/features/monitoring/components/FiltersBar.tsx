import { memo } from 'react';
import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { MonitoringSearch } from '../search';
import { STATUS_KEYS, STATUS_LABELS, exactDayOverridesRange, validateMonitoringSearch } from '../search';

type FiltersBarProps = {
  search: MonitoringSearch;
  onChange: (next: MonitoringSearch) => void;
};

const STATUS_OPTIONS = STATUS_KEYS.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** The list's filters, each part of the URL and applied at once. */
export const FiltersBar = memo(function FiltersBar({ search, onChange }: FiltersBarProps) {
  const set = (patch: Partial<Record<keyof MonitoringSearch, string | undefined>>) => {
    onChange(validateMonitoringSearch({ ...search, ...patch }));
  };
  const dayInput = (key: 'date' | 'from' | 'to', label: string, description?: string) => (
    <TextInput
      type="date"
      label={label}
      description={description}
      value={search[key] ?? ''}
      onChange={(event) => set({ [key]: event.currentTarget.value || undefined })}
      w={150}
      size="xs"
    />
  );
  return (
    <Stack gap={6} mb="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={search.status ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
          clearable
          w={160}
          size="xs"
        />
        <Select
          label="Music detected"
          data={[
            { value: 'all', label: 'Any' },
            { value: 'yes', label: 'Music detected' },
            { value: 'no', label: 'No music detected' },
          ]}
          value={search.music ?? 'all'}
          onChange={(value) => set({ music: value === 'yes' || value === 'no' ? value : undefined })}
          allowDeselect={false}
          w={170}
          size="xs"
        />
        {dayInput('date', 'Uploaded on')}
        {dayInput('from', 'Uploaded from')}
        {dayInput('to', 'Uploaded to')}
      </Group>
      {exactDayOverridesRange(search) ? (
        <Alert color="yellow" variant="light" p="xs" icon={<IconInfoCircle size={16} aria-hidden />} data-testid="exact-day-wins">
          Both an exact day and a range are set: the platform uses the exact day ({search.date}) and ignores the range. Clear
          “Uploaded on” to use the range.
        </Alert>
      ) : null}
    </Stack>
  );
});
