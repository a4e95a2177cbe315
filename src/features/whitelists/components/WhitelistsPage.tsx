import { Anchor, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Id } from '../../../api';
import { ErrorState } from '../../../components/ErrorState';
import { LoadMoreFooter } from '../../../components/LoadMoreFooter';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/format';
import { describePeriod } from '../period';
import { whitelistsInfiniteQuery } from '../queries';
import { PeriodBadge } from './PeriodBadge';
import { WhitelistFormModal } from './WhitelistFormModal';

export function WhitelistsPage({ onOpen }: { onOpen: (id: Id) => void }) {
  const query = useInfiniteQuery(whitelistsInfiniteQuery());
  const [creating, setCreating] = useState(false);
  const rows = query.data?.pages.flat() ?? [];

  return (
    <Stack gap="md">
      <PageHeader
        title="Whitelists"
        description="Pages and channels allowed to use your music for a period. Copies found there are marked as whitelisted instead of needing action."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New whitelist
          </Button>
        }
      />
      {query.isError && rows.length === 0 ? (
        <ErrorState error={query.error} title="Could not load the whitelists" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading whitelists" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No whitelists yet. Create one to allow a partner's pages for a period.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Whitelists">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>Now</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((whitelist) => (
                  <Table.Tr key={whitelist.whitelist_id} onClick={() => onOpen(whitelist.whitelist_id)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <Anchor
                        fw={600}
                        renderRoot={(props) => <Link {...props} to="/whitelists/$whitelistId" params={{ whitelistId: whitelist.whitelist_id }} />}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {whitelist.title || `Whitelist ${whitelist.whitelist_id}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{describePeriod(whitelist.dates_limit)}</Table.Td>
                    <Table.Td>
                      <PeriodBadge limit={whitelist.dates_limit} />
                    </Table.Td>
                    <Table.Td>{formatDate(whitelist.created_at)}</Table.Td>
                    <Table.Td>{formatDate(whitelist.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMoreFooter count={rows.length} noun="whitelists" hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
        </>
      )}
      <WhitelistFormModal opened={creating} onClose={() => setCreating(false)} onCreated={onOpen} />
    </Stack>
  );
}
