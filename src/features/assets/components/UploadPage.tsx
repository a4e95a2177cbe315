import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Button, Card, CloseButton, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconMusic, IconUpload, IconX } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { getServerConfig, localDay } from '../../../api';
import { PageHeader } from '../../../components/PageHeader';
import { ToneBadge } from '../../../components/ToneBadge';
import { fieldOfMessage, type FieldErrors } from '../../../lib/field-errors';
import { uploadEngine, type QueuedUpload } from '../../../lib/upload/platform';
import { ASSET_FIELDS, buildUploadMetadata, type AssetFormValues } from '../asset-form';
import { draftValuesFor, emptySharedDetails, fileProblem, readProblem, withSharedDetails, type SharedDetails } from '../upload-files';
import { AssetFields, CollectionsSelect, DayInput, MatchTypesField } from './AssetFields';
import { formatBytes } from './UploadQueuePanel';

interface Draft {
  key: string;
  file: File;
  values: AssetFormValues;
  errors: FieldErrors;
  /** A platform answer that names no field. */
  formError: string | null;
  /** The queue item registering this file; the draft stays until the platform accepted its metadata. */
  engineId: string | null;
}

interface Rejected {
  key: string;
  message: string;
}

// Same key as the shell's, so the answer is shared.
const serverConfigQuery = queryOptions({
  queryKey: ['server', 'config'],
  queryFn: ({ signal }) => getServerConfig({ signal }),
  staleTime: Infinity,
  meta: { iface: 'server' },
});

let draftCounter = 0;

/** Drafts after the queue moved on: accepted ones leave, refused ones come back with their errors. */
function reconcileDrafts(drafts: Draft[], items: ReadonlyArray<QueuedUpload>): Draft[] {
  let changed = false;
  const next = drafts.flatMap((draft) => {
    if (!draft.engineId) return [draft];
    const item = items.find((entry) => entry.id === draft.engineId);
    if (!item || item.assetId) {
      changed = true;
      return [];
    }
    if (item.phase !== 'failed') return [draft];
    changed = true;
    const reason = item.failure?.reason ?? 'The upload could not start.';
    const field = fieldOfMessage(reason, ASSET_FIELDS);
    return [{ ...draft, engineId: null, errors: field ? { [field]: reason } : {}, formError: field ? null : reason }];
  });
  return changed ? next : drafts;
}

