import type { QueryClient } from '@tanstack/react-query';
import type { Id } from '../../api/ids';
import { BulkJob } from '../../lib/bulk';
import { platformAgrees, sendStatusChange, setStatusInCacheMany } from './actions';
import { copiesKeys } from './queries';

// Bulk status jobs live here, outside any component, so they keep running while the manager moves
// between the queue, a copy's page and the statuses page. The copies layout shows their progress.

export type BulkTarget = { matchId: Id; label: string };

export type StatusBulkJob = {
  job: BulkJob<BulkTarget>;
  code: Id;
  present: boolean;
  statusLabel: string;
};

let jobs: readonly StatusBulkJob[] = [];
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

export const bulkJobsStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly StatusBulkJob[] {
    return jobs;
  },
};

/** Copies whose change landed, written to the cache in batches so thousands of results stay cheap. */
function cacheWriter(queryClient: QueryClient, code: Id, present: boolean) {
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const batch = pending;
    pending = new Set();
    setStatusInCacheMany(queryClient, batch, code, present);
  };
  return {
    add(matchId: string) {
      pending.add(matchId);
      timer ??= setTimeout(flush, 250);
    },
    flush() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}

/** Starts applying (present) or removing a status on many copies, paced at background priority. */
export function startStatusBulk(
  queryClient: QueryClient,
  input: { targets: readonly BulkTarget[]; code: Id; present: boolean; statusLabel: string },
): StatusBulkJob {
  const { code, present } = input;
  const writer = cacheWriter(queryClient, code, present);
  const verb = present ? 'Apply' : 'Remove';
  const job = new BulkJob<BulkTarget>({
    label: `${verb} “${input.statusLabel}” ${present ? 'to' : 'from'} ${input.targets.length} ${input.targets.length === 1 ? 'copy' : 'copies'}`,
    items: input.targets,
    concurrency: 6,
    run: (target, context) => sendStatusChange(target.matchId, code, present, context),
    // sendStatusChange already re-reads the copy after a failure; a second look here covers a
    // failure of that read itself.
    isAlreadyApplied: (_error, target, context) => platformAgrees(target.matchId, code, present, context),
    onItem: (target, outcome) => {
      if (outcome !== 'failed') writer.add(target.matchId);
    },
    onPassEnd: () => {
      writer.flush();
      void queryClient.invalidateQueries({ queryKey: copiesKeys.lists(), refetchType: 'none' });
    },
  });
  const entry: StatusBulkJob = { job, code, present, statusLabel: input.statusLabel };
  jobs = [entry, ...jobs];
  emit();
  return entry;
}

export function dismissBulkJob(id: number): void {
  const found = jobs.find((entry) => entry.job.id === id);
  if (!found || found.job.getSnapshot().status === 'running') return;
  jobs = jobs.filter((entry) => entry !== found);
  emit();
}
