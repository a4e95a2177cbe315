import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeError, isApiError, type Asset } from '../../../api';
import { fieldOfMessage, type FieldErrors } from '../../../lib/field-errors';
import { ASSET_FIELDS, buildPatch, buildReplace, formValuesOf, type AssetFormValues } from '../asset-form';
import { useUpdateAsset, type AssetUpdate } from '../queries';
import { AssetFields } from './AssetFields';

/**
 * Editing an asset. "Save changes" sends a PATCH with only the fields that changed, so nothing else
 * is touched; "Replace all fields" sends a PUT with the whole form, which clears what is left empty.
 */
export function AssetEditForm({ asset }: { asset: Asset }) {
  const [values, setValues] = useState<AssetFormValues>(() => formValuesOf(asset));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAsset(asset.asset_id);
  const patch = buildPatch(asset, values);
  const changed = patch.ok ? Object.keys(patch.value) : Object.keys(patch.errors);
  const dirty = changed.length > 0;

  const change = (next: Partial<AssetFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
    setFormError(null);
  };

  const send = (request: AssetUpdate, done: string) => {
    update.mutate(request, {
      onSuccess: () => notifications.show({ color: 'teal', title: done, message: `"${values.title.trim()}" is up to date.` }),
      onError: (error) => {
        // The platform's 400 names a field: show it there. The form keeps everything typed.
        const message = describeError(error);
        const field = isApiError(error) && error.status === 400 ? fieldOfMessage(error.message, ASSET_FIELDS) : null;
        if (field) setErrors({ [field]: message });
        else setFormError(message);
      },
    });
  };

  const saveChanges = () => {
    setFormError(null);
    const built = buildPatch(asset, values);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    if (Object.keys(built.value).length === 0) return;
    send({ mode: 'patch', body: built.value }, 'Changes saved');
  };

  const replaceAll = () => {
    setFormError(null);
    const built = buildReplace(asset, values);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    modals.openConfirmModal({
      title: 'Replace every field of this asset?',
      centered: true,
      children: (
        <Text size="sm">
          The platform takes the form exactly as it is: fields left empty here (reference ids, ISRCs, ISWCs, YouTube Content ID, collections,
          production date…) are cleared on the asset. Excluded segments are kept. Use "Save changes" to change only what you edited.
        </Text>
      ),
      labels: { confirm: 'Replace all fields', cancel: 'Cancel' },
      onConfirm: () => send({ mode: 'replace', body: built.value }, 'Asset replaced'),
    });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="edit-heading">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          saveChanges();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="edit-heading">
              Edit asset
            </Title>
            <Text size="sm" c="dimmed">
              {dirty ? `Changed: ${changed.map((key) => key.replace('music.', '')).join(', ')}` : 'No changes'}
            </Text>
          </Group>
          {formError ? (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {formError}
            </Alert>
          ) : null}
          <AssetFields values={values} errors={errors} onChange={change} productionDateRequired={false} />
          <Group justify="space-between">
            <Button variant="subtle" color="gray" onClick={replaceAll} disabled={update.isPending}>
              Replace all fields…
            </Button>
            <Group gap="xs">
              <Button
                variant="default"
                disabled={!dirty || update.isPending}
                onClick={() => {
                  setValues(formValuesOf(asset));
                  setErrors({});
                  setFormError(null);
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!dirty}>
                Save changes
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
