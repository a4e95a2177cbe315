import { vi } from 'vitest';

// A stand-in for fetch in unit tests: records every request and answers from a handler.

export type RecordedRequest = {
  method: string;
  url: URL;
  /** Path below the origin, e.g. /api/discovery/v3/cms/assets. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The body as sent: text for JSON and URL-encoded bodies, the FormData itself for multipart. */
  body: string | FormData | undefined;
  /** Epoch ms (fake timers included) when the request was made. */
  at: number;
};

export type FakeReply = { status?: number; body?: string; json?: unknown; headers?: Record<string, string> };

export const TEST_ORIGIN = 'http://rights-desk.test';

export function fakeFetch(handler: (request: RecordedRequest) => FakeReply | Promise<FakeReply>) {
  const calls: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const raw = init.body;
    const body = raw === undefined || raw === null ? undefined : raw instanceof FormData ? raw : String(raw);
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
      at: Date.now(),
    };
    calls.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const reply = await handler(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const text = reply.body ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    const status = reply.status ?? 200;
    const headers = { ...(reply.json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...reply.headers };
    return new Response(status === 204 ? null : text, { status, headers });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A sessionStorage for node tests (auth.ts keeps the browser key there). */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}
