import '@mantine/dates/styles.css';
import { Checkbox, Group, MultiSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { Id, MatchType, MediaType } from '../../../api';
import type { FieldErrors } from '../../../lib/field-errors';
import type { AssetFormValues } from '../asset-form';
import { ISRC_HINT, ISWC_HINT } from '../identifiers';
import { collectionChoicesQuery } from '../queries';

export const MEDIA_TYPE_OPTIONS: { value: MediaType; label: string }[] = [
  { value: 'audio', label: 'Audio' },
  { value: 'video', label: 'Video' },
  { value: 'audiovisual', label: 'Audiovisual' },
];

export function MediaTypeSelect({ value, onChange, error }: { value: MediaType; onChange: (value: MediaType) => void; error?: string }) {
  return (
    <Select
      label="Media type"
      required
      allowDeselect={false}
      data={MEDIA_TYPE_OPTIONS}
      value={value}
      error={error}
      onChange={(next) => next && onChange(next as MediaType)}
    />
  );
}

export function MatchTypesField({ value, onChange, error }: { value: MatchType[]; onChange: (value: MatchType[]) => void; error?: string }) {
  return (
    <Checkbox.Group
      label="Match types"
      description="What to look for in copies. None ticked: the platform decides from the media type."
      value={value}
      onChange={(next) => onChange(next.filter((entry): entry is MatchType => entry === 'audio' || entry === 'video'))}
      error={error}
    >
      <Group gap="lg" mt={6}>
        <Checkbox value="audio" label="Audio" />
        <Checkbox value="video" label="Video" />
      </Group>
    </Checkbox.Group>
  );
}

export function CollectionsSelect({ value, onChange, error }: { value: Id[]; onChange: (value: Id[]) => void; error?: string }) {
  const collections = useQuery(collectionChoicesQuery());
  const known = new Set((collections.data ?? []).map((collection) => collection.collection_id as string));
  const data = [
    ...(collections.data ?? [])
      .filter((collection) => !collection.is_autocollection)
      .map((collection) => ({ value: collection.collection_id as string, label: collection.title || `Collection ${collection.collection_id}` })),
    // Ids the asset already has but the list does not (yet) show stay selectable.
    ...value.filter((id) => !known.has(id)).map((id) => ({ value: id as string, label: `Collection ${id}` })),
  ];
  return (
    <MultiSelect
      label="Collections"
      placeholder={collections.isPending ? 'Loading collections…' : value.length ? '' : 'Default collection'}
      data={data}
      value={value}
      onChange={(next) => onChange(next as Id[])}
      searchable
      clearable
      nothingFoundMessage="No collection by that name"
      error={error ?? (collections.isError ? 'The collections could not be loaded; try again later.' : undefined)}
    />
  );
}

export function DayInput({
  label,
  value,
  onChange,
  error,
  required,
  description,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  description?: string;
}) {
  return (
    <DateInput
      label={label}
      description={description}
      required={required}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      clearable={!required}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
    />
  );
}

interface AssetFieldsProps {
  values: AssetFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<AssetFormValues>) => void;
  /** The upload form asks for production_date (required there); an edit may leave it. */
  productionDateRequired: boolean;
}

/** Every editable field of an asset, as one controlled block (upload cards and the edit form). */
export function AssetFields({ values, errors, onChange, productionDateRequired }: AssetFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput label="Title" required value={values.title} error={errors.title} onChange={(event) => onChange({ title: event.currentTarget.value })} />
      <MediaTypeSelect value={values.media_type} error={errors.media_type} onChange={(media_type) => onChange({ media_type })} />
      <DayInput
        label="Production date"
        required={productionDateRequired}
        value={values.production_date}
        error={errors.production_date}
        onChange={(production_date) => onChange({ production_date })}
      />
      <MatchTypesField value={values.match_types} error={errors.match_types} onChange={(match_types) => onChange({ match_types })} />
      <CollectionsSelect value={values.collection_ids} error={errors.collection_ids} onChange={(collection_ids) => onChange({ collection_ids })} />
      <TagsInput
        label="Reference ids"
        description="Your own ids for this recording; press Enter after each."
        value={values.reference_ids}
        error={errors.reference_ids}
        onChange={(reference_ids) => onChange({ reference_ids })}
      />
      <TextInput label="Artist" value={values.artist} error={errors['music.artist']} onChange={(event) => onChange({ artist: event.currentTarget.value })} />
      <TextInput label="Album" value={values.album} error={errors['music.album']} onChange={(event) => onChange({ album: event.currentTarget.value })} />
      <TagsInput label="ISRCs" description={ISRC_HINT} value={values.isrcs} error={errors['music.isrcs']} onChange={(isrcs) => onChange({ isrcs })} />
      <TagsInput label="ISWCs" description={ISWC_HINT} value={values.iswcs} error={errors['music.iswcs']} onChange={(iswcs) => onChange({ iswcs })} />
      <TextInput
        label="YouTube Content ID asset"
        description="The id of the matching asset in YouTube's Content ID, if there is one."
        value={values.youtube_asset_id}
        error={errors.youtube_content_id}
        onChange={(event) => onChange({ youtube_asset_id: event.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
