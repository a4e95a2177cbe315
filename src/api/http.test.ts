import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { clearBrowserApiKey, onUnauthorized, setBrowserApiKey } from './auth';
import { configureApi, resetApiSettings } from './settings';
import { acquireDiscoverySlot, discoveryAuthHeaders, discoveryUrl, retryAfterMs } from './http';
import { addCopyStatus, createCollection, getAsset, listApiKeys, listCollections, setMonitoringStatus } from './discovery';
import { detectUrl } from './detector';
import { checkSearch } from './search';
import { getServerConfig } from './server';
import { fakeFetch, memoryStorage, TEST_ORIGIN, type FakeReply } from './testing/fake-fetch';

const KEYS = JSON.stringify([{ token: 'k1', key_name: 'main', created_at: '2024-01-01T00:00:00.000Z' }]);
const ok = (): FakeReply => ({ body: KEYS });
const failure = (status: number, message = `failed with ${status}`, headers: Record<string, string> = {}): FakeReply => ({
  status,
  json: { status: 'error', message },
  headers,
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Replies in order; the last one repeats. */
function sequence(...replies: FakeReply[]) {
  let i = 0;
  return () => replies[Math.min(i++, replies.length - 1)]!;
}

const sleeps: number[] = [];
const instantSleep = async (ms: number) => {
  sleeps.push(ms);
};

beforeEach(() => {
  resetApiSettings();
  sleeps.length = 0;
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetApiSettings();
});

describe('errors', () => {
  it('carries the status and the message of a {status, message} body', async () => {
    const { fetch } = fakeFetch(() => failure(404, 'Asset 5 not found.'));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    const error = await caught(getAsset('5' as never));
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'Asset 5 not found.', iface: 'discovery', path: '/v3/cms/assets/5' });
  });

  it('uses a plain-text body as the message, and the status when the body is HTML or empty', async () => {
    const replies = sequence({ status: 400, body: 'count must be between 1 and 100' }, { status: 403, body: '<html>nope</html>' }, { status: 405 });
    const { fetch } = fakeFetch(replies);
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    expect((await caught(listApiKeys())).message).toBe('count must be between 1 and 100');
    expect((await caught(listApiKeys())).message).toBe('HTTP 403');
    expect((await caught(listApiKeys())).message).toBe('HTTP 405');
  });

  it('keeps the detector request_id of an error body exactly', async () => {
    const { fetch } = fakeFetch(() => ({ status: 400, body: '{"status":"error","message":"Missing url.","request_id":9007199254740993}' }));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    const error = await caught(detectUrl(''));
    expect(error).toMatchObject({ status: 400, iface: 'detector', requestId: '9007199254740993', message: 'Missing url.' });
  });

  it("reports the proxy's 502 as unreachable, without retrying", async () => {
    const { fetch, calls } = fakeFetch(() => failure(502, 'connect ECONNREFUSED', { 'X-Rights-Desk-Proxy': 'unreachable' }));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    const error = await caught(listApiKeys());
    expect(error).toMatchObject({ kind: 'unreachable', status: 502, message: 'connect ECONNREFUSED' });
    expect(calls).toHaveLength(1);
  });

  it('reports a failed fetch as a network error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    configureApi({ baseUrl: TEST_ORIGIN, fetch: fetch as unknown as typeof globalThis.fetch });
    const error = await caught(listApiKeys());
    expect(error).toMatchObject({ kind: 'network', status: 0 });
  });

  it('reports a cancelled call as aborted', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(async () => {
      controller.abort();
      return ok();
    });
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    expect((await caught(listApiKeys({ signal: controller.signal }))).kind).toBe('aborted');
    expect((await caught(checkSearch('L1', { signal: AbortSignal.abort() }))).kind).toBe('aborted');
  });

  it('reports an answer that breaks its schema as kind schema, naming the field', async () => {
    const { fetch } = fakeFetch(() => ({ body: '[{"token":"k","key_name":"a","created_at":"yesterday"}]' }));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    const error = await caught(listApiKeys());
    expect(error.kind).toBe('schema');
    expect(error.message).toBe('api_keys[0].created_at: expected a date (YYYY-MM-DD) or an ISO timestamp');
  });

  it('reports a 200 that is not JSON as kind schema', async () => {
    const { fetch } = fakeFetch(() => ({ body: '<html>login</html>' }));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    expect((await caught(listApiKeys())).kind).toBe('schema');
  });
});

