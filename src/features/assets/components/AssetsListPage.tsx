import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLink, IconPlus, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { Asset, Collection, Id } from '../../../api';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatDate, formatDuration, formatInteger, MISSING } from '../../../lib/format';
import { assetQuery, assetsInfiniteQuery, collectionChoicesQuery } from '../queries';
import { activeFilterCount, type AssetsSearch } from '../search';
import { AssetFilters } from './AssetFilters';
import { LinkAssetModal } from './LinkAssetModal';
import { ProcessingBadge } from './ProcessingBadge';
import classes from './AssetsTable.module.css';

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 38;

interface AssetsListPageProps {
  search: AssetsSearch;
  onSearchChange: (next: AssetsSearch) => void;
  onOpenAsset: (assetId: Id) => void;
}

export function AssetsListPage({ search, onSearchChange, onOpenAsset }: AssetsListPageProps) {
  const query = useInfiniteQuery(assetsInfiniteQuery(search));
  const collections = useQuery(collectionChoicesQuery());
  const [linkOpen, setLinkOpen] = useState(false);
  const rows = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const collectionTitles = useMemo(() => titlesById(collections.data ?? []), [collections.data]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // The build has no React Compiler, and the virtualizer is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Infinite scroll: the next page is fetched as the last loaded rows come into view.
  const lastVisible = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && rows.length > 0 && lastVisible >= rows.length - 15) void fetchNextPage();
  }, [lastVisible, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filters = activeFilterCount(search);

  return (
    <Stack gap="md">
      <PageHeader
        title="Assets"
        description="Reference recordings and videos of the catalogue, newest first. Open one to edit it, track it or exclude parts of it."
        actions={
          <>
            <Button variant="default" leftSection={<IconLink size={16} aria-hidden />} onClick={() => setLinkOpen(true)}>
              Add from a link
            </Button>
            <Button component={Link} to="/assets/upload" leftSection={<IconUpload size={16} aria-hidden />}>
              Upload files
            </Button>
          </>
        }
      />
      <AssetFilters search={search} onChange={onSearchChange} />

      {query.isError && rows.length === 0 ? (
        <ErrorState error={query.error} title="Could not load the assets" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Center h={240}>
          <Loader aria-label="Loading assets" />
        </Center>
      ) : rows.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600}>{filters ? 'No asset matches these filters' : 'No assets yet'}</Text>
          <Text c="dimmed" size="sm">
            {filters ? 'Change or clear the filters above.' : 'Upload recordings or add a page link to start the catalogue.'}
          </Text>
          {filters ? (
            <Button variant="default" onClick={() => onSearchChange({})}>
              Clear filters
            </Button>
          ) : (
            <Button component={Link} to="/assets/upload" leftSection={<IconPlus size={16} aria-hidden />}>
              Upload files
            </Button>
          )}
        </Stack>
      ) : (
        <>
          <div ref={scrollRef} className={classes.scroller} role="table" aria-label="Assets" aria-rowcount={rows.length + 1}>
            <div role="rowgroup">
              <div role="row" className={`${classes.grid} ${classes.header}`}>
                {['Title', 'Artist', 'Media', 'Match types', 'Tracked', 'Status', 'Duration', 'Collections', 'Created'].map((label) => (
                  <div role="columnheader" key={label} className={classes.cell}>
                    {label}
                  </div>
                ))}
              </div>
            </div>
            <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
              {virtualItems.map((item) => {
                const asset = rows[item.index]!;
                return (
                  <AssetRow
                    key={asset.asset_id}
                    asset={asset}
                    index={item.index}
                    top={item.start - HEADER_HEIGHT}
                    collectionTitles={collectionTitles}
                    onOpen={onOpenAsset}
                  />
                );
              })}
            </div>
          </div>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {formatInteger(rows.length)} assets loaded{hasNextPage ? '' : ' — that is all of them'}
            </Text>
            {query.isFetchNextPageError ? (
              <Text size="sm" c="red">
                The next page did not load.
              </Text>
            ) : null}
            {hasNextPage ? (
              <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            ) : null}
          </Group>
        </>
      )}
      <LinkAssetModal opened={linkOpen} onClose={() => setLinkOpen(false)} onCreated={onOpenAsset} />
    </Stack>
  );
}

function titlesById(collections: readonly Collection[]): Map<string, string> {
  return new Map(collections.map((collection) => [collection.collection_id, collection.title || `Collection ${collection.collection_id}`]));
}

interface AssetRowProps {
  asset: Asset;
  index: number;
  top: number;
  collectionTitles: Map<string, string>;
  onOpen: (assetId: Id) => void;
}

const AssetRow = memo(function AssetRow({ asset, index, top, collectionTitles, onOpen }: AssetRowProps) {
  const collectionNames = asset.collection_ids.map((id) => collectionTitles.get(id) ?? id);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${classes.grid} ${classes.row}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
      onClick={(event) => {
        // Modifier clicks are the link's (new tab); a plain click anywhere on the row opens the asset.
        if (event.metaKey || event.ctrlKey || event.shiftKey || (event.target as HTMLElement).closest('a')) return;
        onOpen(asset.asset_id);
      }}
    >
      <div role="cell" className={classes.cell}>
        <Link to="/assets/$assetId" params={{ assetId: asset.asset_id }} className={classes.titleLink} title={asset.title}>
          {asset.title || `Asset ${asset.asset_id}`}
        </Link>
      </div>
      <div role="cell" className={classes.cell} title={asset.music.artist}>
        {asset.music.artist || <Text span c="dimmed">{MISSING}</Text>}
      </div>
      <div role="cell" className={classes.cell}>
        {asset.media_type}
      </div>
      <div role="cell" className={classes.cell}>
        {asset.match_types.length ? asset.match_types.join(', ') : <Text span c="dimmed">{MISSING}</Text>}
      </div>
      <div role="cell" className={classes.cell}>
        {asset.is_tracked ? (
          <ToneBadge size="sm" color="teal">
            Tracked
          </ToneBadge>
        ) : (
          <Text span size="sm" c="dimmed">
            No
          </Text>
        )}
      </div>
      <div role="cell" className={classes.cell}>
        <ProcessingBadge status={asset.processing_status.status} />
      </div>
      <div role="cell" className={classes.cell}>
        <DurationCell asset={asset} />
      </div>
      <div role="cell" className={classes.cell} title={collectionNames.join(', ')}>
        {collectionNames.length ? collectionNames.join(', ') : <Text span c="dimmed">{MISSING}</Text>}
      </div>
      <div role="cell" className={classes.cell}>
        {formatDate(asset.created_at)}
      </div>
    </div>
  );
});

/**
 * The list form of an asset carries no duration (the spec gives it in the detail only). A row that
 * stays on screen for a moment reads it from the detail, at background priority, so fast scrolling
 * through thousands of rows costs no calls.
 */
function DurationCell({ asset }: { asset: Asset }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), 400);
    return () => clearTimeout(timer);
  }, []);
  const detail = useQuery({ ...assetQuery(asset.asset_id, 'background'), enabled: asset.duration === undefined && settled, staleTime: 5 * 60_000 });
  const duration = asset.duration ?? detail.data?.duration;
  if (duration === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        {MISSING}
      </Text>
    );
  }
  return <>{formatDuration(duration)}</>;
}
