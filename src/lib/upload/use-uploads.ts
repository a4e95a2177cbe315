import { useSyncExternalStore } from 'react';
import { uploadEngine, type QueuedUpload } from './platform';

/** The tab's upload queue, newest first; re-renders on every phase or progress change. */
export function useUploadQueue(): ReadonlyArray<QueuedUpload> {
  const engine = uploadEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot);
}
