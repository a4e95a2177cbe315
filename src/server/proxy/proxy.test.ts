import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../api/schemas/config';
import { parseSettings } from '../config';
import type { ProxyRuntime } from './runtime';
import { startProxyRuntime } from './runtime';
import type { ProxyOptions } from './proxy';
import { DEFAULT_IDLE_TIMEOUT_MS, createProxy, rewriteLocation } from './proxy';
import { ClientCredentialsTokens, tokenEndpoint } from './token-cache';
import type { Received } from './test-helpers';
import { FakeUpstream, json, listen, nextEvent, request } from './test-helpers';

const CLIENT_ID = 'rd-client-7f3a';
const CLIENT_SECRET = 'rd-secret-90b1c2d3';
const SERVER_KEY = 'server-held-discovery-key-1234';

let upstream: FakeUpstream;
let runtime: ProxyRuntime;
let proxy: { url: URL; close: () => Promise<void> };
let tokensIssued: number;
/** Tokens the fake detector and Search accept. */
let acceptedTokens: Set<string>;

/** The fake platform: a token issuer under /auth, the detector under /det, Search under /srch, Discovery under /disc. */
function platform(request: Received, res: http.ServerResponse): void {
  if (request.url === '/auth/oauth2/token') {
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected || request.body.toString() !== 'grant_type=client_credentials') {
      json(res, 401, { error: 'invalid_client' });
      return;
    }
    tokensIssued++;
    const token = `tok-${tokensIssued}`;
    acceptedTokens.add(token);
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 7200 });
    return;
  }
  if (request.url.startsWith('/det/') || request.url.startsWith('/srch/')) {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!acceptedTokens.has(token)) {
      json(res, 401, { status: 'error', message: 'Missing or invalid token.' });
      return;
    }
  }
  json(res, 200, { path: request.url });
}

/** A proxy made with createProxy and the given timeouts (no runtime), every interface on the fake upstream. Close it when done. */
async function startDirectProxy(timeouts: Pick<ProxyOptions, 'idleTimeoutMs' | 'idleSocketTimeoutMs'>) {
  const at = (path: string) => ({ base: new URL(`${upstream.url.origin}${path}`), sandbox: false, credentials: { kind: 'api-key' as const, apiKey: null } });
  const target = { target: 'x', configured: true };
  const direct = createProxy({
    interfaces: { discovery: at('/disc'), detector: at('/det'), search: at('/srch') },
    config: { platform: 'platform', discoveryKeyOnServer: false, interfaces: { discovery: target, detector: target, search: target }, uploadV4ThresholdBytes: 1 },
    ...timeouts,
  });
  proxy = await listen((req, res) => {
    if (!direct.handle(req, res)) json(res, 418, {});
  });
  return direct;
}

async function startProxy(env: Record<string, string>): Promise<void> {
  runtime = await startProxyRuntime(parseSettings(env));
  proxy = await listen((req, res) => {
    if (!runtime.handle(req, res)) json(res, 418, { proxied: false });
  });
}

function platformEnv(extra: Record<string, string> = {}): Record<string, string> {
  const base = upstream.url.origin;
  return {
    DISCOVERY_BASE_URL: `${base}/disc`,
    DETECTOR_BASE_URL: `${base}/det`,
    DETECTOR_AUTH_URL: `${base}/auth`,
    DETECTOR_CLIENT_ID: CLIENT_ID,
    DETECTOR_CLIENT_SECRET: CLIENT_SECRET,
    SEARCH_BASE_URL: `${base}/srch`,
    ...extra,
  };
}

beforeEach(async () => {
  tokensIssued = 0;
  acceptedTokens = new Set();
  upstream = await new FakeUpstream().start();
  upstream.handler = platform;
});

afterEach(async () => {
  await proxy?.close();
  await runtime?.close();
  await upstream.close();
});

