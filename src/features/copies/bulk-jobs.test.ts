import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import type { Id } from '../../api/ids';
import type { CopyPages } from './cache';
import { findCopyInPages } from './cache';
import { makeCopy } from './fixtures.test-util';
import { copiesKeys } from './queries';

const platform = vi.hoisted(() => ({ held: new Map<string, Set<string>>(), failOnce: new Set<string>(), priorities: new Set<string>() }));

vi.mock('../../api/discovery', () => ({
  addCopyStatus: async (matchId: string, status: string, options?: { priority?: string }) => {
    platform.priorities.add(options?.priority ?? 'interactive');
    if (platform.failOnce.delete(matchId)) throw new ApiError({ status: 503, message: 'maintenance', kind: 'http', iface: 'discovery', path: '/x' });
    const set = platform.held.get(matchId) ?? new Set();
    set.add(status);
    platform.held.set(matchId, set);
    return { match_id: matchId };
  },
  removeCopyStatus: async () => ({}),
  getCopyStatuses: async (matchId: string) => ({ match_id: matchId, user_actions: { statuses: [...(platform.held.get(matchId) ?? [])] } }),
}));

const { bulkJobsStore, dismissBulkJob, startStatusBulk } = await import('./bulk-jobs');

describe('startStatusBulk', () => {
  it('applies a status in the background, repaints loaded rows, lists failures and retries only them', async () => {
    const queryClient = new QueryClient();
    const ids = Array.from({ length: 12 }, (_, i) => String(100 - i));
    const data: CopyPages = { pages: [ids.map((id) => makeCopy(id))], pageParams: [null] };
    queryClient.setQueryData(copiesKeys.list({}), data);
    platform.failOnce.add('95');

    const entry = startStatusBulk(queryClient, {
      targets: ids.map((id) => ({ matchId: id as Id, label: `Copy ${id}` })),
      code: '70' as Id,
      present: true,
      statusLabel: 'Claim Attempted',
    });
    expect(bulkJobsStore.getSnapshot()[0]).toBe(entry);
    expect(entry.job.getSnapshot().label).toBe('Apply “Claim Attempted” to 12 copies');
    await entry.job.done;

    const state = entry.job.getSnapshot();
    expect(state.progress).toMatchObject({ total: 12, completed: 12, failed: 1 });
    expect(state.failures.map((f) => f.item.matchId)).toEqual(['95']);
    expect([...platform.priorities]).toEqual(['background']);
    const cached = (id: string) => findCopyInPages(queryClient.getQueryData<CopyPages>(copiesKeys.list({})), id as Id)!.user_actions.statuses;
    expect(cached('100')).toEqual(['70']);
    expect(cached('95')).toEqual([]);

    // A running or unfinished job stays until it is dismissed after it ends.
    entry.job.retry();
    await entry.job.done;
    expect(entry.job.getSnapshot()).toMatchObject({ status: 'done', succeededTotal: 12, failures: [] });
    expect(cached('95')).toEqual(['70']);
    dismissBulkJob(entry.job.id);
    expect(bulkJobsStore.getSnapshot()).not.toContain(entry);
  });
});
