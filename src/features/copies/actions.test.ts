import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import type { Id } from '../../api/ids';
import type { CopyPages } from './cache';
import { findCopyInPages } from './cache';
import { makeCopy } from './fixtures.test-util';
import { copiesKeys } from './queries';

// The platform, as a set of (copy, status) pairs, behind the real request shapes.
const platform = vi.hoisted(() => ({
  held: new Map<string, Set<string>>(),
  refuse: new Set<string>(),
  calls: [] as string[],
  gate: null as Promise<void> | null,
}));

vi.mock('../../api/discovery', () => ({
  addCopyStatus: async (matchId: string, status: string) => {
    platform.calls.push(`add ${matchId} ${status}`);
    if (platform.gate) await platform.gate;
    if (platform.refuse.has(status)) throw new ApiError({ status: 400, message: `Copy status ${status} does not exist`, kind: 'http', iface: 'discovery', path: '/x' });
    const set = platform.held.get(matchId) ?? new Set();
    set.add(status);
    platform.held.set(matchId, set);
    return { match_id: matchId };
  },
  removeCopyStatus: async (matchId: string, status: string) => {
    platform.calls.push(`remove ${matchId} ${status}`);
    const set = platform.held.get(matchId);
    if (!set?.has(status)) throw new ApiError({ status: 404, message: 'does not hold status', kind: 'http', iface: 'discovery', path: '/x' });
    set.delete(status);
    return { match_id: matchId };
  },
  getCopyStatuses: async (matchId: string) => {
    platform.calls.push(`read ${matchId}`);
    return { match_id: matchId, user_actions: { statuses: [...(platform.held.get(matchId) ?? [])] } };
  },
}));

const shown: Array<{ title?: unknown; message?: unknown }> = [];
vi.mock('@mantine/notifications', () => ({ notifications: { show: (n: { title?: unknown; message?: unknown }) => void shown.push(n) } }));

const { changeStatus, undoLast, undoStore } = await import('./actions');

const search = {};
function setup() {
  const queryClient = new QueryClient();
  const data: CopyPages = { pages: [[makeCopy('10', { copy_title: 'Dance cover' }), makeCopy('9')]], pageParams: [null] };
  queryClient.setQueryData(copiesKeys.list(search), data);
  const statusesInCache = (id: string) => findCopyInPages(queryClient.getQueryData<CopyPages>(copiesKeys.list(search)), id as Id)!.user_actions.statuses;
  return { queryClient, statusesInCache };
}
const change = (matchId: string, code: string, present: boolean) => ({ matchId: matchId as Id, code: code as Id, present, copyLabel: `Copy ${matchId}`, statusLabel: `Status ${code}` });

beforeEach(() => {
  platform.held.clear();
  platform.refuse.clear();
  platform.calls = [];
  platform.gate = null;
  shown.length = 0;
  undoStore.clear();
});

describe('changeStatus', () => {
  it('paints the cache before the platform answers, then keeps it', async () => {
    const { queryClient, statusesInCache } = setup();
    let release!: () => void;
    platform.gate = new Promise((resolve) => (release = resolve));
    const done = changeStatus(queryClient, change('10', '40', true), { undoable: true });
    expect(statusesInCache('10')).toEqual(['40']);
    expect(platform.held.get('10')).toBeUndefined();
    release();
    expect(await done).toBe(true);
    expect([...platform.held.get('10')!]).toEqual(['40']);
    expect(statusesInCache('10')).toEqual(['40']);
    expect(shown).toHaveLength(0);
  });

  it('rolls the row back and names the copy and the reason when the platform refuses', async () => {
    const { queryClient, statusesInCache } = setup();
    platform.refuse.add('999');
    expect(await changeStatus(queryClient, { ...change('10', '999', true), copyLabel: 'Dance cover' }, { undoable: true })).toBe(false);
    expect(statusesInCache('10')).toEqual([]);
    expect(shown).toHaveLength(1);
    expect(String(shown[0]!.title)).toContain('Dance cover');
    expect(String(shown[0]!.message)).toContain('does not exist');
    // A refused change is not on the undo stack.
    expect(undoStore.getSnapshot()).toBeNull();
  });

  it('treats removing a status that is already gone as done', async () => {
    const { queryClient } = setup();
    expect(await changeStatus(queryClient, change('9', '50', false), { undoable: false })).toBe(true);
    expect(platform.calls).toEqual(['remove 9 50', 'read 9']);
    expect(shown).toHaveLength(0);
  });
});

describe('undo', () => {
  it('removes the status the last action added, after that action reached the platform', async () => {
    const { queryClient, statusesInCache } = setup();
    let release!: () => void;
    platform.gate = new Promise((resolve) => (release = resolve));
    const first = changeStatus(queryClient, change('10', '40', true), { undoable: true });
    expect(undoStore.getSnapshot()).toMatchObject({ matchId: '10', code: '40', present: true });
    const undone = undoLast(queryClient);
    expect(undone).toMatchObject({ code: '40' });
    expect(statusesInCache('10')).toEqual([]);
    // The removal waits for the add: the platform sees them in the order they were made.
    release();
    await first;
    await vi.waitFor(() => expect(platform.calls).toEqual(['add 10 40', 'remove 10 40']));
    expect([...platform.held.get('10')!]).toEqual([]);
    expect(undoStore.getSnapshot()).toBeNull();
    expect(undoLast(queryClient)).toBeNull();
  });

  it('re-adds a status the last action removed', async () => {
    const { queryClient, statusesInCache } = setup();
    platform.held.set('9', new Set(['60']));
    queryClient.setQueryData<CopyPages>(copiesKeys.list(search), (data) => ({
      ...data!,
      pages: [[data!.pages[0]![0]!, makeCopy('9', { user_actions: { statuses: [60] } })]],
    }));
    await changeStatus(queryClient, change('9', '60', false), { undoable: true });
    expect(statusesInCache('9')).toEqual([]);
    undoLast(queryClient);
    expect(statusesInCache('9')).toEqual(['60']);
    await vi.waitFor(() => expect([...platform.held.get('9')!]).toEqual(['60']));
  });
});