describe('Discovery credentials', () => {
  it('sends the browser-held key and signals a 401 to the app', async () => {
    const { fetch, calls } = fakeFetch(() => failure(401, 'API key is wrong or has been revoked.'));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    setBrowserApiKey('browser-key');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    const error = await caught(listApiKeys());
    stop();
    expect(error.status).toBe(401);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer browser-key');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('sends no key of its own when the server holds one, and a 401 then is not the browser key’s fault', async () => {
    const { fetch, calls } = fakeFetch((req) =>
      req.path === '/api/config'
        ? { json: { platform: 'sandbox', discoveryKeyOnServer: true, interfaces: { discovery: { target: 'Sandbox', configured: false }, detector: { target: 'Sandbox', configured: false }, search: { target: 'Sandbox', configured: false } }, uploadV4ThresholdBytes: 2147483648 } }
        : failure(401, 'bad key'),
    );
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    setBrowserApiKey('browser-key');
    const config = await getServerConfig();
    expect(config.discoveryKeyOnServer).toBe(true);
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await caught(listApiKeys());
    stop();
    expect(calls[1]!.headers.get('Authorization')).toBeNull();
    expect(listener).not.toHaveBeenCalled();
    expect(discoveryAuthHeaders()).toEqual({});
  });

  it('gives upload code the proxy URL and the header to add', () => {
    configureApi({ baseUrl: `${TEST_ORIGIN}/` });
    expect(discoveryUrl('/v4/cms/assets/file-upload/')).toBe(`${TEST_ORIGIN}/api/discovery/v4/cms/assets/file-upload/`);
    expect(discoveryAuthHeaders()).toEqual({});
    setBrowserApiKey('k');
    expect(discoveryAuthHeaders()).toEqual({ Authorization: 'Bearer k' });
    clearBrowserApiKey();
    expect(discoveryAuthHeaders()).toEqual({});
  });
});

