import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { detectFile, detectUrl } from '../../api/detector';
import { probeDuration } from './audio-probe';
import { openHistoryStore, type HistoryEntry, type HistoryStore } from './history-store';
import { DetectionQueue, type QueueItem } from './queue';

/** How many submissions go to the detector at once. */
export const DETECTOR_CONCURRENCY = 2;

let store: HistoryStore | null = null;
/** The tab's history store (IndexedDB). */
export function historyStore(): HistoryStore {
  store ??= openHistoryStore();
  return store;
}

let queue: DetectionQueue | null = null;
/** The tab's one submission queue: it keeps running while the user visits other pages. */
export function detectionQueue(): DetectionQueue {
  queue ??= new DetectionQueue({
    concurrency: DETECTOR_CONCURRENCY,
    probe: probeDuration,
    detectFile,
    detectUrl,
    record: (entry) => historyStore().add(entry),
  });
  return queue;
}

export function useDetectionQueue(): readonly QueueItem[] {
  const current = detectionQueue();
  return useSyncExternalStore(current.subscribe, current.getSnapshot, current.getSnapshot);
}

export function historyQueryOptions() {
  return queryOptions({
    queryKey: ['detector', 'history'] as const,
    queryFn: () => historyStore().list(),
    // Local data: read again whenever the page shows, it costs nothing.
    staleTime: 0,
    retry: false,
  });
}

export const historyQueryKey = historyQueryOptions().queryKey;

/** A notification that stays until dismissed, naming what failed and why. */
function showFailure(title: string) {
  return (error: unknown) => {
    notifications.show({ color: 'red', title, message: error instanceof Error ? error.message : String(error), autoClose: false });
  };
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => historyStore().clear(),
    onSuccess: () => {
      queryClient.setQueryData(historyQueryKey, []);
      notifications.show({ color: 'teal', title: 'History cleared', message: 'The detection results kept in this browser were deleted.' });
    },
    onError: showFailure('Could not clear the history'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
}

/** Deletes one kept result. */
export function useRemoveHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: HistoryEntry) => historyStore().remove(entry.id),
    onSuccess: (_data, entry) => {
      queryClient.setQueryData<HistoryEntry[]>(historyQueryKey, (entries) => entries?.filter((candidate) => candidate.id !== entry.id));
    },
    onError: showFailure('Could not delete the result'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
}

/** Puts a deleted result back (the undo of a delete). */
export function useRestoreHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: HistoryEntry) => historyStore().add(entry),
    onError: showFailure('Could not put the result back'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
}
