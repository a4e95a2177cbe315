import { Anchor, Badge, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconRobot } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Collection, Id } from '../../../api';
import { ErrorState } from '../../../components/ErrorState';
import { LoadMoreFooter } from '../../../components/LoadMoreFooter';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatInteger, MISSING } from '../../../lib/format';
import { collectionQuery, collectionsInfiniteQuery } from '../queries';
import { AutoCollectionFormModal, CollectionFormModal } from './CollectionForms';

export function CollectionsPage({ onOpen }: { onOpen: (id: Id) => void }) {
  const query = useInfiniteQuery(collectionsInfiniteQuery());
  const [creating, setCreating] = useState<'plain' | 'auto' | null>(null);
  const rows = query.data?.pages.flat() ?? [];

  return (
    <Stack gap="md">
      <PageHeader
        title="Collections"
        description="Groups of assets. Auto collections fill themselves from a source such as a channel; deleting one removes its assets."
        actions={
          <>
            <Button variant="default" leftSection={<IconRobot size={16} aria-hidden />} onClick={() => setCreating('auto')}>
              New auto collection
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating('plain')}>
              New collection
            </Button>
          </>
        }
      />
      {query.isError && rows.length === 0 ? (
        <ErrorState error={query.error} title="Could not load the collections" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading collections" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No collections yet. Assets without one live in the default collection.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Collections">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Reference id</Table.Th>
                  <Table.Th ta="right">Assets</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((collection) => (
                  <Table.Tr key={collection.collection_id} onClick={() => onOpen(collection.collection_id)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <Anchor
                        fw={600}
                        renderRoot={(props) => <Link {...props} to="/collections/$collectionId" params={{ collectionId: collection.collection_id }} />}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {collection.title || `Collection ${collection.collection_id}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {collection.is_autocollection ? (
                        <Badge variant="light" color="grape" size="sm">
                          Auto
                        </Badge>
                      ) : (
                        <Badge variant="default" size="sm">
                          Manual
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{collection.reference_id || <Text span c="dimmed">{MISSING}</Text>}</Table.Td>
                    <Table.Td ta="right">
                      <AssetCount collection={collection} />
                    </Table.Td>
                    <Table.Td>{formatDate(collection.created_at)}</Table.Td>
                    <Table.Td>{formatDate(collection.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMoreFooter count={rows.length} noun="collections" hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
        </>
      )}
      <CollectionFormModal opened={creating === 'plain'} onClose={() => setCreating(null)} onCreated={onOpen} />
      <AutoCollectionFormModal opened={creating === 'auto'} onClose={() => setCreating(null)} onCreated={onOpen} />
    </Stack>
  );
}

/** The spec gives assets_count with the detail only; a list row without it asks the detail, in the background. */
function AssetCount({ collection }: { collection: Collection }) {
  const detail = useQuery({ ...collectionQuery(collection.collection_id, 'background'), enabled: collection.assets_count === undefined, staleTime: 60_000 });
  const count = collection.assets_count ?? detail.data?.assets_count;
  return count === undefined ? <Text span c="dimmed">{MISSING}</Text> : <>{formatInteger(count)}</>;
}