describe('Discovery 429', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });

  it('waits Retry-After, pausing every call of the tab, then retries', async () => {
    let first = true;
    const { fetch, calls } = fakeFetch((req) => {
      if (req.path.endsWith('/v3/api-key') && first) {
        first = false;
        return failure(429, 'Rate limit exceeded', { 'Retry-After': '3' });
      }
      return req.path.endsWith('/v3/api-key') ? ok() : { body: '[]' };
    });
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    const t0 = Date.now();
    const keys = listApiKeys();
    await vi.advanceTimersByTimeAsync(10);
    const other = listCollections(); // queued behind the pause
    await vi.advanceTimersByTimeAsync(2900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await keys).toHaveLength(1);
    expect(await other).toEqual([]);
    expect(calls.map((c) => c.at - t0)).toEqual([0, 3000, 3000]);
  });

  it('backs off exponentially (1 s default without Retry-After) and gives up after 6 tries', async () => {
    const { fetch, calls } = fakeFetch(() => failure(429, 'Rate limit exceeded'));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    const t0 = Date.now();
    const result = caught(listApiKeys());
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    expect(error.status).toBe(429);
    expect(calls.map((c) => c.at - t0)).toEqual([0, 1000, 3000, 7000, 15000, 31000]);
  });

  it('cancels a call waiting out a 429 pause', async () => {
    const { fetch, calls } = fakeFetch(() => failure(429, 'slow down', { 'Retry-After': '5' }));
    configureApi({ baseUrl: TEST_ORIGIN, fetch });
    const controller = new AbortController();
    const result = caught(listApiKeys({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect((await result).kind).toBe('aborted');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });
});

describe('Discovery 5xx retries', () => {
  it.each([500, 502, 503, 504])('retries a GET after %i with growing delays, then gives up', async (status) => {
    const { fetch, calls } = fakeFetch(() => failure(status));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect((await caught(listApiKeys())).status).toBe(status);
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('succeeds when a retry does', async () => {
    const { fetch, calls } = fakeFetch(sequence(failure(503), ok()));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect(await listApiKeys()).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('does not repeat a plain POST after a 5xx', async () => {
    const { fetch, calls } = fakeFetch(() => failure(500));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    await caught(createCollection({ title: 'x', reference_id: '' }));
    expect(calls).toHaveLength(1);
  });

  it('repeats calls marked idempotent: adding a copy status, setting a monitoring status', async () => {
    const { fetch, calls } = fakeFetch(sequence(failure(500), { json: { match_id: 1, match_id_str: '1' } }, failure(502), { status: 200 }));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect(await addCopyStatus('1' as never, '40' as never)).toEqual({ match_id: '1' });
    await setMonitoringStatus('2' as never, 'reviewed');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'PATCH', 'PATCH']);
  });

  it.each([400, 401, 403, 404, 405, 409])('never retries %i', async (status) => {
    const { fetch, calls } = fakeFetch(() => failure(status));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect((await caught(listApiKeys())).status).toBe(status);
    expect(calls).toHaveLength(1);
  });
});

describe('detector retry policy', () => {
  const DETECTED = { json: { request_id: 77, status: 'ok', message: 'done', is_ai: false, ai_score: 0.1, predicted_model: null } };

  it.each([408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524])('retries %i with 2 s, 4 s, 8 s and then gives up', async (status) => {
    const { fetch, calls } = fakeFetch(() => failure(status));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect((await caught(detectUrl('https://example.com/a.mp3'))).status).toBe(status);
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([2000, 4000, 8000]);
  });

  it.each([400, 401, 403, 404, 413, 415, 422])('never retries %i', async (status) => {
    const { fetch, calls } = fakeFetch(() => failure(status));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect((await caught(detectUrl('https://example.com/a.mp3'))).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it('honours Retry-After and returns the result of a successful retry', async () => {
    const { fetch, calls } = fakeFetch(sequence(failure(429, 'busy', { 'Retry-After': '5' }), DETECTED));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    const result = await detectUrl('https://example.com/a.mp3');
    expect(result).toMatchObject({ status: 'ok', request_id: '77', is_ai: false });
    expect(sleeps).toEqual([5000]);
    expect(calls).toHaveLength(2);
  });

  it('follows a configured policy', async () => {
    const { fetch, calls } = fakeFetch(() => failure(500));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep, detectorRetry: { retries: 1, delaysMs: [10] } });
    await caught(detectUrl('https://example.com/a.mp3'));
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([10]);
  });

  it('stops retrying when cancelled during the wait', async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch(() => failure(503));
    const sleep = async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep });
    expect((await caught(detectUrl('https://example.com/a.mp3', { signal: controller.signal }))).kind).toBe('aborted');
    expect(calls).toHaveLength(1);
  });
});

describe('Search', () => {
  it('does not retry and passes the platform message on', async () => {
    const { fetch, calls } = fakeFetch(() => failure(503, 'search is down'));
    configureApi({ baseUrl: TEST_ORIGIN, fetch, sleep: instantSleep });
    expect(await caught(checkSearch('L1'))).toMatchObject({ iface: 'search', status: 503, message: 'search is down' });
    expect(calls).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'Retry-After': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'Retry-After': 'Mon, 01 Jan 2024 00:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'Retry-After': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it('lets other code wait for a pacer slot', async () => {
    configureApi({ discoveryPacing: { limit: 1, windowMs: 60_000 } });
    await acquireDiscoverySlot();
    const controller = new AbortController();
    const second = acquireDiscoverySlot({ signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
  });
});
