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

/** An asset's title from the cached asset read (one request per asset, shared by every row). */
export function useAssetTitle(assetId: Id) {
  return useQuery({ ...assetQuery(assetId), select: (asset) => asset.title });
}
