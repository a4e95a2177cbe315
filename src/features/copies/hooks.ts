import { useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Id } from '../../api/ids';
import { undoStore } from './actions';
import { bulkJobsStore } from './bulk-jobs';
import { assetQuery, copyStatusesQuery } from './queries';
import type { StatusEntry } from './statuses';
import { buildLegend } from './statuses';

const NO_LEGEND: StatusEntry[] = [];

/** The organisation's statuses in legend order (built-ins first, hotkeys 1–9). */
export function useLegend() {
  const query = useQuery(copyStatusesQuery());
  const legend = useMemo(() => (query.data ? buildLegend(query.data) : NO_LEGEND), [query.data]);
  return { legend, query };
}

export function useUndoTop() {
  return useSyncExternalStore(undoStore.subscribe, undoStore.getSnapshot);
}

export function useBulkJobs() {
  return useSyncExternalStore(bulkJobsStore.subscribe, bulkJobsStore.getSnapshot);
}

// Height of the bulk jobs panel floating over the bottom-right corner (0 when hidden), so the queue
// can leave room below its last row and keep the focused row clear of the panel.
let bulkPanelHeight = 0;
const bulkPanelListeners = new Set<() => void>();

export function reportBulkPanelHeight(height: number): void {
  if (height === bulkPanelHeight) return;
  bulkPanelHeight = height;
  bulkPanelListeners.forEach((listener) => listener());
}

export function useBulkPanelHeight(): number {
  return useSyncExternalStore(
    (listener) => {
      bulkPanelListeners.add(listener);
      return () => bulkPanelListeners.delete(listener);
    },
    () => bulkPanelHeight,
  );
}

/** An asset's title from the cached asset read (one request per asset, shared by every row). */
export function useAssetTitle(assetId: Id) {
  return useQuery({ ...assetQuery(assetId), select: (asset) => asset.title });
}
