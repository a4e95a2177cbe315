import { useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconRosetteDiscountCheckFilled, IconShieldOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../../api/errors';
import { asId } from '../../../api/ids';
import type { Id } from '../../../api/ids';
import type { Copy } from '../../../api/schemas/discovery';
import { ErrorState } from '../../../components/ErrorState';
import { ExternalLink } from '../../../components/ExternalLink';
import { SegmentBar } from '../../../components/SegmentBar';
import { MISSING, formatDate, formatDateTime, formatDuration, formatInteger, formatPercent } from '../../../lib/format';
import { safeHttpUrl } from '../../../lib/safe-url';
import { fromExcluded, mergeSegments, segmentsFromFlat } from '../../../lib/segments';
import type { Segment } from '../../../lib/segments';
import { changeStatus, copyLabel } from '../actions';
import { MATCH_CATEGORY_INFO } from '../categories';
import { useLegend } from '../hooks';
import { assetQuery, copyQuery, soundQuery, whitelistQuery } from '../queries';
import type { StatusEntry } from '../statuses';
import { statusTitle } from '../statuses';
import { CategoryBadge } from './CategoryBadge';
import { ReleaseExcludeModal } from './ReleaseExcludeModal';
import { toneClass, toneStyle } from './tone';
import { StatusBadges } from './StatusBadges';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function rangesText(segments: readonly Segment[]): string {
  const merged = mergeSegments(segments);
  return merged.length ? merged.map((s) => `${formatDuration(s.start)}–${formatDuration(s.end)}`).join(', ') : 'none reported';
}

function orMissing(text: string | null | undefined) {
  return text && text.trim() !== '' ? text : MISSING;
}

function MatchSection({ copy }: { copy: Copy }) {
  const asset = useQuery(assetQuery(copy.asset_id));
  const match = copy.match_data;
  const assetSegments = segmentsFromFlat(match.matching_segments_in_asset);
  const copySegments = segmentsFromFlat(match.matching_segments_in_copy);
  return (
    <Section title="Match" testId="match-section">
      <Stack gap="md">
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text size="xl" fw={700}>
              {formatPercent(match.copy_percentage_of_asset)}
            </Text>
            <Text size="xs" c="dimmed">
              of the asset is in the copy
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xl" fw={700}>
              {formatPercent(match.asset_percentage_of_copy)}
            </Text>
            <Text size="xs" c="dimmed">
              of the copy is the asset
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xl" fw={700}>
              {formatDuration(match.length_of_match)}
            </Text>
            <Text size="xs" c="dimmed">
              matched length
            </Text>
          </Stack>
          <Stack gap={4}>
            <CategoryBadge category={copy.match_category} />
            <Text size="xs" c="dimmed" maw={220}>
              {MATCH_CATEGORY_INFO[copy.match_category].meaning}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {match.is_audio_modified === undefined ? 'Not reported' : match.is_audio_modified ? 'Yes' : 'No'}
            </Text>
            <Text size="xs" c="dimmed">
              audio modified (pitch, speed…)
            </Text>
          </Stack>
        </Group>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Asset{asset.data ? ` “${asset.data.title}”` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {asset.isPending ? 'loading length…' : asset.data?.duration ? formatDuration(asset.data.duration) : 'length unknown'}
            </Text>
          </Group>
          <SegmentBar label="Asset" duration={asset.data?.duration} segments={assetSegments} excluded={fromExcluded(asset.data?.excluded_segments)} color="red" />
          <Text size="xs" c="dimmed">
            Matched in the asset: {rangesText(assetSegments)}
            {asset.data && asset.data.excluded_segments.length > 0 ? ' · hatched: the asset’s excluded segments' : ''}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Copy
            </Text>
            <Text size="xs" c="dimmed">
              {copy.copy_duration ? formatDuration(copy.copy_duration) : 'length unknown'}
            </Text>
          </Group>
          <SegmentBar label="Copy" duration={copy.copy_duration} segments={copySegments} color="orange" />
          <Text size="xs" c="dimmed">
            Matched in the copy: {rangesText(copySegments)}
          </Text>
        </Stack>
      </Stack>
    </Section>
  );
}

function AssetSection({ assetId }: { assetId: Id }) {
  const asset = useQuery(assetQuery(assetId));
  return (
    <Section title="Asset" testId="asset-section">
      {asset.isPending ? (
        <Loader size="sm" />
      ) : asset.isError ? (
        <ErrorState error={asset.error} title={`Could not load asset ${assetId}`} onRetry={() => void asset.refetch()} />
      ) : (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Field label="Title">
              <Anchor renderRoot={(props) => <Link {...props} to="/assets/$assetId" params={{ assetId }} />} data-testid="asset-link">
                {orMissing(asset.data.title)}
              </Anchor>
            </Field>
            <Field label="Artist">{orMissing(asset.data.music.artist)}</Field>
            <Field label="Album">{orMissing(asset.data.music.album)}</Field>
            <Field label="ISRCs">{asset.data.music.isrcs.length ? asset.data.music.isrcs.join(', ') : MISSING}</Field>
            <Field label="Asset id">
              <Text span ff="monospace" size="sm">
                {assetId}
              </Text>
            </Field>
            <Field label="Excluded segments">
              <span data-testid="asset-excluded">
                {asset.data.excluded_segments.length
                  ? asset.data.excluded_segments.map((s) => `${formatDuration(s.lower)}–${formatDuration(s.upper)}`).join(', ')
                  : 'None'}
              </span>
            </Field>
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function WhitelistName({ whitelistId }: { whitelistId: Id }) {
  const whitelist = useQuery(whitelistQuery(whitelistId));
  if (whitelist.isPending) return <Text size="sm">Whitelist {whitelistId}…</Text>;
  if (whitelist.isError) return <Text size="sm">Whitelist {whitelistId} (could not load its title)</Text>;
  return (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/whitelists/$whitelistId" params={{ whitelistId }} />}>
      {orMissing(whitelist.data.title)}
    </Anchor>
  );
}

function SoundSection({ soundId, platform }: { soundId: string; platform: string }) {
  const sound = useQuery(soundQuery(soundId, platform));
  return (
    <Section title="Platform sound" testId="sound-section">
      {sound.isPending ? (
        <Loader size="sm" />
      ) : sound.isError ? (
        <Text size="sm" c="dimmed">
          Sound {soundId} on {platform}: {isApiError(sound.error) && sound.error.status === 404 ? 'the platform has no metadata for it.' : 'could not be loaded.'}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Field label="Title">
              <ExternalLink href={sound.data.url}>{orMissing(sound.data.title)}</ExternalLink>
            </Field>
            <Field label="Artist">{orMissing(sound.data.artist)}</Field>
            <Field label="Source">{sound.data.is_original ? 'Original (uploaded by a user)' : 'From the platform’s library'}</Field>
            <Field label="Videos using it">{formatInteger(sound.data.video_count)}</Field>
            <Field label="Sound id">
              <Text span ff="monospace" size="sm">
                {soundId}
              </Text>
            </Field>
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function StatusesSection({ copy, legend }: { copy: Copy; legend: readonly StatusEntry[] }) {
  const queryClient = useQueryClient();
  const apply = (entry: Pick<StatusEntry, 'code' | 'title'>, present: boolean) =>
    void changeStatus(
      queryClient,
      { matchId: copy.match_id, code: entry.code, present, copyLabel: copyLabel(copy), statusLabel: entry.title },
      { undoable: true },
    );
  return (
    <Section title="Statuses" testId="statuses-section">
      <Stack gap="sm">
        <StatusBadges
          codes={copy.user_actions.statuses}
          legend={legend}
          onRemove={(code) => apply({ code, title: statusTitle(code, legend) }, false)}
          emptyText="No status yet."
        />
        <Group gap={6}>
          {legend
            .filter((entry) => !copy.user_actions.statuses.includes(entry.code))
            .map((entry) => (
              <Button
                key={entry.code}
                size="compact-xs"
                variant="light"
                color={entry.color}
                style={toneStyle(entry.color)}
                classNames={{ label: toneClass }}
                onClick={() => apply(entry, true)}
              >
                + {entry.short}
              </Button>
            ))}
        </Group>
      </Stack>
    </Section>
  );
}

function CopyNotFound({ matchId }: { matchId: string }) {
  return (
    <Stack gap="md" maw={640} py="xl" data-testid="copy-not-found">
      <Title order={1} size="h2">
        Copy not found
      </Title>
      <Text>
        There is no copy with id{' '}
        <Text span ff="monospace" fw={600}>
          {matchId}
        </Text>{' '}
        in your organisation. It may belong to another organisation, or the link is mistyped.
      </Text>
      <Group>
        <Button component={Link} to="/copies" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back to the copies
        </Button>
      </Group>
    </Stack>
  );
}

/** Everything about one copy: the match drawn on both timelines, its asset, statuses and context. */
export function CopyDetailPage({ matchId }: { matchId: string }) {
  const id = asId(matchId);
  if (id === null || id.startsWith('-')) return <CopyNotFound matchId={matchId} />;
  return <CopyDetail matchId={id} />;
}

function CopyDetail({ matchId }: { matchId: Id }) {
  const copyResult = useQuery(copyQuery(matchId));
  const { legend } = useLegend();
  const [releaseOpen, setReleaseOpen] = useState(false);

  if (copyResult.isPending) {
    return (
      <Group p="xl">
        <Loader size="sm" />
        <Text size="sm">Loading copy {matchId}…</Text>
      </Group>
    );
  }
  if (copyResult.isError) {
    if (isApiError(copyResult.error) && copyResult.error.status === 404) return <CopyNotFound matchId={matchId} />;
    return <ErrorState error={copyResult.error} title={`Could not load copy ${matchId}`} onRetry={() => void copyResult.refetch()} />;
  }
  const copy = copyResult.data;
  const stats = copy.copy_statistics;
  const title = copy.copy_title.trim() || 'Untitled copy';
  const mediaHref = safeHttpUrl(copy.copy_media_url);
  const openLabel = `Open on ${copy.platform || 'platform'}`;
  const openIcon = <IconExternalLink size={16} aria-hidden />;

  return (
    <Stack gap="md" pb="xl">
      <Group gap="xs">
        <Anchor component={Link} to="/copies" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden /> Copies
          </Group>
        </Anchor>
      </Group>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} maw={760}>
          <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
            {title}
          </Title>
          <Group gap="xs">
            <Badge variant="default" radius="sm">
              {copy.platform}
            </Badge>
            <CategoryBadge category={copy.match_category} />
            {copy.is_taken_down ? (
              <Badge color="red" variant="outline" radius="sm">
                Taken down
              </Badge>
            ) : null}
            {copy.is_nsfw ? (
              <Badge color="dark" radius="sm">
                NSFW
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed" ff="monospace">
              match {copy.match_id}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {mediaHref ? (
            <Tooltip label="Opens the copy on the platform in a new tab" withArrow>
              <Button component="a" variant="default" leftSection={openIcon} href={mediaHref} target="_blank" rel="noopener noreferrer">
                {openLabel}
              </Button>
            </Tooltip>
          ) : (
            // A disabled <button>, not a link without href: assistive tech and axe both see it as disabled.
            <Tooltip label="The platform gave no http(s) address for this copy, so there is nothing safe to open" withArrow>
              <span>
                <Button variant="default" leftSection={openIcon} disabled>
                  {openLabel}
                </Button>
              </span>
            </Tooltip>
          )}
          <Button color="teal.9" leftSection={<IconShieldOff size={16} aria-hidden />} onClick={() => setReleaseOpen(true)}>
            Release and exclude
          </Button>
        </Group>
      </Group>

      <StatusesSection copy={copy} legend={legend} />
      <MatchSection copy={copy} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Copy" testId="copy-section">
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Field label="Media URL">
                <ExternalLink href={copy.copy_media_url}>{orMissing(copy.copy_media_url)}</ExternalLink>
              </Field>
              <Field label="Uploader">
                <Group gap={4}>
                  <ExternalLink href={copy.copy_user_url}>{orMissing(copy.copy_user_name)}</ExternalLink>
                  {copy.copy_user_is_verified ? (
                    <IconRosetteDiscountCheckFilled size={15} color="var(--mantine-color-blue-filled)" aria-label="Verified uploader" role="img" />
                  ) : null}
                </Group>
              </Field>
              <Field label="Uploader’s name">{orMissing(copy.copy_user_real_name)}</Field>
              <Field label="Verified">{copy.copy_user_is_verified ? 'Yes' : 'No'}</Field>
              <Field label="Uploaded">{formatDate(copy.copy_upload_date)}</Field>
              <Field label="Found">{formatDateTime(copy.created_at)}</Field>
              <Field label="Duration">{copy.copy_duration ? formatDuration(copy.copy_duration) : MISSING}</Field>
              <Field label="Content type">{orMissing(copy.content_type)}</Field>
              <Field label="Sound id">{orMissing(copy.copy_sound_id)}</Field>
            </Table.Tbody>
          </Table>
        </Section>
        <Stack gap="md">
          <Section title="Statistics" testId="stats-section">
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
              {(
                [
                  ['Views', stats.views_count],
                  ['Likes', stats.likes_count],
                  ['Comments', stats.comments_count],
                  ['Shares', stats.shares_count],
                  ['Dislikes', stats.dislikes_count],
                ] as const
              ).map(([label, value]) => (
                <Stack gap={0} key={label}>
                  <Text fw={700}>{value === undefined ? 'Not reported' : formatInteger(value)}</Text>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Section>
          <Section title="Whitelists" testId="whitelists-section">
            {copy.whitelist_ids.length === 0 ? (
              <Text size="sm" c="dimmed">
                This copy is on no whitelist.
              </Text>
            ) : (
              <Stack gap={4}>
                {copy.whitelist_ids.map((id) => (
                  <WhitelistName key={id} whitelistId={id} />
                ))}
              </Stack>
            )}
          </Section>
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AssetSection assetId={copy.asset_id} />
        {copy.copy_sound_id ? (
          <SoundSection soundId={copy.copy_sound_id} platform={copy.platform} />
        ) : (
          <Section title="Platform sound" testId="sound-section">
            <Text size="sm" c="dimmed">
              The copy does not use a platform sound.
            </Text>
          </Section>
        )}
      </SimpleGrid>

      <ReleaseExcludeModal copy={copy} legend={legend} opened={releaseOpen} onClose={() => setReleaseOpen(false)} />
    </Stack>
  );
}
