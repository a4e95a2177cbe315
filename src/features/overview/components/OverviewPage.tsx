import { useMemo, useSyncExternalStore } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Alert, Button, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Id } from '../../../api/ids';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { formatCount, formatDateTime, formatInteger } from '../../../lib/format';
import type { ScanProgress } from '../data';
import { COPIES_SCAN_CAP, assetTitleQuery, copiesScanQuery, monitoringScanQuery, overviewKeys, scanProgress } from '../data';
import { listHref } from '../links';
import { copiesByCategory, copiesByPlatform, copyStatusBreakdown, monitoringByStatus, monitoringPerWeek, perWeek, topAssets } from '../stats';
import type { ChartRow } from './ChartCard';
import { ChartCard } from './ChartCard';
import { CountBars, CountPie, useNamedColor } from './Charts';

const MONITORING_COLORS: Record<string, string> = { needs_review: 'orange', reviewed: 'blue', licensed: 'teal', muted: 'grape', removed: 'red', '': 'gray' };

function useProgress(key: string): ScanProgress | undefined {
  return useSyncExternalStore(scanProgress.subscribe, () => scanProgress.get(key));
}

function ScanStatus({ label, unit, progress, expected }: { label: string; unit: string; progress: ScanProgress | undefined; expected?: number }) {
  const rows = progress?.rows ?? 0;
  const value = expected ? Math.min(100, (rows / expected) * 100) : 100;
  return (
    <Stack gap={2} data-testid={`scan-${unit}`}>
      <Text size="sm" aria-live="polite">
        {label}: {formatInteger(rows)} {unit} read ({progress?.pages ?? 0} pages)…
      </Text>
      <Progress value={value} animated={!expected} striped={!expected} aria-label={`${label} in progress`} />
    </Stack>
  );
}

/** The placeholder of a chart while its scan runs or when it failed. */
function placeholderFor(query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }, what: string): ReactNode | undefined {
  if (query.isPending) {
    return (
      <Group gap="xs" p="md">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Counting {what}…
        </Text>
      </Group>
    );
  }
  if (query.isError) return <ErrorState error={query.error} title={`Could not count ${what}`} onRetry={() => void query.refetch()} />;
  return undefined;
}

/** One chart of the page: its card's props, the scan it depends on and the chart itself. */
type ChartSpec = Omit<ComponentProps<typeof ChartCard>, 'children' | 'placeholder'> & { source: 'copies' | 'monitoring'; emptyWhat: string; chart: ReactNode };

const empty = (rows: readonly ChartRow[], what: string): ReactNode | undefined =>
  rows.some((row) => row.count > 0) ? undefined : (
    <Text size="sm" c="dimmed" p="md">
      No {what} yet.
    </Text>
  );

/**
 * The overview: what the organisation's copies and monitoring results look like, counted from the
 * lists themselves (paced scans in the background, cached), each chart leading to its list.
 */
