import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, DEMO_API_KEY, DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET, type Sandbox } from '../server/sandbox/app';
import * as api from './index';
import { memoryStorage } from './testing/fake-fetch';

// The API module against the real sandbox (its real 16 calls/s limit included), served on a random
// loopback port behind a stand-in for the proxy: it strips the /api/<interface> prefixes and, like
// the real proxy, adds the detector/search access token. The Discovery key is the browser-held one.

let sandbox: Sandbox;
let server: Server;
let origin = '';
let dir = '';
let accessToken = '';
const answered: { path: string; status: number }[] = [];

const PREFIXES = ['/api/discovery', '/api/detector', '/api/search'] as const;

function standInProxy(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  const prefix = PREFIXES.find((p) => url === p || url.startsWith(`${p}/`));
  if (prefix) {
    req.url = url.slice(prefix.length) || '/';
    if (prefix !== '/api/discovery') req.headers.authorization = `Bearer ${accessToken}`;
  }
  res.on('finish', () => answered.push({ path: req.url ?? '', status: res.statusCode }));
  sandbox.handle(req, res);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rights-desk-api-'));
  sandbox = createSandbox({ dbPath: join(dir, 'sandbox.db'), uploadDir: join(dir, 'uploads') });
  server = createServer(standInProxy);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const tokenResponse = await fetch(`${origin}/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${DETECTOR_CLIENT_ID}:${DETECTOR_CLIENT_SECRET}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  accessToken = ((await tokenResponse.json()) as { access_token: string }).access_token;

  vi.stubGlobal('sessionStorage', memoryStorage());
  api.resetApiSettings();
  api.configureApi({ baseUrl: origin });
  api.setBrowserApiKey(DEMO_API_KEY);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  api.resetApiSettings();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const TWO_POW_53 = 2n ** 53n;

describe('the pacer against the sandbox rate limit', () => {
  it('a burst of 100 calls draws no 429 from the sandbox (16 calls/s)', async () => {
    answered.length = 0;
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 100 }, () => api.listApiKeys()));
    const elapsed = Date.now() - started;
    expect(results.every((keys) => keys.some((k) => k.token === DEMO_API_KEY))).toBe(true);
    expect(answered).toHaveLength(100);
    expect(answered.filter((a) => a.status === 429)).toEqual([]);
    // 100 calls at no more than 16 per second cannot finish in under 6 s.
    expect(elapsed).toBeGreaterThanOrEqual(6000);
  }, 30_000);

  it('without the pacer the same burst is refused (the limit is real)', async () => {
    answered.length = 0;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await fetch(`${origin}/api/discovery/v3/api-key`, { headers: api.discoveryAuthHeaders() })).status),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Let the sandbox's window drain before the next test.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });
});

describe('64-bit ids from the sandbox', () => {
  it('an asset id above 2^53 round-trips exactly through list, detail and a request body', async () => {
    const assets = await api.listAssets({ count: 5 });
    expect(assets.length).toBeGreaterThan(0);
    const asset = assets[0]!;
    expect(BigInt(asset.asset_id)).toBeGreaterThan(TWO_POW_53);

    // The digits are exactly those of the sandbox's JSON text.
    const raw = await (await fetch(`${origin}/api/discovery/v3/cms/assets/${asset.asset_id}`, { headers: api.discoveryAuthHeaders() })).text();
    expect(raw).toContain(`"asset_id":${asset.asset_id},`);

    const detail = await api.getAsset(asset.asset_id);
    expect(detail.asset_id).toBe(asset.asset_id);

    const created = await api.createCollection({ title: 'Round trip', reference_id: 'RT-1' });
    expect(BigInt(created.collection_id)).toBeGreaterThan(TWO_POW_53);
    await api.patchAsset(asset.asset_id, { collection_ids: [...detail.collection_ids, created.collection_id] });
    const after = await api.getAsset(asset.asset_id);
    expect(after.collection_ids).toContain(created.collection_id);
    expect((await api.getCollection(created.collection_id)).collection_id).toBe(created.collection_id);
  });
});

describe('every sandbox answer fits the schemas', () => {
  it('assets, tracking and the upload registration', async () => {
    const [asset] = await api.listAssets({ count: 1 });
    const tracking = await api.getAssetTracking(asset!.asset_id);
    expect(tracking.asset_id).toBe(asset!.asset_id);
    await api.setAssetTracking(asset!.asset_id, !tracking.is_tracked);
    expect((await api.getAssetTracking(asset!.asset_id)).is_tracked).toBe(!tracking.is_tracked);
    const next = await api.listAssets({ count: 1, max_id: asset!.asset_id });
    expect(next[0] && BigInt(next[0].asset_id) < BigInt(asset!.asset_id)).toBe(true);

    const meta = api.assetUploadMetadataSchema.parse({
      title: 'Integration upload',
      media_type: 'audio',
      mime_type: 'audio/wav',
      fid: 'ab'.repeat(32),
      production_date: '2024-01-31',
    });
    const v3 = await api.registerAssetUpload(meta, 3);
    expect(v3.file_url).toMatch(/^http/);
    const v4 = await api.registerAssetUpload(meta, 4);
    expect(v4.blob_id).not.toBe('');
    expect((await api.verifyAssetUpload(v3.asset_id)).uploaded).toBe(false);
  });

  it('collections, auto collections, whitelists and their URLs', async () => {
    const collections = await api.listCollections();
    expect(collections.length).toBeGreaterThan(0);
    const auto = collections.find((c) => c.is_autocollection);
    expect(auto).toBeDefined();
    expect((await api.getAutoCollection(auto!.collection_id)).source_url).toMatch(/^https?:/);
    const createdAuto = await api.createAutoCollection({ title: 'Auto', source_url: 'https://www.youtube.com/@someone', is_active: true });
    await api.setAutoCollectionActive(createdAuto.collection_id, false);
    expect((await api.getAutoCollection(createdAuto.collection_id)).is_active).toBe(false);
    await api.deleteAutoCollection(createdAuto.collection_id);

    const created = await api.createWhitelist({ title: 'Partners', dates_limit: { start_date: '2024-01-01', end_date: '2024-12-31' } });
    const whitelist = await api.getWhitelist(created.whitelist_id);
    expect(whitelist.dates_limit).toEqual({ start_date: '2024-01-01', end_date: '2024-12-31' });
    const url = await api.addWhitelistUrl(created.whitelist_id, 'https://www.youtube.com/watch?v=partner1');
    expect((await api.getWhitelistUrl(created.whitelist_id, url.url_id)).source_url).toBe('https://www.youtube.com/watch?v=partner1');
    expect((await api.listWhitelistUrls(created.whitelist_id)).map((u) => u.url_id)).toContain(url.url_id);
    await api.deleteWhitelist(created.whitelist_id);
    expect((await api.listWhitelists()).map((w) => w.whitelist_id)).not.toContain(created.whitelist_id);
  });

  it('copies, copy statuses and sound metadata', async () => {
    const copies = await api.listCopies({ count: 100 });
    expect(copies.length).toBeGreaterThan(0);
    const copy = copies[0]!;
    const single = await api.getCopy(copy.match_id);
    // The single copy carries is_audio_modified in copy_statistics on the wire; both land in match_data.
    expect(single.match_data.is_audio_modified).toBe(copy.match_data.is_audio_modified);

    await api.addCopyStatus(copy.match_id, api.toId('60'));
    await api.addCopyStatus(copy.match_id, api.toId('60'));
    expect((await api.getCopyStatuses(copy.match_id)).user_actions.statuses.filter((s) => s === '60')).toHaveLength(1);
    await api.removeCopyStatus(copy.match_id, api.toId('60'));
    expect((await api.getCopyStatuses(copy.match_id)).user_actions.statuses).not.toContain('60');

    const statuses = await api.listCopyStatuses();
    expect(statuses.map((s) => s.status)).toEqual(expect.arrayContaining(['10', '40', '72']));
    const custom = await api.createCopyStatus('Escalated to legal');
    expect((await api.deleteCopyStatus(custom.status)).status).toBe(custom.status);

    const page2 = await api.listCopies({ count: 100, max_id: api.nextCopiesMaxId(copies, 100) });
    if (page2.length > 0) expect(BigInt(page2[0]!.match_id)).toBeLessThan(BigInt(copies.at(-1)!.match_id));

    const withSound = (await api.listCopies({ platform: 'tiktok' })).find((c) => c.copy_sound_id);
    expect(withSound).toBeDefined();
    const sound = await api.getSoundMetadata(withSound!.copy_sound_id!, withSound!.platform);
    expect(sound.sound_id).toBe(withSound!.copy_sound_id);
    const batch = await api.getSoundMetadataBatch([{ sound_id: withSound!.copy_sound_id!, platform: withSound!.platform }]);
    expect(batch[0]?.sound_id).toBe(withSound!.copy_sound_id);
  });

  it('monitoring pages and status changes', async () => {
    const page = await api.listMonitoring({ limit: 10 });
    expect(page.length).toBeGreaterThan(0);
    const collected = api.collectMonitoringPage([], page, { offset: 0, limit: 10 });
    const [reviewable] = await api.listMonitoring({ status: 'needs_review', limit: 1 });
    expect(reviewable?.status).toBe('needs_review');
    await api.setMonitoringStatus(reviewable!.result_id, 'muted');
    const muted = await api.listMonitoring({ status: 'muted', limit: 100 });
    expect(muted.map((i) => i.result_id)).toContain(reviewable!.result_id);
    if (collected.nextOffset !== undefined) {
      const next = await api.listMonitoring({ limit: 10, offset: collected.nextOffset });
      expect(api.collectMonitoringPage(collected.items, next, { offset: collected.nextOffset, limit: 10 }).items.length).toBeGreaterThanOrEqual(collected.items.length);
    }
  });

  it('search lookups and detector results', async () => {
    const lookups = (await (await fetch(`${origin}/sandbox/search/lookups`)).json()) as { lookup_id: string; complete: boolean }[];
    const ready = lookups.find((l) => l.complete);
    expect(ready).toBeDefined();
    const result = await api.checkSearch(ready!.lookup_id);
    expect(result.lookup_ids.length).toBeGreaterThan(0);

    const audio = (await (await fetch(`${origin}/sandbox/audio`)).json()) as { name: string; url: string }[];
    const file = audio[0]!;
    const bytes = await (await fetch(file.url)).arrayBuffer();
    const fromFile = await api.detectFile(new Blob([bytes]), file.name);
    expect(api.DETECTION_STATUSES).toContain(fromFile.status);
    const fromUrl = await api.detectUrl(file.url);
    expect(fromUrl.status).toBe(fromFile.status);
    const missing = await api.detectUrl(`${origin}/sandbox/audio/no-such-file.wav`);
    expect(missing.status).toBe('not_found');
  });

  it('server errors come back as ApiError with the sandbox message', async () => {
    const error = await api.getAsset(api.toId('1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect((error as api.ApiError).message).not.toBe('HTTP 404');
    const bad = await api.listCopies({ count: 101 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'http', status: 400 });
  });
});
