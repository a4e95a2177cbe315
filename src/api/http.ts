import type { z } from 'zod';
import { ApiError, type ApiInterface } from './errors';
import { getBrowserApiKey, notifyUnauthorized } from './auth';
import { parseJson, stringifyJson } from './json';
import { isRecord } from './schemas/common';
import type { Priority } from './pacer';
import { apiSettings, discoveryPacer } from './settings';

// The one way the browser talks to the Rights Desk server. Each interface has its request
// function (discoveryRequest, detectorRequest, searchRequest, serverRequest); every failure
// becomes an ApiError. Response bodies are parsed losslessly, then checked with parseResponse.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export type RequestSpec = {
  method?: HttpMethod;
  /** The spec's path, e.g. /v3/cms/assets/123 (ids already in it). */
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON body, serialised losslessly (LosslessNumber and BigInt stay exact integers). */
  json?: unknown;
  /** A form body (detector); the browser sets its Content-Type. */
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
};

export type DiscoveryRequestSpec = RequestSpec & {
  /** 'background' for bulk work; interactive calls overtake it in the pacer. */
  priority?: Priority;
  /** Safe to repeat after a 5xx (GET, PUT and DELETE are by default). */
  idempotent?: boolean;
  /** A key to try instead of the tab's own (sign-in checks a key before keeping it); its 401 is the caller's answer, not a sign-out. */
  apiKey?: string;
};

const PREFIX: Record<ApiInterface, string> = {
  discovery: '/api/discovery',
  detector: '/api/detector',
  search: '/api/search',
  server: '',
};

/** The proxy marks its own 502 (upstream unreachable) with this header. */
export const PROXY_HEADER = 'X-Rights-Desk-Proxy';

/** Absolute or same-origin URL of a spec path under an interface's proxy prefix. */
export function interfaceUrl(iface: ApiInterface, path: string, query?: Record<string, QueryValue>): string {
  const url = `${apiSettings().baseUrl}${PREFIX[iface]}${path.startsWith('/') ? path : `/${path}`}`;
  const search = query ? queryString(query) : '';
  return search ? `${url}?${search}` : url;
}

/** URL of a Discovery path through the proxy, for code that cannot use fetch (tus, XHR uploads). */
export function discoveryUrl(path: string): string {
  return interfaceUrl('discovery', path);
}

/**
 * The Authorization header the browser must add itself: the browser-held key when the server
 * holds none. Empty when the server injects its key (or no key is stored).
 */
export function discoveryAuthHeaders(): Record<string, string> {
  if (apiSettings().discoveryKeyOnServer === true) return {};
  const key = getBrowserApiKey();
  return key ? { Authorization: `Bearer ${key}` } : {};
}

export function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(name, String(v)));
    else params.append(name, String(value));
  }
  return params.toString();
}

type RawResponse = { status: number; ok: boolean; headers: Headers; text: string };

function transportError(iface: ApiInterface, path: string, error: unknown, signal?: AbortSignal): ApiError {
  if (error instanceof ApiError) return error;
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return new ApiError({ status: 0, kind: 'aborted', message: 'The request was cancelled.', iface, path });
  }
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return new ApiError({ status: 0, kind: 'network', message: `Could not reach the Rights Desk server${detail}`, iface, path });
}

async function fetchOnce(iface: ApiInterface, spec: RequestSpec, headers: Record<string, string>): Promise<RawResponse> {
  const init: RequestInit = { method: spec.method ?? 'GET', headers: { Accept: 'application/json', ...headers }, signal: spec.signal };
  if (spec.json !== undefined) {
    init.body = stringifyJson(spec.json);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  } else if (spec.form !== undefined) {
    init.body = spec.form;
  }
  const doFetch = apiSettings().fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(interfaceUrl(iface, spec.path, spec.query), init);
    const text = await response.text();
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  } catch (error) {
    throw transportError(iface, spec.path, error, spec.signal);
  }
}

function tryParse(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/** The ApiError for a non-2xx answer: the body's message (JSON `message`, or plain text) and request_id. */
export function errorFromResponse(iface: ApiInterface, path: string, status: number, headers: Headers, text: string): ApiError {
  const body = tryParse(text);
  let message = '';
  let requestId: string | undefined;
  if (isRecord(body)) {
    const candidate = [body.message, body.error, body.detail].find((v) => typeof v === 'string' && v.trim() !== '');
    if (typeof candidate === 'string') message = candidate.trim();
    if (body.request_id !== undefined && body.request_id !== null) requestId = String(body.request_id);
  } else if (text.trim() !== '' && !text.trimStart().startsWith('<')) {
    message = text.trim().slice(0, 500);
  }
  if (!message) message = `HTTP ${status}`;
  const unreachable = status === 502 && headers.get(PROXY_HEADER)?.toLowerCase() === 'unreachable';
  return new ApiError({ status, message, kind: unreachable ? 'unreachable' : 'http', iface, path, requestId });
}

function successBody(iface: ApiInterface, path: string, raw: RawResponse): unknown {
  if (raw.text.trim() === '') return undefined;
  try {
    return parseJson(raw.text);
  } catch {
    throw new ApiError({ status: raw.status, kind: 'schema', message: 'the answer is not valid JSON', iface, path });
  }
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); undefined if absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function pause(iface: ApiInterface, path: string, ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await apiSettings().sleep(ms, signal);
  } catch (error) {
    throw transportError(iface, path, error, signal);
  }
}

const SERVER_ERRORS = new Set([500, 502, 503, 504]);
const REPEATABLE_METHODS = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);

