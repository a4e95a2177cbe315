import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconCommand, IconFilterOff, IconListCheck } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Id } from '../../../api/ids';
import type { Copy } from '../../../api/schemas/discovery';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { changeStatus, copyLabel, undoLast } from '../actions';
import { startStatusBulk } from '../bulk-jobs';
import { useBulkPanelHeight, useLegend, useUndoTop } from '../hooks';
import { copiesInfiniteQuery } from '../queries';
import type { CopiesSearch } from '../search';
import { activeFilterCount } from '../search';
import { selectRange, toggle } from '../selection';
import type { StatusEntry } from '../statuses';
import { CommandPalette, palette } from './CommandPalette';
import { CopyRow, ROW_HEIGHT } from './CopyRow';
import { ExportButton } from './ExportButton';
import { FiltersBar } from './FiltersBar';
import { SelectionBar } from './SelectionBar';
import { KeyHelp, StatusLegend } from './StatusLegend';
import classes from './CopiesTable.module.css';
import { toneClass, toneStyle } from './tone';

const HEADER_HEIGHT = 36;
const FOOTER_HEIGHT = 56;
const EMPTY: Copy[] = [];
const COLUMNS = ['', 'Copy', 'Platform', 'Asset', 'Category', 'Match', 'Audience', 'Uploaded', 'Statuses', ''];

type CopiesQueuePageProps = {
  search: CopiesSearch;
  onSearchChange: (next: CopiesSearch) => void;
  onOpenCopy: (matchId: Id) => void;
};

