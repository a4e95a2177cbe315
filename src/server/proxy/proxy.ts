import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ServerConfig } from '../../api/schemas/config';
import type { InterfaceName } from '../config';
import { requestHeadersForUpstream, responseHeadersForBrowser } from './headers';
import { checkTraversal, isAllowed } from './paths';
import type { TokenSource } from './token-cache';
import { TokenError, describeError } from './token-cache';

export type ProxiedInterface = {
  /** Upstream base URL; paths under /api/<interface>/ are appended to its path. */
  base: URL;
  /** Whether the embedded sandbox answers (opens the sandbox-only `/sandbox/` paths). */
  sandbox: boolean;
  credentials:
    | { kind: 'api-key'; /** Server-held key; null passes the browser's Authorization through. */ apiKey: string | null }
    | { kind: 'token'; tokens: TokenSource };
};

/** The /api/config body. */
export type PublicConfig = ServerConfig;

export type ProxyOptions = {
  interfaces: Record<InterfaceName, ProxiedInterface>;
  config: PublicConfig;
  /** Upstream silence after which a call fails with 504; check-search may block for minutes. */
  idleTimeoutMs?: number;
  /** Token-authenticated request bodies up to this size are buffered so a 401 can be replayed. */
  replayLimitBytes?: number;
  /** How long a kept-alive upstream socket may sit idle in the pool before the proxy closes it. */
  idleSocketTimeoutMs?: number;
};

export type Proxy = {
  /** Answers /api/* requests and returns true; returns false for anything else. */
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  close: () => void;
};

export const DEFAULT_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/**
 * Detector uploads are at most 100 MB by the spec. Bodies up to 32 MiB (a typical song) are held in
 * memory so a 401 can be answered by a fresh token and a replay; larger bodies are streamed, and on a
 * 401 the token is dropped and the 401 passed on: the detector marks 401 retriable, so the browser's
 * retry goes out with a fresh token. Holding every 100 MB upload in memory was judged the worse deal.
 */
export const DEFAULT_REPLAY_LIMIT_BYTES = 32 * 1024 * 1024;
/**
 * Idle pooled sockets are closed by the proxy well before the upstream would close them (Node's
 * servers, the embedded sandbox among them, close after 5 s). Node 20's agent ignores the server's
 * `Keep-Alive: timeout` hint, so without this a call could go out on a socket the upstream has just
 * closed and fail with ECONNRESET.
 */
export const DEFAULT_IDLE_SOCKET_TIMEOUT_MS = 2000;

const LABELS: Record<InterfaceName, string> = { discovery: 'Discovery', detector: 'Detector', search: 'Search' };
const ROUTE = /^\/api\/(discovery|detector|search)(\/.*)$/;

class UpstreamTimeout extends Error {}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

