import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_API_KEY } from '../app';
import { SEED_NOW } from '../seed';
import type { CallResult, TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';

/** Parsed JSON as the test helper returns it. */
type Asset = Record<string, CallResult['json']>;

let sb: TestSandbox;
let clock = SEED_NOW + 86_400_000;

beforeAll(async () => {
  sb = await startTestSandbox({ now: () => clock });
});
afterAll(async () => {
  await sb.close();
});

async function list(query = ''): Promise<Asset[]> {
  const res = await sb.call('GET', `/v3/cms/assets${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Asset[];
}

async function detail(id: string): Promise<Asset> {
  const res = await sb.call('GET', `/v3/cms/assets/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Asset;
}

async function createLink(body: Record<string, unknown> = {}): Promise<string> {
  const res = await sb.call('POST', '/v3/cms/assets/link', {
    body: { link: `https://www.youtube.com/watch?v=t${Math.random().toString(36).slice(2, 12)}`, media_type: 'audiovisual', ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.asset_id_str as string;
}

function ids(assets: Asset[]): bigint[] {
  return assets.map((a) => BigInt(a.asset_id_str));
}

describe('GET /v3/cms/assets', () => {
  it('lists the organisation’s assets newest first, ids exact above 2^53, in the list form', async () => {
    const assets = await list();
    expect(assets).toHaveLength(60);
    const order = ids(assets);
    expect([...order].sort((a, b) => (a < b ? 1 : -1))).toEqual(order);
    for (const a of assets) {
      expect(typeof a.asset_id).toBe('bigint');
      expect(a.asset_id).toBe(BigInt(a.asset_id_str));
      expect(a.asset_id > 2n ** 53n).toBe(true);
      expect(typeof a.processing_status).toBe('string');
      expect(a.youtube_content_id).toHaveProperty('asset_id');
      expect(a.production_date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
      expect(a.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Object.keys(a.music).sort()).toEqual(['album', 'artist', 'isrcs', 'iswcs']);
      expect(Array.isArray(a.excluded_segments)).toBe(true);
      expect(a.collection_ids.length).toBeGreaterThan(0);
      expect(a.tracked_from === '').toBe(!a.is_tracked);
      expect(a).not.toHaveProperty('duration');
      expect(a).not.toHaveProperty('thumbnail_url');
    }
    const other = await sb.call('GET', '/v3/cms/assets', { key: OTHER_API_KEY });
    expect(other.json).toHaveLength(5);
    const mine = new Set(assets.map((a) => a.asset_id_str));
    expect((other.json as Asset[]).some((a) => mine.has(a.asset_id_str))).toBe(false);
  });

  it('bounds count to 1–1000 and defaults it to 100', async () => {
    expect(await list('?count=7')).toHaveLength(7);
    expect(await list('?count=1000')).toHaveLength(60);
    for (const bad of ['0', '1001', 'abc', '-5', '2.5']) {
      const res = await sb.call('GET', `/v3/cms/assets?count=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toMatch(/count/);
    }
  });

  it('pages with max_id exclusive and min_id inclusive', async () => {
    const all = ids(await list());
    const first = ids(await list('?count=10'));
    expect(first).toEqual(all.slice(0, 10));
    const second = ids(await list(`?count=10&max_id=${first[9]}`));
    expect(second).toEqual(all.slice(10, 20));
    const fromMin = ids(await list(`?min_id=${all[5]}`));
    expect(fromMin).toEqual(all.slice(0, 6));
    const window = ids(await list(`?max_id=${all[2]}&min_id=${all[4]}`));
    expect(window).toEqual([all[3], all[4]]);
    expect((await sb.call('GET', '/v3/cms/assets?max_id=12x')).status).toBe(400);
  });

  it('filters by status failed | uploaded | sampled and refuses other values', async () => {
    const failed = await list('?status=failed');
    expect(failed.length).toBe(4);
    expect(failed.every((a) => a.processing_status === 'failed')).toBe(true);
    const sampled = await list('?status=sampled');
    expect(sampled.length).toBeGreaterThan(40);
    expect(sampled.every((a) => a.processing_status === 'sampled')).toBe(true);
    const uploaded = await list('?status=uploaded');
    expect(uploaded.length).toBeGreaterThan(0);
    expect(uploaded.every((a) => a.processing_status === 'uploaded')).toBe(true);
    for (const bad of ['pending', 'SAMPLED', 'done']) {
      const res = await sb.call('GET', `/v3/cms/assets?status=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toMatch(/status/);
    }
  });

  it('filters by is_tracked true/false and ignores any other value', async () => {
    const all = await list();
    const tracked = await list('?is_tracked=true');
    const untracked = await list('?is_tracked=false');
    expect(tracked.length).toBeGreaterThan(0);
    expect(untracked.length).toBeGreaterThan(0);
    expect(tracked.every((a) => a.is_tracked && a.tracked_from !== '')).toBe(true);
    expect(untracked.every((a) => !a.is_tracked && a.tracked_from === '')).toBe(true);
    expect(tracked.length + untracked.length).toBe(all.length);
    expect(await list('?is_tracked=yes')).toHaveLength(all.length);
    expect(await list('?is_tracked=1')).toHaveLength(all.length);
  });

  it('filters by isrc: repeatable, OR’d, only alphanumeric values used', async () => {
    const all = await list();
    const [a, b] = all.filter((x) => x.music.isrcs.length > 0);
    const isrcA = a!.music.isrcs[0] as string;
    const isrcB = b!.music.isrcs[0] as string;
    expect(ids(await list(`?isrc=${isrcA}`))).toEqual([BigInt(a!.asset_id_str)]);
    expect(ids(await list(`?isrc=${isrcA.toLowerCase()}`))).toEqual([BigInt(a!.asset_id_str)]);
    expect(new Set(ids(await list(`?isrc=${isrcA}&isrc=${isrcB}`)))).toEqual(new Set([BigInt(a!.asset_id_str), BigInt(b!.asset_id_str)]));
    // A value with a hyphen is dropped, the other still filters.
    const hyphenated = `${isrcB.slice(0, 2)}-${isrcB.slice(2)}`;
    expect(ids(await list(`?isrc=${isrcA}&isrc=${hyphenated}`))).toEqual([BigInt(a!.asset_id_str)]);
    expect(await list('?isrc=ZZZZZ0000000')).toEqual([]);
  });
});

describe('GET /v3/cms/assets/{id}', () => {
  it('answers the detail form: duration, thumbnail_url, processing_status object, cid_asset_id', async () => {
    const [failed] = await list('?status=failed');
    const a = await detail(failed!.asset_id_str);
    expect(a.asset_id).toBe(failed!.asset_id);
    expect(a.processing_status).toEqual({ status: 'failed', error: expect.stringMatching(/\w{5,}/) });
    expect(a.youtube_content_id).toHaveProperty('cid_asset_id');
    expect(a.youtube_content_id).not.toHaveProperty('asset_id');
    expect(typeof a.thumbnail_url).toBe('string');
    expect(a.duration).toBeGreaterThanOrEqual(90);
    expect(a.duration).toBeLessThanOrEqual(420);
    const [sampled] = await list('?status=sampled');
    expect((await detail(sampled!.asset_id_str)).processing_status).toEqual({ status: 'sampled', error: '' });
  });

  it('hides the other organisation’s assets and rejects malformed ids with 404', async () => {
    const other = (await sb.call('GET', '/v3/cms/assets', { key: OTHER_API_KEY })).json as Asset[];
    const id = other[0]!.asset_id_str as string;
    for (const [method, path, body] of [
      ['GET', `/v3/cms/assets/${id}`, undefined],
      ['PUT', `/v3/cms/assets/${id}`, { title: 'x' }],
      ['PATCH', `/v3/cms/assets/${id}`, { title: 'x' }],
      ['DELETE', `/v3/cms/assets/${id}`, undefined],
      ['GET', `/v3/cms/assets/${id}/verify`, undefined],
      ['GET', `/v3/cms/assets/${id}/track`, undefined],
      ['PUT', `/v3/cms/assets/${id}/track`, { is_tracked: true }],
    ] as const) {
      const res = await sb.call(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.message).toMatch(/not found/);
    }
    expect((await sb.call('GET', '/v3/cms/assets/12ab')).status).toBe(404);
    expect((await sb.call('GET', '/v3/cms/assets/99999999999999999999')).status).toBe(404);
    expect((await sb.call('GET', '/v3/cms/assets', { key: null })).status).toBe(401);
  });
});

describe('POST /v3/cms/assets/link', () => {
  it('creates an uploaded asset with a title from the link, sampled three seconds later', async () => {
    const res = await sb.call('POST', '/v3/cms/assets/link', {
      body: { link: 'https://soundcloud.com/northwind/midnight-harbour', media_type: 'audio', reference_ids: ['REF-1'], production_date: '2025-04-01' },
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['asset_id', 'asset_id_str']);
    const id = res.json.asset_id_str as string;
    const a = await detail(id);
    expect(a.title).toBe('Midnight Harbour (SoundCloud)');
    expect(a.processing_status.status).toBe('uploaded');
    expect(a.media_type).toBe('audio');
    expect(a.match_types).toEqual(['audio']);
    expect(a.reference_ids).toEqual(['REF-1']);
    expect(a.production_date).toBe('2025-04-01T00:00:00.000Z');
    expect((await sb.call('GET', `/v3/cms/assets/${id}/verify`)).json.uploaded).toBe(true);
    // Newest first: it heads the list.
    expect((await list('?count=1'))[0]!.asset_id_str).toBe(id);
    clock += 2999;
    expect((await detail(id)).processing_status.status).toBe('uploaded');
    clock += 1;
    expect((await detail(id)).processing_status.status).toBe('sampled');
    expect((await list('?status=sampled')).some((x) => x.asset_id_str === id)).toBe(true);
  });

  it('accepts subdomains of supported platforms and names YouTube videos by id', async () => {
    const res = await sb.call('POST', '/v3/cms/assets/link', { body: { link: 'https://m.youtube.com/watch?v=abcDEF12345', media_type: 'video' } });
    expect(res.status, res.text).toBe(200);
    expect((await detail(res.json.asset_id_str)).title).toBe('YouTube video abcDEF12345');
    for (const link of ['https://www.tiktok.com/@mila/video/7312', 'https://artist.bandcamp.com/track/quiet-song', 'https://vimeo.com/12345']) {
      expect((await sb.call('POST', '/v3/cms/assets/link', { body: { link, media_type: 'audio' } })).status, link).toBe(200);
    }
  });

  it('rejects unsupported platforms, non-http links and missing fields with a message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ link: 'https://example.org/song', media_type: 'audio' }, /unsupported platform/],
      [{ link: 'https://notyoutube.com/watch?v=1', media_type: 'audio' }, /unsupported platform/],
      [{ link: 'javascript:alert(1)', media_type: 'audio' }, /link/],
      [{ link: 'ftp://youtube.com/x', media_type: 'audio' }, /link/],
      [{ media_type: 'audio' }, /link/],
      [{ link: 'https://youtu.be/abc' }, /media_type/],
      [{ link: 'https://youtu.be/abc', media_type: 'podcast' }, /media_type/],
      [{ link: 'https://youtu.be/abc', media_type: 'audio', match_types: ['audio', 'lyrics'] }, /match_types/],
      [{ link: 'https://youtu.be/abc', media_type: 'audio', collection_ids: [123] }, /collection_ids/],
      [{ link: 'https://youtu.be/abc', media_type: 'audio', production_date: '2025-02-30' }, /production_date/],
      [{ link: 'https://youtu.be/abc', media_type: 'audio', reference_ids: 'R1' }, /reference_ids/],
    ];
    for (const [body, message] of cases) {
      const res = await sb.call('POST', '/v3/cms/assets/link', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const malformed = await sb.call('POST', '/v3/cms/assets/link', { rawBody: '{"link": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/JSON/);
  });

  it('puts an asset without collections into the default collection', async () => {
    const collections = (await sb.call('GET', '/v3/cms/collections')).json as Asset[];
    const defaultId = collections.find((c) => c.title === 'Default collection')!.collection_id_str;
    const id = await createLink();
    expect((await detail(id)).collection_ids.map(String)).toEqual([defaultId]);
  });
});

describe('PUT and PATCH /v3/cms/assets/{id}', () => {
  it('PATCH changes only the given fields and keeps the ISRC index in step', async () => {
    const id = await createLink({ reference_ids: ['KEEP-1'] });
    const before = await detail(id);
    clock += 1000;
    const res = await sb.call('PATCH', `/v3/cms/assets/${id}`, {
      body: { music: { isrcs: ['GB-NWR-25-99901'], iswcs: ['T-345.246.800-1'], artist: 'Juno Vale', album: 'Night Ferry' }, youtube_content_id: { asset_id: 'A0001' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.asset_id_str).toBe(id);
    const after = await detail(id);
    expect(after.title).toBe(before.title);
    expect(after.reference_ids).toEqual(['KEEP-1']);
    expect(after.music).toEqual({ isrcs: ['GB-NWR-25-99901'], iswcs: ['T-345.246.800-1'], artist: 'Juno Vale', album: 'Night Ferry' });
    expect(after.youtube_content_id).toEqual({ cid_asset_id: 'A0001' });
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(ids(await list('?isrc=GBNWR2599901'))).toEqual([BigInt(id)]);

    await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { music: { isrcs: ['GBNWR2599902'] } } });
    expect(await list('?isrc=GBNWR2599901')).toEqual([]);
    expect(ids(await list('?isrc=GBNWR2599902'))).toEqual([BigInt(id)]);

    await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { title: '  Renamed  ' } });
    const renamed = await detail(id);
    expect(renamed.title).toBe('Renamed');
    expect(renamed.music.isrcs).toEqual(['GBNWR2599902']);
  });

  it('PUT requires title and resets absent fields to their empty defaults', async () => {
    const collection = await sb.call('POST', '/v3/cms/collections', { body: { title: 'PUT target', reference_id: '' } });
    const id = await createLink({ reference_ids: ['R-9'], production_date: '2024-01-02', collection_ids: [collection.json.collection_id] });
    await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { music: { isrcs: ['USAAA2400001'], artist: 'A' }, excluded_segments: [{ lower: 0, upper: 5 }] } });

    const missing = await sb.call('PUT', `/v3/cms/assets/${id}`, { body: { reference_ids: ['R-10'] } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/title/);

    const res = await sb.call('PUT', `/v3/cms/assets/${id}`, { body: { title: 'Replaced' } });
    expect(res.status, res.text).toBe(200);
    const a = await detail(id);
    const collections = (await sb.call('GET', '/v3/cms/collections')).json as Asset[];
    const defaultId = collections.find((c) => c.title === 'Default collection')!.collection_id_str;
    expect(a).toMatchObject({
      title: 'Replaced',
      reference_ids: [],
      production_date: '',
      music: { iswcs: [], isrcs: [], artist: '', album: '' },
      excluded_segments: [],
      youtube_content_id: { cid_asset_id: '' },
      media_type: 'audiovisual',
      match_types: ['audio', 'video'],
    });
    expect(a.collection_ids.map(String)).toEqual([defaultId]);
    expect(await list('?isrc=USAAA2400001')).toEqual([]);

    const full = await sb.call('PUT', `/v3/cms/assets/${id}`, {
      body: { title: 'Full', media_type: 'audio', match_types: ['audio'], collection_ids: [collection.json.collection_id], production_date: '2023-05-06' },
    });
    expect(full.status, full.text).toBe(200);
    expect(await detail(id)).toMatchObject({ title: 'Full', media_type: 'audio', match_types: ['audio'], production_date: '2023-05-06T00:00:00.000Z' });
    expect((await detail(id)).collection_ids.map(String)).toEqual([collection.json.collection_id_str]);
  });

  it('validates excluded_segments: integers, 0 ≤ lower < upper ≤ duration, no overlaps', async () => {
    const id = await createLink();
    const duration = Number((await detail(id)).duration);
    expect(duration).toBeGreaterThan(0);
    const cases: [unknown, RegExp][] = [
      [[{ lower: 10, upper: 10 }], /less than upper/],
      [[{ lower: 20, upper: 10 }], /less than upper/],
      [[{ lower: -1, upper: 10 }], /negative/],
      [[{ lower: 1.5, upper: 10 }], /integer/],
      [[{ lower: '1', upper: 10 }], /integer/],
      [[{ lower: 0, upper: duration + 1 }], /duration/],
      [[{ lower: 0, upper: 20 }, { lower: 10, upper: 30 }], /overlap/],
      [[{ lower: 0 }], /upper/],
      ['0-10', /excluded_segments/],
    ];
    for (const [segments, message] of cases) {
      const res = await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { excluded_segments: segments } });
      expect(res.status, JSON.stringify(segments)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const ok = await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { excluded_segments: [{ lower: 30, upper: duration }, { lower: 0, upper: 30 }] } });
    expect(ok.status, ok.text).toBe(200);
    expect((await detail(id)).excluded_segments).toEqual([
      { lower: 0n, upper: 30n },
      { lower: 30n, upper: BigInt(duration) },
    ]);
  });

  it('answers wrong types and unknown collections with 400 naming the field', async () => {
    const id = await createLink();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: 42 }, /title/],
      [{ title: '   ' }, /title/],
      [{ media_type: 'radio' }, /media_type/],
      [{ match_types: 'audio' }, /match_types/],
      [{ collection_ids: ['abc'] }, /collection_ids/],
      [{ collection_ids: [123456] }, /collection_ids/],
      [{ production_date: '2024-13-01' }, /production_date/],
      [{ music: { isrcs: ['not an isrc'] } }, /music\.isrcs/],
      [{ music: { iswcs: ['T-12'] } }, /music\.iswcs/],
      [{ music: 'Juno' }, /music/],
      [{ youtube_content_id: 'A1' }, /youtube_content_id/],
    ];
    for (const [body, message] of cases) {
      const res = await sb.call('PATCH', `/v3/cms/assets/${id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const other = (await sb.call('GET', '/v3/cms/collections', { key: OTHER_API_KEY })).json as Asset[];
    const foreign = await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { collection_ids: [other[0]!.collection_id] } });
    expect(foreign.status).toBe(400);
    expect((await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: [1, 2] })).status).toBe(400);
    expect((await sb.call('PUT', `/v3/cms/assets/${id}`, { rawBody: 'nope', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('DELETE /v3/cms/assets/{id}', () => {
  it('deletes the asset and its index rows; afterwards it is 404', async () => {
    const id = await createLink();
    await sb.call('PATCH', `/v3/cms/assets/${id}`, { body: { music: { isrcs: ['FRZZZ2500777'] } } });
    const res = await sb.call('DELETE', `/v3/cms/assets/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ asset_id: BigInt(id), asset_id_str: id });
    expect((await sb.call('GET', `/v3/cms/assets/${id}`)).status).toBe(404);
    expect((await sb.call('DELETE', `/v3/cms/assets/${id}`)).status).toBe(404);
    expect(await list('?isrc=FRZZZ2500777')).toEqual([]);
    const leftovers = sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM asset_collections WHERE asset_id = ?').get(BigInt(id)) as { n: bigint };
    expect(leftovers.n).toBe(0n);
  });
});

describe('/v3/cms/assets/{id}/track', () => {
  it('sets tracked_from when tracking starts, keeps it while tracked, clears it when stopped', async () => {
    const id = await createLink();
    let res = await sb.call('GET', `/v3/cms/assets/${id}/track`);
    expect(res.json).toEqual({ asset_id: BigInt(id), asset_id_str: id, is_tracked: false, tracked_from: '' });

    const startedAt = new Date(clock).toISOString();
    res = await sb.call('PUT', `/v3/cms/assets/${id}/track`, { body: { is_tracked: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ asset_id: BigInt(id), asset_id_str: id });
    expect((await sb.call('GET', `/v3/cms/assets/${id}/track`)).json).toMatchObject({ is_tracked: true, tracked_from: startedAt });

    clock += 60_000;
    await sb.call('PUT', `/v3/cms/assets/${id}/track`, { body: { is_tracked: 'true' } });
    expect((await sb.call('GET', `/v3/cms/assets/${id}/track`)).json.tracked_from).toBe(startedAt);
    expect((await detail(id)).tracked_from).toBe(startedAt);

    await sb.call('PUT', `/v3/cms/assets/${id}/track`, { body: { is_tracked: 'false' } });
    expect((await sb.call('GET', `/v3/cms/assets/${id}/track`)).json).toMatchObject({ is_tracked: false, tracked_from: '' });
    expect((await list('?is_tracked=false')).some((a) => a.asset_id_str === id)).toBe(true);

    for (const body of [{}, { is_tracked: 'yes' }, { is_tracked: 1 }]) {
      const bad = await sb.call('PUT', `/v3/cms/assets/${id}/track`, { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.message).toMatch(/is_tracked/);
    }
  });
});
