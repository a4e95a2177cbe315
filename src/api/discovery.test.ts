import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, resetApiSettings } from './settings';
import { toId } from './ids';
import * as api from './discovery';
import { fakeFetch, memoryStorage, TEST_ORIGIN, type FakeReply, type RecordedRequest } from './testing/fake-fetch';
import { assetUploadMetadataSchema } from './schemas/discovery';

const BIG = '9007199254740993';
const BIG19 = '7340032123456789012';
const TS = '"2024-01-02T03:04:05.678Z"';

const ASSET = `{"asset_id":${BIG19},"asset_id_str":"${BIG19}","title":"Night Drive","created_at":${TS},"updated_at":${TS},
  "production_date":"2023-11-20T00:00:00.000Z","collection_ids":[${BIG},${BIG19}],"reference_ids":[],"is_tracked":false,"tracked_from":"",
  "media_type":"audio","match_types":["audio"],"thumbnail_url":"","duration":201,"processing_status":{"status":"sampled","error":""},
  "youtube_content_id":{"cid_asset_id":""},"music":{"iswcs":[],"isrcs":[],"artist":"","album":""},"excluded_segments":[]}`;
const COPY = `{"match_id":${BIG19},"match_id_str":"${BIG19}","asset_id":${BIG},"asset_id_str":"${BIG}","created_at":${TS},"platform":"youtube",
  "copy_statistics":{"dislike_count":1},"match_data":{"copy_percentage_asset":10,"copy_percentage_copy":20,"length_of_match":30},
  "match_category":"PC","user_actions":{"statuses":[40]}}`;
const ID_REPLY = (name: string) => `{"${name}":${BIG19},"${name}_str":"${BIG19}"}`;

let calls: RecordedRequest[];

/** Answers every request with the body registered for its method and path (below /api/discovery). */
function serve(routes: Record<string, FakeReply>) {
  const fake = fakeFetch((req) => {
    const key = `${req.method} ${req.path.replace('/api/discovery', '')}`;
    const reply = routes[key];
    if (!reply) return { status: 404, json: { status: 'error', message: `no fake for ${key}` } };
    return reply;
  });
  calls = fake.calls;
  configureApi({ baseUrl: TEST_ORIGIN, fetch: fake.fetch, sleep: async () => {} });
}

const body = (req: RecordedRequest) => req.body as string;

beforeEach(() => {
  resetApiSettings();
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiSettings();
});

describe('64-bit ids end to end', () => {
  it('an id above 2^53 and a 19-digit id survive response → app → request body byte-exactly', async () => {
    serve({ [`GET /v3/cms/assets/${BIG19}`]: { body: ASSET }, [`PATCH /v3/cms/assets/${BIG19}`]: { body: ID_REPLY('asset_id') } });
    const asset = await api.getAsset(toId(BIG19));
    expect(asset.asset_id).toBe(BIG19);
    expect(asset.collection_ids).toEqual([BIG, BIG19]);
    const updated = await api.patchAsset(asset.asset_id, { collection_ids: asset.collection_ids });
    expect(updated.asset_id).toBe(BIG19);
    expect(calls[1]!.path).toBe(`/api/discovery/v3/cms/assets/${BIG19}`);
    expect(body(calls[1]!)).toBe(`{"collection_ids":[${BIG},${BIG19}]}`);
  });

  it('sends copy status codes and list filters exactly', async () => {
    serve({ [`POST /v3/drm/copies/${BIG19}/status`]: { body: ID_REPLY('match_id') }, 'GET /v3/drm/copies': { body: `[${COPY}]` } });
    await api.addCopyStatus(toId(BIG19), toId(BIG));
    expect(body(calls[0]!)).toBe(`{"status":${BIG}}`);
    const copies = await api.listCopies({ max_id: toId(BIG19), asset_id: toId(BIG), status: toId(BIG) });
    expect(calls[1]!.query.get('max_id')).toBe(BIG19);
    expect(calls[1]!.query.get('asset_id')).toBe(BIG);
    expect(copies[0]).toMatchObject({ match_id: BIG19, asset_id: BIG, copy_statistics: { dislikes_count: 1 } });
  });
});

