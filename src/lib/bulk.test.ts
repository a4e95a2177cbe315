import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { BulkJob, runBulk } from './bulk';
import type { BulkProgress } from './bulk';

const conflict = () => new ApiError({ status: 409, message: 'Status already set', kind: 'http', iface: 'discovery', path: '/x' });
const serverError = () => new ApiError({ status: 500, message: 'boom', kind: 'http', iface: 'discovery', path: '/x' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runBulk', () => {
  it('runs every item with bounded concurrency at background priority and reports progress', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const priorities = new Set<string>();
    const seen: BulkProgress[] = [];
    const result = await runBulk({
      items: Array.from({ length: 25 }, (_, i) => i),
      concurrency: 3,
      run: async (_item, context) => {
        priorities.add(context.priority);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await tick();
        inFlight -= 1;
      },
      onProgress: (p) => seen.push(p),
    });
    expect(maxInFlight).toBe(3);
    expect([...priorities]).toEqual(['background']);
    expect(result.progress).toEqual({ total: 25, completed: 25, succeeded: 25, alreadyApplied: 0, failed: 0 });
    expect(result.succeeded.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(seen[0]).toEqual({ total: 25, completed: 0, succeeded: 0, alreadyApplied: 0, failed: 0 });
    expect(seen.map((p) => p.completed)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(result.cancelled).toBe(false);
  });

  it('lists per-item failures with a readable message and counts "already applied" as success', async () => {
    const result = await runBulk({
      items: ['a', 'b', 'c'],
      run: async (item) => {
        if (item === 'b') throw conflict();
        if (item === 'c') throw serverError();
      },
      isAlreadyApplied: (error) => error instanceof ApiError && error.status === 409,
    });
    expect(result.progress).toMatchObject({ completed: 3, succeeded: 1, alreadyApplied: 1, failed: 1 });
    expect(result.succeeded.sort()).toEqual(['a', 'b']);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.item).toBe('c');
    expect(result.failed[0]!.message).toContain('HTTP 500');
  });

  it('stops starting new items when cancelled and reports what never ran', async () => {
    const controller = new AbortController();
    const ran: number[] = [];
    const result = await runBulk({
      items: Array.from({ length: 50 }, (_, i) => i),
      concurrency: 2,
      signal: controller.signal,
      run: async (item, context) => {
        ran.push(item);
        if (item === 5) controller.abort();
        await tick();
        if (context.signal.aborted) throw new DOMException('aborted', 'AbortError');
      },
    });
    expect(result.cancelled).toBe(true);
    expect(ran.length).toBeLessThan(10);
    // Every item is either done or listed as not run; none is lost and none is counted as failed.
    expect(result.succeeded.length + result.notRun.length).toBe(50);
    expect(result.failed).toHaveLength(0);
  });
});

describe('BulkJob', () => {
  it('retries only the failures, and a retried change that had landed is not applied twice', async () => {
    // A platform where adding is a set insert; item 2's first answer is lost after the write.
    const applied = new Map<number, number>();
    const lostOnce = new Set([2]);
    const failOnce = new Set([3]);
    const calls: number[] = [];
    const job = new BulkJob<number>({
      label: 'Apply Infringing',
      items: [1, 2, 3, 4],
      run: async (item) => {
        calls.push(item);
        if (failOnce.delete(item)) throw serverError();
        if (applied.has(item)) throw conflict();
        applied.set(item, (applied.get(item) ?? 0) + 1);
        if (lostOnce.delete(item)) throw serverError();
      },
      isAlreadyApplied: (error) => error instanceof ApiError && error.status === 409,
    });
    const states: string[] = [];
    job.subscribe(() => states.push(job.getSnapshot().status));
    const first = await job.done;
    expect(first.failed.map((f) => f.item).sort()).toEqual([2, 3]);
    expect(job.getSnapshot()).toMatchObject({ status: 'done', succeededTotal: 2, pass: 1 });

    expect(job.retry()).toBe(true);
    expect(job.getSnapshot().status).toBe('running');
    const second = await job.done;
    expect(second.failed).toHaveLength(0);
    expect(second.progress).toMatchObject({ total: 2, succeeded: 1, alreadyApplied: 1 });
    expect(job.getSnapshot()).toMatchObject({ status: 'done', succeededTotal: 4, pass: 2, failures: [] });
    expect([...applied.values()]).toEqual([1, 1, 1, 1]);
    expect(calls.sort()).toEqual([1, 2, 2, 3, 3, 4]);
    expect(job.retry()).toBe(false);
    expect(states).toContain('running');
  });

  it('can be cancelled and resumed from where it stopped', async () => {
    const done = new Set<number>();
    let job: BulkJob<number> | null = null;
    job = new BulkJob<number>({
      label: 'Remove Fair Use',
      items: Array.from({ length: 30 }, (_, i) => i),
      concurrency: 1,
      run: async (item, context) => {
        await tick();
        if (context.signal.aborted) throw new DOMException('aborted', 'AbortError');
        done.add(item);
        if (item === 9) job?.cancel();
      },
    });
    await job.done;
    expect(job.getSnapshot().status).toBe('cancelled');
    expect(job.getSnapshot().notRun).toHaveLength(20);
    job.retry();
    await job.done;
    expect(done.size).toBe(30);
    expect(job.getSnapshot()).toMatchObject({ status: 'done', succeededTotal: 30, notRun: [] });
  });
});
