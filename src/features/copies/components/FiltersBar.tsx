import { memo, useMemo, useState } from 'react';
import { Autocomplete, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Id } from '../../../api/ids';
import { assetsFirstPageQuery, collectionsQuery } from '../queries';
import type { CopiesSearch } from '../search';
import { validateCopiesSearch } from '../search';
import type { StatusEntry } from '../statuses';

type FiltersBarProps = {
  search: CopiesSearch;
  onChange: (next: CopiesSearch) => void;
  legend: readonly StatusEntry[];
  /** Platforms seen in the loaded rows, offered as suggestions (the platform lists none). */
  knownPlatforms: readonly string[];
};

/** A text field's draft that follows the URL when the URL changes (back button, clear filters). */
function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    setPrevious(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}

/**
 * The queue's filters. Each one is part of the URL: pickers apply at once, typed fields on Enter or
 * when leaving the field. Values the URL validation would drop are flagged instead of applied.
 */
export const FiltersBar = memo(function FiltersBar({ search, onChange, legend, knownPlatforms }: FiltersBarProps) {
  const assets = useQuery(assetsFirstPageQuery());
  const collections = useQuery(collectionsQuery());
  const [platform, setPlatform] = useDraft(search.platform ?? '');
  const [isrc, setIsrc] = useDraft(search.isrc ?? '');
  const [isrcError, setIsrcError] = useState<string | null>(null);

  const set = (patch: Partial<CopiesSearch>) => {
    const merged: Record<string, unknown> = { ...search, ...patch };
    onChange(validateCopiesSearch(merged));
  };

  const assetOptions = useMemo(() => {
    const options = (assets.data ?? []).map((asset) => ({ value: asset.asset_id as string, label: asset.title || `Asset ${asset.asset_id}` }));
    if (search.asset && !options.some((o) => o.value === search.asset)) options.unshift({ value: search.asset, label: `Asset ${search.asset}` });
    return options;
  }, [assets.data, search.asset]);

  const collectionOptions = useMemo(() => {
    const options = (collections.data ?? []).map((c) => ({ value: c.collection_id as string, label: c.title || `Collection ${c.collection_id}` }));
    if (search.collection && !options.some((o) => o.value === search.collection)) options.unshift({ value: search.collection, label: `Collection ${search.collection}` });
    return options;
  }, [collections.data, search.collection]);

  const statusOptions = useMemo(() => {
    const options = legend.map((entry) => ({ value: entry.code as string, label: `${entry.title} (${entry.code})` }));
    if (search.status && !options.some((o) => o.value === search.status)) options.unshift({ value: search.status, label: `Status ${search.status}` });
    return options;
  }, [legend, search.status]);

  const commitPlatform = (value: string) => set({ platform: value.trim() || undefined });
  const commitIsrc = (value: string) => {
    const text = value.trim();
    if (text !== '' && !/^[A-Za-z0-9]{1,20}$/.test(text)) {
      setIsrcError('Letters and digits only, as the platform matches ISRCs (e.g. GBNWR2500001).');
      return;
    }
    setIsrcError(null);
    set({ isrc: text || undefined });
  };

  return (
    <Stack gap={6} mb="sm">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          label="Asset"
          placeholder="Any asset"
          data={assetOptions}
          value={search.asset ?? null}
          onChange={(value) => set({ asset: (value ?? undefined) as Id | undefined })}
          searchable
          clearable
          w={180}
          size="xs"
          nothingFoundMessage="No asset with that title among the newest 100"
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={search.status ?? null}
          onChange={(value) => set({ status: (value ?? undefined) as Id | undefined })}
          searchable
          clearable
          w={180}
          size="xs"
        />
        <Autocomplete
          label="Platform"
          placeholder="Any platform"
          data={knownPlatforms as string[]}
          value={platform}
          onChange={setPlatform}
          onOptionSubmit={commitPlatform}
          onBlur={() => commitPlatform(platform)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitPlatform(platform);
          }}
          w={120}
          size="xs"
        />
        <Select
          label="Collection"
          placeholder="Any collection"
          data={collectionOptions}
          value={search.collection ?? null}
          onChange={(value) => set({ collection: (value ?? undefined) as Id | undefined })}
          searchable
          clearable
          w={150}
          size="xs"
        />
        <TextInput
          label="ISRC"
          placeholder="Any ISRC"
          value={isrc}
          onChange={(event) => setIsrc(event.currentTarget.value)}
          onBlur={() => commitIsrc(isrc)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitIsrc(isrc);
          }}
          error={isrcError}
          w={120}
          size="xs"
        />
        <TextInput
          type="date"
          label="Updated since"
          value={search.since ?? ''}
          onChange={(event) => set({ since: event.currentTarget.value || undefined })}
          w={150}
          size="xs"
        />
        <Select
          label="Taken down"
          data={[
            { value: 'all', label: 'All copies' },
            { value: 'yes', label: 'Taken down' },
            { value: 'no', label: 'Still up' },
          ]}
          value={search.taken ?? 'all'}
          onChange={(value) => set({ taken: value === 'yes' || value === 'no' ? value : undefined })}
          allowDeselect={false}
          w={120}
          size="xs"
        />
      </Group>
    </Stack>
  );
});