/** Keys typed into a field, a button or a link are theirs, not the queue's. */
function isInteractiveTarget(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return false;
  return target.closest('button, a, [role="button"], [role="option"], [role="dialog"], input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * The review queue: every copy of the organisation's assets found on platforms, newest first,
 * filtered through the URL, reviewed from the keyboard, with bulk changes running in the background.
 */
export function CopiesQueuePage({ search, onSearchChange, onOpenCopy }: CopiesQueuePageProps) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(copiesInfiniteQuery(search));
  const { legend } = useLegend();
  const undoTop = useUndoTop();
  const rows = useMemo(() => query.data?.pages.flat() ?? EMPTY, [query.data]);
  const ids = useMemo(() => rows.map((row) => row.match_id as string), [rows]);

  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [anchorId, setAnchorId] = useState<string | null>(null);

  // A new filter is a new list: start at its top with nothing selected.
  const searchKey = JSON.stringify(search);
  const [previousSearchKey, setPreviousSearchKey] = useState(searchKey);
  if (previousSearchKey !== searchKey) {
    setPreviousSearchKey(searchKey);
    setFocusedId(null);
    setSelection(new Set());
    setAnchorId(null);
  }

  const focusedIndex = focusedId === null ? -1 : ids.indexOf(focusedId);
  const focused = focusedIndex >= 0 ? rows[focusedIndex]! : null;

  const scrollRef = useRef<HTMLDivElement>(null);
  // While bulk jobs float over the bottom-right corner, the list ends that much lower and keyboard
  // moves keep the focused row above them.
  const bulkPanelHeight = useBulkPanelHeight();
  // The build has no React Compiler, and the virtualizer is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    paddingEnd: bulkPanelHeight,
    scrollPaddingEnd: bulkPanelHeight,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Infinite scroll: fetch the next page when the last loaded rows come into view.
  const lastVisible = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastVisible >= rows.length - 15) void fetchNextPage();
  }, [lastVisible, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keep the focused row on screen as it moves.
  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
  }, [focusedIndex, virtualizer]);

  // ---- actions (stable, so memoised rows only repaint when their own copy changes) -------------
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const legendRef = useRef(legend);
  legendRef.current = legend;
  const focusedRef = useRef(focused);
  focusedRef.current = focused;
  const anchorRef = useRef(anchorId);
  anchorRef.current = anchorId;

  const toggleOnFocused = useCallback(
    (entry: StatusEntry) => {
      const copy = focusedRef.current;
      if (!copy) {
        notifications.show({ color: 'gray', message: 'Move to a copy first (j/k or click a row).' });
        return;
      }
      const present = !copy.user_actions.statuses.includes(entry.code);
      void changeStatus(
        queryClient,
        { matchId: copy.match_id, code: entry.code, present, copyLabel: copyLabel(copy), statusLabel: entry.title },
        { undoable: true },
      );
    },
    [queryClient],
  );

  const focusRow = useCallback((matchId: string) => setFocusedId(matchId), []);

  const toggleSelect = useCallback((matchId: string, shiftKey: boolean) => {
    setSelection((current) => (shiftKey ? selectRange(current, rowsRef.current.map((r) => r.match_id), anchorRef.current, matchId) : toggle(current, matchId)));
    setAnchorId(matchId);
    setFocusedId(matchId);
  }, []);

  const startBulk = useCallback(
    (entry: StatusEntry, present: boolean) => {
      const chosen = rowsRef.current.filter((row) => selection.has(row.match_id));
      if (chosen.length === 0) return;
      startStatusBulk(queryClient, {
        targets: chosen.map((row) => ({ matchId: row.match_id, label: copyLabel(row) })),
        code: entry.code,
        present,
        statusLabel: entry.title,
      });
      setSelection(new Set());
    },
    [queryClient, selection],
  );

  const move = (delta: number) => {
    if (rows.length === 0) return;
    const next = focusedIndex < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, focusedIndex + delta));
    setFocusedId(rows[next]!.match_id);
    if (next >= rows.length - 5 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const numberKeys = legend
    .filter((entry) => entry.hotkey !== null)
    .map((entry) => [String(entry.hotkey), () => toggleOnFocused(entry)] as [string, () => void]);

  useHotkeys(
    [
      ['j', () => move(1)],
      ['ArrowDown', (event) => !isInteractiveTarget(event) && move(1)],
      ['k', () => move(-1)],
      ['ArrowUp', (event) => !isInteractiveTarget(event) && move(-1)],
      [
        'Enter',
        (event) => {
          if (isInteractiveTarget(event) || !focused) return;
          onOpenCopy(focused.match_id);
        },
        { preventDefault: false },
      ],
      [
        'x',
        () => {
          if (focused) toggleSelect(focused.match_id, false);
        },
      ],
      [
        'u',
        () => {
          const undone = undoLast(queryClient);
          if (!undone) notifications.show({ color: 'gray', message: 'Nothing to undo.' });
        },
      ],
      ...numberKeys,
    ],
    ['INPUT', 'TEXTAREA', 'SELECT'],
  );

  const selectAllLoaded = useCallback(() => setSelection(new Set(rowsRef.current.map((r) => r.match_id))), []);
  const clearSelection = useCallback(() => setSelection(new Set()), []);

  // Platforms seen so far; the same array while the set is unchanged, so the filters bar can skip renders.
  const platformsKey = useMemo(() => [...new Set(rows.map((r) => r.platform))].sort().join('\n'), [rows]);
  const knownPlatforms = useMemo(() => (platformsKey ? platformsKey.split('\n') : []), [platformsKey]);
  const filters = activeFilterCount(search);

  // ---- render ------------------------------------------------------------------------------------
  const header = useMemo(
    () => (
      <PageHeader
        title="Copies"
        description="Matches of your assets found on platforms, to review one by one or in bulk."
        actions={
          <>
            <Button component={Link} to="/copies/statuses" variant="default" leftSection={<IconListCheck size={16} aria-hidden />}>
              Statuses
            </Button>
            <Button variant="default" leftSection={<IconCommand size={16} aria-hidden />} onClick={palette.open}>
              Apply status…
            </Button>
            <ExportButton search={search} legend={legend} />
          </>
        }
      />
    ),
    [search, legend],
  );
  const bodyHeight = virtualizer.getTotalSize() + FOOTER_HEIGHT;
  let list: React.ReactNode;
  if (query.isPending) {
    list = (
      <Group justify="center" p="xl">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading copies…
        </Text>
      </Group>
    );
  } else if (query.isError && rows.length === 0) {
    list = (
      <Stack p="md">
        <ErrorState error={query.error} title="Could not load copies" onRetry={() => void query.refetch()} />
      </Stack>
    );
  } else if (rows.length === 0) {
    list = (
      <Stack p="xl" align="center" gap="xs">
        <Text fw={600}>No copies {filters > 0 ? 'match these filters' : 'yet'}</Text>
        <Text size="sm" c="dimmed">
          {filters > 0 ? 'Try fewer filters, or a different platform or status.' : 'Copies appear here when the platform finds your assets on other sites.'}
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
      <div className={classes.body} style={{ height: bodyHeight }} role="rowgroup">
        {virtualItems.map((item) => {
          const copy = rows[item.index]!;
          return (
            <CopyRow
              key={copy.match_id}
              copy={copy}
              position={item.index + 1}
              top={item.start - HEADER_HEIGHT}
              focused={copy.match_id === focusedId}
              selected={selection.has(copy.match_id)}
              legend={legend}
              onFocusRow={focusRow}
              onToggleSelect={toggleSelect}
            />
          );
        })}
        {/* A row of its own, so the grid holds nothing but rows (screen readers, axe). */}
        <div className={classes.footer} style={{ top: virtualizer.getTotalSize() }} role="row">
          <div role="gridcell" aria-colspan={COLUMNS.length} className={classes.footerCell}>
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
            <Text size="xs" c="dimmed">
              End of the list: {rows.length} {rows.length === 1 ? 'copy' : 'copies'}.
            </Text>
          )}
          {query.isFetchNextPageError ? (
            <Text size="xs" c="red">
              The next page did not load. Try again.
            </Text>
          ) : null}
          </div>
        </div>
      </div>
    );
  }

  return (
    <Stack gap={0} style={{ height: 'calc(100dvh - 60px - 2 * var(--mantine-spacing-lg))', minHeight: 480 }}>
      {header}
      <FiltersBar search={search} onChange={onSearchChange} legend={legend} knownPlatforms={knownPlatforms} />
      <Stack gap={4} mb="xs">
        <StatusLegend legend={legend} onPick={focused ? toggleOnFocused : undefined} />
        <Group justify="space-between" gap="xs">
          <KeyHelp />
          {undoTop ? (
            <Text size="xs" c="dimmed" data-testid="undo-hint">
              <b>u</b> undoes: {undoTop.present ? 'add' : 'remove'} “{undoTop.statusLabel}” on “{undoTop.copyLabel}”
            </Text>
          ) : null}
        </Group>
      </Stack>
      <SelectionBar
        selectedCount={selection.size}
        loadedCount={rows.length}
        legend={legend}
        onSelectAllLoaded={selectAllLoaded}
        onClear={clearSelection}
        onBulk={startBulk}
      />
      <Group justify="space-between" mb={4} gap="xs">
        <Group gap="xs">
          <Text size="xs" c="dimmed" data-testid="order-note">
            Newest first — the platform offers no other order.
          </Text>
          {filters > 0 ? (
            <Button size="compact-xs" variant="subtle" leftSection={<IconFilterOff size={12} aria-hidden />} onClick={() => onSearchChange({})}>
              Clear {filters} filter{filters === 1 ? '' : 's'}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="loaded-count">
          {rows.length} loaded{query.hasNextPage ? ', more below' : ''}
          {query.isFetching && !query.isFetchingNextPage && !query.isPending ? ' · refreshing…' : ''}
        </Text>
      </Group>
      {query.isError && rows.length > 0 && !query.isFetchNextPageError ? (
        <Alert color="red" style={toneStyle('red')} classNames={{ title: toneClass }} mb="xs" title="Could not refresh the list">
          Showing what was loaded before.
        </Alert>
      ) : null}
      <div
        ref={scrollRef}
        className={classes.scroller}
        role="grid"
        aria-label="Copies, newest first"
        aria-rowcount={query.hasNextPage ? -1 : rows.length + 1}
        aria-multiselectable
        aria-activedescendant={focused ? `copy-row-${focused.match_id}` : undefined}
        tabIndex={0}
        data-testid="copies-grid"
      >
        <div className={`${classes.grid} ${classes.header}`} role="row" aria-rowindex={1}>
          {COLUMNS.map((column, index) => (
            <div key={index} role="columnheader" className={classes.cell}>
              {column}
            </div>
          ))}
        </div>
        {rows.length > 0 ? (
          list
        ) : (
          <div role="row">
            <div role="gridcell" aria-colspan={COLUMNS.length}>
              {list}
            </div>
          </div>
        )}
      </div>
      <CommandPalette
        legend={legend}
        focused={focused}
        focusedLabel={focused ? copyLabel(focused) : ''}
        selectedCount={selection.size}
        onToggle={toggleOnFocused}
        onBulk={startBulk}
      />
    </Stack>
  );
}
