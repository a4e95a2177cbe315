import { Button, Group, SegmentedControl, Select, TagsInput } from '@mantine/core';
import { useState } from 'react';
import { normaliseIsrc } from '../identifiers';
import { ASSET_STATUS_FILTERS, MAX_ISRC_FILTERS, type AssetsSearch } from '../search';

interface AssetFiltersProps {
  search: AssetsSearch;
  onChange: (next: AssetsSearch) => void;
}

const STATUS_LABELS: Record<(typeof ASSET_STATUS_FILTERS)[number], string> = {
  failed: 'Failed',
  uploaded: 'Uploaded (processing)',
  sampled: 'Sampled',
};

/** The list's filters: what the platform can filter by (processing status, tracking, ISRCs). */
export function AssetFilters({ search, onChange }: AssetFiltersProps) {
  const [isrcError, setIsrcError] = useState<string | null>(null);
  const set = (patch: Partial<AssetsSearch>) => {
    const next = { ...search, ...patch };
    onChange(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) as AssetsSearch);
  };

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Processing status"
        placeholder="Any status"
        clearable
        w={220}
        data={ASSET_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        value={search.status ?? null}
        onChange={(value) => set({ status: (value as AssetsSearch['status']) ?? undefined })}
      />
      <div>
        <SegmentedControl
          aria-label="Tracking"
          data={[
            { value: 'all', label: 'All' },
            { value: 'yes', label: 'Tracked' },
            { value: 'no', label: 'Not tracked' },
          ]}
          value={search.tracked ?? 'all'}
          onChange={(value) => set({ tracked: value === 'yes' || value === 'no' ? value : undefined })}
        />
      </div>
      <TagsInput
        label="ISRCs (any of)"
        placeholder={search.isrc?.length ? '' : 'e.g. GB-NWR-26-00001, Enter'}
        w={360}
        clearable
        maxTags={MAX_ISRC_FILTERS}
        value={search.isrc ?? []}
        error={isrcError}
        onChange={(values) => {
          const bad = values.filter((value) => normaliseIsrc(value) === null);
          setIsrcError(bad.length ? `Not an ISRC: ${bad.join(', ')} (12 letters and digits, like GBNWR2600001).` : null);
          const good = [...new Set(values.map(normaliseIsrc).filter((value): value is string => value !== null))];
          set({ isrc: good.length ? good : undefined });
        }}
      />
      {search.status || search.tracked || search.isrc?.length ? (
        <Button variant="subtle" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
