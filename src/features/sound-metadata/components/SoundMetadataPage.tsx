import { Alert, Autocomplete, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MAX_SOUND_METADATA_BATCH, type SoundMetadata } from '../../../api';
import { ErrorState } from '../../../components/ErrorState';
import { ExternalLink } from '../../../components/ExternalLink';
import { PageHeader } from '../../../components/PageHeader';
import { formatInteger, MISSING } from '../../../lib/format';
import { safeHttpUrl } from '../../../lib/safe-url';
import { batchRefusal, parseSoundLines } from '../parse';
import { KNOWN_SOUND_PLATFORMS, useSoundLookup, type SoundLookup } from '../queries';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function SoundLink({ sound }: { sound: SoundMetadata }) {
  if (!safeHttpUrl(sound.url)) {
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {sound.url || MISSING}
      </Text>
    );
  }
  return (
    <ExternalLink href={sound.url} size="sm" aria-label={`Open sound ${sound.sound_id} on ${sound.platform}`}>
      Open sound
    </ExternalLink>
  );
}

function ResultsTable({ sounds }: { sounds: readonly SoundMetadata[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing={6} striped highlightOnHover aria-label="Sounds found">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sound id</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Artist</Table.Th>
            <Table.Th>Platform</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th ta="right">Videos</Table.Th>
            <Table.Th>Link</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sounds.map((sound) => (
            <Table.Tr key={`${sound.platform}/${sound.sound_id}`}>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {sound.sound_id}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2} title={sound.title}>
                  {sound.title || MISSING}
                </Text>
              </Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" lineClamp={2} title={sound.artist}>
                  {sound.artist || MISSING}
                </Text>
              </Table.Td>
              <Table.Td>{sound.platform}</Table.Td>
              <Table.Td>
                {sound.is_original ? (
                  <Badge variant="light" color="grape" title="Uploaded by a user, not in the platform's library">
                    Original
                  </Badge>
                ) : (
                  <Badge variant="light" color="blue" title="In the platform's music library">
                    Library
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatInteger(sound.video_count)}</Table.Td>
              <Table.Td>
                <SoundLink sound={sound} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Results({ lookup }: { lookup: SoundLookup }) {
  const { found, notFound } = lookup.results;
  const asked = lookup.requested.length;
  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {asked === 1 ? 'Looked up 1 sound' : `Looked up ${asked} sounds`}: {found.length} found, {notFound.length} not found.
      </Text>
      {found.length > 0 ? <ResultsTable sounds={found} /> : null}
      {notFound.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Not found
          </Title>
          <Text size="sm" c="dimmed">
            Discovery knows no sound with these ids on these platforms. Check the id and the platform name.
          </Text>
          <Stack gap={2} component="ul" aria-label="Sounds not found" style={{ paddingLeft: 20, margin: 0 }}>
            {notFound.map((ref) => (
              <Text component="li" size="sm" key={`${ref.platform}/${ref.sound_id}`}>
                <Text span ff="monospace" inherit>
                  {ref.sound_id}
                </Text>{' '}
                on {ref.platform}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** /sound-metadata: look up one sound, or up to 100 pasted as "id, platform" lines. */
export function SoundMetadataPage() {
  const lookup = useSoundLookup();
  const [soundId, setSoundId] = useState('');
  const [platform, setPlatform] = useState('tiktok');
  const [oneError, setOneError] = useState<{ soundId?: string; platform?: string }>({});
  const [lines, setLines] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const parsed = parseSoundLines(lines);
  const pendingKind = lookup.isPending ? lookup.variables.kind : null;

  const submitOne = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      soundId: soundId.trim() === '' ? 'Enter the sound id.' : undefined,
      platform: platform.trim() === '' ? 'Enter the platform, for example tiktok.' : undefined,
    };
    setOneError(errors);
    if (errors.soundId || errors.platform) return;
    lookup.mutate({ kind: 'one', ref: { sound_id: soundId, platform } });
  };

  const submitBatch = (event: FormEvent) => {
    event.preventDefault();
    const reason = batchRefusal(parsed);
    setRefusal(reason);
    if (reason) return;
    lookup.mutate({ kind: 'batch', refs: parsed.entries });
  };

  const counted = parsed.entries.length;
  const summary = [
    `${counted} ${counted === 1 ? 'sound' : 'sounds'}`,
    parsed.bad.length ? `${parsed.bad.length} bad ${parsed.bad.length === 1 ? 'line' : 'lines'} (${parsed.bad.slice(0, 5).map((bad) => bad.line).join(', ')}${parsed.bad.length > 5 ? '…' : ''})` : null,
    parsed.repeated.length ? `${parsed.repeated.length} repeated ${parsed.repeated.length === 1 ? 'line' : 'lines'} counted once` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <PageHeader
        title="Sound metadata"
        description="Look up the platform sounds that copies use: title, artist, whether a user uploaded it or it is in the platform's library, and how many videos use it."
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Section id="one-sound-heading" title="One sound">
            <form onSubmit={submitOne} noValidate>
              <Stack gap="sm">
                <TextInput
                  label="Sound id"
                  value={soundId}
                  onChange={(event) => {
                    setSoundId(event.currentTarget.value);
                    if (oneError.soundId) setOneError((previous) => ({ ...previous, soundId: undefined }));
                  }}
                  error={oneError.soundId}
                  autoComplete="off"
                  spellCheck={false}
                />
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <Autocomplete
                    label="Platform"
                    data={[...KNOWN_SOUND_PLATFORMS]}
                    value={platform}
                    onChange={(next) => {
                      setPlatform(next);
                      if (oneError.platform) setOneError((previous) => ({ ...previous, platform: undefined }));
                    }}
                    error={oneError.platform}
                    style={{ flex: 1 }}
                  />
                  <Button
                    type="submit"
                    mt={25}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    loading={pendingKind === 'one'}
                    disabled={lookup.isPending && pendingKind !== 'one'}
                  >
                    Look up sound
                  </Button>
                </Group>
              </Stack>
            </form>
          </Section>

          <Section id="batch-heading" title="Batch">
            <form onSubmit={submitBatch} noValidate>
              <Stack gap="sm">
                <Textarea
                  label="Sounds, one a line"
                  description={`"sound id, platform", or two columns pasted from a sheet. At most ${MAX_SOUND_METADATA_BATCH} per lookup.`}
                  placeholder={'7301234567890123456, tiktok\n18012345678901234\tinstagram'}
                  value={lines}
                  onChange={(event) => {
                    setLines(event.currentTarget.value);
                    if (refusal) setRefusal(null);
                  }}
                  autosize
                  minRows={4}
                  maxRows={12}
                  spellCheck={false}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
                <Text size="sm" c={parsed.bad.length || counted > MAX_SOUND_METADATA_BATCH ? 'var(--mantine-color-error)' : 'dimmed'} aria-live="polite" data-testid="batch-count">
                  {summary}
                </Text>
                {refusal ? (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Not looked up" role="alert">
                    {refusal}
                  </Alert>
                ) : null}
                <Group>
                  <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={pendingKind === 'batch'} disabled={lookup.isPending && pendingKind !== 'batch'}>
                    Look up sounds
                  </Button>
                </Group>
              </Stack>
            </form>
          </Section>
        </SimpleGrid>

        <Section id="sound-results-heading" title="Results">
          {lookup.isPending ? (
            <Text size="sm" role="status">
              {lookup.variables.kind === 'one' ? 'Looking up the sound…' : `Looking up ${lookup.variables.refs.length} sounds…`}
            </Text>
          ) : lookup.isError ? (
            <ErrorState title="The lookup failed" error={lookup.error} onRetry={() => lookup.mutate(lookup.variables)} />
          ) : lookup.data ? (
            <Results lookup={lookup.data} />
          ) : (
            <Text size="sm" c="dimmed">
              Look up a sound or a batch above; the results appear here.
            </Text>
          )}
        </Section>
      </Stack>
    </>
  );
}