describe('API keys', () => {
  it('lists, creates and revokes with the token in the DELETE body', async () => {
    const key = { token: 'new', key_name: 'ci', created_at: '2024-01-01T00:00:00Z' };
    serve({ 'GET /v3/api-key': { json: [key] }, 'POST /v3/api-key': { json: key }, 'DELETE /v3/api-key': { status: 200 } });
    expect(await api.listApiKeys()).toEqual([key]);
    expect(await api.createApiKey('ci')).toEqual(key);
    await api.revokeApiKey('old');
    expect(body(calls[1]!)).toBe('{"name":"ci"}');
    expect(calls[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(body(calls[2]!)).toBe('{"token":"old"}');
  });
});

describe('assets', () => {
  it('lists with count, cursors, filters and repeated isrc', async () => {
    serve({ 'GET /v3/cms/assets': { body: `[${ASSET}]` } });
    const assets = await api.listAssets({ count: 50, max_id: toId(BIG19), status: 'sampled', is_tracked: false, isrc: ['USRC1', 'GBAB2'] });
    expect(assets[0]!.processing_status).toEqual({ status: 'sampled', error: '' });
    expect(calls[0]!.url.search).toBe(`?count=50&max_id=${BIG19}&status=sampled&is_tracked=false&isrc=USRC1&isrc=GBAB2`);
  });

  it('leaves unset filters out of the query', async () => {
    serve({ 'GET /v3/cms/assets': { body: '[]' } });
    await api.listAssets();
    expect(calls[0]!.url.search).toBe('');
  });

  it('registers v3 and v4 uploads with the same metadata body', async () => {
    serve({
      'POST /v3/cms/assets/upload': { body: `{"asset_id":${BIG19},"asset_id_str":"${BIG19}","file_url":"http://x/upload/1"}` },
      'POST /v4/cms/assets/upload': { body: `{"asset_id":${BIG19},"asset_id_str":"${BIG19}","blob_id":"blob-1"}` },
    });
    const meta = assetUploadMetadataSchema.parse({
      title: 'Night Drive',
      media_type: 'audio',
      mime_type: 'audio/mpeg',
      fid: 'AB'.repeat(32),
      production_date: '2024-01-31',
      collection_ids: [BIG],
      music: { isrcs: ['USRC1'] },
      youtube_content_id: { asset_id: 'A1' },
    });
    expect(await api.registerAssetUpload(meta, 3)).toEqual({ asset_id: BIG19, file_url: 'http://x/upload/1' });
    expect(await api.registerAssetUpload(meta, 4)).toEqual({ asset_id: BIG19, blob_id: 'blob-1' });
    const expected = `{"title":"Night Drive","media_type":"audio","mime_type":"audio/mpeg","fid":"${'ab'.repeat(32)}","production_date":"2024-01-31","collection_ids":[${BIG}],"music":{"isrcs":["USRC1"]},"youtube_content_id":{"asset_id":"A1"}}`;
    expect(body(calls[0]!)).toBe(expected);
    expect(body(calls[1]!)).toBe(expected);
  });

  it('verifies, links, replaces, deletes and tracks', async () => {
    serve({
      [`GET /v3/cms/assets/${BIG19}/verify`]: { body: `{"asset_id":${BIG19},"asset_id_str":"${BIG19}","uploaded":true}` },
      'POST /v3/cms/assets/link': { body: ID_REPLY('asset_id') },
      [`PUT /v3/cms/assets/${BIG19}`]: { body: ID_REPLY('asset_id') },
      [`DELETE /v3/cms/assets/${BIG19}`]: { body: ID_REPLY('asset_id') },
      [`GET /v3/cms/assets/${BIG19}/track`]: { body: `{"asset_id":${BIG19},"asset_id_str":"${BIG19}","is_tracked":true,"tracked_from":${TS}}` },
      [`PUT /v3/cms/assets/${BIG19}/track`]: { body: ID_REPLY('asset_id') },
    });
    const id = toId(BIG19);
    expect(await api.verifyAssetUpload(id)).toEqual({ asset_id: BIG19, uploaded: true });
    await api.linkAsset({ link: 'https://soundcloud.com/a/b', media_type: 'audio', collection_ids: [toId(BIG)] });
    await api.replaceAsset(id, { title: 'New', excluded_segments: [{ lower: 0, upper: 5 }] });
    expect(await api.deleteAsset(id)).toEqual({ asset_id: BIG19 });
    expect(await api.getAssetTracking(id)).toEqual({ asset_id: BIG19, is_tracked: true, tracked_from: '2024-01-02T03:04:05.678Z' });
    await api.setAssetTracking(id, true);
    expect(body(calls[1]!)).toBe(`{"link":"https://soundcloud.com/a/b","media_type":"audio","collection_ids":[${BIG}]}`);
    expect(body(calls[2]!)).toBe('{"title":"New","excluded_segments":[{"lower":0,"upper":5}]}');
    expect(body(calls[5]!)).toBe('{"is_tracked":true}');
  });
});

describe('collections', () => {
  it('covers manual and auto collections', async () => {
    const c = `{"collection_id":${BIG19},"collection_id_str":"${BIG19}","title":"C","reference_id":"R","created_at":${TS},"updated_at":${TS},"is_autocollection":false}`;
    const auto = `{"collection_id":${BIG19},"collection_id_str":"${BIG19}","title":"A","created_at":${TS},"updated_at":${TS},"source_url":"https://x.y/p","assets_count":2,"is_active":"true"}`;
    serve({
      'GET /v3/cms/collections': { body: `[${c}]` },
      'POST /v3/cms/collections': { body: ID_REPLY('collection_id') },
      [`GET /v3/cms/collections/${BIG19}`]: { body: c },
      [`PUT /v3/cms/collections/${BIG19}`]: { body: ID_REPLY('collection_id') },
      [`DELETE /v3/cms/collections/${BIG19}`]: { body: ID_REPLY('collection_id') },
      'POST /v3/cms/collections/auto': { body: ID_REPLY('collection_id') },
      [`GET /v3/cms/collections/auto/${BIG19}`]: { body: auto },
      [`PUT /v3/cms/collections/auto/${BIG19}`]: { body: ID_REPLY('collection_id') },
      [`DELETE /v3/cms/collections/auto/${BIG19}`]: { body: ID_REPLY('collection_id') },
    });
    const id = toId(BIG19);
    expect((await api.listCollections({ count: 10, min_id: toId('5') }))[0]!.collection_id).toBe(BIG19);
    expect(calls[0]!.url.search).toBe('?count=10&min_id=5');
    expect(await api.createCollection({ title: 'C', reference_id: 'R' })).toEqual({ collection_id: BIG19 });
    expect((await api.getCollection(id)).title).toBe('C');
    await api.updateCollection(id, { title: 'C2', reference_id: '' });
    await api.deleteCollection(id);
    await api.createAutoCollection({ title: 'A', source_url: 'https://x.y/p', is_active: true });
    expect((await api.getAutoCollection(id)).is_active).toBe(true);
    await api.setAutoCollectionActive(id, false);
    await api.deleteAutoCollection(id);
    expect(calls.map((r) => `${r.method} ${body(r) ?? ''}`)).toEqual([
      'GET ',
      'POST {"title":"C","reference_id":"R"}',
      'GET ',
      'PUT {"title":"C2","reference_id":""}',
      'DELETE ',
      'POST {"title":"A","source_url":"https://x.y/p","is_active":true}',
      'GET ',
      'PUT {"is_active":false}',
      'DELETE ',
    ]);
  });
});

describe('whitelists', () => {
  it('covers whitelists and their URLs', async () => {
    const w = `{"whitelist_id":${BIG19},"whitelist_id_str":"${BIG19}","title":"W","created_at":${TS},"updated_at":${TS},"dates_limit":{"start_date":"-infinity","end_date":"2025-01-01"},"url_stats":{"failed":0,"succeed":2}}`;
    const u = `{"url_id":${BIG},"url_id_str":"${BIG}","source_url":"https://x.y/v","created_at":${TS},"processing_status":{"status":"ok","error":""}}`;
    const wid = toId(BIG19);
    const uid = toId(BIG);
    serve({
      'GET /v3/cms/whitelists': { body: `[${w}]` },
      'POST /v3/cms/whitelists': { body: ID_REPLY('whitelist_id') },
      [`GET /v3/cms/whitelists/${wid}`]: { body: w },
      [`DELETE /v3/cms/whitelists/${wid}`]: { body: ID_REPLY('whitelist_id') },
      [`GET /v3/cms/whitelists/${wid}/urls`]: { body: `[${u}]` },
      [`POST /v3/cms/whitelists/${wid}/urls`]: { body: `{"url_id":${BIG},"url_id_str":"${BIG}"}` },
      [`GET /v3/cms/whitelists/${wid}/urls/${uid}`]: { body: u },
      [`DELETE /v3/cms/whitelists/${wid}/urls/${uid}`]: { body: `{"url_id":${BIG},"url_id_str":"${BIG}"}` },
    });
    expect((await api.listWhitelists())[0]!.dates_limit).toEqual({ start_date: null, end_date: '2025-01-01' });
    await api.createWhitelist({ title: 'W', dates_limit: { start_date: '2024-01-01', end_date: '2025-01-01' } });
    expect((await api.getWhitelist(wid)).url_stats).toEqual({ failed: 0, succeed: 2 });
    await api.deleteWhitelist(wid);
    expect((await api.listWhitelistUrls(wid, { max_id: toId('99') }))[0]!.url_id).toBe(BIG);
    expect(await api.addWhitelistUrl(wid, 'https://x.y/v')).toEqual({ url_id: BIG });
    expect((await api.getWhitelistUrl(wid, uid)).processing_status.status).toBe('ok');
    expect(await api.deleteWhitelistUrl(wid, uid)).toEqual({ url_id: BIG });
    expect(body(calls[1]!)).toBe('{"title":"W","dates_limit":{"start_date":"2024-01-01","end_date":"2025-01-01"}}');
    expect(calls[4]!.url.search).toBe('?max_id=99');
    expect(body(calls[5]!)).toBe('{"source_url":"https://x.y/v"}');
  });
});

describe('copies and statuses', () => {
  it('sends the start filter as mm-dd-yyyy and every other filter as given', async () => {
    serve({ 'GET /v3/drm/copies': { body: '[]' } });
    await api.listCopies({
      count: 100,
      start: '2024-03-07',
      collection: toId(BIG),
      isrc: 'USRC1',
      platform: 'tiktok',
      is_taken_down: true,
    });
    await api.listCopies({ start: new Date(2024, 11, 1) });
    expect(calls[0]!.url.search).toBe(`?count=100&start=03-07-2024&collection=${BIG}&isrc=USRC1&platform=tiktok&is_taken_down=true`);
    expect(calls[1]!.url.search).toBe('?start=12-01-2024');
  });

  it('reads one copy, its statuses, and adds/removes/creates/deletes statuses', async () => {
    const mid = toId(BIG19);
    serve({
      [`GET /v3/drm/copies/${mid}`]: { body: COPY },
      [`GET /v3/drm/copies/${mid}/status`]: { body: `{"match_id":${BIG19},"match_id_str":"${BIG19}","useractions":{"statuses":[40,71]}}` },
      [`DELETE /v3/drm/copies/${mid}/status/40`]: { body: ID_REPLY('match_id') },
      'GET /v3/drm/copies/statuses': { body: `[{"status":10,"status_str":"10","title":"False Positive - Cover","created_at":${TS},"updated_at":${TS}}]` },
      'POST /v3/drm/copies/status': { body: `{"status":${BIG19},"status_str":"${BIG19}","title":"Escalated","created_at":${TS}}` },
      [`DELETE /v3/drm/copies/status/${BIG19}`]: { body: `{"status":${BIG19},"title":"Escalated"}` },
    });
    expect((await api.getCopy(mid)).match_data.copy_percentage_of_asset).toBe(10);
    expect(await api.getCopyStatuses(mid)).toEqual({ match_id: BIG19, user_actions: { statuses: ['40', '71'] } });
    expect(await api.removeCopyStatus(mid, toId('40'))).toEqual({ match_id: BIG19 });
    expect((await api.listCopyStatuses())[0]).toMatchObject({ status: '10', title: 'False Positive - Cover' });
    expect((await api.createCopyStatus('Escalated')).status).toBe(BIG19);
    expect(await api.deleteCopyStatus(toId(BIG19))).toEqual({ status: BIG19, title: 'Escalated' });
    expect(body(calls[4]!)).toBe('{"title":"Escalated"}');
  });
});

describe('sound metadata', () => {
  const sound = { sound_id: '701', url: 'https://t/s', title: 'orig', artist: 'x', platform: 'tiktok', is_original: true, video_count: 3 };

  it('reads one sound (no version prefix) and a batch', async () => {
    serve({ 'GET /drm/sound-metadata/701': { json: sound }, 'POST /v3/drm/sound-metadata': { json: [sound] } });
    expect(await api.getSoundMetadata('701', 'tiktok')).toEqual(sound);
    expect(calls[0]!.url.search).toBe('?platform=tiktok');
    expect(await api.getSoundMetadataBatch([{ sound_id: '701', platform: 'tiktok' }])).toEqual([sound]);
    expect(body(calls[1]!)).toBe('[{"sound_id":"701","platform":"tiktok"}]');
  });

  it('refuses more than 100 sounds before any request', async () => {
    serve({});
    const entries = Array.from({ length: 101 }, (_, i) => ({ sound_id: String(i), platform: 'tiktok' }));
    await expect(api.getSoundMetadataBatch(entries)).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });
});

describe('monitoring', () => {
  it('sends music-detected and the date filters; PATCHes a status', async () => {
    serve({ 'GET /v3/drm/monitoring': { body: '[]' }, [`PATCH /v3/drm/monitoring/result/${BIG19}/status`]: { status: 200 } });
    await api.listMonitoring({ limit: 50, offset: 100, music_detected: true, status: 'needs_review', date_uploaded_from: '2024-01-01', date_uploaded_to: new Date(2024, 0, 31) });
    await api.setMonitoringStatus(toId(BIG19), 'licensed');
    expect(calls[0]!.url.search).toBe('?limit=50&offset=100&music-detected=true&status=needs_review&date_uploaded_from=2024-01-01&date_uploaded_to=2024-01-31');
    expect(body(calls[1]!)).toBe('{"status":"licensed"}');
  });
});

describe('pacing priority', () => {
  it('passes background priority to the pacer so interactive calls go first', async () => {
    serve({ 'GET /v3/cms/assets': { body: '[]' }, 'GET /v3/api-key': { body: '[]' } });
    configureApi({ discoveryPacing: { limit: 1, windowMs: 20 } });
    const bulk = [1, 2, 3].map(() => api.listAssets({}, { priority: 'background' }));
    const interactive = api.listApiKeys();
    await Promise.all([...bulk, interactive]);
    expect(calls.map((c) => c.path.split('/').pop())).toEqual(['assets', 'api-key', 'assets', 'assets']);
  });
});
