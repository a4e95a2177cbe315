import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind, type ApiInterface } from '../api/errors';
import { ConnectionHealth } from './connection-health';

const error = (kind: ApiErrorKind, iface: ApiInterface, status = kind === 'http' ? 404 : 502) =>
  new ApiError({ kind, iface, status, message: `${iface} ${kind}`, path: '/x' });

describe('ConnectionHealth', () => {
  it('records an unreachable interface and tells its listeners', () => {
    const health = new ConnectionHealth();
    let calls = 0;
    health.subscribe(() => calls++);
    expect(health.reportFailure(error('unreachable', 'discovery'))).toBe('discovery');
    expect(health.getSnapshot()).toEqual([{ iface: 'discovery', message: 'discovery unreachable' }]);
    expect(calls).toBe(1);
  });

  it('files a lost connection to the server under the server, whatever interface was asked', () => {
    const health = new ConnectionHealth();
    expect(health.reportFailure(error('network', 'detector', 0))).toBe('server');
    expect(health.getSnapshot().map((problem) => problem.iface)).toEqual(['server']);
  });

  it('clears an interface when it answers, even with an HTTP error', () => {
    const health = new ConnectionHealth();
    health.reportFailure(error('unreachable', 'discovery'));
    health.reportFailure(error('unreachable', 'search'));
    health.reportFailure(error('http', 'discovery'));
    expect(health.getSnapshot().map((problem) => problem.iface)).toEqual(['search']);
    health.reportReachable('search');
    expect(health.getSnapshot()).toEqual([]);
  });

  it('keeps the same snapshot object while nothing changes', () => {
    const health = new ConnectionHealth();
    health.reportFailure(error('unreachable', 'discovery'));
    const before = health.getSnapshot();
    health.reportFailure(error('unreachable', 'discovery'));
    health.reportReachable('search');
    health.reportFailure(new Error('not an API error'));
    health.reportFailure(error('schema', 'discovery'));
    expect(health.getSnapshot()).toBe(before);
  });
});
