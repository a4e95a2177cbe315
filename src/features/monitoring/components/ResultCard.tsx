import { memo } from 'react';
import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { MonitoringMatch, MonitoringStatus } from '../../../api/schemas/discovery';
import { ExternalLink } from '../../../components/ExternalLink';
import { SegmentBar } from '../../../components/SegmentBar';
import { formatDateTime, formatDuration } from '../../../lib/format';
import type { ResultGroup } from '../results';
import { postLabel } from '../results';
import { readableText } from '../search';
import type { SegmentSet } from '../segments';
import { parseSegmentSet, segmentSetEnd } from '../segments';
import { StatusMenu } from './StatusControls';
import classes from './Monitoring.module.css';

type ResultCardProps = {
  group: ResultGroup;
  index: number;
  top: number;
  focused: boolean;
  selected: boolean;
  measureRef: (element: HTMLElement | null) => void;
  onFocus: (resultId: string) => void;
  onToggleSelect: (resultId: string) => void;
  onSetStatus: (group: ResultGroup, status: MonitoringStatus) => void;
};

function Flag({ on, label, color }: { on: boolean; label: string; color: string }) {
  return (
    <Badge size="xs" radius="sm" tt="none" variant={on ? 'light' : 'outline'} color={on ? color : 'gray'} style={{ color: readableText(on ? color : 'gray') }}>
      {on ? label : `Not ${label.toLowerCase()}`}
    </Badge>
  );
}

/** One timeline of a match: where the song plays in the post, or in the song. */
function Timeline({ label, set, span, color }: { label: string; set: SegmentSet; span: number; color: string }) {
  if (set.kind === 'unreadable') {
    return (
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="xs" fw={600} title={`As sent: ${set.raw}`} data-testid="unreadable-segments" style={{ color: 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-3))' }}>
          Unreadable segments
        </Text>
      </Stack>
    );
  }
  const segments = set.kind === 'ok' ? set.segments : [];
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {label}: {segments.length ? segments.map((s) => `${formatDuration(s.start)}–${formatDuration(s.end)}`).join(', ') : 'no segments'}
      </Text>
      <SegmentBar label={label} duration={span} segments={segments} color={color} height={8} showScale={false} markedWord="plays" />
    </Stack>
  );
}

function MatchRow({ resultId, match, postSpan }: { resultId: string; match: MonitoringMatch; postSpan: number }) {
  const post = parseSegmentSet(match.audio_segments_post);
  const song = parseSegmentSet(match.audio_segments_song);
  const title = match.title.trim() || 'Untitled song';
  return (
    <div className={classes.match} data-row-key={`${resultId}:${match.match_id}`} data-testid="match-row">
      <div className={classes.cell}>
        <Text size="sm" fw={600} lineClamp={1}>
          {title}
          <Text span size="sm" c="dimmed" fw={400}>
            {' — '}
            {match.artist.trim() || 'unknown artist'}
          </Text>
        </Text>
        <Group gap={4} wrap="nowrap" mt={2}>
          <Flag on={match.match_identified === 'yes'} label="Identified" color="teal" />
          <Flag on={match.match_majors === 'yes'} label="Major" color="violet" />
          <Text size="xs" c="dimmed" lineClamp={1}>
            ISRC {match.isrc || '—'} · {match.distributor || 'unknown distributor'}
          </Text>
        </Group>
      </div>
      <div className={classes.cell}>
        <Timeline label="In the post" set={post} span={postSpan} color="orange" />
      </div>
      <div className={classes.cell}>
        <Timeline label="In the song" set={song} span={Math.max(1, segmentSetEnd(song))} color="blue" />
      </div>
    </div>
  );
}

/** One post (result) with a row per matched song, its status and selection. */
export const ResultCard = memo(function ResultCard({ group, index, top, focused, selected, measureRef, onFocus, onToggleSelect, onSetStatus }: ResultCardProps) {
  const { post } = group;
  const label = postLabel(post);
  // Every match of a post shares one time axis, so their post bars line up.
  const postSpan = Math.max(1, ...group.matches.map((m) => segmentSetEnd(parseSegmentSet(m.audio_segments_post))));
  return (
    <div
      ref={measureRef}
      data-index={index}
      data-result-id={group.resultId}
      data-focused={focused || undefined}
      data-selected={selected || undefined}
      data-status={group.status}
      className={classes.result}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onFocus(group.resultId)}
      aria-label={`${label}, ${group.matches.length} ${group.matches.length === 1 ? 'match' : 'matches'}`}
      role="listitem"
      id={`result-${group.resultId}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Checkbox
            size="xs"
            checked={selected}
            onChange={() => undefined}
            onClick={(event) => {
              event.stopPropagation();
              onToggleSelect(group.resultId);
            }}
            aria-label={`Select ${label}`}
          />
          <Text size="sm" fw={600} lineClamp={1}>
            {post.account_name.trim() ? `@${post.account_name}` : 'Unknown account'}
          </Text>
          <Badge size="sm" variant="default" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {post.platform || 'unknown platform'}
          </Badge>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(post.date_uploaded)}
          </Text>
          <ExternalLink href={post.post_url} size="xs" lineClamp={1} aria-label={`Open the post ${post.post_gid || post.post_url} (new tab)`}>
            {post.post_gid || 'Open post'}
          </ExternalLink>
        </Group>
        <div onClick={(event) => event.stopPropagation()}>
          {group.matches.length > 0 ? (
            <StatusMenu status={group.status} postLabel={label} onPick={(status) => onSetStatus(group, status)} />
          ) : (
            <Text size="xs" c="dimmed">
              No status: nothing matched
            </Text>
          )}
        </div>
      </Group>
      {group.matches.length === 0 ? (
        <Text size="xs" c="dimmed" pl={30} pt={4}>
          No song of yours was matched in this post.
        </Text>
      ) : (
        group.matches.map((match) => <MatchRow key={match.match_id} resultId={group.resultId} match={match} postSpan={postSpan} />)
      )}
    </div>
  );
});
