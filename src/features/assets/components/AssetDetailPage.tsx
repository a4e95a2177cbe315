import { Alert, Anchor, Badge, Button, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { asId, isApiError, type Asset, type Id } from '../../../api';
import { confirmDelete } from '../../../components/confirm-delete';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { DetailField } from '../../../components/DetailField';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatDateTime, formatDuration, MISSING } from '../../../lib/format';
import { safeHttpUrl } from '../../../lib/safe-url';
import { assetQuery, collectionChoicesQuery, useDeleteAsset, useSetTracking } from '../queries';
import { AssetEditForm } from './AssetEditForm';
import { ExcludedSegmentsEditor } from './ExcludedSegmentsEditor';
import { ProcessingBadge } from './ProcessingBadge';

// 'uploaded': the file arrived and is being processed. ('pending' waits for a file, which polling cannot bring.)
const STILL_PROCESSING = new Set(['uploaded']);

export function AssetDetailPage({ assetIdParam, onDeleted }: { assetIdParam: string; onDeleted: () => void }) {
  const assetId = asId(assetIdParam);
  if (assetId === null) {
    return (
      <Alert color="yellow" title="No such asset" role="alert">
        "{assetIdParam}" is not an asset id. <Anchor component={Link} to="/assets">Back to the assets</Anchor>
      </Alert>
    );
  }
  return <AssetDetail assetId={assetId} onDeleted={onDeleted} />;
}

function AssetDetail({ assetId, onDeleted }: { assetId: Id; onDeleted: () => void }) {
  const asset = useQuery({
    ...assetQuery(assetId),
    // While the platform works on the file, the status is worth watching.
    refetchInterval: (query) => (STILL_PROCESSING.has(query.state.data?.processing_status.status ?? '') ? 3000 : false),
  });

  if (asset.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading the asset" />
      </Center>
    );
  }
  if (asset.isError) {
    if (isApiError(asset.error) && asset.error.status === 404) {
      return (
        <Alert color="yellow" title="Asset not found" role="alert">
          Asset {assetId} does not exist (any more). <Anchor component={Link} to="/assets">Back to the assets</Anchor>
        </Alert>
      );
    }
    return <ErrorState error={asset.error} title="Could not load the asset" onRetry={() => void asset.refetch()} />;
  }
  return <AssetView asset={asset.data} onDeleted={onDeleted} />;
}

function AssetView({ asset, onDeleted }: { asset: Asset; onDeleted: () => void }) {
  const tracking = useSetTracking(asset.asset_id);
  const remove = useDeleteAsset();
  const collections = useQuery(collectionChoicesQuery());
  const titles = new Map((collections.data ?? []).map((collection) => [collection.collection_id as string, collection.title]));
  const thumbnail = safeHttpUrl(asset.thumbnail_url);
  const name = asset.title || `Asset ${asset.asset_id}`;

  const askDelete = () =>
    confirmDelete({
      title: `Delete "${name}"?`,
      body: (
        <Text size="sm">
          The asset leaves the catalogue and its file is removed from the platform. Copies found for it are no longer monitored. This cannot be
          undone.
        </Text>
      ),
      confirm: 'Delete asset', cancel: 'Keep asset',
      onConfirm: () => remove.mutate(asset, { onSuccess: onDeleted }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={name}
        description={
          <>
            <Anchor component={Link} to="/assets" size="sm" underline="always">
              Assets
            </Anchor>{' '}
            / {asset.media_type} asset {asset.asset_id}
          </>
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              renderRoot={(props) => <Link {...props} to="/copies" search={{ asset: asset.asset_id }} />}
            >
              Copies of this asset
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete} loading={remove.isPending}>
              Delete
            </Button>
          </>
        }
      />

      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <Stack gap={4}>
            <Switch
              size="md"
              label={asset.is_tracked ? 'Tracked' : 'Not tracked'}
              description={
                asset.is_tracked
                  ? asset.tracked_from
                    ? `Copies are looked for since ${formatDateTime(asset.tracked_from)}.`
                    : 'Copies are looked for.'
                  : 'Turn on to look for copies of this asset on the platforms.'
              }
              checked={asset.is_tracked}
              disabled={tracking.isPending}
              onChange={(event) => tracking.mutate(event.currentTarget.checked)}
            />
          </Stack>
          {thumbnail ? <Image src={thumbnail} alt={`Thumbnail of ${name}`} w={160} h={90} fit="cover" radius="sm" referrerPolicy="no-referrer" /> : null}
        </Group>
      </Card>

      <Card withBorder padding="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
          <DetailField label="Asset id">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace">
                {asset.asset_id}
              </Text>
              <CopyIconButton value={asset.asset_id} label="Copy asset id" />
            </Group>
          </DetailField>
          <DetailField label="Processing status">
            <Stack gap={4}>
              <ProcessingBadge status={asset.processing_status.status} error={asset.processing_status.error} />
              {asset.processing_status.error ? (
                <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
                  {asset.processing_status.error}
                </Text>
              ) : null}
            </Stack>
          </DetailField>
          <DetailField label="Duration">{asset.duration === undefined ? MISSING : `${formatDuration(asset.duration)} (${asset.duration} s)`}</DetailField>
          <DetailField label="Media type">{asset.media_type}</DetailField>
          <DetailField label="Match types">{asset.match_types.length ? asset.match_types.join(', ') : MISSING}</DetailField>
          <DetailField label="Production date">{formatDate(asset.production_date)}</DetailField>
          <DetailField label="Artist">{asset.music.artist || MISSING}</DetailField>
          <DetailField label="Album">{asset.music.album || MISSING}</DetailField>
          <DetailField label="ISRCs">
            <Tags values={asset.music.isrcs} />
          </DetailField>
          <DetailField label="ISWCs">
            <Tags values={asset.music.iswcs} />
          </DetailField>
          <DetailField label="Reference ids">
            <Tags values={asset.reference_ids} />
          </DetailField>
          <DetailField label="YouTube Content ID asset">{asset.youtube_content_id?.asset_id || MISSING}</DetailField>
          <DetailField label="Collections">
            {asset.collection_ids.length ? (
              <Group gap={6}>
                {asset.collection_ids.map((id) => (
                  <Anchor key={id} size="sm" renderRoot={(props) => <Link {...props} to="/collections/$collectionId" params={{ collectionId: id }} />}>
                    {titles.get(id) || `Collection ${id}`}
                  </Anchor>
                ))}
              </Group>
            ) : (
              'Default collection'
            )}
          </DetailField>
          <DetailField label="Created">{formatDateTime(asset.created_at)}</DetailField>
          <DetailField label="Updated">{formatDateTime(asset.updated_at)}</DetailField>
        </SimpleGrid>
      </Card>

      <ExcludedSegmentsEditor asset={asset} />
      <AssetEditForm asset={asset} />
    </Stack>
  );
}

function Tags({ values }: { values: readonly string[] }) {
  if (values.length === 0) return <>{MISSING}</>;
  return (
    <Group gap={4}>
      {values.map((value) => (
        <Badge key={value} variant="default" size="sm" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}