describe('Discovery credentials', () => {
  it('overwrites the browser Authorization with the server-held key and maps the path under the base', async () => {
    await startProxy(platformEnv({ DISCOVERY_API_KEY: SERVER_KEY }));
    const reply = await request(proxy.url, 'GET', '/api/discovery/v3/cms/assets?count=5&isrc=A&isrc=B', { headers: { Authorization: 'Bearer browser-key' } });
    expect(reply.status).toBe(200);
    const [received] = upstream.to('/disc/');
    expect(received?.url).toBe('/disc/v3/cms/assets?count=5&isrc=A&isrc=B');
    expect(received?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(reply.text).not.toContain(SERVER_KEY);
  });

  it("passes the browser's key through when the server holds none, and sends none when the browser has none", async () => {
    await startProxy(platformEnv());
    await request(proxy.url, 'GET', '/api/discovery/v3/api-key', { headers: { Authorization: 'Bearer user-entered-key' } });
    await request(proxy.url, 'GET', '/api/discovery/v3/api-key');
    const [withKey, withoutKey] = upstream.to('/disc/');
    expect(withKey?.headers.authorization).toBe('Bearer user-entered-key');
    expect(withoutKey?.headers.authorization).toBeUndefined();
  });

  it('sends X-Forwarded-Host, -Proto and -Prefix of the browser-facing side, replacing any the browser sent', async () => {
    await startProxy(platformEnv());
    await request(proxy.url, 'POST', '/api/discovery/v3/cms/assets/upload', {
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Prefix': '/elsewhere' },
      body: '{"title":"x"}',
    });
    const [received] = upstream.to('/disc/');
    expect(received?.headers['x-forwarded-host']).toBe(proxy.url.host);
    expect(received?.headers['x-forwarded-proto']).toBe('http');
    expect(received?.headers['x-forwarded-prefix']).toBe('/api/discovery');
    expect(received?.body.toString()).toBe('{"title":"x"}');
  });
});

describe('detector and Search tokens', () => {
  it('never forwards the browser Authorization; fetches one token with HTTP Basic and reuses it', async () => {
    await startProxy(platformEnv());
    const calls = [
      ...Array.from({ length: 4 }, () => request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect-url', { headers: { Authorization: 'Bearer browser-key', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'url=https%3A%2F%2Fmusic.example%2Fa.mp3' })),
      ...Array.from({ length: 4 }, () => request(proxy.url, 'GET', '/api/search/api/v1/search/check-search/lookup-1', { headers: { Authorization: 'Bearer browser-key' } })),
    ];
    const replies = await Promise.all(calls);
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(upstream.to('/auth/')).toHaveLength(1);
    const forwarded = [...upstream.to('/det/'), ...upstream.to('/srch/')];
    expect(forwarded).toHaveLength(8);
    for (const received of forwarded) expect(received.headers.authorization).toBe('Bearer tok-1');
    expect(upstream.to('/det/')[0]?.body.toString()).toBe('url=https%3A%2F%2Fmusic.example%2Fa.mp3');
    for (const reply of replies) expect(reply.text).not.toContain(CLIENT_SECRET);
  });

  it('uses SEARCH_TOKEN for Search when it is set', async () => {
    await startProxy(platformEnv({ SEARCH_TOKEN: 'static-search-token' }));
    acceptedTokens.add('static-search-token');
    const reply = await request(proxy.url, 'GET', '/api/search/api/v1/search/check-search/lookup-2', { headers: { Authorization: 'Bearer browser-key' } });
    expect(reply.status).toBe(200);
    expect(upstream.to('/srch/')[0]?.headers.authorization).toBe('Bearer static-search-token');
    expect(upstream.to('/auth/')).toHaveLength(0);
  });

  it('on a 401 refreshes the token once and replays the same body', async () => {
    await startProxy(platformEnv());
    await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect-url', { body: 'url=a' });
    acceptedTokens.delete('tok-1'); // the issuer revoked it before its stated expiry
    const body = Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\n'), Buffer.alloc(200_000, 7), Buffer.from('\r\n--b--\r\n')]);
    const reply = await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect', { headers: { 'Content-Type': 'multipart/form-data; boundary=b' }, body });
    expect(reply.status).toBe(200);
    expect(upstream.to('/auth/')).toHaveLength(2);
    const detects = upstream.to('/det/v1/ai-detector/detect').filter((r) => r.url === '/det/v1/ai-detector/detect');
    expect(detects.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(detects[1]?.body.equals(body)).toBe(true);
  });

  it('refreshes only once: a second 401 reaches the browser', async () => {
    await startProxy(platformEnv());
    upstream.handler = (request, res) => (request.url.startsWith('/det/') ? json(res, 401, { status: 'error', message: 'nope' }) : platform(request, res));
    const reply = await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect-url', { body: 'url=a' });
    expect(reply.status).toBe(401);
    expect(upstream.to('/det/')).toHaveLength(2);
    expect(upstream.to('/auth/')).toHaveLength(2);
  });

  it('answers 502 when the token issuer refuses the client credentials', async () => {
    await startProxy(platformEnv({ DETECTOR_CLIENT_SECRET: 'wrong-secret-value' }));
    const reply = await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect-url', { body: 'url=a' });
    expect(reply.status).toBe(502);
    expect(reply.headers['x-rights-desk-proxy']).toBe('token');
    expect(JSON.parse(reply.text)).toMatchObject({ status: 'error', interface: 'detector' });
    expect(reply.text).not.toContain('wrong-secret-value');
    expect(upstream.to('/det/')).toHaveLength(0);
  });
});

describe('large detector bodies', () => {
  it('are streamed, not replayed: on a 401 the token is dropped and the next call gets a fresh one', async () => {
    const tokens = new ClientCredentialsTokens({ tokenUrl: tokenEndpoint(new URL(`${upstream.url.origin}/auth`)), clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const direct = createProxy({
      interfaces: {
        discovery: { base: new URL(`${upstream.url.origin}/disc`), sandbox: false, credentials: { kind: 'api-key', apiKey: null } },
        detector: { base: new URL(`${upstream.url.origin}/det`), sandbox: false, credentials: { kind: 'token', tokens } },
        search: { base: new URL(`${upstream.url.origin}/srch`), sandbox: false, credentials: { kind: 'token', tokens } },
      },
      config: { platform: 'platform', discoveryKeyOnServer: false, interfaces: { discovery: { target: 'x', configured: true }, detector: { target: 'x', configured: true }, search: { target: 'x', configured: true } }, uploadV4ThresholdBytes: 1 },
      replayLimitBytes: 1000,
    });
    proxy = await listen((req, res) => {
      if (!direct.handle(req, res)) json(res, 418, {});
    });
    try {
      await tokens.get();
      acceptedTokens.delete('tok-1');
      const big = Buffer.alloc(5000, 1);
      const first = await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect', { body: big });
      expect(first.status).toBe(401);
      expect(upstream.to('/det/')).toHaveLength(1);
      const second = await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect', { body: big });
      expect(second.status).toBe(200);
      expect(upstream.to('/det/')[1]?.headers.authorization).toBe('Bearer tok-2');
    } finally {
      direct.close();
    }
  });
});

describe('headers', () => {
  it('strips hop-by-hop headers and cookies both ways', async () => {
    await startProxy(platformEnv());
    upstream.handler = (_request, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        Connection: 'keep-alive, X-Upstream-Hop',
        'X-Upstream-Hop': 'secret-route',
        'Keep-Alive': 'timeout=99',
        'Proxy-Authenticate': 'Basic realm="x"',
        'Set-Cookie': 'session=abc; Path=/',
        'X-Kept': 'yes',
      });
      res.end('{}');
    };
    const reply = await request(proxy.url, 'GET', '/api/discovery/v3/cms/collections', {
      headers: {
        Connection: 'keep-alive, X-Browser-Hop',
        'X-Browser-Hop': '1',
        'Keep-Alive': 'timeout=5',
        TE: 'trailers',
        'Proxy-Authorization': 'Basic Zm9vOmJhcg==',
        Cookie: 'rights-desk=1',
        'X-Request-Id': 'req-9',
      },
    });
    const [received] = upstream.to('/disc/');
    for (const name of ['x-browser-hop', 'keep-alive', 'te', 'proxy-authorization', 'cookie']) expect(received?.headers[name], name).toBeUndefined();
    expect(received?.headers['x-request-id']).toBe('req-9');
    for (const name of ['x-upstream-hop', 'proxy-authenticate', 'set-cookie']) expect(reply.headers[name], name).toBeUndefined();
    // The proxy's own server may announce its keep-alive; the upstream's must not come through.
    expect(reply.headers['keep-alive']).not.toBe('timeout=99');
    expect(reply.headers['x-kept']).toBe('yes');
  });

  it('passes the tus headers both ways and rewrites an upstream Location into the proxy path', async () => {
    await startProxy(platformEnv({ DISCOVERY_API_KEY: SERVER_KEY }));
    upstream.handler = (request, res) => {
      if (request.method === 'POST') {
        res.writeHead(201, { 'Tus-Resumable': '1.0.0', Location: `${upstream.url.origin}/disc/v4/cms/assets/file-upload/u-77`, 'Upload-Offset': '0' });
      } else {
        res.writeHead(204, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(10 + request.body.length) });
      }
      res.end();
    };
    const created = await request(proxy.url, 'POST', '/api/discovery/v4/cms/assets/file-upload/', {
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1048576', 'Upload-Metadata': 'filename c29uZy53YXY=', 'Blob-ID': 'blob-5', 'Content-Length': '0' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/api/discovery/v4/cms/assets/file-upload/u-77');
    expect(created.headers['tus-resumable']).toBe('1.0.0');

    const patched = await request(proxy.url, 'PATCH', created.headers.location!, {
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '10', 'Content-Type': 'application/offset+octet-stream', 'Blob-ID': 'blob-5' },
      body: Buffer.alloc(32, 3),
    });
    expect(patched.status).toBe(204);
    expect(patched.headers['upload-offset']).toBe('42');
    const [post, patch] = upstream.to('/disc/');
    expect(post?.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-length': '1048576', 'upload-metadata': 'filename c29uZy53YXY=', 'blob-id': 'blob-5', authorization: `Bearer ${SERVER_KEY}` });
    expect(patch?.url).toBe('/disc/v4/cms/assets/file-upload/u-77');
    expect(patch?.headers).toMatchObject({ 'upload-offset': '10', 'content-type': 'application/offset+octet-stream', 'blob-id': 'blob-5' });
  });

  it('rewrites Location only when it points under the upstream base', () => {
    const base = new URL('https://platform.example/discovery');
    expect(rewriteLocation('https://platform.example/discovery/v4/cms/assets/file-upload/x?y=1', base, 'discovery')).toBe('/api/discovery/v4/cms/assets/file-upload/x?y=1');
    expect(rewriteLocation('/discovery/v4/a', base, 'discovery')).toBe('/api/discovery/v4/a');
    expect(rewriteLocation('https://storage.example/upload/x', base, 'discovery')).toBe('https://storage.example/upload/x');
    expect(rewriteLocation('https://platform.example/other/x', base, 'discovery')).toBe('https://platform.example/other/x');
    expect(rewriteLocation('u-1', base, 'discovery')).toBe('u-1');
  });
});

describe('path rules', () => {
  it.each([
    ['/api/discovery/oauth2/token'],
    ['/api/discovery/v2/cms/assets'],
    ['/api/discovery/sandbox/reset'],
    ['/api/detector/oauth2/token'],
    ['/api/detector/v1/ai-detector/other'],
    ['/api/detector/v1/ai-detector/detect/extra'],
    ['/api/search/sandbox/search/lookups'],
    ['/api/search/api/v2/search/x'],
    ['/api/elsewhere/v3/cms/assets'],
    ['/api/discoveryx/v3/cms/assets'],
    ['/api/discovery'],
  ])('refuses %s outside the allow-list with 404', async (path) => {
    await startProxy(platformEnv());
    const reply = await request(proxy.url, 'GET', path);
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.text)).toMatchObject({ status: 'error' });
    expect(upstream.received).toHaveLength(0);
  });

  it.each([
    ['/api/discovery/v3/../../admin'],
    ['/api/discovery/v3/cms/assets/..'],
    ['/api/discovery/v3/%2e%2e/%2e%2e/admin'],
    ['/api/discovery/v3/%2E./admin'],
    ['/api/discovery/v3/..%2fadmin'],
    ['/api/discovery/v3/cms%2F..%2Fadmin'],
    ['/api/discovery/v3/%252e%252e/admin'],
    ['/api/discovery/v3/..;/admin'],
    ['/api/discovery/v3\\..\\admin'],
    ['/api/discovery/v3/%5c..%5cadmin'],
    ['/api/discovery//evil.example/v3/cms'],
    ['/api/search/api/v1/search//evil.example'],
    ['/api/discovery/v3/cms/assets%00'],
    ['/api/discovery/v3/%zz'],
  ])('refuses the traversal %s with 400', async (path) => {
    await startProxy(platformEnv());
    const reply = await request(proxy.url, 'GET', path);
    expect(reply.status).toBe(400);
    expect(upstream.received).toHaveLength(0);
  });

  it('leaves other paths (absolute-form URLs included) to the next handler', async () => {
    await startProxy(platformEnv());
    expect((await request(proxy.url, 'GET', '/assets/index.js')).status).toBe(418);
    expect((await request(proxy.url, 'GET', 'http://evil.example/api/discovery/v3/cms/assets')).status).toBe(418);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('failures and streaming', () => {
  it('answers 502 with the proxy header when the upstream is unreachable', async () => {
    const closed = await new FakeUpstream().start();
    const deadBase = `${closed.url.origin}/disc`;
    await closed.close();
    await startProxy(platformEnv({ DISCOVERY_BASE_URL: deadBase }));
    const reply = await request(proxy.url, 'GET', '/api/discovery/v3/cms/assets');
    expect(reply.status).toBe(502);
    expect(reply.headers['x-rights-desk-proxy']).toBe('unreachable');
    expect(JSON.parse(reply.text)).toEqual({ status: 'error', message: 'Discovery upstream unreachable: ECONNREFUSED', interface: 'discovery' });
  });

  it('waits at least 10 minutes for a blocking upstream by default, then answers 504', async () => {
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBeGreaterThanOrEqual(10 * 60 * 1000);
    const direct = await startDirectProxy({ idleTimeoutMs: 300 });
    upstream.handler = () => {}; // a lookup that never completes
    try {
      const reply = await request(proxy.url, 'GET', '/api/search/api/v1/search/check-search/slow');
      expect(reply.status).toBe(504);
      expect(reply.headers['x-rights-desk-proxy']).toBe('timeout');
      expect(JSON.parse(reply.text)).toMatchObject({ status: 'error', interface: 'search' });
    } finally {
      direct.close();
    }
  });

  it('streams a request body: the upstream sees the first bytes before the browser has sent the rest', async () => {
    await startProxy(platformEnv());
    const firstChunk = nextEvent(upstream, 'first-chunk');
    const reply = new Promise<number>((resolve, reject) => {
      const req = http.request({ host: proxy.url.hostname, port: proxy.url.port, method: 'PUT', path: '/api/discovery/v3/cms/assets/1/file', headers: { 'Content-Type': 'audio/wav', 'Content-Length': String(3 * 65536) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(65536, 1));
      // The rest is only sent once the upstream has seen the start: a buffering proxy never gets here.
      firstChunk.then(
        () => req.end(Buffer.alloc(2 * 65536, 2)),
        (error: unknown) => {
          req.destroy();
          reject(error as Error);
        },
      );
    });
    expect(await reply).toBe(200);
    expect(upstream.to('/disc/')[0]?.body.length).toBe(3 * 65536);
  });

  it('aborts the upstream request when the browser goes away mid-upload', async () => {
    await startProxy(platformEnv());
    const firstChunk = nextEvent(upstream, 'first-chunk');
    const aborted = nextEvent<string>(upstream, 'aborted');
    const req = http.request({ host: proxy.url.hostname, port: proxy.url.port, method: 'PUT', path: '/api/discovery/v3/cms/assets/1/file', headers: { 'Content-Length': String(1 << 20) } });
    req.on('error', () => {});
    req.write(Buffer.alloc(1000, 1));
    await firstChunk;
    req.destroy();
    expect(await aborted).toBe('/disc/v3/cms/assets/1/file');
    expect(upstream.received).toHaveLength(0);
  });
});

describe('GET /api/config', () => {
  it('names the upstream hosts and holds no secret', async () => {
    await startProxy(platformEnv({ DISCOVERY_API_KEY: SERVER_KEY, SEARCH_TOKEN: 'static-search-token', UPLOAD_V4_THRESHOLD_BYTES: '1048576' }));
    const reply = await request(proxy.url, 'GET', '/api/config');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const config = serverConfigSchema.parse(JSON.parse(reply.text));
    const host = upstream.url.host;
    expect(config).toEqual({
      platform: 'platform',
      discoveryKeyOnServer: true,
      interfaces: { discovery: { target: host, configured: true }, detector: { target: host, configured: true }, search: { target: host, configured: true } },
      uploadV4ThresholdBytes: 1048576,
    });
    for (const secret of [SERVER_KEY, CLIENT_ID, CLIENT_SECRET, 'static-search-token']) expect(reply.text).not.toContain(secret);
    expect((await request(proxy.url, 'POST', '/api/config')).status).toBe(405);
  });
});

describe('kept-alive upstream sockets', () => {
  /** Drops (without an answer) the second request that arrives on any one connection, as a socket the upstream closed while idle does. */
  function dropSecondRequestPerSocket(): void {
    const seen = new WeakMap<object, number>();
    upstream.handler = (request, res) => {
      const socket = res.socket!;
      const n = (seen.get(socket) ?? 0) + 1;
      seen.set(socket, n);
      if (n === 2) {
        socket.destroy();
        return;
      }
      json(res, 200, { path: request.url, method: request.method });
    };
  }

  it('sends an idempotent request again on a new connection when a reused socket was reset', async () => {
    await startProxy(platformEnv({ DISCOVERY_API_KEY: SERVER_KEY }));
    dropSecondRequestPerSocket();
    // Two sockets in the pool, both of which the upstream will drop: the retry must not take the other one.
    const warm = await Promise.all([request(proxy.url, 'GET', '/api/discovery/v3/cms/assets'), request(proxy.url, 'GET', '/api/discovery/v3/cms/collections')]);
    expect(warm.map((reply) => reply.status)).toEqual([200, 200]);
    const second = await request(proxy.url, 'DELETE', '/api/discovery/v3/cms/assets/42');
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text)).toEqual({ path: '/disc/v3/cms/assets/42', method: 'DELETE' });
    expect(upstream.to('/disc/v3/cms/assets/42')).toHaveLength(2);
  });

  it('closes an idle pooled socket itself, before the upstream (5 s here) would', async () => {
    const direct = await startDirectProxy({ idleSocketTimeoutMs: 100 });
    try {
      const closed = nextEvent(upstream, 'connection-closed', 1500);
      expect((await request(proxy.url, 'GET', '/api/discovery/v3/cms/assets')).status).toBe(200);
      await closed;
    } finally {
      direct.close();
    }
  });

  it('never sends a POST twice: a reset reused socket answers 502 and the caller decides', async () => {
    await startProxy(platformEnv({ DISCOVERY_API_KEY: SERVER_KEY }));
    dropSecondRequestPerSocket();
    expect((await request(proxy.url, 'GET', '/api/discovery/v3/cms/assets')).status).toBe(200);
    const post = await request(proxy.url, 'POST', '/api/discovery/v3/drm/copies/7/status', { body: '{"status":40}', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(502);
    expect(JSON.parse(post.text).message).toMatch(/Discovery upstream unreachable/);
    expect(upstream.to('/disc/v3/drm/copies/7/status')).toHaveLength(1);
  });
});
