import { ActionIcon, Anchor, Card, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../lib/format';
import { sandboxLookupsQuery } from '../queries';
import { forgetLookup, type RecentLookup } from '../recent';

function LookupLink({ lookupId }: { lookupId: string }) {
  return (
    <Anchor size="sm" ff="monospace" renderRoot={(props) => <Link {...props} to="/search/$lookupId" params={{ lookupId }} />}>
      {lookupId}
    </Anchor>
  );
}

/** The lookups this browser opened lately, each removable. */
export function RecentLookups({ recent }: { recent: readonly RecentLookup[] }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="recent-lookups-heading">
      <Title order={2} size="h4" id="recent-lookups-heading" mb="xs">
        Recent lookups
      </Title>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          Lookups you open are listed here, in this browser only.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {recent.map((item) => (
            <Group key={item.lookupId} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <LookupLink lookupId={item.lookupId} />
                <Text size="xs" c="dimmed">
                  {item.summary} · opened {formatDateTime(item.openedAt)}
                </Text>
              </Stack>
              <Tooltip label="Remove from this list">
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${item.lookupId} from recent lookups`} onClick={() => forgetLookup(item.lookupId)}>
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

const KIND_LABELS = { matching: 'Matching', classification: 'Classification', both: 'Matching + classification' } as const;

/** The embedded sandbox's lookups (seeded and started through /sandbox/search/lookups). */
export function SandboxLookups() {
  const lookups = useQuery(sandboxLookupsQuery());
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sandbox-lookups-heading">
      <Title order={2} size="h4" id="sandbox-lookups-heading">
        Sandbox lookups
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Search is the embedded sandbox, which holds these lookups. The platform&apos;s own start endpoints are not part of the interface.
      </Text>
      {lookups.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading sandbox lookups">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : lookups.isError ? (
        <ErrorState title="The sandbox lookups could not be listed" error={lookups.error} onRetry={() => void lookups.refetch()} />
      ) : lookups.data.length === 0 ? (
        <Text size="sm">The sandbox holds no lookups.</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lookup id</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Ready</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lookups.data.map((lookup) => (
                <Table.Tr key={lookup.lookup_id}>
                  <Table.Td>
                    <LookupLink lookupId={lookup.lookup_id} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{KIND_LABELS[lookup.kind]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{lookup.complete ? formatDateTime(lookup.ready_at) : `Still running, ready at ${formatDateTime(lookup.ready_at)}`}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