/**
 * A Discovery call through the tab's pacer. 429: the whole pacer pauses (Retry-After, growing
 * exponentially) and the call queues again, up to rateLimitTries. 5xx: repeatable calls retry with
 * backoff. A proxy "unreachable" 502 is not retried: the upstream is down, not busy.
 */
export async function discoveryRequest(spec: DiscoveryRequestSpec): Promise<unknown> {
  const method = spec.method ?? 'GET';
  const repeatable = spec.idempotent ?? REPEATABLE_METHODS.has(method);
  let rateLimited = 0;
  let serverErrors = 0;
  for (;;) {
    const settings = apiSettings();
    const retry = settings.discoveryRetry;
    const auth = spec.apiKey !== undefined ? { Authorization: `Bearer ${spec.apiKey}` } : discoveryAuthHeaders();
    let raw: RawResponse;
    try {
      raw = await discoveryPacer().schedule(() => fetchOnce('discovery', spec, auth), { priority: spec.priority, signal: spec.signal });
    } catch (error) {
      throw transportError('discovery', spec.path, error, spec.signal);
    }
    if (raw.ok) return successBody('discovery', spec.path, raw);

    const error = errorFromResponse('discovery', spec.path, raw.status, raw.headers, raw.text);
    if (raw.status === 429 && rateLimited + 1 < retry.rateLimitTries) {
      const backoff = Math.min(retry.rateLimitMaxMs, retry.rateLimitBaseMs * 2 ** rateLimited);
      discoveryPacer().pauseFor(Math.max(retryAfterMs(raw.headers) ?? 0, backoff));
      rateLimited += 1;
      continue;
    }
    if (repeatable && SERVER_ERRORS.has(raw.status) && error.kind !== 'unreachable' && serverErrors < retry.serverErrorRetries) {
      await pause('discovery', spec.path, retry.serverErrorBaseMs * 2 ** serverErrors, spec.signal);
      serverErrors += 1;
      continue;
    }
    if (raw.status === 401 && auth.Authorization && spec.apiKey === undefined) notifyUnauthorized();
    throw error;
  }
}

/** A detector retry about to happen: retry n of `of`, after `status`, in `delayMs`. */
export type DetectorRetry = { retry: number; of: number; status: number; delayMs: number };

/**
 * A detector call with the retry policy of the settings (408, 429, 5xx, 520–524 by default; never
 * 400, 413 or other 4xx). Retry-After, when sent, replaces the scheduled delay.
 */
export async function detectorRequest(spec: RequestSpec, hooks?: { onRetry?: (retry: DetectorRetry) => void }): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const policy = apiSettings().detectorRetry;
    const raw = await fetchOnce('detector', spec, {});
    if (raw.ok) return successBody('detector', spec.path, raw);
    const error = errorFromResponse('detector', spec.path, raw.status, raw.headers, raw.text);
    if (attempt >= policy.retries || error.kind === 'unreachable' || !policy.retryOn.includes(raw.status)) throw error;
    const scheduled = policy.delaysMs[Math.min(attempt, policy.delaysMs.length - 1)] ?? 0;
    const delayMs = retryAfterMs(raw.headers) ?? scheduled;
    hooks?.onRetry?.({ retry: attempt + 1, of: policy.retries, status: raw.status, delayMs });
    await pause('detector', spec.path, delayMs, spec.signal);
  }
}

/** A Search call: no retries and no client timeout (check-search blocks until the lookup completes). */
export async function searchRequest(spec: RequestSpec): Promise<unknown> {
  const raw = await fetchOnce('search', spec, {});
  if (raw.ok) return successBody('search', spec.path, raw);
  throw errorFromResponse('search', spec.path, raw.status, raw.headers, raw.text);
}

/** A call to the Rights Desk server itself (/api/config). */
export async function serverRequest(spec: RequestSpec): Promise<unknown> {
  const raw = await fetchOnce('server', spec, {});
  if (raw.ok) return successBody('server', spec.path, raw);
  throw errorFromResponse('server', spec.path, raw.status, raw.headers, raw.text);
}

// ---- schema checking ---------------------------------------------------------------------------

type Issue = z.core.$ZodIssue;

function formatPath(root: string | undefined, path: readonly PropertyKey[]): string {
  let out = root ?? '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out || '(response)';
}

function describeInput(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  if (typeof input === 'object') return 'an object';
  return String(input);
}

function issueText(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}, got ${describeInput(issue.input)}`;
    case 'invalid_type':
      return issue.input === undefined ? 'is missing' : `expected ${issue.expected}, got ${describeInput(issue.input)}`;
    default:
      return issue.message;
  }
}

/** "copies[3].match_category: expected one of EC, FC, …" — the first few issues, joined. */
export function formatIssues(issues: readonly Issue[], root?: string): string {
  const shown = issues.slice(0, 3).map((issue) => `${formatPath(root, issue.path)}: ${issueText(issue)}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return shown.join('; ') + more;
}

/**
 * Checks an answer against its schema and returns the normalised value; otherwise throws ApiError
 * kind 'schema' naming the field path (`root` names the top level, e.g. 'copies').
 */
export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, where: { iface: ApiInterface; path: string; root?: string }): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw new ApiError({ status: 200, kind: 'schema', message: formatIssues(result.error.issues, where.root), iface: where.iface, path: where.path });
}

/**
 * Resolves when the tab's Discovery pacer grants a start slot, so requests made outside fetch
 * (tus-js-client's onBeforeRequest, XHR uploads) count against the same 16-per-second budget.
 */
export function acquireDiscoverySlot(options: { priority?: Priority; signal?: AbortSignal } = {}): Promise<void> {
  return discoveryPacer().acquire(options);
}
