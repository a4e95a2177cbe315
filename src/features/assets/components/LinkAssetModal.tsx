import { Alert, Button, Group, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { assetLinkSchema, describeError, isApiError, type AssetLink, type Id, type MatchType, type MediaType } from '../../../api';
import { fieldErrorsFromZod, fieldOfMessage, type FieldErrors } from '../../../lib/field-errors';
import { useLinkAsset } from '../queries';
import { CollectionsSelect, DayInput, MatchTypesField, MediaTypeSelect } from './AssetFields';

interface LinkValues {
  link: string;
  media_type: MediaType;
  match_types: MatchType[];
  collection_ids: Id[];
  reference_ids: string[];
  production_date: string;
}

const EMPTY: LinkValues = { link: '', media_type: 'audio', match_types: [], collection_ids: [], reference_ids: [], production_date: '' };
const FIELDS = ['link', 'media_type', 'match_types', 'collection_ids', 'reference_ids', 'production_date'];

/** Creates an asset from a page on a supported platform (YouTube, SoundCloud, …) instead of a file. */
export function LinkAssetModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (assetId: Id) => void }) {
  const [values, setValues] = useState<LinkValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const link = useLinkAsset();
  const change = (patch: Partial<LinkValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const submit = () => {
    setFormError(null);
    const candidate: AssetLink = {
      link: values.link.trim(),
      media_type: values.media_type,
      match_types: values.match_types.length ? values.match_types : undefined,
      collection_ids: values.collection_ids.length ? values.collection_ids : undefined,
      reference_ids: values.reference_ids.length ? values.reference_ids : undefined,
      production_date: values.production_date || undefined,
    };
    const parsed = assetLinkSchema.safeParse(candidate);
    if (!parsed.success) {
      const found = fieldErrorsFromZod(parsed.error);
      if (found.link) found.link = 'Give the full address of the page, starting with https:// (or http://).';
      setErrors(found);
      return;
    }
    link.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', title: 'Asset added', message: 'The platform reads the page and processes it; the status shows on the asset.' });
        setValues(EMPTY);
        onClose();
        onCreated(answer.asset_id);
      },
      onError: (error) => {
        // A 400 names the field it is about: show it there. Everything typed stays in the form.
        const message = describeError(error);
        const field = isApiError(error) && error.status === 400 ? fieldOfMessage(error.message, FIELDS) : null;
        if (field) setErrors({ [field]: message });
        else setFormError(message);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add an asset from a link" size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The platform fetches the recording from the page itself. About fifteen audio and video sharing platforms are supported.
          </Text>
          {formError ? (
            <Alert color="red" variant="light" title="The asset was not added" role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label="Page link"
            required
            placeholder="https://www.youtube.com/watch?v=…"
            value={values.link}
            error={errors.link}
            onChange={(event) => change({ link: event.currentTarget.value })}
            data-autofocus
          />
          <MediaTypeSelect value={values.media_type} error={errors.media_type} onChange={(media_type) => change({ media_type })} />
          <MatchTypesField value={values.match_types} error={errors.match_types} onChange={(match_types) => change({ match_types })} />
          <CollectionsSelect value={values.collection_ids} error={errors.collection_ids} onChange={(collection_ids) => change({ collection_ids })} />
          <TagsInput
            label="Reference ids"
            value={values.reference_ids}
            error={errors.reference_ids}
            onChange={(reference_ids) => change({ reference_ids })}
          />
          <DayInput
            label="Production date"
            description="Optional for links."
            value={values.production_date}
            error={errors.production_date}
            onChange={(production_date) => change({ production_date })}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={link.isPending}>
              Add asset
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
