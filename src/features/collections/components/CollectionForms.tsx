import { Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  autoCollectionInputSchema,
  collectionInputSchema,
  describeError,
  isApiError,
  type AutoCollectionInput,
  type Collection,
  type CollectionInput,
  type Id,
} from '../../../api';
import { fieldErrorsFromZod, fieldOfMessage, type FieldErrors } from '../../../lib/field-errors';
import { useCreateAutoCollection, useCreateCollection, useUpdateCollection } from '../queries';

/** Puts a platform refusal next to the field it names, or above the form. */
function placeError(error: unknown, fields: readonly string[], setErrors: (errors: FieldErrors) => void, setFormError: (message: string) => void) {
  const message = describeError(error);
  const field = isApiError(error) && error.status === 400 ? fieldOfMessage(error.message, fields) : null;
  if (field) setErrors({ [field]: message });
  else setFormError(message);
}

interface CollectionFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Editing this collection; creating a new one when absent. */
  collection?: Pick<Collection, 'collection_id' | 'title' | 'reference_id'>;
  onCreated?: (id: Id) => void;
}

export function CollectionFormModal({ opened, onClose, collection, onCreated }: CollectionFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={collection ? 'Edit collection' : 'New collection'} centered>
      {/* Mounted per opening, so the form starts from the collection as it is now. */}
      {opened ? <CollectionForm collection={collection} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function CollectionForm({ collection, onClose, onCreated }: Omit<CollectionFormModalProps, 'opened'>) {
  const [values, setValues] = useState<CollectionInput>({ title: collection?.title ?? '', reference_id: collection?.reference_id ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const pending = create.isPending || update.isPending;

  const submit = () => {
    setFormError(null);
    const parsed = collectionInputSchema.safeParse({ title: values.title.trim(), reference_id: values.reference_id.trim() });
    if (!parsed.success) {
      const found = fieldErrorsFromZod(parsed.error);
      if (found.title) found.title = 'Give the collection a title.';
      setErrors(found);
      return;
    }
    const onError = (error: unknown) => placeError(error, ['title', 'reference_id'], setErrors, setFormError);
    if (collection) {
      update.mutate({ id: collection.collection_id, input: parsed.data }, {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Collection saved', message: `"${parsed.data.title}" is up to date.` });
          onClose();
        },
        onError,
      });
    } else {
      create.mutate(parsed.data, {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', title: 'Collection created', message: `"${parsed.data.title}" is ready for assets.` });
          onClose();
          onCreated?.(answer.collection_id);
        },
        onError,
      });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {formError ? (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          data-autofocus
          value={values.title}
          error={errors.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            setValues((v) => ({ ...v, title }));
            setErrors({});
          }}
        />
        <TextInput
          label="Reference id"
          description="Your own id for this collection, e.g. a catalogue or label code. Optional."
          value={values.reference_id}
          error={errors.reference_id}
          onChange={(event) => {
            const reference_id = event.currentTarget.value;
            setValues((v) => ({ ...v, reference_id }));
            setErrors({});
          }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {collection ? 'Save' : 'Create collection'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AutoCollectionFormModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated?: (id: Id) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New auto collection" centered size="lg">
      {opened ? <AutoCollectionForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function AutoCollectionForm({ onClose, onCreated }: { onClose: () => void; onCreated?: (id: Id) => void }) {
  const [values, setValues] = useState<AutoCollectionInput>({ title: '', source_url: '', is_active: true });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateAutoCollection();

  const submit = () => {
    setFormError(null);
    const parsed = autoCollectionInputSchema.safeParse({ ...values, title: values.title.trim(), source_url: values.source_url.trim() });
    if (!parsed.success) {
      const found = fieldErrorsFromZod(parsed.error);
      if (found.title) found.title = 'Give the collection a title.';
      if (found.source_url) found.source_url = 'Give the full address, starting with https:// (or http://).';
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', title: 'Auto collection created', message: `"${parsed.data.title}" fills itself from its source.` });
        onClose();
        onCreated?.(answer.collection_id);
      },
      onError: (error) => placeError(error, ['title', 'source_url', 'is_active'], setErrors, setFormError),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          An auto collection takes its assets from a source, such as a channel or playlist page, and keeps adding new ones while it is active.
        </Text>
        {formError ? (
          <Alert color="red" variant="light" title="Not created" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          data-autofocus
          value={values.title}
          error={errors.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            setValues((v) => ({ ...v, title }));
            setErrors({});
          }}
        />
        <TextInput
          label="Source URL"
          required
          placeholder="https://www.youtube.com/@channel"
          value={values.source_url}
          error={errors.source_url}
          onChange={(event) => {
            const source_url = event.currentTarget.value;
            setValues((v) => ({ ...v, source_url }));
            setErrors({});
          }}
        />
        <Switch
          label="Active"
          description="While active, new content at the source becomes assets of this collection."
          checked={values.is_active}
          onChange={(event) => {
            const is_active = event.currentTarget.checked;
            setValues((v) => ({ ...v, is_active }));
          }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create auto collection
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
