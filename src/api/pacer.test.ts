import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from './pacer';

/** Most starts found in any half-open window [t, t + windowMs). */
function maxInAnyWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('Pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts no more than 16 calls in any 1-second window for a burst of 100, and runs them all', async () => {
    const pacer = new Pacer({ limit: 16, windowMs: 1000 });
    const starts: number[] = [];
    const results = Array.from({ length: 100 }, (_, i) =>
      pacer.schedule(async () => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 30));
        return i;
      }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(starts).toHaveLength(100);
    expect(maxInAnyWindow(starts, 1000)).toBe(16);
    // Paced, not starved: seven waves, each a window plus the 30 ms the previous wave took.
    expect(Math.max(...starts) - Math.min(...starts)).toBe(6 * 1030);
  });

  it('holds a slot until a window after its call settled (the server counts on arrival)', async () => {
    const pacer = new Pacer({ limit: 2, windowMs: 1000 });
    const t0 = Date.now();
    const starts: number[] = [];
    const slow = async () => {
      starts.push(Date.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    };
    const fast = async () => void starts.push(Date.now() - t0);
    const calls = [pacer.schedule(slow), pacer.schedule(fast), pacer.schedule(fast), pacer.schedule(fast)];
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all(calls);
    // The fast call frees its slot at 1000; the slow one only at 5000 + 1000.
    expect(starts).toEqual([0, 0, 1000, 2000]);
  });

  it('frees the slot of a failed call too', async () => {
    const pacer = new Pacer({ limit: 1, windowMs: 1000 });
    const t0 = Date.now();
    const failing = pacer.schedule(async () => {
      throw new Error('boom');
    });
    const next = pacer.schedule(async () => Date.now() - t0);
    await expect(failing).rejects.toThrow('boom');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(next).resolves.toBe(1000);
  });

  it('lets interactive calls overtake queued background work, FIFO within each priority', async () => {
    const pacer = new Pacer({ limit: 1, windowMs: 100 });
    const order: string[] = [];
    const run = (name: string, priority: 'interactive' | 'background') => pacer.schedule(async () => void order.push(name), { priority });
    const all = [run('b1', 'background'), run('b2', 'background'), run('b3', 'background'), run('i1', 'interactive'), run('i2', 'interactive')];
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(all);
    // b1 started at once; the interactive pair then goes before the remaining background calls.
    expect(order).toEqual(['b1', 'i1', 'i2', 'b2', 'b3']);
  });

  it('removes an aborted queued call, rejects it with the abort reason, and keeps the rest going', async () => {
    const pacer = new Pacer({ limit: 1, windowMs: 1000 });
    const ran: string[] = [];
    const first = pacer.schedule(async () => void ran.push('first'));
    const controller = new AbortController();
    const cancelled = pacer.schedule(async () => void ran.push('cancelled'), { signal: controller.signal });
    const third = pacer.schedule(async () => void ran.push('third'));
    expect(pacer.pending).toBe(2);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(pacer.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all([first, third]);
    expect(ran).toEqual(['first', 'third']);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const pacer = new Pacer({ limit: 1, windowMs: 1000 });
    const task = vi.fn(async () => 1);
    await expect(pacer.schedule(task, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(task).not.toHaveBeenCalled();
  });

  it('holds every start while paused, then resumes', async () => {
    const pacer = new Pacer({ limit: 16, windowMs: 1000 });
    const starts: number[] = [];
    pacer.pauseFor(2500);
    const t0 = Date.now();
    const calls = [pacer.schedule(async () => void starts.push(Date.now())), pacer.schedule(async () => void starts.push(Date.now()))];
    await vi.advanceTimersByTimeAsync(2499);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(calls);
    expect(starts).toEqual([t0 + 2500, t0 + 2500]);
  });

  it('extends but never shortens a pause', async () => {
    const pacer = new Pacer({ limit: 16, windowMs: 1000 });
    const starts: number[] = [];
    const t0 = Date.now();
    pacer.pauseFor(3000);
    pacer.pauseFor(1000);
    const call = pacer.schedule(async () => void starts.push(Date.now()));
    await vi.advanceTimersByTimeAsync(5000);
    await call;
    expect(starts).toEqual([t0 + 3000]);
  });

  it('passes a task failure to its caller without stopping the queue', async () => {
    const pacer = new Pacer({ limit: 16, windowMs: 1000 });
    const failing = pacer.schedule(async () => {
      throw new Error('boom');
    });
    const fine = pacer.schedule(async () => 'ok');
    await expect(failing).rejects.toThrow('boom');
    await expect(fine).resolves.toBe('ok');
  });

  it('hands out bare slots with acquire (for uploads made by other libraries)', async () => {
    const pacer = new Pacer({ limit: 2, windowMs: 1000 });
    const granted: number[] = [];
    const t0 = Date.now();
    const all = [0, 1, 2].map(() => pacer.acquire().then(() => void granted.push(Date.now())));
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(all);
    expect(granted).toEqual([t0, t0, t0 + 1000]);
  });
});

describe('maxInAnyWindow (test helper)', () => {
  it('counts the densest window', () => {
    expect(maxInAnyWindow([0, 100, 999, 1000, 1001], 1000)).toBe(4);
    expect(maxInAnyWindow([0, 1000, 2000], 1000)).toBe(1);
  });
});
