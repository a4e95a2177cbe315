import { Alert, Badge, Button, Card, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { ExternalLink } from '../../../components/ExternalLink';
import { formatDurationLong } from '../../../lib/format';
import { formatMegabytes } from '../prechecks';
import { isActive, itemEntry, phaseLabel, type QueueItem, type QueuePhase } from '../queue';
import { ResultView } from './ResultView';
import { readableAlert, readableText } from './tone';

interface SubmissionListProps {
  items: readonly QueueItem[];
  onCancel: (id: string) => void;
  onClearFinished: () => void;
}

const PHASE_COLORS: Record<QueuePhase['kind'], string> = {
  checking: 'gray',
  waiting: 'gray',
  sending: 'desk',
  retrying: 'yellow',
  done: 'teal',
  failed: 'red',
  refused: 'red',
  cancelled: 'gray',
};

function PhaseBadge({ phase }: { phase: QueuePhase }) {
  const busy = phase.kind === 'checking' || phase.kind === 'sending' || phase.kind === 'retrying';
  return (
    <Badge variant="light" color={PHASE_COLORS[phase.kind]} leftSection={busy ? <Loader size={10} color="currentColor" aria-hidden /> : null} style={readableText} data-testid="submission-phase">
      {phaseLabel(phase)}
    </Badge>
  );
}

function SubmissionCard({ item, onCancel }: { item: QueueItem; onCancel: (id: string) => void }) {
  const entry = itemEntry(item);
  const details = [
    item.size !== null ? formatMegabytes(item.size) : null,
    item.durationSeconds !== null ? formatDurationLong(item.durationSeconds) : null,
    item.source === 'url' ? 'link' : null,
  ].filter(Boolean);
  return (
    <Card withBorder padding="md" radius="md" component="li" aria-label={item.name} data-testid="submission">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            {item.source === 'url' ? (
              <ExternalLink href={item.name} size="sm" lineClamp={1} />
            ) : (
              <Text fw={600} size="sm" truncate>
                {item.name}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <PhaseBadge phase={item.phase} />
            {isActive(item) ? <CloseButton size="sm" aria-label={`Cancel ${item.name}`} onClick={() => onCancel(item.id)} /> : null}
          </Group>
        </Group>
        {item.precheck?.notes.length ? (
          <Stack gap={4}>
            {item.precheck.notes.map((note) => (
              <Group key={note.text} gap={6} wrap="nowrap" align="flex-start">
                {note.level === 'info' ? (
                  <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                ) : (
                  <IconAlertTriangle size={16} aria-hidden color={note.level === 'refuse' ? 'var(--mantine-color-red-text)' : 'var(--mantine-color-yellow-text)'} style={{ flexShrink: 0, marginTop: 2 }} />
                )}
                <Text size="sm">{note.text}</Text>
              </Group>
            ))}
          </Stack>
        ) : null}
        {entry ? <ResultView entry={entry} /> : null}
        {typeof item.saved === 'string' ? (
          <Alert color="yellow" variant="light" title="Not kept in the history" styles={readableAlert}>
            <Text size="sm">{item.saved}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The submissions of this tab, newest last, with their phase and answer. */
export function SubmissionList({ items, onCancel, onClearFinished }: SubmissionListProps) {
  const active = items.filter(isActive).length;
  const finished = items.length - active;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="detector-submissions-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h4" id="detector-submissions-heading">
              Submissions
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="submissions-summary">
              {active ? `${active} in progress, ${finished} finished` : `${finished} finished`}
            </Text>
          </Stack>
          {finished ? (
            <Button variant="default" size="xs" onClick={onClearFinished}>
              Clear finished
            </Button>
          ) : null}
        </Group>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <SubmissionCard key={item.id} item={item} onCancel={onCancel} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
