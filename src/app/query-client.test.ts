import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api/errors';
import { ConnectionHealth } from './connection-health';
import { createQueryClient, shouldRetry } from './query-client';

const apiError = (kind: ApiErrorKind, status: number) =>
  new ApiError({ kind, status, iface: 'discovery', message: 'upstream connection refused', path: '/v3/api-key' });

describe('shouldRetry', () => {
  it('never retries HTTP errors: 4xx will not change and the API module already retried 429 and 5xx', () => {
    for (const status of [400, 401, 403, 404, 429, 500, 503]) expect(shouldRetry(0, apiError('http', status))).toBe(false);
  });

  it('retries a lost connection once', () => {
    expect(shouldRetry(0, apiError('network', 0))).toBe(true);
    expect(shouldRetry(0, apiError('unreachable', 502))).toBe(true);
    expect(shouldRetry(1, apiError('unreachable', 502))).toBe(false);
  });

  it('does not retry schema mismatches, cancellations or programming errors', () => {
    expect(shouldRetry(0, apiError('schema', 200))).toBe(false);
    expect(shouldRetry(0, apiError('aborted', 0))).toBe(false);
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('uses a 30 s stale time', () => {
    const client = createQueryClient(new ConnectionHealth());
    expect(client.getDefaultOptions().queries?.staleTime).toBe(30_000);
  });

  it('shows an interface as unreachable until a later request to it succeeds', async () => {
    const health = new ConnectionHealth();
    const client = createQueryClient(health);
    const queryKey = ['discovery', 'api-keys'];
    let reachable = false;
    const queryFn = async () => {
      if (!reachable) throw apiError('unreachable', 502);
      return ['ok'];
    };

    await expect(client.fetchQuery({ queryKey, queryFn, retry: false })).rejects.toThrow();
    expect(health.getSnapshot().map((problem) => problem.iface)).toEqual(['discovery']);

    reachable = true;
    await client.fetchQuery({ queryKey, queryFn, staleTime: 0 });
    expect(health.getSnapshot()).toEqual([]);
  });

  it('clears the banner when another query that declares the interface succeeds', async () => {
    const health = new ConnectionHealth();
    const client = createQueryClient(health);
    await expect(
      client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(apiError('unreachable', 502)), retry: false }),
    ).rejects.toThrow();
    expect(health.getSnapshot()).toHaveLength(1);
    await client.fetchQuery({ queryKey: ['b'], queryFn: async () => 1, meta: { iface: 'search' } });
    expect(health.getSnapshot()).toHaveLength(1);
    await client.fetchQuery({ queryKey: ['c'], queryFn: async () => 1, meta: { iface: 'discovery' } });
    expect(health.getSnapshot()).toEqual([]);
  });
});
