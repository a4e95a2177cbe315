import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEdit, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { asId, describeError, isApiError, type Collection, type Id } from '../../../api';
import { confirmDelete } from '../../../components/confirm-delete';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { DetailField } from '../../../components/DetailField';
import { ErrorState } from '../../../components/ErrorState';
import { ExternalLink } from '../../../components/ExternalLink';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatDateTime, formatInteger, MISSING } from '../../../lib/format';
import { autoCollectionQuery, collectionAssetsInfiniteQuery, collectionQuery, useDeleteCollection, useSetAutoCollectionActive } from '../queries';
import { CollectionFormModal } from './CollectionForms';

export function CollectionDetailPage({ collectionIdParam, onDeleted }: { collectionIdParam: string; onDeleted: () => void }) {
  const id = asId(collectionIdParam);
  if (id === null) {
    return (
      <Alert color="yellow" title="No such collection" role="alert">
        "{collectionIdParam}" is not a collection id. <Anchor renderRoot={(props) => <Link {...props} to="/collections" />}>Back to the collections</Anchor>
      </Alert>
    );
  }
  return <CollectionDetail id={id} onDeleted={onDeleted} />;
}

function CollectionDetail({ id, onDeleted }: { id: Id; onDeleted: () => void }) {
  const collection = useQuery(collectionQuery(id));
  if (collection.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading the collection" />
      </Center>
    );
  }
  if (collection.isError) {
    if (isApiError(collection.error) && collection.error.status === 404) {
      return (
        <Alert color="yellow" title="Collection not found" role="alert">
          Collection {id} does not exist (any more). <Anchor renderRoot={(props) => <Link {...props} to="/collections" />}>Back to the collections</Anchor>
        </Alert>
      );
    }
    return <ErrorState error={collection.error} title="Could not load the collection" onRetry={() => void collection.refetch()} />;
  }
  return <CollectionView collection={collection.data} onDeleted={onDeleted} />;
}

function CollectionView({ collection, onDeleted }: { collection: Collection; onDeleted: () => void }) {
  const isAuto = collection.is_autocollection;
  const auto = useQuery({ ...autoCollectionQuery(collection.collection_id), enabled: isAuto });
  const setActive = useSetAutoCollectionActive(collection.collection_id);
  const remove = useDeleteCollection();
  const [editing, setEditing] = useState(false);
  const name = collection.title || `Collection ${collection.collection_id}`;
  const count = collection.assets_count ?? auto.data?.assets_count;

  const askDelete = () =>
    confirmDelete({
      title: isAuto ? `Delete the auto collection "${name}" and its assets?` : `Delete "${name}"?`,
      body: isAuto ? (
        <Text size="sm">
          <strong>All {count === undefined ? '' : `${formatInteger(count)} `}assets of this auto collection are removed</strong> from the catalogue
          with it, and their copies are no longer monitored. To keep the assets but stop adding new ones, deactivate the collection instead. This
          cannot be undone.
        </Text>
      ) : (
        <Text size="sm">
          The collection goes away; its {count === undefined ? '' : `${formatInteger(count)} `}assets stay in the catalogue and move to the default
          collection. This cannot be undone.
        </Text>
      ),
      confirm: isAuto ? 'Delete collection and assets' : 'Delete collection',
      onConfirm: () =>
        remove.mutate(collection, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'Collection deleted', message: `"${name}" is gone.` });
            onDeleted();
          },
          onError: (error) => notifications.show({ color: 'red', title: `Could not delete "${name}"`, message: describeError(error), autoClose: false }),
        }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={name}
        description={
          <>
            <Anchor size="sm" underline="always" renderRoot={(props) => <Link {...props} to="/collections" />}>
              Collections
            </Anchor>{' '}
            / {isAuto ? 'Auto collection' : 'Collection'} {collection.collection_id}
          </>
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              renderRoot={(props) => <Link {...props} to="/copies" search={{ collection: collection.collection_id }} />}
            >
              Copies in this collection
            </Button>
            {isAuto ? null : (
              <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete} loading={remove.isPending}>
              {isAuto ? 'Delete with its assets' : 'Delete'}
            </Button>
          </>
        }
      />

      <Card withBorder padding="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <DetailField label="Collection id">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace">
                {collection.collection_id}
              </Text>
              <CopyIconButton value={collection.collection_id} label="Copy collection id" />
            </Group>
          </DetailField>
          <DetailField label="Kind">
            {isAuto ? (
              <Badge variant="light" color="grape">
                Auto
              </Badge>
            ) : (
              'Manual'
            )}
          </DetailField>
          <DetailField label="Assets">{count === undefined ? MISSING : formatInteger(count)}</DetailField>
          {isAuto ? null : <DetailField label="Reference id">{collection.reference_id || MISSING}</DetailField>}
          <DetailField label="Created">{formatDateTime(collection.created_at)}</DetailField>
          <DetailField label="Updated">{formatDateTime(collection.updated_at)}</DetailField>
          {isAuto ? (
            <DetailField label="Source">
              {auto.isPending ? <Loader size="xs" /> : auto.data ? <ExternalLink href={auto.data.source_url} size="sm" /> : MISSING}
            </DetailField>
          ) : null}
        </SimpleGrid>
        {isAuto ? (
          <Stack mt="lg" gap={4}>
            {auto.isError ? <ErrorState error={auto.error} title="Could not load the auto collection's settings" onRetry={() => void auto.refetch()} /> : null}
            <Switch
              size="md"
              label={auto.data?.is_active ? 'Active' : 'Inactive'}
              description={
                auto.data?.is_active
                  ? 'New content at the source is added as assets.'
                  : 'Nothing new is added; the assets already here stay.'
              }
              checked={auto.data?.is_active ?? false}
              disabled={!auto.data || setActive.isPending}
              onChange={(event) =>
                setActive.mutate(event.currentTarget.checked, {
                  onError: (error) => notifications.show({ color: 'red', title: 'Not changed', message: describeError(error), autoClose: false }),
                })
              }
            />
          </Stack>
        ) : null}
      </Card>

      <CollectionAssets collectionId={collection.collection_id} expected={count} />

      {isAuto ? null : <CollectionFormModal opened={editing} onClose={() => setEditing(false)} collection={collection} />}
    </Stack>
  );
}

