import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from './config';
import type { ProductionServer } from './main';
import { contentSecurityPolicy, startProductionServer } from './main';
import { request } from './proxy/test-helpers';

const INDEX = '<!doctype html><html><head><script type="module" src="/static/index-4f2a9c.js"></script></head><body><div id="root"></div></body></html>';
const OUTSIDE = 'outside-of-dist-do-not-serve';

let dir: string;
let app: ProductionServer;
let base: URL;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rights-desk-main-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'static'), { recursive: true });
  mkdirSync(join(dist, 'docs'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'static', 'index-4f2a9c.js'), 'console.log("rights desk");');
  writeFileSync(join(dist, 'static', 'index-77ab01.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'docs', 'note.txt'), 'a note');
  writeFileSync(join(dir, 'secret.txt'), OUTSIDE);
  symlinkSync(join(dir, 'secret.txt'), join(dist, 'linked.txt'));
  const settings = parseSettings({ SANDBOX_DB: join(dir, 'data', 'sandbox.db'), PORT: '0', HOST: '127.0.0.1' });
  app = await startProductionServer(settings, dist);
  base = new URL(app.url);
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

describe('production server', () => {
  it('serves index.html with no-cache and the security headers', async () => {
    const reply = await request(base, 'GET', '/');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(INDEX);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers).toMatchObject(SECURITY);
    expect(reply.headers['permissions-policy']).toContain('camera=()');
    const csp = String(reply.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ]) {
      expect(csp.split('; ')).toContain(directive);
    }
  });

  it('serves hashed assets with a long immutable cache and their content types', async () => {
    const js = await request(base, 'GET', '/static/index-4f2a9c.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(base, 'GET', '/static/index-77ab01.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await request(base, 'GET', '/favicon.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('no-cache');
    const head = await request(base, 'HEAD', '/static/index-4f2a9c.js');
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String('console.log("rights desk");'.length));
  });

  it('gzips text files for browsers that accept it, and only for them', async () => {
    const source = 'console.log("rights desk");';
    const zipped = await requestBytes(base, '/static/index-4f2a9c.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toBe('Accept-Encoding');
    expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(source);
    const page = await requestBytes(base, '/copies', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(page.body).toString('utf8')).toBe(INDEX);

    for (const refusal of [undefined, 'identity', 'gzip;q=0, br']) {
      const plain = await request(base, 'GET', '/static/index-4f2a9c.js', { headers: refusal ? { 'Accept-Encoding': refusal } : {} });
      expect(plain.headers['content-encoding'], refusal).toBeUndefined();
      expect(plain.text, refusal).toBe(source);
    }
    // Images are not compressed again; the favicon is text (SVG) and is.
    expect((await requestBytes(base, '/favicon.svg', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers app routes with index.html and missing files with 404', async () => {
    for (const path of ['/copies', '/assets', '/assets/9007199254740993', '/assets/upload', '/assets-overview?status=sampled&count=50', '/monitoring/results/123', '/docs', '/docs/']) {
      const reply = await request(base, 'GET', path);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).toBe(INDEX);
    }
    expect((await request(base, 'GET', '/static/index-000000.js')).status).toBe(404);
    expect((await request(base, 'GET', '/static/')).status).toBe(404);
    expect((await request(base, 'GET', '/missing.png')).status).toBe(404);
    expect((await request(base, 'POST', '/copies')).status).toBe(405);
  });

  it.each([['/../secret.txt'], ['/%2e%2e/secret.txt'], ['/static/..%2f..%2fsecret.txt'], ['/..%5csecret.txt'], ['/static/%2e%2e/%2e%2e/secret.txt'], ['/linked.txt'], ['/%00'], ['//secret.txt']])(
    'never serves a file outside dist: %s',
    async (path) => {
      const reply = await request(base, 'GET', path);
      expect(reply.text).not.toContain(OUTSIDE);
      expect([200, 400, 404]).toContain(reply.status);
      if (reply.status === 200) expect(reply.text).toBe(INDEX);
    },
  );

  it('mounts the proxy, whose answers carry the security headers too', async () => {
    const config = await request(base, 'GET', '/api/config');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.text)).toMatchObject({ platform: 'sandbox' });
    expect(config.headers).toMatchObject(SECURITY);
    const keys = await request(base, 'GET', '/api/discovery/v3/api-key', { headers: { Authorization: 'Bearer sandbox-demo-key' } });
    expect(keys.status).toBe(200);
    expect(keys.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await request(base, 'GET', '/api/discovery/../config')).status).toBe(400);
  });

  it('allows the configured Discovery origin in connect-src for direct uploads', () => {
    const settings = parseSettings({ DISCOVERY_BASE_URL: 'https://discovery.platform.example/api' });
    expect(contentSecurityPolicy(settings)).toContain("connect-src 'self' https://discovery.platform.example;");
  });
});

/** A GET whose body is kept as bytes (a compressed body is not text). */
function requestBytes(base: URL, path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: base.hostname, port: base.port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
