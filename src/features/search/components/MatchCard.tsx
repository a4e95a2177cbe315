import { Badge, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { searchSegmentSchema, type SearchAsset, type SearchMatch, type SearchSegment } from '../../../api';
import { ExternalLink } from '../../../components/ExternalLink';
import { SegmentBar } from '../../../components/SegmentBar';
import { formatDuration, formatPercent, MISSING } from '../../../lib/format';
import { safeHttpUrl } from '../../../lib/safe-url';
import {
  extraFields,
  FINGERPRINT_LABELS,
  FINGERPRINT_TYPES,
  formatConfidence,
  formatMeasure,
  formatReleaseDate,
  formatTimestamp,
  matchSummary,
  placeSegments,
  type FingerprintType,
  type MatchSummary,
  type PlacedSegment,
} from '../model';
import { DataView } from './DataView';
import { SegmentChart } from './SegmentChart';

const TYPE_COLORS: Record<FingerprintType, string> = { audio: 'blue', melody: 'grape', phonetic: 'indigo', video: 'cyan' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function orMissing(value: string): string {
  return value.trim() === '' ? MISSING : value;
}

/** Streaming links: http(s) ones open in a new tab; anything else is shown as text, never a link. */
function DspLinks({ dsp }: { dsp: SearchAsset['dsp'] }) {
  if (dsp.length === 0) return <Text size="sm">No streaming links</Text>;
  return (
    <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {dsp.map((link, index) => {
        const name = orMissing(link.name);
        return (
          <li key={`${link.name}-${index}`}>
            {safeHttpUrl(link.url) ? (
              <ExternalLink href={link.url} size="sm">
                {name}
              </ExternalLink>
            ) : (
              <Text size="sm" component="span">
                {name}: <span style={{ overflowWrap: 'anywhere' }}>{link.url || 'no address'}</span>{' '}
                <Text span size="xs" c="dimmed">
                  (not a web address, shown as text)
                </Text>
              </Text>
            )}
          </li>
        );
      })}
    </Group>
  );
}

function SummaryFigures({ summary }: { summary: MatchSummary }) {
  const parts: string[] = [];
  if (summary.queryDuration !== null || summary.queryPercentage !== null) {
    parts.push(`Query: ${formatTimestamp(summary.queryDuration)} matched (${formatPercent(summary.queryPercentage)} of the file)`);
  }
  if (summary.assetDuration !== null || summary.assetPercentage !== null) {
    parts.push(`Asset: ${formatTimestamp(summary.assetDuration)} matched (${formatPercent(summary.assetPercentage)} of the asset)`);
  }
  if (parts.length === 0) return null;
  return <Text size="sm">{parts.join(' · ')}</Text>;
}

function SegmentsTable({ segments, caption }: { segments: readonly PlacedSegment[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder verticalSpacing={4} fz="sm" captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Query</Table.Th>
            <Table.Th>Asset</Table.Th>
            <Table.Th>Pitch</Table.Th>
            <Table.Th>Speed</Table.Th>
            <Table.Th>Transposition</Table.Th>
            <Table.Th>Confidence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {segments.map((s) => (
            <Table.Tr key={s.number}>
              <Table.Td>{s.number}</Table.Td>
              <Table.Td>
                {formatTimestamp(s.queryStart)}–{formatTimestamp(s.queryEnd)}
              </Table.Td>
              <Table.Td>
                {formatTimestamp(s.assetStart)}–{formatTimestamp(s.assetEnd)}
              </Table.Td>
              <Table.Td>{formatMeasure(s.pitch)}</Table.Td>
              <Table.Td>{formatMeasure(s.speed)}</Table.Td>
              <Table.Td>{formatMeasure(s.transposition)}</Table.Td>
              <Table.Td>{formatConfidence(s.confidence)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Segments of a detail object the spec does not describe, when they have the audio segments' shape. */
function segmentsOf(details: Record<string, unknown>): SearchSegment[] {
  const raw = details.segments;
  if (!Array.isArray(raw)) return [];
  const out: SearchSegment[] = [];
  for (const item of raw) {
    const parsed = searchSegmentSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

interface TypePanelProps {
  type: FingerprintType;
  details: Record<string, unknown>;
  /** The audio segments as the schema read them; for other types the segments found in `details`. */
  segments: readonly SearchSegment[];
  asset: SearchAsset;
  queryDuration: number | null;
  /** Audio's fields are all known; other types also list every field as it arrived. */
  showData: boolean;
}

function TypePanel({ type, details, segments, asset, queryDuration, showData }: TypePanelProps) {
  const { placed, unreadable } = placeSegments(segments);
  const label = FINGERPRINT_LABELS[type];
  const title = asset.title || 'untitled asset';
  return (
    <Stack gap="sm">
      <SummaryFigures summary={matchSummary(details)} />
      {placed.length > 0 ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SegmentBar label={`${label} match in the query file`} duration={queryDuration} segments={placed.map((s) => ({ start: s.queryStart, end: s.queryEnd }))} color={TYPE_COLORS[type]} />
            <SegmentBar label={`${label} match in the asset`} duration={asset.duration_seconds ?? null} segments={placed.map((s) => ({ start: s.assetStart, end: s.assetEnd }))} color={TYPE_COLORS[type]} />
          </SimpleGrid>
          <SegmentChart segments={placed} queryDuration={queryDuration} assetDuration={asset.duration_seconds ?? null} color={TYPE_COLORS[type]} label={`${label} segments of ${title}: query time against asset time`} />
          {type === 'audio' ? <SegmentsTable segments={placed} caption={`${label} segments`} /> : null}
        </>
      ) : null}
      {unreadable > 0 ? (
        <Text size="sm" c="var(--mantine-color-orange-text)">
          {unreadable} {unreadable === 1 ? 'segment has' : 'segments have'} timestamps this dashboard cannot read; see the data below.
        </Text>
      ) : null}
      {showData ? <DataView fields={extraFields(details)} label={`${label} match details`} /> : null}
      {!showData && unreadable > 0 ? <DataView fields={[['segments', details.segments]]} label={`${label} segments as sent`} /> : null}
    </Stack>
  );
}

/** One matched catalogue asset: what it is, where it streams, and how it matched per fingerprint type. */
export function MatchCard({ match, queryDuration, index }: { match: SearchMatch; queryDuration: number | null; index: number }) {
  const { asset, match_details: details } = match;
  const types = FINGERPRINT_TYPES.filter((type) => details[type] !== null);
  const missing = FINGERPRINT_TYPES.filter((type) => details[type] === null);
  const headingId = `match-${index}-heading`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={headingId} data-testid="match-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={headingId}>
              {asset.title || 'Untitled asset'}
              {asset.subtitle ? (
                <Text span c="dimmed" fw={400} inherit>
                  {' '}
                  ({asset.subtitle})
                </Text>
              ) : null}
            </Title>
            <Text size="sm">{orMissing(asset.artist)}</Text>
          </Stack>
          <Group gap={6}>
            {types.map((type) => {
              const percentage = matchSummary(details[type] ?? {}).queryPercentage;
              return (
                <Badge key={type} color={TYPE_COLORS[type]} variant="light">
                  {FINGERPRINT_LABELS[type]}
                  {percentage !== null ? ` ${formatPercent(percentage)}` : ''}
                </Badge>
              );
            })}
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Fact label="ISRC">{orMissing(asset.isrc)}</Fact>
          <Fact label="Album">{orMissing(asset.album_name)}</Fact>
          <Fact label="Label">{orMissing(asset.label)}</Fact>
          <Fact label="Distributor">{orMissing(asset.distributor)}</Fact>
          <Fact label="Release date">{formatReleaseDate(asset.release_date)}</Fact>
          <Fact label="Duration">{formatDuration(asset.duration_seconds)}</Fact>
          <Fact label="Barcode">{orMissing(asset.barcode)}</Fact>
          <Fact label="Asset id">{orMissing(asset.id)}</Fact>
        </SimpleGrid>

        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Streaming links
          </Text>
          <DspLinks dsp={asset.dsp} />
        </Stack>

        {types.length > 0 ? (
          <Tabs defaultValue={types[0]} keepMounted={false}>
            <Tabs.List aria-label={`Match types of ${asset.title || 'this asset'}`}>
              {types.map((type) => (
                <Tabs.Tab key={type} value={type}>
                  {FINGERPRINT_LABELS[type]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {types.map((type) => (
              <Tabs.Panel key={type} value={type} pt="md">
                {type === 'audio' && details.audio ? (
                  <TypePanel type="audio" details={details.audio} segments={details.audio.segments} asset={asset} queryDuration={queryDuration} showData={false} />
                ) : (
                  <TypePanel type={type} details={(details[type] ?? {}) as Record<string, unknown>} segments={segmentsOf((details[type] ?? {}) as Record<string, unknown>)} asset={asset} queryDuration={queryDuration} showData />
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <Text size="sm">The response names no fingerprint type for this match.</Text>
        )}
        {missing.length > 0 && types.length > 0 ? (
          <Text size="xs" c="dimmed">
            No {missing.map((type) => FINGERPRINT_LABELS[type].toLowerCase()).join(', ')} match.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