/** Scan steps taken without asking (each reads a few hundred assets); beyond that the user decides. */
const AUTO_STEPS = 4;
const ENOUGH = 50;

function CollectionAssets({ collectionId, expected }: { collectionId: Id; expected: number | undefined }) {
  const scan = useInfiniteQuery(collectionAssetsInfiniteQuery(collectionId));
  const pages = scan.data?.pages ?? [];
  const found = pages.flatMap((page) => page.found);
  const scanned = pages.reduce((sum, page) => sum + page.scanned, 0);
  const complete = !scan.hasNextPage && !scan.isPending;
  const allFound = expected !== undefined && found.length >= expected;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = scan;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !allFound && found.length < ENOUGH && pages.length < AUTO_STEPS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, allFound, found.length, pages.length, fetchNextPage]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="collection-assets-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="collection-assets-heading">
          Assets in this collection
        </Title>
        {scan.isFetching ? <Loader size="xs" aria-label="Looking for assets" /> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md" aria-live="polite">
        The platform cannot list assets by collection, so Rights Desk reads the asset list (newest first) and keeps the ones in this
        collection. {formatInteger(scanned)} assets looked at{complete ? ' — the whole catalogue' : ''}; {formatInteger(found.length)} found
        {expected === undefined ? '' : ` of ${formatInteger(expected)}`}.
      </Text>
      {scan.isError ? <ErrorState error={scan.error} title="The asset list could not be read" onRetry={() => void scan.refetch()} /> : null}
      {found.length ? (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" aria-label="Assets in this collection">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Artist</Table.Th>
                <Table.Th>Media</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.map((asset) => (
                <Table.Tr key={asset.asset_id}>
                  <Table.Td>
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/assets/$assetId" params={{ assetId: asset.asset_id }} />}>
                      {asset.title || `Asset ${asset.asset_id}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{asset.music.artist || MISSING}</Table.Td>
                  <Table.Td>{asset.media_type}</Table.Td>
                  <Table.Td>{asset.processing_status.status}</Table.Td>
                  <Table.Td>{formatDate(asset.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : !scan.isFetching && !scan.isError ? (
        <Text size="sm">{complete ? 'No assets are in this collection.' : 'None found yet among the newest assets.'}</Text>
      ) : null}
      {hasNextPage && !allFound ? (
        <Group justify="flex-end" mt="md">
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Look further back
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
