import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { parse as parseLossless, parseNumberAndBigInt } from 'lossless-json';
import type { Db } from './db';
import type { IdIssuer } from './ids';
import { parseId } from './ids';
import type { FaultInjector } from './faults';

/** An answer with a status and a message; the app turns it into `{status: "error", message}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type Org = { org_id: bigint; name: string };

/** Everything a route handler may touch. */
export type SandboxState = {
  db: Db;
  ids: IdIssuer;
  now: () => number;
  /** Directory for uploaded file bytes (v3 PUT bodies and the tus store). */
  uploadDir: string;
  /** Fault injection settings, changed through /sandbox/faults. */
  faults: FaultInjector;
  /** Drops all data and seeds again (POST /sandbox/reset). */
  reseed: (scale: number) => void;
};

export type AuthKind = 'discovery' | 'token' | 'none';

export type Ctx = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  state: SandboxState;
  /** Set for `discovery` routes (the API key's organisation) and `token` routes (the client's). */
  org: Org;
  /** The caller's Discovery API key, for `discovery` routes. */
  apiKey: string;
  /** Origin plus prefix under which the caller reached the sandbox (honours X-Forwarded-*). */
  publicBase: string;
};

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | void;
export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export type Route = {
  method: string;
  /** Path pattern with `:name` segments, e.g. `/v3/cms/assets/:asset_id`. */
  path: string;
  auth: AuthKind;
  handler: Handler;
};

export type CompiledRoute = Route & { regex: RegExp; names: string[] };

export function compileRoute(route: Route): CompiledRoute {
  const names: string[] = [];
  const pattern = route.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { ...route, regex: new RegExp(`^${pattern}/?$`), names };
}

export const MAX_JSON_BODY = 1024 * 1024;

/** Reads a request body up to `limit` bytes; larger bodies are refused with 413. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes.`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses a JSON request body without losing 64-bit integers: every integer arrives as a BigInt,
 * every other number as a number.
 */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const buf = await readBody(req, MAX_JSON_BODY);
  const text = buf.toString('utf8').trim();
  if (text === '') throw new HttpError(400, 'Request body is empty; a JSON body is required.');
  try {
    return parseLossless(text, null, parseNumberAndBigInt);
  } catch (error) {
    throw new HttpError(400, `Request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Reads a JSON object body; anything else is a 400. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJson(req);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

// A per-process marker no payload can know in advance, so a title that happens to look like one
// can never be turned into a number.
const BIGINT_MARKER = `~bigint-${randomBytes(8).toString('hex')}~`;
const BIGINT_MARKER_RE = new RegExp(`"${BIGINT_MARKER}(-?\\d+)"`, 'g');

/**
 * Serialises with BigInt support: ids leave as exact JSON integers. Native JSON.stringify with a
 * marker for BigInts is several times faster than a lossless serialiser on 100-row pages.
 */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIGINT_MARKER}${v}` : v));
  return text === undefined ? 'null' : text.replace(BIGINT_MARKER_RE, '$1');
}

export function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = toJson(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  send(res, status, { status: 'error', message }, headers);
}

// ---- small validators shared by the route modules -------------------------------------------

/** A path id parameter; anything that is not a 64-bit digit string is a 404 (no such record). */
export function pathId(ctx: Ctx, name: string, what: string): bigint {
  const id = parseId(ctx.params[name]);
  if (id === null) throw new HttpError(404, `${what} ${ctx.params[name] ?? ''} not found.`);
  return id;
}

/** An optional integer query parameter (ids included); malformed → 400. */
export function queryId(ctx: Ctx, name: string): bigint | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  const id = parseId(raw);
  if (id === null) throw new HttpError(400, `Query parameter ${name} must be a non-negative integer.`);
  return id;
}

/** The `count` of list endpoints: default 100, must lie within [min, max]. */
export function queryCount(ctx: Ctx, min = 1, max = 100, fallback = 100): number {
  const raw = ctx.query.get('count');
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(400, 'Query parameter count must be an integer.');
  const count = Number(raw);
  if (count < min || count > max) throw new HttpError(400, `Query parameter count must be between ${min} and ${max}.`);
  return count;
}

export function requireString(body: Record<string, unknown>, field: string, opts: { allowEmpty?: boolean; max?: number } = {}): string {
  const value = body[field];
  if (typeof value !== 'string') throw new HttpError(400, `Field ${field} is required and must be a string.`);
  if (!opts.allowEmpty && value.trim() === '') throw new HttpError(400, `Field ${field} must not be empty.`);
  if (value.length > (opts.max ?? 2000)) throw new HttpError(400, `Field ${field} is longer than ${opts.max ?? 2000} characters.`);
  return value;
}

export function optionalString(body: Record<string, unknown>, field: string, max = 2000): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `Field ${field} must be a string.`);
  if (value.length > max) throw new HttpError(400, `Field ${field} is longer than ${max} characters.`);
  return value;
}

export function optionalStringArray(body: Record<string, unknown>, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new HttpError(400, `Field ${field} must be an array of strings.`);
  }
  return value as string[];
}

/** An integer id array from a JSON body (integers arrive as BigInt; digit strings are accepted too). */
export function optionalIdArray(body: Record<string, unknown>, field: string): bigint[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new HttpError(400, `Field ${field} must be an array of integers.`);
  return value.map((v) => {
    const id = typeof v === 'bigint' ? v : typeof v === 'string' ? parseId(v) : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : null;
    if (id === null || id < 0n) throw new HttpError(400, `Field ${field} must be an array of integers.`);
    return id;
  });
}

export function requireBoolean(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (typeof value === 'boolean') return value;
  // The spec describes some booleans as strings; accept the two spellings.
  if (value === 'true' || value === 'false') return value === 'true';
  throw new HttpError(400, `Field ${field} is required and must be true or false.`);
}

export function requireInteger(body: Record<string, unknown>, field: string): bigint {
  const value = body[field];
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new HttpError(400, `Field ${field} is required and must be an integer.`);
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date YYYY-MM-DD that really exists. */
export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** ISO timestamp with milliseconds and Z, as the platform's samples show. */
export function isoNow(state: SandboxState): string {
  return new Date(state.now()).toISOString();
}
