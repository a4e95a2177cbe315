import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../api/schemas/config';
import { parseSettings } from '../config';
import type { ProxyRuntime } from './runtime';
import { startProxyRuntime } from './runtime';
import { json, listen, request } from './test-helpers';

// The proxy in front of the embedded sandbox, exactly as `npm run dev` and `npm start` run it.
let runtime: ProxyRuntime;
let proxy: { url: URL; close: () => Promise<void> };
let dataDir: string;
const demoKey = { Authorization: 'Bearer sandbox-demo-key' };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rights-desk-runtime-'));
  runtime = await startProxyRuntime(parseSettings({ SANDBOX_DB: join(dataDir, 'sandbox.db'), UPLOAD_V4_THRESHOLD_BYTES: '1048576' }));
  proxy = await listen((req, res) => {
    if (!runtime.handle(req, res)) json(res, 418, {});
  });
});

afterAll(async () => {
  await proxy?.close();
  await runtime?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function metadata(bytes: Buffer) {
  return JSON.stringify({ title: 'Proxy test', media_type: 'audio', mime_type: 'audio/wav', fid: createHash('sha256').update(bytes.subarray(0, 512 * 1024)).digest('hex'), production_date: '2024-05-01' });
}

describe('the embedded sandbox behind the proxy', () => {
  it('starts on a loopback port and is reported as the sandbox, with the demo key as sign-in hint', async () => {
    expect(runtime.sandboxUrl?.hostname).toBe('127.0.0.1');
    const reply = await request(proxy.url, 'GET', '/api/config');
    const config = serverConfigSchema.parse(JSON.parse(reply.text));
    expect(config).toEqual({
      platform: 'sandbox',
      discoveryKeyOnServer: false,
      interfaces: { discovery: { target: 'Sandbox', configured: false }, detector: { target: 'Sandbox', configured: false }, search: { target: 'Sandbox', configured: false } },
      uploadV4ThresholdBytes: 1048576,
      sandboxDemoKey: 'sandbox-demo-key',
    });
    expect(reply.text).not.toContain('sandbox-secret');
    expect(reply.text).not.toContain(runtime.sandboxUrl!.port);
  });

  it('passes the browser-held Discovery key through', async () => {
    expect((await request(proxy.url, 'GET', '/api/discovery/v3/api-key', { headers: demoKey })).status).toBe(200);
    expect((await request(proxy.url, 'GET', '/api/discovery/v3/api-key')).status).toBe(401);
  });

  it('signs detector calls with the sandbox client held by the server', async () => {
    const reply = await request(proxy.url, 'POST', '/api/detector/v1/ai-detector/detect-url', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `url=${encodeURIComponent('http://127.0.0.1:1/missing.mp3')}`,
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({ status: 'not_found' });
  });

  it('opens the sandbox-only paths of Discovery and Search', async () => {
    expect((await request(proxy.url, 'GET', '/api/discovery/sandbox/info')).status).toBe(200);
    expect((await request(proxy.url, 'GET', '/api/search/sandbox/search/lookups')).status).toBe(200);
  });

  it('hands out a v3 file_url under the proxy, and the PUT through it completes the upload', async () => {
    const bytes = randomBytes(3000);
    const created = await request(proxy.url, 'POST', '/api/discovery/v3/cms/assets/upload', { headers: { ...demoKey, 'Content-Type': 'application/json' }, body: metadata(bytes) });
    expect(created.status).toBe(200);
    const { asset_id_str: assetId, file_url: fileUrl } = JSON.parse(created.text) as { asset_id_str: string; file_url: string };
    const target = new URL(fileUrl);
    expect(target.origin).toBe(proxy.url.origin);
    expect(target.pathname.startsWith('/api/discovery/')).toBe(true);

    const put = await request(proxy.url, 'PUT', target.pathname + target.search, { headers: { 'Content-Type': 'audio/wav' }, body: bytes });
    expect(put.status).toBe(200);
    const verify = await request(proxy.url, 'GET', `/api/discovery/v3/cms/assets/${assetId}/verify`, { headers: demoKey });
    expect(JSON.parse(verify.text)).toMatchObject({ asset_id_str: assetId, uploaded: true });
  });

  it('runs a v4 tus upload through the proxy, its Location pointing back at the proxy', async () => {
    const bytes = randomBytes(5000);
    const created = await request(proxy.url, 'POST', '/api/discovery/v4/cms/assets/upload', { headers: { ...demoKey, 'Content-Type': 'application/json' }, body: metadata(bytes) });
    const { asset_id_str: assetId, blob_id: blobId } = JSON.parse(created.text) as { asset_id_str: string; blob_id: string };
    const tus = { ...demoKey, 'Tus-Resumable': '1.0.0', 'Blob-ID': blobId };

    const start = await request(proxy.url, 'POST', '/api/discovery/v4/cms/assets/file-upload/', { headers: { ...tus, 'Upload-Length': String(bytes.length), 'Content-Length': '0' } });
    expect(start.status).toBe(201);
    const location = new URL(start.headers.location!);
    expect(location.origin).toBe(proxy.url.origin);
    expect(location.pathname.startsWith('/api/discovery/v4/cms/assets/file-upload/')).toBe(true);

    const patch = await request(proxy.url, 'PATCH', location.pathname, { headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes });
    expect(patch.status).toBe(204);
    expect(patch.headers['upload-offset']).toBe(String(bytes.length));
    const verify = await request(proxy.url, 'GET', `/api/discovery/v3/cms/assets/${assetId}/verify`, { headers: demoKey });
    expect(JSON.parse(verify.text)).toMatchObject({ uploaded: true });
  });
});
