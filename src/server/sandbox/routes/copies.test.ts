import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { OTHER_API_KEY } from '../app';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../seed';
import { insertAsset, insertCollection, insertCopy, insertWhitelist } from './drm-fixtures';

let t: TestSandbox;
let assetA: bigint;
let assetB: bigint;
let otherAsset: bigint;
let collection: bigint;
let whitelist: bigint;
// Fixture copies, oldest first.
let c1: bigint, c2: bigint, c3: bigint, c4: bigint, c5: bigint;
let otherCopy: bigint;

beforeAll(async () => {
  t = await startTestSandbox();
  const state = t.sandbox.state;
  assetA = insertAsset(state, DEMO_ORG_ID, { isrc: 'ZZFIX2600001' });
  assetB = insertAsset(state, DEMO_ORG_ID, { isrc: 'ZZFIX2600002' });
  otherAsset = insertAsset(state, OTHER_ORG_ID, { isrc: 'ZZFIX2600003' });
  collection = insertCollection(state, DEMO_ORG_ID, [assetB]);
  whitelist = insertWhitelist(state, DEMO_ORG_ID);
  c1 = insertCopy(state, DEMO_ORG_ID, assetA, { platform: 'FixtureTube', updatedAt: '2026-01-10T08:00:00.000Z', statuses: [40] });
  c2 = insertCopy(state, DEMO_ORG_ID, assetA, { platform: 'fixturetube', updatedAt: '2026-01-11T00:00:00.000Z', takenDown: true, statuses: [71, 60] });
  c3 = insertCopy(state, DEMO_ORG_ID, assetB, { platform: 'other-fixture', updatedAt: '2026-01-11T23:59:59.999Z', whitelistIds: [whitelist], soundId: '7123', audioModified: true });
  c4 = insertCopy(state, DEMO_ORG_ID, assetB, { platform: 'other-fixture', updatedAt: '2026-01-12T00:00:00.000Z', statuses: [40] });
  c5 = insertCopy(state, DEMO_ORG_ID, assetA, { platform: 'FIXTURETUBE', updatedAt: '2026-01-09T00:00:00.000Z' });
  otherCopy = insertCopy(state, OTHER_ORG_ID, otherAsset, { platform: 'fixturetube', statuses: [40] });
});

afterAll(async () => {
  await t.close();
});

const ids = (json: { match_id: bigint }[]) => json.map((c) => c.match_id);

