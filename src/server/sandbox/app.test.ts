import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Upload as TusUpload } from 'tus-js-client';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSandbox } from './test-helpers';
import { startTestSandbox } from './test-helpers';
import { DEMO_API_KEY, DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET, OTHER_API_KEY } from './app';
import { urlFetchSettings } from './routes/detector';

// Contract rules that cut across every interface: authentication, the Discovery rate limit, fault
// injection, robustness against bad input, and persistence of the stand-alone sandbox process.

const BASIC = `Basic ${Buffer.from(`${DETECTOR_CLIENT_ID}:${DETECTOR_CLIENT_SECRET}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';

async function issueToken(sb: { call: TestSandbox['call'] }): Promise<{ status: number; token: string }> {
  const res = await sb.call('POST', '/oauth2/token', { key: null, headers: { authorization: BASIC, 'content-type': FORM }, rawBody: 'grant_type=client_credentials' });
  return { status: res.status, token: res.json?.access_token };
}

const count = (sb: TestSandbox, table: string) => Number((sb.sandbox.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: bigint }).n);

describe('authentication', () => {
  let sb: TestSandbox;
  let token: string;
  beforeAll(async () => {
    sb = await startTestSandbox();
    token = (await issueToken(sb)).token;
  });
  afterAll(() => sb.close());

  it.each([
    ['GET', '/v3/api-key'],
    ['GET', '/v3/cms/assets'],
    ['POST', '/v3/cms/collections'],
    ['GET', '/v3/drm/copies/123'],
    ['GET', '/v3/cms/no-such-endpoint'],
    ['DELETE', '/v3/drm/monitoring'],
    ['GET', '/drm/sound-metadata/abc'],
  ])('Discovery %s %s: 401 without a key, with a wrong key, or with a detector token', async (method, path) => {
    for (const opts of [{ key: null }, { key: 'not-a-real-key' }, { key: null, token }]) {
      const res = await sb.call(method, path, { ...opts, body: method === 'POST' ? { title: 'x' } : undefined });
      expect(res.status, JSON.stringify(opts)).toBe(401);
      expect(res.json).toEqual({ status: 'error', message: expect.any(String) });
    }
  });

  it('with a valid key, an unknown Discovery path is 404 and a wrong method 405', async () => {
    expect((await sb.call('GET', '/v3/cms/no-such-endpoint')).status).toBe(404);
    expect((await sb.call('DELETE', '/v3/drm/monitoring')).status).toBe(405);
    expect((await sb.call('GET', '/v3/api-key')).status).toBe(200);
  });

  it('detector and Search refuse a Discovery API key; paths outside every interface are plain 404', async () => {
    expect((await sb.call('POST', '/v1/ai-detector/detect-url', { key: DEMO_API_KEY, rawBody: 'url=x', headers: { 'content-type': FORM } })).status).toBe(401);
    expect((await sb.call('GET', '/api/v1/search/check-search/lk_both_01', { key: DEMO_API_KEY })).status).toBe(401);
    expect((await sb.call('GET', '/api/v1/search/unknown', { key: null })).status).toBe(401);
    expect((await sb.call('GET', '/api/v1/search/unknown', { key: null, token })).status).toBe(404);
    expect((await sb.call('GET', '/nothing/here', { key: null })).status).toBe(404);
  });

  it('each API key sees its own organisation', async () => {
    const mine = await sb.call('GET', '/v3/api-key');
    const theirs = await sb.call('GET', '/v3/api-key', { key: OTHER_API_KEY });
    const tokens = (res: typeof mine) => (res.json as { token: string }[]).map((k) => k.token);
    expect(tokens(mine)).toContain(DEMO_API_KEY);
    expect(tokens(mine)).not.toContain(OTHER_API_KEY);
    expect(tokens(theirs)).toEqual([OTHER_API_KEY]);
  });
});

