import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SearchResponse } from '../../../api';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { formatDurationLong } from '../../../lib/format';
import { formatTimestamp } from '../model';
import { lookupQuery, lookupSummary } from '../queries';
import { rememberLookup } from '../recent';
import { ClassificationTimeline } from './ClassificationTimeline';
import { MatchCard } from './MatchCard';
import { OpenLookupForm } from './OpenLookupForm';
import { useLookupSuggestions } from './SearchPage';

/** Seconds since this component mounted, ticking once a second. */
function useElapsedSeconds(): number {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

function Waiting({ lookupId, onCancel }: { lookupId: string; onCancel: (elapsed: number) => void }) {
  const elapsed = useElapsedSeconds();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="lookup-waiting">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <Loader size="md" aria-hidden />
        <Stack gap={6} style={{ flex: 1 }}>
          <Text fw={600} role="status">
            Waiting for lookup {lookupId} to complete…
          </Text>
          <Text size="sm">
            Search answers once the lookup is complete, which can take several minutes. You can leave this page open; nothing times out.
          </Text>
          <Text size="sm" c="dimmed" data-testid="lookup-elapsed">
            Waiting for {formatDurationLong(elapsed)}
          </Text>
          <Group>
            <Button variant="default" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={() => onCancel(elapsed)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function Result({ response }: { response: SearchResponse }) {
  const duration = response.query_file_duration_seconds ?? null;
  const matches = response.matches;
  const classification = response.content_classification;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md" component="section" aria-label="Lookup summary">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Query file
            </Text>
            <Text size="sm">{duration === null ? 'Length not given' : `${formatTimestamp(duration)} (${formatDurationLong(duration)})`}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Results
            </Text>
            <Text size="sm">{lookupSummary(response)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Lookup ids in this response
            </Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {response.lookup_ids.length ? response.lookup_ids.join(', ') : 'none given'}
            </Text>
          </Stack>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="classification-heading">
        <Title order={2} size="h4" id="classification-heading" mb="sm">
          Content classification
        </Title>
        {classification ? (
          <ClassificationTimeline classification={classification} duration={duration} />
        ) : (
          <Text size="sm" c="dimmed">
            Classification was not run for this lookup.
          </Text>
        )}
      </Card>

      <Stack gap="md" component="section" aria-labelledby="matches-heading">
        <Title order={2} size="h4" id="matches-heading">
          Matches{matches && matches.length > 0 ? ` (${matches.length})` : ''}
        </Title>
        {matches === null ? (
          <Text size="sm" c="dimmed">
            Matching was not run for this lookup (classification only).
          </Text>
        ) : matches.length === 0 ? (
          <Text size="sm">No catalogue asset matched the query file.</Text>
        ) : (
          matches.map((match, index) => <MatchCard key={index} match={match} index={index} queryDuration={duration} />)
        )}
      </Stack>
    </Stack>
  );
}

interface LookupPageProps {
  lookupId: string;
  /** Whether Search is the embedded sandbox (its lookups are then offered as suggestions). */
  sandbox: boolean;
}

/** /search/<lookup id>: waits for the lookup (cancellable), then shows its matches and classification. */
export function LookupPage({ lookupId, sandbox }: LookupPageProps) {
  const queryClient = useQueryClient();
  const suggestions = useLookupSuggestions(sandbox);
  const [cancelledAfter, setCancelledAfter] = useState<number | null>(null);
  const options = lookupQuery(lookupId);
  const lookup = useQuery({ ...options, enabled: cancelledAfter === null });

  useEffect(() => {
    if (lookup.data) rememberLookup(lookupId, lookupSummary(lookup.data));
  }, [lookup.data, lookupId]);

  const cancel = (elapsed: number) => {
    setCancelledAfter(elapsed);
    void queryClient.cancelQueries({ queryKey: options.queryKey });
    rememberLookup(lookupId, 'still running when last opened');
  };

  let body;
  if (lookup.data) {
    body = <Result response={lookup.data} />;
  } else if (cancelledAfter !== null) {
    body = (
      <Alert color="gray" variant="light" title="Stopped waiting" role="status">
        <Stack gap="sm">
          <Text size="sm">
            You stopped waiting for lookup {lookupId} after {formatDurationLong(cancelledAfter)}. The lookup itself keeps running on the Search service; check again later.
          </Text>
          <Group>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => setCancelledAfter(null)}>
              Check again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (lookup.isError) {
    body = <ErrorState title={`Lookup ${lookupId} could not be read`} error={lookup.error} onRetry={() => void lookup.refetch()} />;
  } else {
    body = <Waiting lookupId={lookupId} onCancel={cancel} />;
  }

  return (
    <>
      <PageHeader title="Search lookup" description={<>Lookup <Text span ff="monospace" inherit>{lookupId}</Text></>} />
      <Stack gap="lg">
        <Card withBorder padding="md" radius="md" component="section" aria-label="Open another lookup">
          <OpenLookupForm key={lookupId} suggestions={suggestions} initialValue={lookupId} />
        </Card>
        {body}
      </Stack>
    </>
  );
}