describe('GET /v3/drm/copies', () => {
  it('lists newest first, 100 by default, in the samples spelling with exact 64-bit ids', async () => {
    const res = await t.call('GET', '/v3/drm/copies');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.length).toBeLessThanOrEqual(100);
    const list = ids(res.json);
    expect([...list].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(list);
    expect(list.slice(0, 5)).toEqual([c5, c4, c3, c2, c1]);
    // The raw text carries the id digits exactly (no float rounding).
    expect(res.text).toContain(`"match_id":${c5}`);
    expect(c5 > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);

    const copy = res.json.find((c: { match_id: bigint }) => c.match_id === c3);
    expect(Object.keys(copy)).toEqual([
      'match_id', 'match_id_str', 'asset_id', 'asset_id_str', 'whitelist_ids', 'whitelist_ids_str', 'created_at', 'platform',
      'copy_media_url', 'copy_user_url', 'copy_user_name', 'copy_user_real_name', 'copy_user_is_verified', 'copy_title',
      'copy_upload_date', 'copy_duration', 'copy_sound_id', 'copy_statistics', 'match_data', 'match_category', 'user_actions',
      'is_nsfw', 'is_taken_down', 'content_type',
    ]);
    expect(copy.match_id_str).toBe(c3.toString());
    expect(copy.asset_id).toBe(assetB);
    expect(copy.asset_id_str).toBe(assetB.toString());
    expect(copy.whitelist_ids).toEqual([whitelist]);
    expect(copy.whitelist_ids_str).toEqual([whitelist.toString()]);
    expect(copy.copy_sound_id).toBe('7123');
    expect(copy.copy_duration).toBe(42.5);
    expect(copy.copy_statistics).toEqual({ views_count: 1200n, shares_count: 0n, comments_count: 0n, likes_count: 80n, dislike_count: 0n });
    expect(copy.match_data).toEqual({
      matching_segments_in_asset: [10n, 30n],
      matching_segments_in_copy: [2n, 22n],
      copy_percentage_asset: 11n,
      copy_percentage_copy: 47n,
      length_of_match: 20n,
      is_audio_modified: true,
    });
    expect(copy.user_actions).toEqual({ statuses: [] });
    expect(copy.copy_user_is_verified).toBe(false);
    expect(copy.is_taken_down).toBe(false);

    const withStatuses = res.json.find((c: { match_id: bigint }) => c.match_id === c2);
    expect(withStatuses.user_actions.statuses).toHaveLength(2);
    expect(new Set(withStatuses.user_actions.statuses)).toEqual(new Set([71n, 60n]));
    expect(res.json.find((c: { match_id: bigint }) => c.match_id === c5).copy_sound_id).toBeNull();
  });

  it('pages with exclusive max_id and min_id and a count of 1 to 100', async () => {
    expect(ids((await t.call('GET', `/v3/drm/copies?count=2&max_id=${c4}`)).json)).toEqual([c3, c2]);
    expect(ids((await t.call('GET', `/v3/drm/copies?count=100&min_id=${c2}`)).json)).toEqual([c5, c4, c3]);
    expect(ids((await t.call('GET', `/v3/drm/copies?min_id=${c1}&max_id=${c4}`)).json)).toEqual([c3, c2]);
    expect((await t.call('GET', '/v3/drm/copies?count=1')).json).toHaveLength(1);
    for (const bad of ['0', '101', '-1', '2.5', 'ten']) {
      const res = await t.call('GET', `/v3/drm/copies?count=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toMatch(/count/);
    }
    expect((await t.call('GET', '/v3/drm/copies?max_id=abc')).status).toBe(400);
  });

  it('filters by asset, status, collection, isrc, platform (any case) and taken-down state', async () => {
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}`)).json)).toEqual([c5, c2, c1]);
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}&status=40`)).json)).toEqual([c1]);
    expect(ids((await t.call('GET', `/v3/drm/copies?collection=${collection}`)).json)).toEqual([c4, c3]);
    expect(ids((await t.call('GET', '/v3/drm/copies?isrc=ZZFIX2600002')).json)).toEqual([c4, c3]);
    expect(ids((await t.call('GET', '/v3/drm/copies?isrc=zz-fix-26-00002')).json)).toEqual([c4, c3]);
    expect(ids((await t.call('GET', '/v3/drm/copies?platform=fixtureTUBE')).json)).toEqual([c5, c2, c1]);
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}&is_taken_down=true`)).json)).toEqual([c2]);
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}&is_taken_down=false`)).json)).toEqual([c5, c1]);
    expect((await t.call('GET', '/v3/drm/copies?is_taken_down=yes')).status).toBe(400);
    expect((await t.call('GET', '/v3/drm/copies?status=forty')).status).toBe(400);

    const takenDown = (await t.call('GET', '/v3/drm/copies?is_taken_down=true')).json as { is_taken_down: boolean }[];
    expect(takenDown.length).toBeGreaterThan(0);
    expect(takenDown.every((c) => c.is_taken_down)).toBe(true);
    const byStatus = (await t.call('GET', '/v3/drm/copies?status=40&count=100')).json as { user_actions: { statuses: bigint[] } }[];
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((c) => c.user_actions.statuses.includes(40n))).toBe(true);
  });

  it('filters by start (mm-dd-yyyy: updated on or after that day, UTC) and rejects other formats', async () => {
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}&start=01-11-2026`)).json)).toEqual([c2]);
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetB}&start=01-11-2026`)).json)).toEqual([c4, c3]);
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetB}&start=01-12-2026`)).json)).toEqual([c4]);
    for (const bad of ['2026-01-11', '13-01-2026', '02-30-2026', '1-11-2026']) {
      const res = await t.call('GET', `/v3/drm/copies?start=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toMatch(/mm-dd-yyyy/);
    }
  });

  it('answers the same whichever index plan a filter takes', async () => {
    const state = t.sandbox.state;
    // Updates after every seeded one make `start` selective (read by update time).
    const late1 = insertCopy(state, DEMO_ORG_ID, assetA, { platform: 'late-tube', updatedAt: '2031-01-01T00:00:00.000Z' });
    const late2 = insertCopy(state, DEMO_ORG_ID, assetB, { platform: 'late-tube', updatedAt: '2031-01-02T00:00:00.000Z', takenDown: true });
    const late3 = insertCopy(state, DEMO_ORG_ID, assetA, { platform: 'other', updatedAt: '2031-01-03T00:00:00.000Z' });
    expect(ids((await t.call('GET', '/v3/drm/copies?start=12-31-2030')).json)).toEqual([late3, late2, late1]);
    expect(ids((await t.call('GET', '/v3/drm/copies?start=12-31-2030&platform=LATE-TUBE')).json)).toEqual([late2, late1]);
    expect(ids((await t.call('GET', `/v3/drm/copies?start=12-31-2030&asset_id=${assetA}`)).json)).toEqual([late3, late1]);
    expect(ids((await t.call('GET', `/v3/drm/copies?start=12-31-2030&max_id=${late3}&count=1`)).json)).toEqual([late2]);
    expect(ids((await t.call('GET', '/v3/drm/copies?start=12-31-2030&is_taken_down=false')).json)).toEqual([late3, late1]);

    // A few assets: one walk per asset, merged newest first.
    const both = insertCollection(state, DEMO_ORG_ID, [assetA, assetB]);
    const merged = ids((await t.call('GET', `/v3/drm/copies?collection=${both}&count=6`)).json);
    expect(merged).toEqual([late3, late2, late1, c5, c4, c3]);
    expect(ids((await t.call('GET', `/v3/drm/copies?collection=${both}&platform=late-tube`)).json)).toEqual([late2, late1]);
    expect(ids((await t.call('GET', `/v3/drm/copies?collection=${both}&asset_id=${assetB}&max_id=${late2}`)).json)).toEqual([c4, c3]);
    expect((await t.call('GET', `/v3/drm/copies?collection=${collection}&asset_id=${assetA}`)).json).toEqual([]);
    expect((await t.call('GET', '/v3/drm/copies?isrc=NOSUCHISRC01')).json).toEqual([]);

    // Many assets: one walk over the organisation's copies, testing membership.
    const many = Array.from({ length: 40 }, () => insertAsset(state, DEMO_ORG_ID));
    const manyCopies = [insertCopy(state, DEMO_ORG_ID, many[0]!), insertCopy(state, DEMO_ORG_ID, many[39]!, { platform: 'late-tube' }), insertCopy(state, DEMO_ORG_ID, many[7]!)];
    const big = insertCollection(state, DEMO_ORG_ID, [...many, assetB]);
    const bigPage = ids((await t.call('GET', `/v3/drm/copies?collection=${big}&count=5`)).json);
    expect(bigPage).toEqual([manyCopies[2], manyCopies[1], manyCopies[0], late2, c4]);
    expect(ids((await t.call('GET', `/v3/drm/copies?collection=${big}&platform=late-tube`)).json)).toEqual([manyCopies[1], late2]);
  });

  it('keeps organisations apart', async () => {
    const mine = ids((await t.call('GET', '/v3/drm/copies?platform=fixturetube')).json);
    expect(mine).not.toContain(otherCopy);
    const theirs = await t.call('GET', '/v3/drm/copies?platform=fixturetube', { key: OTHER_API_KEY });
    expect(ids(theirs.json)).toEqual([otherCopy]);
    expect((await t.call('GET', `/v3/drm/copies/${otherCopy}`)).status).toBe(404);
    expect((await t.call('GET', `/v3/drm/copies/${otherCopy}/status`)).status).toBe(404);
    expect((await t.call('POST', `/v3/drm/copies/${otherCopy}/status`, { body: { status: 60 } })).status).toBe(404);
    expect((await t.call('GET', '/v3/drm/copies', { key: null })).status).toBe(401);
  });
});

describe('GET /v3/drm/copies/{match_id}', () => {
  it('answers one copy with is_audio_modified inside copy_statistics (the single-copy sample)', async () => {
    const res = await t.call('GET', `/v3/drm/copies/${c3}`);
    expect(res.status).toBe(200);
    expect(res.json.match_id).toBe(c3);
    expect(res.json.copy_statistics.is_audio_modified).toBe(true);
    expect(res.json.match_data).not.toHaveProperty('is_audio_modified');
    expect(res.json.whitelist_ids).toEqual([whitelist]);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await t.call('GET', '/v3/drm/copies/1')).status).toBe(404);
    const res = await t.call('GET', '/v3/drm/copies/not-a-number');
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/not found/);
  });
});

describe('copy statuses of one copy', () => {
  it('reads, adds once, and removes codes, bumping updated_at on change', async () => {
    const copy = insertCopy(t.sandbox.state, DEMO_ORG_ID, assetA, { updatedAt: '2026-01-01T00:00:00.000Z' });
    const read = async () => (await t.call('GET', `/v3/drm/copies/${copy}/status`)).json;
    const updatedAt = () => (t.sandbox.db.prepare('SELECT updated_at FROM copies WHERE match_id = ?').get(copy) as { updated_at: string }).updated_at;
    expect(await read()).toEqual({ match_id: copy, match_id_str: copy.toString(), user_actions: { statuses: [] } });
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}&start=01-02-2026`)).json)).not.toContain(copy);

    const added = await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: 60 } });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ match_id: copy, match_id_str: copy.toString() });
    expect((await read()).user_actions.statuses).toEqual([60n]);
    expect(updatedAt() > '2026-01-01T00:00:00.000Z').toBe(true);
    expect(ids((await t.call('GET', `/v3/drm/copies?asset_id=${assetA}&start=01-02-2026`)).json)).toContain(copy);

    // Adding a held code again is a no-op: still held once, updated_at untouched.
    t.sandbox.db.prepare('UPDATE copies SET updated_at = ? WHERE match_id = ?').run('2026-01-01T00:00:00.000Z', copy);
    const again = await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: 60 } });
    expect(again.status).toBe(200);
    expect((await read()).user_actions.statuses).toEqual([60n]);
    expect(updatedAt()).toBe('2026-01-01T00:00:00.000Z');

    await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: 40 } });
    expect(new Set((await read()).user_actions.statuses)).toEqual(new Set([60n, 40n]));

    const removed = await t.call('DELETE', `/v3/drm/copies/${copy}/status/60`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ match_id: copy, match_id_str: copy.toString() });
    expect((await read()).user_actions.statuses).toEqual([40n]);
    expect(updatedAt() > '2026-01-01T00:00:00.000Z').toBe(true);

    const notHeld = await t.call('DELETE', `/v3/drm/copies/${copy}/status/60`);
    expect(notHeld.status).toBe(404);
    expect(notHeld.json.message).toMatch(/does not hold status 60/);
  });

  it('accepts built-in and own custom codes only, as integers', async () => {
    const copy = insertCopy(t.sandbox.state, DEMO_ORG_ID, assetA);
    const theirs = t.sandbox.db.prepare('SELECT status FROM custom_statuses WHERE org_id = ? LIMIT 1').get(OTHER_ORG_ID) as { status: bigint } | undefined;
    const mine = t.sandbox.db.prepare('SELECT status FROM custom_statuses WHERE org_id = ? LIMIT 1').get(DEMO_ORG_ID) as { status: bigint } | undefined;
    for (const bad of [{ status: 99 }, { status: '60' }, { status: 60.5 }, {}, { status: null }]) {
      const res = await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { rawBody: '[60]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    for (const raw of ['{"status":99999999999999999999999}', '{"status":-99999999999999999999999}', '{"status":-1}']) {
      expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { rawBody: raw, headers: { 'content-type': 'application/json' } })).status, raw).toBe(400);
    }
    expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { rawBody: '{"status":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    if (theirs) expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: theirs.status } })).status).toBe(400);
    if (mine) expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: mine.status } })).status).toBe(200);
    expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: 72 } })).status).toBe(200);
  });

  it('answers 404 for an unknown copy', async () => {
    expect((await t.call('GET', '/v3/drm/copies/12345/status')).status).toBe(404);
    expect((await t.call('POST', '/v3/drm/copies/12345/status', { body: { status: 60 } })).status).toBe(404);
    expect((await t.call('DELETE', '/v3/drm/copies/12345/status/60')).status).toBe(404);
  });
});
