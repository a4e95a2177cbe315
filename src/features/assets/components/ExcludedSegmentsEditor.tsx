import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError, isApiError, type Asset, type ExcludedSegment } from '../../../api';
import { SegmentBar } from '../../../components/SegmentBar';
import { formatDuration } from '../../../lib/format';
import { checkSegments, rowsOf, type SegmentRow, type SegmentRowErrors } from '../excluded-segments';
import { useSaveExcludedSegments } from '../queries';

let rowCounter = 0;
const newKey = () => `segment-${++rowCounter}`;

const sameSegments = (a: readonly ExcludedSegment[], b: readonly ExcludedSegment[]) =>
  JSON.stringify([...a].sort((x, y) => x.lower - y.lower)) === JSON.stringify([...b].sort((x, y) => x.lower - y.lower));

/**
 * Parts of the asset (in seconds) the platform should ignore when looking for copies, e.g. a
 * licensed sample or public-domain intro. Every rule is checked here, next to the inputs, before
 * anything is sent.
 */
export function ExcludedSegmentsEditor({ asset }: { asset: Asset }) {
  const [rows, setRows] = useState<SegmentRow[]>(() => rowsOf(asset.excluded_segments, newKey));
  const [errors, setErrors] = useState<SegmentRowErrors[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveExcludedSegments(asset.asset_id);
  const duration = asset.duration;

  // Ranges that are complete and sensible are drawn while typing; the rest wait for their numbers.
  const drawable = rows.filter(
    (row): row is SegmentRow & { lower: number; upper: number } => row.lower !== '' && row.upper !== '' && row.lower >= 0 && row.upper > row.lower,
  );
  // Only the numbers count: a row also carries its React key, which must not make it look changed.
  const current: ExcludedSegment[] = rows.flatMap((row) => (row.lower !== '' && row.upper !== '' ? [{ lower: row.lower, upper: row.upper }] : []));
  const dirty = current.length !== rows.length || !sameSegments(current, asset.excluded_segments);

  const update = (key: string, patch: Partial<SegmentRow>) => {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors([]);
    setFormError(null);
  };

  const submit = () => {
    setFormError(null);
    const check = checkSegments(rows, duration);
    setErrors(check.errors);
    if (!check.ok) return;
    save.mutate(check.segments, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Excluded segments saved', message: `${check.segments.length} range(s) excluded from matching.` });
        setRows(rowsOf(check.segments, newKey));
      },
      onError: (error) => {
        // "excluded_segments[2]: …" names a range of what was sent (sorted); point at its row.
        const index = isApiError(error) ? /excluded_segments\[(\d+)\]/.exec(error.message)?.[1] : undefined;
        const sent = index === undefined ? undefined : check.segments[Number(index)];
        const rowIndex = sent ? rows.findIndex((row) => row.lower === sent.lower && row.upper === sent.upper) : -1;
        if (rowIndex >= 0) {
          const next: SegmentRowErrors[] = rows.map(() => ({}));
          next[rowIndex] = { upper: describeError(error) };
          setErrors(next);
        } else setFormError(describeError(error));
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="excluded-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="excluded-heading">
          Excluded segments
        </Title>
        <Text size="sm" c="dimmed">
          {duration ? `Asset length ${formatDuration(duration)} (${duration} s)` : 'Asset length unknown'}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Ranges in whole seconds that are left out when matching, such as a licensed sample. Ranges may touch but not overlap.
      </Text>
      <SegmentBar label="Asset" duration={duration} segments={drawable.map((row) => ({ start: row.lower, end: row.upper }))} markedWord="excluded" color="orange" height={16} />
      <Stack gap="xs" mt="md">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is excluded: the whole asset is matched.
          </Text>
        ) : null}
        {rows.map((row, index) => (
          <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap" data-testid="segment-row">
            <NumberInput
              label={index === 0 ? 'From (s)' : undefined}
              aria-label={`Range ${index + 1} from, seconds`}
              w={160}
              value={row.lower}
              onChange={(value) => update(row.key, { lower: typeof value === 'number' ? value : value === '' ? '' : Number(value) })}
              error={errors[index]?.lower}
              description={typeof row.lower === 'number' && row.lower >= 0 ? formatDuration(row.lower) : undefined}
            />
            <NumberInput
              label={index === 0 ? 'To (s)' : undefined}
              aria-label={`Range ${index + 1} to, seconds`}
              w={160}
              value={row.upper}
              onChange={(value) => update(row.key, { upper: typeof value === 'number' ? value : value === '' ? '' : Number(value) })}
              error={errors[index]?.upper}
              description={typeof row.upper === 'number' && row.upper >= 0 ? formatDuration(row.upper) : undefined}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={index === 0 ? 26 : 4}
              aria-label={`Remove range ${index + 1}`}
              onClick={() => {
                setRows((list) => list.filter((entry) => entry.key !== row.key));
                setErrors([]);
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {formError ? (
        <Alert color="red" variant="light" mt="md" title="Not saved" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Group mt="md" justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            const lastEnd = Math.max(0, ...drawable.map((row) => row.upper));
            setRows((list) => [...list, { key: newKey(), lower: lastEnd, upper: '' }]);
          }}
        >
          Add range
        </Button>
        <Group gap="xs">
          <Button
            variant="subtle"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setRows(rowsOf(asset.excluded_segments, newKey));
              setErrors([]);
              setFormError(null);
            }}
          >
            Discard changes
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
            Save excluded segments
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
