import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { setMonitoringStatus } from '../../api/discovery';
import { describeError } from '../../api/errors';
import type { Id } from '../../api/ids';
import type { MonitoringResultStatus, MonitoringStatus } from '../../api/schemas/discovery';
import type { BulkResult } from '../../lib/bulk';
import { runBulk } from '../../lib/bulk';
import type { MonitoringPages } from './queries';
import { monitoringKeys } from './queries';
import { withStatus } from './results';
import { STATUS_LABELS } from './search';

// Status changes paint every cached list first (the row repaints before the network call) and put
// the previous status back when the platform refuses, with a message naming the post.

export type StatusTarget = { resultId: Id; label: string; previous: MonitoringResultStatus };

const statusWord = (status: MonitoringResultStatus) => (status === '' ? 'no status' : STATUS_LABELS[status]);

/** Sets statuses in every cached list; `status` may differ per result (rollback). */
export function paintStatuses(queryClient: QueryClient, statuses: ReadonlyMap<string, MonitoringResultStatus>): void {
  if (statuses.size === 0) return;
  const ids = new Set(statuses.keys());
  queryClient.setQueriesData<MonitoringPages>({ queryKey: monitoringKeys.lists() }, (data) => {
    if (!data) return data;
    const pages = withStatus(data.pages, ids, (resultId) => statuses.get(resultId));
    return pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };
  });
}

/** One result's status, optimistic, with rollback and a message either way. */
export async function changeStatus(queryClient: QueryClient, target: StatusTarget, status: MonitoringStatus): Promise<boolean> {
  if (target.previous === status) {
    notifications.show({ color: 'gray', message: `${target.label} is already ${STATUS_LABELS[status]}.` });
    return true;
  }
  paintStatuses(queryClient, new Map([[target.resultId, status]]));
  try {
    await setMonitoringStatus(target.resultId, status);
    notifications.show({ color: 'teal', message: `${target.label}: ${STATUS_LABELS[status]}.`, autoClose: 2500 });
    return true;
  } catch (error) {
    paintStatuses(queryClient, new Map([[target.resultId, target.previous]]));
    notifications.show({
      color: 'red',
      title: `Could not mark ${target.label} as ${STATUS_LABELS[status]}`,
      message: `${describeError(error)} It is back to ${statusWord(target.previous)}; try again.`,
      autoClose: false,
    });
    return false;
  }
}

export type BulkStatusOptions = {
  targets: readonly StatusTarget[];
  status: MonitoringStatus;
  signal: AbortSignal;
  onProgress: (completed: number, total: number, failed: number) => void;
};

/**
 * One status over many results, paced at the platform's limit (background priority), painted at
 * once and put back for every result that failed or was not reached because of a cancel.
 */
export async function bulkChangeStatus(queryClient: QueryClient, options: BulkStatusOptions): Promise<BulkResult<StatusTarget>> {
  const { targets, status } = options;
  paintStatuses(queryClient, new Map(targets.map((t) => [t.resultId, status])));
  const result = await runBulk({
    items: targets,
    run: (target, context) => setMonitoringStatus(target.resultId, status, context),
    signal: options.signal,
    onProgress: (p) => options.onProgress(p.completed, p.total, p.failed),
  });
  const undone = [...result.failed.map((f) => f.item), ...result.notRun];
  paintStatuses(queryClient, new Map(undone.map((t) => [t.resultId, t.previous])));
  return result;
}