export function UploadPage() {
  const config = useQuery(serverConfigQuery);
  const [shared, setShared] = useState<SharedDetails>(() => emptySharedDetails(localDay(new Date())));
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const [checking, setChecking] = useState(false);

  // Follow the files handed to the queue: once the platform accepted the metadata the draft is done
  // (the queue shows the rest); if it refused it, the draft comes back with the message at its field
  // and the failed entry leaves the queue.
  const owned = useRef(new Set<string>());
  useEffect(() => {
    const engine = uploadEngine();
    const reconcile = () => {
      const items = engine.getSnapshot();
      for (const id of owned.current) {
        const item = items.find((entry) => entry.id === id);
        if (!item || item.assetId) owned.current.delete(id);
        else if (item.phase === 'failed') {
          owned.current.delete(id);
          void engine.remove(id);
        }
      }
      setDrafts((list) => reconcileDrafts(list, items));
    };
    reconcile();
    return engine.subscribe(reconcile);
  }, []);

  const addFiles = async (files: File[]) => {
    setChecking(true);
    const accepted: Draft[] = [];
    const refused: Rejected[] = [];
    for (const file of files) {
      const problem = fileProblem(file) ?? (await readProblem(file));
      if (problem) refused.push({ key: `rejected-${++draftCounter}`, message: problem });
      else accepted.push({ key: `draft-${++draftCounter}`, file, values: draftValuesFor(file, shared), errors: {}, formError: null, engineId: null });
    }
    setChecking(false);
    setRejected(refused);
    setDrafts((list) => [...list, ...accepted]);
  };

  const editing = drafts.filter((draft) => !draft.engineId);

  const submit = () => {
    let invalid = 0;
    const next = drafts.map((draft) => {
      if (draft.engineId) return draft;
      const built = buildUploadMetadata(draft.values);
      if (!built.ok) {
        invalid += 1;
        return { ...draft, errors: built.errors, formError: null };
      }
      const engineId = uploadEngine().add(draft.file, built.value);
      owned.current.add(engineId);
      return { ...draft, errors: {}, formError: null, engineId };
    });
    setDrafts(next);
    if (invalid > 0) {
      notifications.show({ color: 'red', title: 'Some files need attention', message: `${invalid} file(s) have fields to fix; nothing was sent for them.` });
      return;
    }
    notifications.show({ color: 'teal', title: 'Upload started', message: 'Follow each file in the Uploads panel; you can leave this page.' });
  };

  const threshold = config.data?.uploadV4ThresholdBytes;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Upload files"
        description={
          <>
            <Anchor component={Link} to="/assets" size="sm" underline="always">
              Assets
            </Anchor>{' '}
            / Each file is registered with its details, sent, then verified.
            {threshold ? ` Files of ${formatBytes(threshold)} or more are sent resumably and can be paused.` : ''}
          </>
        }
      />

      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="shared-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="shared-heading">
            Details for every file
          </Title>
          <Button
            variant="default"
            size="xs"
            disabled={editing.length === 0}
            onClick={() => setDrafts((list) => list.map((draft) => (draft.engineId ? draft : { ...draft, values: withSharedDetails(draft.values, shared) })))}
          >
            Apply to all files below
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          Files you add start with these; each file can still be changed on its own.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DayInput label="Production date" required value={shared.production_date} onChange={(production_date) => setShared((s) => ({ ...s, production_date }))} />
          <MatchTypesField value={shared.match_types} onChange={(match_types) => setShared((s) => ({ ...s, match_types }))} />
          <CollectionsSelect value={shared.collection_ids} onChange={(collection_ids) => setShared((s) => ({ ...s, collection_ids }))} />
          <Group grow align="flex-start">
            <TextInput label="Artist" value={shared.artist} onChange={(event) => setShared((s) => ({ ...s, artist: event.currentTarget.value }))} />
            <TextInput label="Album" value={shared.album} onChange={(event) => setShared((s) => ({ ...s, album: event.currentTarget.value }))} />
          </Group>
        </SimpleGrid>
      </Card>

      <Dropzone onDrop={(files) => void addFiles(files)} multiple loading={checking} aria-label="Choose audio or video files">
        <Group justify="center" gap="xl" mih={140} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={44} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconMusic size={44} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text size="lg" inline>
              Drop audio or video files here, or click to choose
            </Text>
            <Text size="sm" c="dimmed" mt={7}>
              One or many files. Each gets its own title and details below before anything is sent.
            </Text>
          </div>
        </Group>
      </Dropzone>

      {rejected.length ? (
        <Alert color="orange" variant="light" title="Not added" withCloseButton onClose={() => setRejected([])} role="alert">
          <List size="sm">
            {rejected.map((entry) => (
              <List.Item key={entry.key}>{entry.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      {drafts.map((draft) => (
        <Card key={draft.key} withBorder padding="lg" radius="md" component="section" aria-label={`Details of ${draft.file.name}`} data-testid="upload-draft">
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {draft.file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {draft.file.type} · {formatBytes(draft.file.size)}
                {threshold ? (draft.file.size >= threshold ? ' · resumable upload' : ' · single upload') : ''}
              </Text>
            </Stack>
            {draft.engineId ? (
              <ToneBadge color="blue">Registering…</ToneBadge>
            ) : (
              <CloseButton aria-label={`Remove ${draft.file.name}`} onClick={() => setDrafts((list) => list.filter((entry) => entry.key !== draft.key))} />
            )}
          </Group>
          {draft.formError ? (
            <Alert color="red" variant="light" mb="md" title="The platform refused this file's details" role="alert">
              {draft.formError}
            </Alert>
          ) : null}
          <fieldset disabled={Boolean(draft.engineId)} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <AssetFields
              values={draft.values}
              errors={draft.errors}
              productionDateRequired
              onChange={(patch) =>
                setDrafts((list) =>
                  list.map((entry) => {
                    if (entry.key !== draft.key) return entry;
                    const errors = { ...entry.errors };
                    for (const key of Object.keys(patch)) {
                      delete errors[key];
                      delete errors[`music.${key}`];
                    }
                    if ('youtube_asset_id' in patch) delete errors.youtube_content_id;
                    return { ...entry, values: { ...entry.values, ...patch }, errors };
                  }),
                )
              }
            />
          </fieldset>
        </Card>
      ))}

      {drafts.length ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDrafts((list) => list.filter((draft) => draft.engineId))} disabled={editing.length === 0}>
            Remove all
          </Button>
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={submit} disabled={editing.length === 0}>
            Upload {editing.length === 1 ? '1 file' : `${editing.length} files`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
