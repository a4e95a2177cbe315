import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { createServer } from 'vite';
import { parseSettings } from '../config';
import { rightsDeskProxyPlugin } from './vite-plugin';
import { request } from './test-helpers';

let dir: string;
let server: ViteDevServer;
let base: URL;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rights-desk-vite-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  server = await createServer({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [rightsDeskProxyPlugin({ settings: parseSettings({ SANDBOX_DB: join(dir, 'sandbox.db') }) })],
    server: { port: 0, host: '127.0.0.1', strictPort: false, watch: null },
  });
  await server.listen();
  base = new URL(server.resolvedUrls!.local[0]!);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rightsDeskProxyPlugin in the Vite dev server', () => {
  it('answers /api/config and proxies to the embedded sandbox before Vite sees the request', async () => {
    const config = await request(base, 'GET', '/api/config');
    expect(JSON.parse(config.text)).toMatchObject({ platform: 'sandbox', sandboxDemoKey: 'sandbox-demo-key' });
    const keys = await request(base, 'GET', '/api/discovery/v3/api-key', { headers: { Authorization: 'Bearer sandbox-demo-key' } });
    expect(keys.status).toBe(200);
    expect(JSON.parse(keys.text)).toEqual(expect.arrayContaining([expect.objectContaining({ token: 'sandbox-demo-key' })]));
  });

  it('leaves every other path to Vite', async () => {
    const page = await request(base, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>t</title>');
  });
});
