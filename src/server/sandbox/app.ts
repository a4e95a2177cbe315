import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from './db';
import { openDb } from './db';
import { IdIssuer } from './ids';
import type { AuthKind, CompiledRoute, Ctx, Org, SandboxState } from './http';
import { HttpError, compileRoute, send, sendError } from './http';
import { RateLimiter } from './rate-limit';
import { FaultInjector, parseFaultSpec } from './faults';
import { seedAll, isSeeded } from './seed';
import { apiKeyRoutes } from './routes/api-keys';
import { assetRoutes } from './routes/assets';
import { uploadRoutes, createTusHandler, TUS_PATH } from './routes/uploads';
import { collectionRoutes } from './routes/collections';
import { whitelistRoutes } from './routes/whitelists';
import { copyRoutes } from './routes/copies';
import { statusRoutes } from './routes/statuses';
import { soundMetadataRoutes } from './routes/sound-metadata';
import { monitoringRoutes } from './routes/monitoring';
import { oauthRoutes } from './routes/oauth';
import { detectorRoutes } from './routes/detector';
import { searchRoutes } from './routes/search';
import { sandboxToolRoutes } from './routes/sandbox-tools';

export type SandboxOptions = {
  /** SQLite file, or ':memory:' for tests. */
  dbPath: string;
  /** Drop every table's rows and seed again. */
  reset?: boolean;
  /** Multiplies copies and monitoring results of the seed (performance work). */
  scale?: number;
  /** Fault injection spec, as in SANDBOX_FAULTS. */
  faults?: string;
  /** Clock, injectable for tests (token expiry, search lookups that block). */
  now?: () => number;
  /** Where uploaded bytes go; defaults beside the database. */
  uploadDir?: string;
  /** Calls per second per API key before 429 (the platform's 16). */
  rateLimitPerSecond?: number;
};