export function OverviewPage() {
  const queryClient = useQueryClient();
  const copiesQuery = useQuery(copiesScanQuery());
  const monitoringQuery = useQuery(monitoringScanQuery());
  const copiesProgress = useProgress('copies');
  const monitoringProgress = useProgress('monitoring');
  const color = useNamedColor();

  const copies = useMemo(() => copiesQuery.data?.copies ?? [], [copiesQuery.data]);
  const items = useMemo(() => monitoringQuery.data?.items ?? [], [monitoringQuery.data]);

  const platformRows = useMemo<ChartRow[]>(() => copiesByPlatform(copies).map((c) => ({ ...c, href: listHref('/copies', { platform: c.key }) })), [copies]);
  const categoryRows = useMemo<ChartRow[]>(() => copiesByCategory(copies).map((c) => ({ ...c, label: c.label, href: listHref('/copies', {}) })), [copies]);
  const weekRows = useMemo<ChartRow[]>(() => perWeek(copies, (c) => c.created_at), [copies]);
  const breakdown = useMemo(() => copyStatusBreakdown(copies, copiesQuery.data?.statuses ?? []), [copies, copiesQuery.data]);
  const statusRows = useMemo<ChartRow[]>(() => breakdown.byStatus.map((s) => ({ ...s, href: listHref('/copies', { status: s.key }) })), [breakdown]);
  const reviewedRows: ChartRow[] = [
    { key: 'reviewed', label: 'With a status', count: breakdown.reviewed },
    { key: 'not-reviewed', label: 'No status yet', count: breakdown.notReviewed },
  ];
  const monitoringStatusRows = useMemo<ChartRow[]>(
    () => monitoringByStatus(items).map((s) => ({ ...s, href: s.key ? listHref('/monitoring', { status: s.key }) : undefined })),
    [items],
  );
  const monitoringWeekRows = useMemo<ChartRow[]>(() => monitoringPerWeek(items), [items]);
  const top = useMemo(() => topAssets(copies), [copies]);

  const assetIds = useMemo(() => [...new Set([...top.byCopies, ...top.byViews].map((a) => a.assetId))], [top]);
  const titles = useQueries({ queries: assetIds.map((id) => ({ ...assetTitleQuery(id), select: (asset: { title: string }) => asset.title })) });
  const titleOf = (assetId: Id) => {
    const index = assetIds.indexOf(assetId);
    const title = index >= 0 ? titles[index]?.data : undefined;
    return title?.trim() || `Asset ${assetId}`;
  };
  const topCopiesRows: ChartRow[] = top.byCopies.map((a) => ({ key: a.assetId, label: titleOf(a.assetId), count: a.copies, href: listHref('/copies', { asset: a.assetId }) }));
  const topViewsRows: ChartRow[] = top.byViews.map((a) => ({ key: a.assetId, label: titleOf(a.assetId), count: a.views, href: listHref('/copies', { asset: a.assetId }) }));

  const refresh = () => {
    void queryClient.resetQueries({ queryKey: overviewKeys.all });
  };
  const copiesPlaceholder = placeholderFor(copiesQuery, 'copies');
  const monitoringPlaceholder = placeholderFor(monitoringQuery, 'monitoring results');
  const scanned = copiesQuery.data;
  const basis = scanned
    ? scanned.capped
      ? `Based on the newest ${formatInteger(scanned.copies.length)} copies (the scan stops at ${formatInteger(COPIES_SCAN_CAP)}; older copies are not counted).`
      : `Based on all ${formatInteger(scanned.copies.length)} copies.`
    : null;

  const reviewedColors = [color('teal'), color('gray')];
  const statusCounts = useMemo(() => monitoringStatusRows.map((r) => color(MONITORING_COLORS[r.key] ?? 'gray')), [monitoringStatusRows, color]);
  const charts: ChartSpec[] = [
    {
      id: 'platform',
      title: 'Copies by platform',
      description: 'Where copies of your assets were found.',
      linkNote: 'Click a bar to open the copies of that platform.',
      rows: platformRows,
      source: 'copies',
      emptyWhat: 'copies',
      chart: <CountBars rows={platformRows} horizontal height={280} valueName="Copies" />,
    },
    {
      id: 'category',
      title: 'Copies by match category',
      description: 'How much of the asset each copy uses.',
      linkNote: 'The copies list cannot filter by category: a click opens all copies, where the category shows on each row.',
      rows: categoryRows,
      source: 'copies',
      emptyWhat: 'copies',
      chart: <CountBars rows={categoryRows} horizontal height={280} valueName="Copies" />,
    },
    {
      id: 'weeks',
      title: 'Copies found per week',
      description: 'By the day the platform found them (weeks from Monday, UTC).',
      rows: weekRows,
      source: 'copies',
      emptyWhat: 'copies',
      chart: <CountBars rows={weekRows} valueName="Copies" />,
    },
    {
      id: 'statuses',
      title: 'Copy statuses',
      description: 'Copies per status; a copy with several statuses counts under each.',
      linkNote: 'Click a slice to open the copies holding that status.',
      rows: statusRows,
      source: 'copies',
      emptyWhat: 'statuses on copies',
      chart: <CountPie rows={statusRows} />,
    },
    {
      id: 'reviewed',
      title: 'Copies reviewed',
      description: 'Copies holding at least one status, against copies with none yet.',
      linkNote: 'The copies list cannot filter by “any status” or “no status”; open a status from the chart beside.',
      rows: reviewedRows,
      source: 'copies',
      emptyWhat: 'copies',
      chart: <CountPie rows={reviewedRows} colors={reviewedColors} />,
    },
    {
      id: 'monitoring-status',
      title: 'Monitoring results by status',
      description: 'Posts where your songs were heard, by review status.',
      linkNote: 'Click a bar to open the monitoring results with that status.',
      rows: monitoringStatusRows,
      source: 'monitoring',
      emptyWhat: 'monitoring results',
      chart: <CountBars rows={monitoringStatusRows} colors={statusCounts} valueName="Posts" />,
    },
    {
      id: 'monitoring-weeks',
      title: 'Monitoring results per week',
      description: 'Posts by the week they were uploaded (from Monday, UTC).',
      rows: monitoringWeekRows,
      source: 'monitoring',
      emptyWhat: 'monitoring results',
      chart: <CountBars rows={monitoringWeekRows} valueName="Posts" />,
    },
    {
      id: 'top-copies',
      title: 'Top assets by copies',
      description: 'The assets copied most often.',
      linkNote: 'Click a bar to open that asset’s copies.',
      rows: topCopiesRows,
      source: 'copies',
      emptyWhat: 'copies',
      chart: <CountBars rows={topCopiesRows} horizontal height={280} valueName="Copies" />,
    },
    {
      id: 'top-views',
      title: 'Top assets by views',
      description: 'Views summed over each asset’s copies (platforms that report views).',
      linkNote: 'Click a bar to open that asset’s copies.',
      rows: topViewsRows,
      valueHeader: 'Views',
      formatValue: formatCount,
      source: 'copies',
      emptyWhat: 'views',
      chart: <CountBars rows={topViewsRows} horizontal height={280} valueName="Views" />,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Overview"
        description="Where your assets are being used and how far review has come, counted from the copies and monitoring lists."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={copiesQuery.isFetching || monitoringQuery.isFetching}
            onClick={refresh}
          >
            Refresh
          </Button>
        }
      />
      {copiesQuery.isFetching || monitoringQuery.isFetching ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {copiesQuery.isFetching ? <ScanStatus label="Counting copies" unit="copies" progress={copiesProgress} expected={COPIES_SCAN_CAP} /> : <span />}
          {monitoringQuery.isFetching ? <ScanStatus label="Counting monitoring results" unit="results" progress={monitoringProgress} /> : null}
        </SimpleGrid>
      ) : null}
      {basis ? (
        <Text size="sm" c="dimmed" data-testid="overview-basis">
          {basis} {scanned ? `Counted ${formatDateTime(new Date(scanned.scannedAt).toISOString())}; Refresh counts again.` : ''}
        </Text>
      ) : null}
      {copiesQuery.data && breakdown.reviewed + breakdown.notReviewed > 0 ? (
        <Alert color="gray" variant="light" p="xs" data-testid="reviewed-share">
          {formatInteger(breakdown.reviewed)} of {formatInteger(copies.length)} copies hold at least one status ({Math.round((breakdown.reviewed / copies.length) * 100)}%);{' '}
          {formatInteger(breakdown.notReviewed)} have none yet.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {charts.map(({ chart, source, emptyWhat, ...card }) => (
          <ChartCard key={card.id} {...card} placeholder={(source === 'copies' ? copiesPlaceholder : monitoringPlaceholder) ?? empty(card.rows, emptyWhat)}>
            {chart}
          </ChartCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