describe('Discovery rate limit: 16 calls per second per key', () => {
  let clock = Date.UTC(2026, 10, 21, 9, 0, 0);
  let sb: TestSandbox;
  beforeAll(async () => {
    // undefined: createSandbox's default limit, the platform's 16 per second.
    sb = await startTestSandbox({ now: () => clock, rateLimitPerSecond: undefined });
  });
  afterAll(() => sb.close());

  it('answers the 17th call within a second with 429 and Retry-After, per key, on a rolling window', async () => {
    for (let i = 0; i < 8; i++) expect((await sb.call('GET', '/v3/api-key')).status).toBe(200);
    clock += 500;
    for (let i = 0; i < 8; i++) expect((await sb.call('GET', '/v3/api-key')).status).toBe(200);
    clock += 499;
    const limited = await sb.call('GET', '/v3/api-key');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.json).toEqual({ status: 'error', message: expect.stringMatching(/16 calls per second/) });
    // Unknown paths count too: the gateway limits before routing.
    expect((await sb.call('GET', '/v3/cms/no-such-endpoint')).status).toBe(429);
    // Another key has its own budget.
    expect((await sb.call('GET', '/v3/api-key', { key: OTHER_API_KEY })).status).toBe(200);
    // One second after the first eight, they leave the window; the second eight still count.
    clock += 1;
    for (let i = 0; i < 8; i++) expect((await sb.call('GET', '/v3/api-key')).status).toBe(200);
    expect((await sb.call('GET', '/v3/api-key')).status).toBe(429);
  });

  it('limits under real concurrency: 20 simultaneous calls, 16 pass', async () => {
    clock += 10_000;
    const results = await Promise.all(Array.from({ length: 20 }, () => sb.call('GET', '/v3/api-key')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(16);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('does not apply to the detector, Search, or the /sandbox/ tools', async () => {
    clock += 10_000;
    const { token } = await issueToken(sb);
    for (let i = 0; i < 20; i++) {
      expect((await sb.call('GET', '/api/v1/search/check-search/lk_classification_01', { key: null, token })).status).toBe(200);
      expect((await sb.call('GET', '/sandbox/faults', { key: null })).status).toBe(200);
    }
  });
});

describe('fault injection', () => {
  const started: TestSandbox[] = [];
  const start = async (options: Parameters<typeof startTestSandbox>[0] = {}) => {
    const sb = await startTestSandbox(options);
    started.push(sb);
    return sb;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((sb) => sb.close()));
  });

  it('SANDBOX_FAULTS answers matching paths with the fault before the handler runs: nothing changes', async () => {
    const saved = process.env.SANDBOX_FAULTS;
    process.env.SANDBOX_FAULTS = '500=1,paths=/oauth2;/v3/api-key';
    let sb: TestSandbox;
    try {
      sb = await start();
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_FAULTS;
      else process.env.SANDBOX_FAULTS = saved;
    }
    const tokens = count(sb, 'oauth_tokens');
    const keys = count(sb, 'api_keys');
    const faulted = await issueToken(sb);
    expect(faulted.status).toBe(500);
    const created = await sb.call('POST', '/v3/api-key', { body: { name: 'Created under a fault' } });
    expect(created.status).toBe(500);
    expect(created.json).toEqual({ status: 'error', message: expect.stringMatching(/Injected fault/) });
    expect(count(sb, 'oauth_tokens')).toBe(tokens);
    expect(count(sb, 'api_keys')).toBe(keys);
    // Other paths are untouched, and so is /sandbox/.
    expect((await sb.call('GET', '/v3/cms/assets?count=1')).status).toBe(200);
    expect((await sb.call('GET', '/sandbox/info', { key: null })).status).toBe(200);
  });

  it('PUT /sandbox/faults switches faults on and off at run time', async () => {
    const sb = await start();
    const keys = count(sb, 'api_keys');
    expect((await sb.call('PUT', '/sandbox/faults', { key: null, body: { rates: { 503: 1 }, paths: ['/v3/api-key'] } })).status).toBe(200);
    const faulted = await sb.call('POST', '/v3/api-key', { body: { name: 'Not created' } });
    expect(faulted.status).toBe(503);
    expect(count(sb, 'api_keys')).toBe(keys);

    expect((await sb.call('PUT', '/sandbox/faults', { key: null, body: { rates: { 429: 1 } } })).status).toBe(200);
    const limited = await sb.call('GET', '/v3/api-key');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');

    expect((await sb.call('PUT', '/sandbox/faults', { key: null, body: {} })).status).toBe(200);
    const created = await sb.call('POST', '/v3/api-key', { body: { name: 'Created once faults are off' } });
    expect(created.status).toBeLessThan(300);
    expect(count(sb, 'api_keys')).toBe(keys + 1);
  });

  it('mixes faults at the configured rates, in a sequence fixed by the seed', async () => {
    const sb = await start();
    const spec = { rates: { 429: 0.2, 500: 0.1, 503: 0.1 }, seed: 42, paths: ['/v1/ai-detector'] };
    const run = async () => {
      await sb.call('PUT', '/sandbox/faults', { key: null, body: spec });
      const statuses: number[] = [];
      // Without a token: 401 when no fault fires, the fault's status otherwise.
      for (let i = 0; i < 300; i++) statuses.push((await sb.call('POST', '/v1/ai-detector/detect', { key: null })).status);
      return statuses;
    };
    const first = await run();
    const share = (code: number) => first.filter((s) => s === code).length / first.length;
    expect(share(429)).toBeGreaterThan(0.12);
    expect(share(429)).toBeLessThan(0.28);
    expect(share(500)).toBeGreaterThan(0.04);
    expect(share(500)).toBeLessThan(0.16);
    expect(share(503)).toBeGreaterThan(0.04);
    expect(share(503)).toBeLessThan(0.16);
    expect(share(401)).toBeGreaterThan(0.5);
    expect(await run()).toEqual(first);
  });

  it('adds the configured latency', async () => {
    const sb = await start({ faults: 'latency=300' });
    const startedAt = performance.now();
    expect((await sb.call('GET', '/v3/api-key')).status).toBe(200);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(290);
    const quick = performance.now();
    // /sandbox/ is never delayed.
    await sb.call('GET', '/sandbox/faults', { key: null });
    expect(performance.now() - quick).toBeLessThan(290);
  });
});

describe('bad input never yields a 500', () => {
  let sb: TestSandbox;
  let token: string;
  let ids: Record<string, string[]>;
  beforeAll(async () => {
    sb = await startTestSandbox();
    token = (await issueToken(sb)).token;
    urlFetchSettings.timeoutMs = 1_000;
    const pick = (sql: string) => (sb.sandbox.db.prepare(sql).all() as { id: bigint | string }[]).map((r) => String(r.id));
    ids = {
      asset: pick('SELECT asset_id AS id FROM assets ORDER BY asset_id DESC LIMIT 3'),
      collection: pick('SELECT collection_id AS id FROM collections ORDER BY collection_id DESC LIMIT 3'),
      whitelist: pick('SELECT whitelist_id AS id FROM whitelists ORDER BY whitelist_id DESC LIMIT 3'),
      url: pick('SELECT url_id AS id FROM whitelist_urls ORDER BY url_id DESC LIMIT 3'),
      match: pick('SELECT match_id AS id FROM copies ORDER BY match_id DESC LIMIT 3'),
      result: pick('SELECT result_id AS id FROM monitoring_results ORDER BY result_id DESC LIMIT 3'),
      status: ['10', '40', '60', ...pick('SELECT status AS id FROM custom_statuses LIMIT 2')],
      sound: pick('SELECT sound_id AS id FROM sounds LIMIT 3'),
      lookup: ['lk_matching_01', 'lk_both_01'],
      audio: ['clip-5s.wav', 'not-audio.txt'],
    };
  });
  afterAll(async () => {
    urlFetchSettings.timeoutMs = 10_000;
    await sb.close();
  });

  // Every endpoint of the spec and of the sandbox (except reset and fault settings, which would change
  // the rules under the test), with the kind of id each path parameter takes.
  const ENDPOINTS: [string, string][] = [
    ['GET', '/v3/api-key'],
    ['POST', '/v3/api-key'],
    ['DELETE', '/v3/api-key'],
    ['GET', '/v3/cms/assets'],
    ['POST', '/v3/cms/assets/upload'],
    ['POST', '/v4/cms/assets/upload'],
    ['POST', '/v3/cms/assets/link'],
    ['GET', '/v3/cms/assets/{asset}'],
    ['PUT', '/v3/cms/assets/{asset}'],
    ['PATCH', '/v3/cms/assets/{asset}'],
    ['DELETE', '/v3/cms/assets/{asset}'],
    ['GET', '/v3/cms/assets/{asset}/verify'],
    ['GET', '/v3/cms/assets/{asset}/track'],
    ['PUT', '/v3/cms/assets/{asset}/track'],
    ['PUT', '/sandbox/uploads/{asset}'],
    ['POST', '/v4/cms/assets/file-upload/'],
    ['PATCH', '/v4/cms/assets/file-upload/{asset}'],
    ['HEAD', '/v4/cms/assets/file-upload/{asset}'],
    ['GET', '/v3/cms/collections'],
    ['POST', '/v3/cms/collections'],
    ['GET', '/v3/cms/collections/{collection}'],
    ['PUT', '/v3/cms/collections/{collection}'],
    ['DELETE', '/v3/cms/collections/{collection}'],
    ['POST', '/v3/cms/collections/auto'],
    ['GET', '/v3/cms/collections/auto/{collection}'],
    ['PUT', '/v3/cms/collections/auto/{collection}'],
    ['DELETE', '/v3/cms/collections/auto/{collection}'],
    ['GET', '/v3/cms/whitelists'],
    ['POST', '/v3/cms/whitelists'],
    ['GET', '/v3/cms/whitelists/{whitelist}'],
    ['DELETE', '/v3/cms/whitelists/{whitelist}'],
    ['GET', '/v3/cms/whitelists/{whitelist}/urls'],
    ['POST', '/v3/cms/whitelists/{whitelist}/urls'],
    ['GET', '/v3/cms/whitelists/{whitelist}/urls/{url}'],
    ['DELETE', '/v3/cms/whitelists/{whitelist}/urls/{url}'],
    ['GET', '/v3/drm/copies'],
    ['GET', '/v3/drm/copies/{match}'],
    ['GET', '/v3/drm/copies/{match}/status'],
    ['POST', '/v3/drm/copies/{match}/status'],
    ['DELETE', '/v3/drm/copies/{match}/status/{status}'],
    ['GET', '/v3/drm/copies/statuses'],
    ['POST', '/v3/drm/copies/status'],
    ['DELETE', '/v3/drm/copies/status/{status}'],
    ['GET', '/drm/sound-metadata/{sound}'],
    ['POST', '/v3/drm/sound-metadata'],
    ['GET', '/v3/drm/monitoring'],
    ['PATCH', '/v3/drm/monitoring/result/{result}/status'],
    ['POST', '/oauth2/token'],
    ['POST', '/v1/ai-detector/detect'],
    ['POST', '/v1/ai-detector/detect-url'],
    ['GET', '/api/v1/search/check-search/{lookup}'],
    ['GET', '/sandbox/info'],
    ['GET', '/sandbox/faults'],
    ['GET', '/sandbox/search/lookups'],
    ['POST', '/sandbox/search/lookups'],
    ['GET', '/sandbox/audio'],
    ['GET', '/sandbox/audio/{audio}'],
    ['OPTIONS', '/v3/cms/assets'],
  ];

  const FIELDS = [
    'name', 'token', 'title', 'media_type', 'mime_type', 'fid', 'production_date', 'match_types', 'collection_ids', 'reference_ids', 'music',
    'youtube_content_id', 'excluded_segments', 'is_tracked', 'link', 'reference_id', 'source_url', 'is_active', 'dates_limit', 'status',
    'sound_id', 'platform', 'url', 'grant_type', 'kind', 'delay_seconds', 'file',
  ];
  const QUERY_KEYS = ['count', 'max_id', 'min_id', 'status', 'is_tracked', 'isrc', 'asset_id', 'start', 'collection', 'platform', 'is_taken_down', 'limit', 'offset', 'music-detected', 'date_uploaded', 'date_uploaded_from', 'date_uploaded_to', 'token'];

  const weird = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', '-1', '0', '1.5', '1e3', '9223372036854775807', '9223372036854775808', '99999999999999999999999', 'NaN', 'true', 'null', '[]', '%zz', '%E0%A4%A', '..', '0x10', ' 1'),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  );
  // Raw % sequences stay (malformed encodings are part of the test); other reserved characters are encoded.
  const raw = (value: string) => value.replace(/[^A-Za-z0-9%._~-]/g, (c) => encodeURIComponent(c));

  const body = fc.oneof(
    fc.constant(undefined),
    fc.json().map((text) => ({ text, type: 'application/json' })),
    fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue(), { maxKeys: 5 }).map((o) => ({ text: JSON.stringify(o), type: 'application/json' })),
    fc
      .array(fc.dictionary(fc.constantFrom('sound_id', 'platform'), fc.oneof(fc.string(), fc.integer())), { maxLength: 3 })
      .map((a) => ({ text: JSON.stringify(a), type: 'application/json' })),
    fc.string({ maxLength: 200 }).map((text) => ({ text, type: 'application/json' })),
    fc.dictionary(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 }), { maxKeys: 3 }).map((o) => ({ text: new URLSearchParams(o).toString(), type: FORM })),
    fc
      .string({ maxLength: 200 })
      .map((text) => ({ text: `--b\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n${text}\r\n--b--\r\n`, type: 'multipart/form-data; boundary=b' })),
    fc
      .tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('application/octet-stream', 'audio/wav', 'text/plain', 'multipart/form-data'))
      .map(([bytes, type]) => ({ text: Buffer.from(bytes), type })),
  );

  it('random bodies, query strings and path ids against every endpoint', async () => {
    const pathValue = (kind: string) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...(ids[kind]?.length ? ids[kind]! : ['1'])) }, { weight: 3, arbitrary: weird });
    const request = fc.constantFrom(...ENDPOINTS).chain(([method, template]) => {
      const kinds = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      return fc.record({
        method: fc.constant(method),
        template: fc.constant(template),
        params: fc.tuple(...kinds.map(pathValue)),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), weird), { maxLength: 4 }),
        body,
        auth: fc.constantFrom('key', 'key', 'key', 'token', 'none', 'other'),
      });
    });

    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        let i = 0;
        const path = req.template.replace(/\{\w+\}/g, () => raw(String(req.params[i++])));
        const query = req.query.map(([k, v]) => `${encodeURIComponent(k)}=${raw(v)}`).join('&');
        const headers: Record<string, string> = {};
        if (req.body) headers['content-type'] = req.body.type;
        if (req.template.startsWith('/v4/cms/assets/file-upload')) headers['blob-id'] = 'x';
        const res = await sb.call(req.method, query ? `${path}?${query}` : path, {
          key: req.auth === 'key' ? DEMO_API_KEY : req.auth === 'other' ? OTHER_API_KEY : null,
          token: req.auth === 'token' ? token : undefined,
          rawBody: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body?.text,
          headers,
        });
        expect(res.status, `${req.method} ${path}?${query} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
    expect((await sb.call('GET', '/sandbox/info', { key: null })).status).toBe(200);
  }, 120_000);
});

describe('the stand-alone sandbox process keeps its data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rights-desk-cli-'));
  const dbPath = join(dir, 'sandbox.db');
  let child: ChildProcess | null = null;

  afterAll(() => {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  }

  /** Starts `npx tsx src/server/sandbox/cli.ts` in its own process group and waits until it listens. */
  async function startCli(extra: string[] = [], samePort?: number): Promise<{ url: string; call: TestSandbox['call'] }> {
    const port = samePort ?? (await freePort());
    const proc = spawn('npx', ['tsx', 'src/server/sandbox/cli.ts', '--port', String(port), '--db', dbPath, ...extra], {
      cwd: process.cwd(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_FAULTS: '' },
    });
    child = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`sandbox exited with ${code}:\n${output}`));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    const call: TestSandbox['call'] = async (method, path, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      else if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      let payload = opts.rawBody;
      if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, body: payload as BodyInit | undefined });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    };
    return { url, call };
  }

  async function killHard(): Promise<void> {
    const proc = child!;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    process.kill(-proc.pid!, 'SIGKILL');
    await exited;
    child = null;
  }

  it('survives kill -9, keeps data on a plain restart, and re-seeds with --reset', async () => {
    let sandbox = await startCli();
    const { token, status } = await issueToken(sandbox);
    expect(status).toBe(200);
    const created = await sandbox.call('POST', '/sandbox/search/lookups', { body: { kind: 'both' } });
    expect(created.status).toBe(201);
    const lookupId = created.json.lookup_id as string;
    const key = await sandbox.call('POST', '/v3/api-key', { key: DEMO_API_KEY, body: { name: 'Survives a crash' } });
    expect(key.status).toBeLessThan(300);
    const infoBefore = (await sandbox.call('GET', '/sandbox/info')).json;
    await killHard();

    sandbox = await startCli();
    expect((await sandbox.call('GET', `/api/v1/search/check-search/${lookupId}`, { token })).status).toBe(200);
    const keys = (await sandbox.call('GET', '/v3/api-key', { key: DEMO_API_KEY })).json as { key_name: string }[];
    expect(keys.map((k) => k.key_name)).toContain('Survives a crash');
    // The seed did not run again: every table has exactly what it had before the crash.
    expect((await sandbox.call('GET', '/sandbox/info')).json.counts).toEqual(infoBefore.counts);
    await killHard();

    sandbox = await startCli(['--reset']);
    expect((await sandbox.call('GET', `/api/v1/search/check-search/${lookupId}`, { token })).status).toBe(401);
    const fresh = await issueToken(sandbox);
    expect((await sandbox.call('GET', `/api/v1/search/check-search/${lookupId}`, { token: fresh.token })).status).toBe(404);
    expect((await sandbox.call('GET', '/api/v1/search/check-search/lk_both_01', { token: fresh.token })).status).toBe(200);
    const afterReset = (await sandbox.call('GET', '/v3/api-key', { key: DEMO_API_KEY })).json as { key_name: string }[];
    expect(afterReset.map((k) => k.key_name)).not.toContain('Survives a crash');
    const resetCounts = (await sandbox.call('GET', '/sandbox/info')).json.counts;
    expect(resetCounts.search_lookups).toBe(4);
    await killHard();

    // A start without --reset after a reset keeps the data as it is (the seed is idempotent).
    sandbox = await startCli();
    const again = (await sandbox.call('GET', '/sandbox/info')).json.counts;
    expect(again).toEqual(resetCounts);
    await killHard();
  }, 240_000);

  it('a tus upload survives kill -9 of the sandbox mid-transfer, resumes after the restart and verifies with its fid', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 1234);
    const fid = createHash('sha256').update(data.subarray(0, 512 * 1024)).digest('hex');
    const first = await startCli();
    const port = Number(new URL(first.url).port);
    const created = await first.call('POST', '/v4/cms/assets/upload', {
      key: DEMO_API_KEY,
      body: { title: 'Survives a crash mid-upload', media_type: 'audio', mime_type: 'audio/mpeg', fid, production_date: '2025-06-01' },
    });
    expect(created.status, created.text).toBe(200);
    // Plain JSON.parse rounds 64-bit ids: use the string companion.
    const assetId = created.json.asset_id_str as string;
    const blobId = created.json.blob_id as string;

    let chunks = 0;
    let sentAfterKill = 0;
    let killed: Promise<void> | null = null;
    let restarted: Promise<unknown> | null = null;
    await new Promise<void>((resolve, reject) => {
      const upload = new TusUpload(data, {
        endpoint: `${first.url}/v4/cms/assets/file-upload/`,
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Blob-ID': blobId },
        chunkSize: 256 * 1024,
        metadata: { filename: 'crash.mp3', filetype: 'audio/mpeg' },
        // Enough patience for a restart (tsx start-up on a busy machine); 429s and refused connections are retried.
        retryDelays: [250, 500, 1000, 1000, 2000, 2000, 3000, 3000, 5000, 5000, 5000, 5000, 5000],
        onShouldRetry: () => true,
        onChunkComplete: (chunkSize) => {
          chunks += 1;
          if (killed) sentAfterKill += chunkSize;
          // After four chunks (1 MiB of 3), the platform dies without a chance to flush anything.
          if (chunks === 4 && !killed) {
            killed = killHard();
            restarted = killed.then(() => startCli([], port));
          }
        },
        onSuccess: () => resolve(),
        onError: (error) => reject(error),
      });
      upload.start();
    });
    expect(killed).not.toBeNull();
    const sandbox = (await restarted!) as Awaited<ReturnType<typeof startCli>>;
    // It resumed from the offset the sandbox kept, rather than sending everything again.
    expect(sentAfterKill).toBeGreaterThan(0);
    expect(sentAfterKill).toBeLessThan(data.length);

    const verify = await sandbox.call('GET', `/v3/cms/assets/${assetId}/verify`, { key: DEMO_API_KEY });
    expect(verify.status, verify.text).toBe(200);
    expect(verify.json.uploaded).toBe(true);
    const asset = await sandbox.call('GET', `/v3/cms/assets/${assetId}`, { key: DEMO_API_KEY });
    // The sandbox marks a transfer whose first 512 KiB do not hash to the declared fid as failed.
    const processing = asset.json.processing_status as { status: string; error: string };
    expect(['uploaded', 'sampled'], JSON.stringify(processing)).toContain(processing.status);
    await killHard();
  }, 240_000);
});