function isConnectionReset(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

export function createProxy(options: ProxyOptions): Proxy {
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const replayLimit = options.replayLimitBytes ?? DEFAULT_REPLAY_LIMIT_BYTES;
  // `timeout` applies to sockets waiting in the pool; a call in flight has its own (idleTimeoutMs).
  const idleSocketTimeoutMs = options.idleSocketTimeoutMs ?? DEFAULT_IDLE_SOCKET_TIMEOUT_MS;
  const httpAgent = new http.Agent({ keepAlive: true, timeout: idleSocketTimeoutMs });
  const httpsAgent = new https.Agent({ keepAlive: true, timeout: idleSocketTimeoutMs });

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/') && url !== '/api' && !url.startsWith('/api?')) return false;
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : url.slice(queryAt);

    const traversal = checkTraversal(rawPath);
    if (!traversal.ok) {
      req.resume();
      sendJson(res, traversal.status, { status: 'error', message: traversal.message });
      return true;
    }

    if (rawPath === '/api/config') {
      req.resume();
      const method = req.method ?? 'GET';
      if (method !== 'GET' && method !== 'HEAD') {
        sendJson(res, 405, { status: 'error', message: 'Only GET is allowed on /api/config.' }, { Allow: 'GET, HEAD' });
      } else {
        sendJson(res, 200, options.config, { 'Cache-Control': 'no-store' });
      }
      return true;
    }

    const match = ROUTE.exec(rawPath);
    const name = match?.[1] as InterfaceName | undefined;
    const rest = match?.[2] ?? '';
    const upstream = name ? options.interfaces[name] : undefined;
    // checkTraversal has already decoded the path once without error.
    if (!name || !upstream || !isAllowed(name, upstream.sandbox, decodeURIComponent(rest))) {
      req.resume();
      sendJson(res, 404, { status: 'error', message: `No API route at ${rawPath} on the Rights Desk proxy.` });
      return true;
    }

    forward(name, upstream, rest + search, req, res).catch((error: unknown) => {
      console.error(`[proxy] ${LABELS[name]} call failed`, error);
      if (!res.headersSent) sendJson(res, 500, { status: 'error', message: 'Proxy internal error.', interface: name });
      else res.destroy();
    });
    return true;
  }

  async function forward(name: InterfaceName, upstream: ProxiedInterface, pathAndQuery: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const basePath = upstream.base.pathname.replace(/\/+$/, '');
    const target = new URL(`${upstream.base.origin}${basePath}${pathAndQuery}`);
    if (target.origin !== upstream.base.origin) throw new Error(`refusing to forward outside ${upstream.base.origin}`);

    // How the browser reached us, so URLs the upstream hands out (file_url, tus Location) come back
    // here. Taken from this connection, not from X-Forwarded-* the client sent (those are dropped).
    const headers = requestHeadersForUpstream(req.headers);
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    headers['x-forwarded-proto'] = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    headers['x-forwarded-prefix'] = `/api/${name}`;

    // Stop work for a browser that went away: the current upstream call is aborted with it.
    let clientGone = false;
    let current: http.ClientRequest | null = null;
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      current?.destroy();
    });

    const send = (body: Buffer | 'stream' | null, connection: 'pooled' | 'fresh' = 'pooled'): Promise<IncomingMessage> =>
      new Promise((resolve, reject) => {
        const upstreamReq = (target.protocol === 'https:' ? https : http).request(target, {
          method: req.method,
          headers: body instanceof Buffer ? { ...headers, 'content-length': String(body.length) } : headers,
          // `false`: a connection of its own, outside the pool (whose other idle sockets may be stale too).
          agent: connection === 'fresh' ? false : target.protocol === 'https:' ? httpsAgent : httpAgent,
        });
        current = upstreamReq;
        upstreamReq.setTimeout(idleTimeoutMs, () => upstreamReq.destroy(new UpstreamTimeout(`no answer within ${Math.round(idleTimeoutMs / 1000)} s`)));
        upstreamReq.once('response', resolve);
        // Kept for the request's whole life: a late error (after the answer began) must not go unhandled.
        upstreamReq.on('error', reject);
        if (body === 'stream') {
          req.pipe(upstreamReq);
          req.on('error', (error) => upstreamReq.destroy(error));
        } else {
          upstreamReq.end(body ?? undefined);
        }
      });

    // A kept-alive socket the upstream closed while it sat idle fails at once with ECONNRESET; the
    // request never reached the upstream. Node's advice: send it again on a new connection, which is
    // safe for idempotent methods whose body we still hold.
    const sendWithFreshSocketRetry = async (body: Buffer | 'stream' | null): Promise<IncomingMessage> => {
      try {
        return await send(body);
      } catch (error) {
        const reused = (current as http.ClientRequest | null)?.reusedSocket === true;
        if (!reused || clientGone || body === 'stream' || !IDEMPOTENT_METHODS.has(req.method ?? 'GET') || !isConnectionReset(error)) throw error;
        return send(body, 'fresh');
      }
    };

    const fail = (error: unknown) => {
      if (clientGone) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof UpstreamTimeout) {
        sendJson(res, 504, { status: 'error', message: `${LABELS[name]} upstream timed out: ${error.message}`, interface: name }, { 'X-Rights-Desk-Proxy': 'timeout' });
      } else {
        sendJson(res, 502, { status: 'error', message: `${LABELS[name]} upstream unreachable: ${describeError(error)}`, interface: name }, { 'X-Rights-Desk-Proxy': 'unreachable' });
      }
    };

    let upstreamRes: IncomingMessage;
    if (upstream.credentials.kind === 'api-key') {
      const key = upstream.credentials.apiKey;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      else if (req.headers.authorization) headers.authorization = req.headers.authorization;
      try {
        upstreamRes = await sendWithFreshSocketRetry(hasBody(req) ? 'stream' : null);
      } catch (error) {
        fail(error);
        return;
      }
    } else {
      const tokens = upstream.credentials.tokens;
      const replayable = !hasBody(req) || (declaredLength(req) ?? Infinity) <= replayLimit;
      let body: Buffer | 'stream' | null = hasBody(req) ? 'stream' : null;
      if (replayable && body === 'stream') {
        try {
          body = await readAll(req);
        } catch {
          return; // the browser aborted its upload
        }
      }
      const authorise = async (): Promise<string | null> => {
        try {
          const token = await tokens.get();
          headers.authorization = `Bearer ${token}`;
          return token;
        } catch (error) {
          if (!(error instanceof TokenError)) throw error;
          if (!clientGone) {
            req.resume();
            sendJson(res, 502, { status: 'error', message: `${LABELS[name]} token unavailable: ${error.message}`, interface: name }, { 'X-Rights-Desk-Proxy': 'token' });
          }
          return null;
        }
      };
      let token = await authorise();
      if (token === null || clientGone) return;
      try {
        upstreamRes = await sendWithFreshSocketRetry(body);
        if (upstreamRes.statusCode === 401 && tokens.invalidate) {
          tokens.invalidate(token);
          if (replayable) {
            upstreamRes.resume();
            token = await authorise();
            if (token === null || clientGone) return;
            upstreamRes = await sendWithFreshSocketRetry(body);
          }
        }
      } catch (error) {
        fail(error);
        return;
      }
    }

    if (clientGone) {
      upstreamRes.resume();
      return;
    }
    const responseHeaders = responseHeadersForBrowser(upstreamRes.headers);
    const location = upstreamRes.headers.location;
    if (location) responseHeaders.location = rewriteLocation(location, upstream.base, name);
    res.writeHead(upstreamRes.statusCode ?? 502, responseHeaders);
    upstreamRes.pipe(res);
    upstreamRes.once('close', () => {
      // The upstream died mid-answer: do not let the browser take a truncated body for a whole one.
      if (!upstreamRes.complete) res.destroy();
    });
  }

  return {
    handle,
    close: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** Maps an upstream Location under the interface's base to the same path under /api/<interface>. */
export function rewriteLocation(location: string, base: URL, name: InterfaceName): string {
  // Relative references ("abc", "?x") resolve against the proxied request URL already.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(location) && !location.startsWith('/')) return location;
  let resolved: URL;
  try {
    resolved = new URL(location, base);
  } catch {
    return location;
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  if (resolved.origin !== base.origin) return location;
  if (basePath && resolved.pathname !== basePath && !resolved.pathname.startsWith(`${basePath}/`)) return location;
  return `/api/${name}${resolved.pathname.slice(basePath.length)}${resolved.search}`;
}

function hasBody(req: IncomingMessage): boolean {
  const length = declaredLength(req);
  return req.headers['transfer-encoding'] !== undefined || (length !== null && length > 0);
}

function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  if (raw === undefined) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
