import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconFilterOff, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MonitoringStatus } from '../../../api/schemas/discovery';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import type { StatusTarget } from '../actions';
import { bulkChangeStatus, changeStatus } from '../actions';
import { monitoringInfiniteQuery } from '../queries';
import type { ResultGroup } from '../results';
import { groupPages, postLabel } from '../results';
import type { MonitoringSearch } from '../search';
import { STATUS_KEYS, activeFilterCount } from '../search';
import type { BulkRun } from './BulkBar';
import { BulkBar } from './BulkBar';
import { ExportButton } from './ExportButton';
import { FiltersBar } from './FiltersBar';
import { ResultCard } from './ResultCard';
import { StatusLegend } from './StatusControls';
import classes from './Monitoring.module.css';

const FOOTER_HEIGHT = 56;

type MonitoringPageProps = {
  search: MonitoringSearch;
  onSearchChange: (next: MonitoringSearch) => void;
};

const targetOf = (group: ResultGroup): StatusTarget => ({ resultId: group.resultId, label: postLabel(group.post), previous: group.status });

/**
 * Monitoring review: posts where the organisation's songs were heard, newest upload first, one row
 * per matched song, reviewed one by one (menu or keys) or in bulk, filtered through the URL.
 */
export function MonitoringPage({ search, onSearchChange }: MonitoringPageProps) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(monitoringInfiniteQuery(search));
  const groups = useMemo(() => groupPages(query.data?.pages ?? []), [query.data]);
  const rowCount = useMemo(() => groups.reduce((sum, g) => sum + g.matches.length, 0), [groups]);

  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [bulk, setBulk] = useState<BulkRun | null>(null);
  const [retryTargets, setRetryTargets] = useState<StatusTarget[]>([]);
  const bulkController = useRef<AbortController | null>(null);

  // A new filter is a new list: start at its top with nothing selected.
  const searchKey = JSON.stringify(search);
  const [previousSearchKey, setPreviousSearchKey] = useState(searchKey);
  if (previousSearchKey !== searchKey) {
    setPreviousSearchKey(searchKey);
    setFocusedId(null);
    setSelection(new Set());
  }

  const focusedIndex = focusedId === null ? -1 : groups.findIndex((g) => g.resultId === focusedId);
  const focused = focusedIndex >= 0 ? groups[focusedIndex]! : null;

  const scrollRef = useRef<HTMLDivElement>(null);
  // The build has no React Compiler, and the virtualizer is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => 44 + Math.max(1, groups[index]?.matches.length ?? 1) * 62,
    getItemKey: (index) => groups[index]?.resultId ?? index,
    overscan: 6,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Infinite scroll: the next page when the last loaded posts come into view.
  const lastVisible = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastVisible >= groups.length - 8) void fetchNextPage();
  }, [lastVisible, groups.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
  }, [focusedIndex, virtualizer]);

  const setStatus = useCallback(
    (group: ResultGroup, status: MonitoringStatus) => {
      void changeStatus(queryClient, targetOf(group), status);
    },
    [queryClient],
  );

  const focusResult = useCallback((resultId: string) => setFocusedId(resultId), []);
  const toggleSelect = useCallback((resultId: string) => {
    setSelection((current) => {
      const next = new Set(current);
      if (next.has(resultId)) next.delete(resultId);
      else next.add(resultId);
      return next;
    });
    setFocusedId(resultId);
  }, []);

  const setFocusedStatus = useCallback(
    (status: MonitoringStatus) => {
      if (!focused) {
        notifications.show({ color: 'gray', message: 'Move to a post first (j/k or click it).' });
        return;
      }
      if (focused.matches.length === 0) {
        notifications.show({ color: 'gray', message: `${postLabel(focused.post)} has no matched song, so it has no status to set.` });
        return;
      }
      setStatus(focused, status);
    },
    [focused, setStatus],
  );

  const runBulk = useCallback(
    async (targets: StatusTarget[], status: MonitoringStatus) => {
      if (targets.length === 0) return;
      const controller = new AbortController();
      bulkController.current = controller;
      setBulk({ status, total: targets.length, completed: 0, failed: 0, phase: 'running', failures: [], notRun: 0 });
      const result = await bulkChangeStatus(queryClient, {
        targets,
        status,
        signal: controller.signal,
        onProgress: (completed, total, failed) => setBulk((run) => (run ? { ...run, completed, total, failed } : run)),
      });
      bulkController.current = null;
      setRetryTargets([...result.failed.map((f) => f.item), ...result.notRun]);
      setBulk({
        status,
        total: targets.length,
        completed: result.progress.completed,
        failed: result.progress.failed,
        phase: result.cancelled ? 'cancelled' : 'done',
        failures: result.failed.map((f) => ({ label: f.item.label, message: f.message })),
        notRun: result.notRun.length,
      });
    },
    [queryClient],
  );

  const groupsRef = useRef(groups);
  groupsRef.current = groups;
  const applyToSelection = useCallback(
    (status: MonitoringStatus) => {
      const targets = groupsRef.current.filter((g) => selection.has(g.resultId) && g.matches.length > 0).map(targetOf);
      const skipped = selection.size - targets.length;
      if (skipped > 0) notifications.show({ color: 'gray', message: `${skipped} selected post${skipped === 1 ? ' has' : 's have'} no matched song and no status; left as they are.` });
      setSelection(new Set());
      void runBulk(targets, status);
    },
    [runBulk, selection],
  );
  const retryBulk = useCallback(() => {
    if (bulk) void runBulk(retryTargets, bulk.status);
  }, [bulk, retryTargets, runBulk]);
  const cancelBulk = useCallback(() => bulkController.current?.abort(), []);
  const dismissBulk = useCallback(() => setBulk(null), []);
  const selectAllLoaded = useCallback(() => setSelection(new Set(groupsRef.current.map((g) => g.resultId))), []);
  const clearSelection = useCallback(() => setSelection(new Set()), []);

  const move = (delta: number) => {
    if (groups.length === 0) return;
    const next = focusedIndex < 0 ? 0 : Math.min(groups.length - 1, Math.max(0, focusedIndex + delta));
    setFocusedId(groups[next]!.resultId);
    if (next >= groups.length - 5 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  useHotkeys(
    [
      ['j', () => move(1)],
      ['k', () => move(-1)],
      ['x', () => focused && toggleSelect(focused.resultId)],
      ...STATUS_KEYS.map((status, index) => [String(index + 1), () => setFocusedStatus(status)] as [string, () => void]),
    ],
    ['INPUT', 'TEXTAREA', 'SELECT'],
  );

  const filters = activeFilterCount(search);
  let list: React.ReactNode;
  if (query.isPending) {
    list = (
      <Group justify="center" p="xl">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading monitoring results…
        </Text>
      </Group>
    );
  } else if (query.isError && groups.length === 0) {
    list = (
      <Stack p="md">
        <ErrorState error={query.error} title="Could not load monitoring results" onRetry={() => void query.refetch()} />
      </Stack>
    );
  } else if (groups.length === 0) {
    list = (
      <Stack p="xl" align="center" gap="xs">
        <Text fw={600}>No monitoring results {filters > 0 ? 'match these filters' : 'yet'}</Text>
        <Text size="sm" c="dimmed">
          {filters > 0 ? 'Try another status or a wider date range.' : 'Posts where your songs are heard appear here as the platform finds them.'}
        </Text>
        {filters > 0 ? (
          <Button size="xs" variant="default" onClick={() => onSearchChange({})}>
            Clear filters
          </Button>
        ) : null}
      </Stack>
    );
  } else {
    list = (
      <div className={classes.body} style={{ height: virtualizer.getTotalSize() + FOOTER_HEIGHT }}>
        <div role="list" aria-label="Monitoring results, newest upload first">
        {virtualItems.map((item) => {
          const group = groups[item.index]!;
          return (
            <ResultCard
              key={group.resultId}
              group={group}
              index={item.index}
              top={item.start}
              focused={group.resultId === focusedId}
              selected={selection.has(group.resultId)}
              measureRef={virtualizer.measureElement}
              onFocus={focusResult}
              onToggleSelect={toggleSelect}
              onSetStatus={setStatus}
            />
          );
        })}
        </div>
        <div className={classes.footer} style={{ top: virtualizer.getTotalSize() }}>
          {query.hasNextPage ? (
            <Button
              size="xs"
              variant="default"
              loading={query.isFetchingNextPage}
              leftSection={<IconArrowDown size={14} aria-hidden />}
              onClick={() => void query.fetchNextPage()}
            >
              Load more
            </Button>
          ) : (
            <Text size="xs" c="dimmed" data-testid="end-of-list">
              End of the list: {groups.length} posts, {rowCount} matches.
            </Text>
          )}
          {query.isFetchNextPageError ? (
            <Text size="xs" c="red">
              The next page did not load. Try again.
            </Text>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <Stack gap={0} style={{ height: 'calc(100dvh - 60px - 2 * var(--mantine-spacing-lg))', minHeight: 520 }}>
      <PageHeader
        title="Monitoring"
        description="Posts on short-video platforms where your songs were heard, with what matched where. Review each post’s status."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={query.isRefetching && !query.isFetchingNextPage}
              onClick={() => void query.refetch()}
            >
              Refresh
            </Button>
            <ExportButton search={search} />
          </>
        }
      />
      <FiltersBar search={search} onChange={onSearchChange} />
      <Stack gap={4} mb="xs">
        <StatusLegend onPick={focused && focused.matches.length > 0 ? setFocusedStatus : undefined} />
      </Stack>
      <BulkBar
        selectedCount={selection.size}
        loadedCount={groups.length}
        run={bulk}
        onSelectAllLoaded={selectAllLoaded}
        onClear={clearSelection}
        onApply={applyToSelection}
        onCancel={cancelBulk}
        onRetry={retryBulk}
        onDismiss={dismissBulk}
      />
      <Group justify="space-between" mb={4} gap="xs">
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Newest upload first.
          </Text>
          {filters > 0 ? (
            <Button size="compact-xs" variant="subtle" leftSection={<IconFilterOff size={12} aria-hidden />} onClick={() => onSearchChange({})}>
              Clear {filters} filter{filters === 1 ? '' : 's'}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="loaded-count">
          {groups.length} posts ({rowCount} matches) loaded{query.hasNextPage ? ', more below' : ''}
        </Text>
      </Group>
      {query.isError && groups.length > 0 && !query.isFetchNextPageError ? (
        <Alert color="red" mb="xs" title="Could not refresh the list">
          Showing what was loaded before.
        </Alert>
      ) : null}
      <div ref={scrollRef} className={classes.scroller} tabIndex={0} data-testid="monitoring-list" aria-label="Monitoring results">
        {list}
      </div>
    </Stack>
  );
}