export type Sandbox = {
  /** Node request handler: mount it on any http server. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  state: SandboxState;
  faults: FaultInjector;
  db: Db;
  close: () => Promise<void>;
};

export const DEMO_API_KEY = 'sandbox-demo-key';
export const OTHER_API_KEY = 'sandbox-other-key';
export const DETECTOR_CLIENT_ID = 'sandbox-client';
export const DETECTOR_CLIENT_SECRET = 'sandbox-secret';

export function createSandbox(options: SandboxOptions): Sandbox {
  const now = options.now ?? Date.now;
  const db = openDb(options.dbPath);
  const uploadDir =
    options.uploadDir ?? (options.dbPath === ':memory:' ? join(process.cwd(), '.data', `uploads-${process.pid}-${Date.now()}`) : join(dirname(options.dbPath), 'uploads'));
  mkdirSync(uploadDir, { recursive: true });
  const faults = new FaultInjector(parseFaultSpec(options.faults ?? process.env.SANDBOX_FAULTS ?? ''));
  const state: SandboxState = {
    db,
    ids: new IdIssuer(db, now),
    now,
    uploadDir,
    faults,
    reseed: (scale) => seedAll(state, { scale, reset: true }),
  };

  if (options.reset || !isSeeded(db)) seedAll(state, { scale: options.scale ?? 1, reset: !!options.reset });

  const routes: CompiledRoute[] = [
    ...oauthRoutes,
    ...detectorRoutes,
    ...searchRoutes,
    ...apiKeyRoutes,
    ...uploadRoutes,
    ...assetRoutes,
    ...collectionRoutes,
    ...whitelistRoutes,
    ...statusRoutes,
    ...copyRoutes,
    ...soundMetadataRoutes,
    ...monitoringRoutes,
    ...sandboxToolRoutes,
  ].map(compileRoute);

  const limiter = new RateLimiter(options.rateLimitPerSecond ?? 16, now);
  const tus = createTusHandler(state);

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.local');
    } catch {
      throw new HttpError(400, 'Malformed request target.');
    }
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();

    if (!path.startsWith('/sandbox/')) {
      const fault = await faults.pick(path);
      if (fault) {
        // Drain the body so the client sees the answer rather than a reset connection.
        req.resume();
        sendError(res, fault, `Injected fault: HTTP ${fault} (sandbox fault injection).`, fault === 429 ? { 'Retry-After': '1' } : {});
        return;
      }
    }

    if (path === TUS_PATH || path.startsWith(`${TUS_PATH}`)) {
      const org = authDiscovery(req);
      limiter.check(bearer(req) ?? '');
      await tus(req, res, org);
      return;
    }

    const candidates = routes.filter((r) => r.regex.test(path));
    const route = candidates.find((r) => r.method === method);
    // Authenticate (and count against the rate limit) before telling a caller that an endpoint or
    // method does not exist, as the platform's gateway does: without a key, every Discovery path is 401.
    const auth = route?.auth ?? candidates[0]?.auth ?? authForUnknownPath(path);
    const org = authenticate(auth, req);
    const apiKey = auth === 'discovery' ? (bearer(req) ?? '') : '';
    if (auth === 'discovery') limiter.check(apiKey);

    if (candidates.length === 0) throw new HttpError(404, `No endpoint at ${path}.`);
    if (!route) {
      throw new HttpError(405, `Method ${method} is not allowed on ${path}; allowed: ${[...new Set(candidates.map((r) => r.method))].join(', ')}.`);
    }
    const match = route.regex.exec(path)!;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(match[i + 1] ?? '');
      } catch {
        throw new HttpError(400, `Path segment ${name} has malformed percent-encoding.`);
      }
    });

    const ctx: Ctx = { req, res, url, params, query: url.searchParams, state, org, apiKey, publicBase: publicBase(req) };
    const reply = await route.handler(ctx);
    if (res.writableEnded || res.headersSent) return;
    if (!reply) {
      send(res, 200);
      return;
    }
    send(res, reply.status ?? 200, reply.body, reply.headers);
  }

  function authForUnknownPath(path: string): AuthKind {
    if (/^\/(v3|v4|drm)\//.test(path)) return 'discovery';
    if (path.startsWith('/v1/ai-detector/') || path.startsWith('/api/v1/search/')) return 'token';
    return 'none';
  }

  function authenticate(kind: AuthKind, req: IncomingMessage): Org {
    if (kind === 'discovery') return authDiscovery(req);
    if (kind === 'token') return authToken(req);
    return { org_id: 0n, name: '' };
  }

  function authDiscovery(req: IncomingMessage): Org {
    const key = bearer(req);
    if (!key) throw new HttpError(401, 'Missing API key: send Authorization: Bearer <API_KEY>.');
    const org = db.prepare('SELECT o.org_id, o.name FROM api_keys k JOIN orgs o ON o.org_id = k.org_id WHERE k.token = ?').get(key) as Org | undefined;
    if (!org) throw new HttpError(401, 'API key is wrong or has been revoked.');
    return org;
  }

  function authToken(req: IncomingMessage): Org {
    const token = bearer(req);
    if (!token) throw new HttpError(401, 'Missing access token: send Authorization: Bearer <ACCESS_TOKEN>.');
    const row = db
      .prepare('SELECT o.org_id, o.name, t.expires_at FROM oauth_tokens t JOIN oauth_clients c ON c.client_id = t.client_id JOIN orgs o ON o.org_id = c.org_id WHERE t.access_token = ?')
      .get(token) as (Org & { expires_at: bigint }) | undefined;
    if (!row) throw new HttpError(401, 'Access token is invalid.');
    if (Number(row.expires_at) <= now()) throw new HttpError(401, 'Access token has expired; request a new one.');
    return { org_id: row.org_id, name: row.name };
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    dispatch(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        req.resume();
        sendError(res, error.status, error.message, error.headers);
        return;
      }
      // A client that hangs up mid-request (a cancelled bulk run, a closed tab) is not a fault of the sandbox.
      if (req.destroyed && (error as { code?: unknown } | null)?.code === 'ECONNRESET') return;
      console.error('[sandbox] unexpected error', error);
      sendError(res, 500, 'Sandbox internal error.');
    });
  }

  return {
    handle,
    state,
    faults,
    db,
    close: async () => {
      db.close();
    },
  };
}

export function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : null;
}

/** The origin (and proxy prefix) the caller used, so URLs we hand out (file_url) reach us again. */
function publicBase(req: IncomingMessage): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(req.headers['x-forwarded-proto']) ?? 'http';
  const host = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? 'localhost';
  const prefix = (first(req.headers['x-forwarded-prefix']) ?? '').replace(/\/$/, '');
  return `${proto}://${host}${prefix}`;
}
