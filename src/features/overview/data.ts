import { queryOptions } from '@tanstack/react-query';
import { getAsset, listCopies, listCopyStatuses, listMonitoring } from '../../api/discovery';
import type { Id } from '../../api/ids';
import { collectMonitoringPage, nextCopiesMaxId } from '../../api/pagination';
import type { Copy, CopyStatus, MonitoringResult } from '../../api/schemas/discovery';

// The overview's data: scans of the copies and monitoring lists, page by page at background
// priority (so pages the manager opens meanwhile go first), each reporting its progress, cached
// for a long time and refreshed on demand.

/** The copies scan stops here: 30 pages, about 2 s at the platform's 16 calls per second. */
export const COPIES_SCAN_CAP = 3000;
const COPIES_PAGE = 100;
const MONITORING_LIMIT = 100;
/** Monitoring results are fewer; the scan still stops somewhere at a large scale. */
export const MONITORING_SCAN_CAP_PAGES = 50;

export type ScanProgress = { rows: number; pages: number; done: boolean };
type Listener = () => void;

/** Progress of each running scan, for the progress bars (a query function cannot report it). */
export const scanProgress = (() => {
  const state = new Map<string, ScanProgress>();
  const listeners = new Set<Listener>();
  return {
    get: (key: string): ScanProgress | undefined => state.get(key),
    set(key: string, progress: ScanProgress) {
      state.set(key, progress);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
})();

export type CopiesScan = { copies: Copy[]; capped: boolean; statuses: CopyStatus[]; scannedAt: number };
export type MonitoringScan = { items: MonitoringResult[]; capped: boolean; scannedAt: number };

export async function scanCopies(signal: AbortSignal, cap = COPIES_SCAN_CAP): Promise<CopiesScan> {
  const statuses = await listCopyStatuses({ signal, priority: 'background' });
  const copies: Copy[] = [];
  let cursor: Id | undefined;
  let pages = 0;
  scanProgress.set('copies', { rows: 0, pages: 0, done: false });
  for (;;) {
    const page = await listCopies({ count: COPIES_PAGE, max_id: cursor }, { signal, priority: 'background' });
    copies.push(...page);
    pages += 1;
    cursor = nextCopiesMaxId(page, COPIES_PAGE);
    const capped = cursor !== undefined && copies.length >= cap;
    scanProgress.set('copies', { rows: copies.length, pages, done: cursor === undefined || capped });
    if (cursor === undefined || capped) return { copies, capped, statuses, scannedAt: Date.now() };
  }
}

export async function scanMonitoring(signal: AbortSignal, capPages = MONITORING_SCAN_CAP_PAGES): Promise<MonitoringScan> {
  let items: MonitoringResult[] = [];
  let offset: number | undefined = 0;
  let pages = 0;
  scanProgress.set('monitoring', { rows: 0, pages: 0, done: false });
  while (offset !== undefined && pages < capPages) {
    const page = await listMonitoring({ limit: MONITORING_LIMIT, offset }, { signal, priority: 'background' });
    const collected = collectMonitoringPage(items, page, { offset, limit: MONITORING_LIMIT });
    items = collected.items;
    offset = collected.nextOffset;
    pages += 1;
    scanProgress.set('monitoring', { rows: items.length, pages, done: offset === undefined || pages >= capPages });
  }
  return { items, capped: offset !== undefined, scannedAt: Date.now() };
}

const LONG = 30 * 60_000;

export const overviewKeys = {
  all: ['discovery', 'overview'] as const,
  copies: () => [...overviewKeys.all, 'copies'] as const,
  monitoring: () => [...overviewKeys.all, 'monitoring'] as const,
  asset: (assetId: Id) => ['discovery', 'assets', 'detail', assetId] as const,
};

/** A scan as a query: kept for half an hour, counted again on Refresh only. */
function scanQuery<T>(queryKey: readonly unknown[], scan: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => scan(signal),
    staleTime: LONG,
    gcTime: LONG,
    refetchOnWindowFocus: false,
    meta: { iface: 'discovery' },
  });
}

export const copiesScanQuery = () => scanQuery(overviewKeys.copies(), (signal) => scanCopies(signal));
export const monitoringScanQuery = () => scanQuery(overviewKeys.monitoring(), (signal) => scanMonitoring(signal));

/** An asset's title for the top-asset charts (the same cache entry the asset pages read). */
export function assetTitleQuery(assetId: Id) {
  return queryOptions({
    queryKey: overviewKeys.asset(assetId),
    queryFn: ({ signal }) => getAsset(assetId, { signal, priority: 'background' }),
    staleTime: LONG,
    meta: { iface: 'discovery' },
  });
}
