import { ActionIcon, Alert, Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { CopyIconButton } from '../../../components/CopyIconButton';
import type { HistoryEntry } from '../history-store';
import { verdictText } from '../history';
import { explainStatus, nextStepAfterFailure } from '../statuses';
import { readableAlert, readableText } from './tone';

/** The spec's caveat on ai_score (2.1 and 9.4), shown wherever the score is. */
export const SCORE_CAVEAT =
  'The AI score is not a calibrated probability. Use it to sort and for quality checks across results, never to overrule the verdict. Its ranges may change between model releases.';

function formatScore(score: number): string {
  return score.toFixed(2);
}

/** The verdict as the detector gave it (is_ai); never derived from the score. */
export function VerdictBadge({ entry, size = 'lg' }: { entry: HistoryEntry; size?: 'sm' | 'lg' }) {
  if (entry.isAi === null) return null;
  return (
    <Badge variant="light" color={entry.isAi ? 'orange' : 'teal'} size={size} radius="sm" style={{ ...readableText, minWidth: 'max-content' }}>
      {verdictText(entry)}
    </Badge>
  );
}

/** ai_score as a bar, the caveat behind the info button. */
export function ScoreBar({ score, label, compact = false }: { score: number; label: string; compact?: boolean }) {
  const value = Math.min(1, Math.max(0, score)) * 100;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress.Root w={compact ? 80 : 160} size={compact ? 'sm' : 'md'}>
        <Progress.Section value={value} color="desk" aria-label={label} />
      </Progress.Root>
      <Text size="sm" ff="monospace">
        {formatScore(score)}
      </Text>
      <Tooltip label={SCORE_CAVEAT} multiline w={300} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="About the AI score">
          <IconInfoCircle size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The platform the detector names, or that it could not name one for an AI verdict. */
export function ModelText({ entry }: { entry: HistoryEntry }) {
  if (entry.predictedModel !== null) {
    return (
      <Text size="sm" span>
        {entry.predictedModel}
        {entry.predictedModelScore !== null ? (
          <Text span c="dimmed" size="sm">
            {' '}
            (model score {formatScore(entry.predictedModelScore)})
          </Text>
        ) : null}
      </Text>
    );
  }
  if (entry.isAi === true) {
    return (
      <Text size="sm" span fs="italic">
        Platform not identified
      </Text>
    );
  }
  return null;
}

function RequestId({ id }: { id: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs">
        Request id <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{id}</span>
      </Text>
      <CopyIconButton value={id} label="Copy request id" />
    </Group>
  );
}

/** Everything the detector (or the failed call) said about one submission, in plain words. */
export function ResultView({ entry }: { entry: HistoryEntry }) {
  if (entry.status === 'ok') {
    return (
      <Stack gap="xs" data-testid="detection-result">
        <Group gap="lg" wrap="wrap" align="center">
          <VerdictBadge entry={entry} />
          {entry.isAi === null ? (
            <Text size="sm" c="dimmed">
              The detector processed the file but gave no verdict.
            </Text>
          ) : null}
          {entry.aiScore !== null ? (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                AI score
              </Text>
              <ScoreBar score={entry.aiScore} label={`AI score of ${entry.name}`} />
            </Group>
          ) : null}
          {entry.predictedModel !== null || entry.isAi === true ? (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                Platform
              </Text>
              <ModelText entry={entry} />
            </Group>
          ) : null}
        </Group>
        {entry.requestId ? <RequestId id={entry.requestId} /> : null}
      </Stack>
    );
  }
  if (entry.status === 'request_failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={entry.httpStatus ? `The request failed (HTTP ${entry.httpStatus})` : 'The request failed'}
        data-testid="detection-result"
      >
        <Stack gap={4}>
          <Text size="sm">{entry.message}</Text>
          <Text size="sm">{nextStepAfterFailure(entry.httpStatus)}</Text>
          {entry.requestId && !entry.message.includes(entry.requestId) ? <RequestId id={entry.requestId} /> : null}
        </Stack>
      </Alert>
    );
  }
  const explanation = explainStatus(entry.status);
  return (
    <Alert color="yellow" variant="light" styles={readableAlert} icon={<IconAlertTriangle aria-hidden />} title={`${explanation.label} (${entry.status})`} data-testid="detection-result">
      <Stack gap={4}>
        <Text size="sm">{explanation.meaning}</Text>
        <Text size="sm">
          <Text span fw={600} size="sm">
            What to do:
          </Text>{' '}
          {explanation.next}
        </Text>
        {entry.message ? (
          <Text size="sm" fs="italic">
            The detector said: {entry.message}
          </Text>
        ) : null}
        {entry.requestId ? <RequestId id={entry.requestId} /> : null}
      </Stack>
    </Alert>
  );
}
