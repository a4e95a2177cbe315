import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { OTHER_API_KEY } from '../app';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../seed';
import { insertAsset, insertResult } from './drm-fixtures';

type Item = {
  asset_id: bigint;
  result_id: bigint;
  account_name: string;
  post_gid: string;
  platform: string;
  post_url: string;
  date_uploaded: string;
  status: string;
  match: { match_id: string; match_identified: string; match_majors: string; isrc: string; title: string; artist: string; distributor: string; audio_segments_post: string; audio_segments_song: string };
};

let t: TestSandbox;
let asset: bigint;
// Fixture results dated 2030, so they lead the list whatever the seed holds. In list order: r1, r2, r3, r5, r4.
let r1: bigint, r2: bigint, r3: bigint, r4: bigint, r5: bigint, theirs: bigint;

beforeAll(async () => {
  t = await startTestSandbox();
  const state = t.sandbox.state;
  asset = insertAsset(state, DEMO_ORG_ID);
  r1 = insertResult(state, DEMO_ORG_ID, asset, { dateUploaded: '2030-01-05T10:00:00+00:00', status: 'needs_review', matches: 1 }).resultId;
  r2 = insertResult(state, DEMO_ORG_ID, asset, { dateUploaded: '2030-01-04T10:00:00+00:00', status: 'reviewed', matches: 3 }).resultId;
  r3 = insertResult(state, DEMO_ORG_ID, asset, { dateUploaded: '2030-01-03T10:00:00+00:00', matches: 0, musicDetected: false }).resultId;
  r4 = insertResult(state, DEMO_ORG_ID, asset, { dateUploaded: '2030-01-02T10:00:00+00:00', status: 'licensed', matches: 2 }).resultId;
  r5 = insertResult(state, DEMO_ORG_ID, asset, { dateUploaded: '2030-01-02T10:00:00+00:00', status: 'removed', matches: 1 }).resultId;
  const otherAsset = insertAsset(state, OTHER_ORG_ID);
  theirs = insertResult(state, OTHER_ORG_ID, otherAsset, { dateUploaded: '2030-01-06T10:00:00+00:00' }).resultId;
});

afterAll(async () => {
  await t.close();
});

async function page(query: string, key?: string): Promise<Item[]> {
  const res = await t.call('GET', `/v3/drm/monitoring${query}`, key ? { key } : {});
  expect(res.status, res.text).toBe(200);
  return res.json;
}

const resultIds = (items: Item[]) => items.map((i) => i.result_id);

describe('GET /v3/drm/monitoring', () => {
  it('gives one item per match, groups newest upload first (ties: newest result first)', async () => {
    const items = await page('?limit=5');
    expect(resultIds(items)).toEqual([r1, r2, r2, r2, r3, r5, r4, r4]);
    expect(resultIds(items)).not.toContain(theirs);

    const first = items[0]!;
    expect(Object.keys(first)).toEqual(['asset_id', 'result_id', 'account_name', 'post_gid', 'platform', 'post_url', 'date_uploaded', 'status', 'match']);
    expect(first.asset_id).toBe(asset);
    expect(first.date_uploaded).toBe('2030-01-05T10:00:00+00:00');
    expect(first.status).toBe('needs review');
    expect(typeof first.match.match_id).toBe('string');
    expect(first.match.match_id).toMatch(/^\d{19}$/);
    expect(first.match).toMatchObject({ match_identified: 'yes', match_majors: 'no', isrc: 'GBFIX2600001', audio_segments_post: '[[1.0,5.5]]', audio_segments_song: '[[30.0,34.5]]' });
    expect(new Set(items.filter((i) => i.result_id === r2).map((i) => i.match.match_id)).size).toBe(3);

    const none = items.find((i) => i.result_id === r3)!;
    expect(none.status).toBe('');
    expect(none.match).toEqual({ match_id: '', match_identified: 'no', match_majors: 'no', isrc: '', title: '', artist: '', distributor: '', audio_segments_post: '', audio_segments_song: '' });
  });

  it('counts limit and offset in result groups and repeats a multi-match group across the page boundary', async () => {
    expect(resultIds(await page('?limit=2'))).toEqual([r1, r2, r2, r2]);
    // The group before offset 2 is r2 with three matches: the page starts by repeating it.
    expect(resultIds(await page('?limit=2&offset=2'))).toEqual([r2, r2, r2, r3, r5]);
    // The group before offset 1 (r1) has one match: no repeat.
    expect(resultIds(await page('?limit=1&offset=1'))).toEqual([r2, r2, r2]);
    expect(resultIds(await page('?limit=1&offset=3'))).toEqual([r5]);
    expect(resultIds(await page('?limit=1&offset=4'))).toEqual([r4, r4]);
    const afterR4 = resultIds(await page('?limit=1&offset=5'));
    expect(afterR4.slice(0, 2)).toEqual([r4, r4]);
    expect(afterR4.length).toBeGreaterThan(2);
  });

  it('lets a client that dedupes by result_id + match_id and stops on a short page collect everything once', async () => {
    const expected = Number(
      (
        t.sandbox.db
          .prepare('SELECT COUNT(*) AS n FROM monitoring_results r LEFT JOIN monitoring_matches m ON m.result_id = r.result_id WHERE r.org_id = ?')
          .get(DEMO_ORG_ID) as { n: bigint }
      ).n,
    );
    const limit = 40;
    const seen = new Set<string>();
    let repeats = 0;
    for (let offset = 0; ; offset += limit) {
      const items = await page(`?limit=${limit}&offset=${offset}`);
      for (const item of items) {
        const key = `${item.result_id}/${item.match.match_id}`;
        if (seen.has(key)) repeats++;
        seen.add(key);
      }
      if (items.length < limit) break;
    }
    expect(seen.size).toBe(expected);
    // The seed has multi-match results, so some page boundaries fall on one.
    expect(repeats).toBeGreaterThan(0);
  });

  it('filters by status (either spelling), music-detected and upload dates', async () => {
    const in2030 = '&date_uploaded_from=2030-01-01';
    expect(resultIds(await page(`?status=needs_review${in2030}`))).toEqual([r1]);
    expect(resultIds(await page(`?status=needs%20review${in2030}`))).toEqual([r1]);
    expect(resultIds(await page(`?status=needs+review${in2030}`))).toEqual([r1]);
    expect(resultIds(await page(`?status=licensed${in2030}`))).toEqual([r4, r4]);
    expect(resultIds(await page(`?music-detected=false${in2030}`))).toEqual([r3]);
    expect(resultIds(await page(`?music-detected=true${in2030}`))).toEqual([r1, r2, r2, r2, r5, r4, r4]);

    expect(resultIds(await page('?date_uploaded=2030-01-02'))).toEqual([r5, r4, r4]);
    expect(resultIds(await page('?date_uploaded_from=2030-01-03&date_uploaded_to=2030-01-04'))).toEqual([r2, r2, r2, r3]);
    // The exact day wins over the range.
    expect(resultIds(await page('?date_uploaded=2030-01-05&date_uploaded_from=2030-01-01&date_uploaded_to=2030-01-02'))).toEqual([r1]);
    const older = await page('?date_uploaded_to=2029-12-31&limit=50');
    expect(older.every((i) => i.date_uploaded.slice(0, 10) <= '2029-12-31')).toBe(true);

    const reviewed = await page('?status=needs_review&limit=200');
    expect(reviewed.length).toBeGreaterThan(1);
    expect(reviewed.every((i) => i.status === 'needs review')).toBe(true);
  });

  it('rejects malformed parameters with 400', async () => {
    for (const query of [
      'limit=0', 'limit=1001', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x', 'status=open', 'music-detected=maybe',
      'date_uploaded=2030-13-01', 'date_uploaded_from=01-02-2030', 'date_uploaded_to=2030-02-30',
    ]) {
      const res = await t.call('GET', `/v3/drm/monitoring?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
    expect((await t.call('GET', '/v3/drm/monitoring?limit=1000')).status).toBe(200);
  });

  it('keeps organisations apart', async () => {
    expect(resultIds(await page('?limit=1', OTHER_API_KEY))).toEqual([theirs]);
  });
});

describe('PATCH /v3/drm/monitoring/result/{result_id}/status', () => {
  it('sets one of the five statuses, in either spelling, answering 200 without a body', async () => {
    const res = await t.call('PATCH', `/v3/drm/monitoring/result/${r5}/status`, { body: { status: 'muted' } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await page('?date_uploaded=2030-01-02')).find((i) => i.result_id === r5)!.status).toBe('muted');

    expect((await t.call('PATCH', `/v3/drm/monitoring/result/${r5}/status`, { body: { status: 'needs review' } })).status).toBe(200);
    expect((await page('?date_uploaded=2030-01-02')).find((i) => i.result_id === r5)!.status).toBe('needs review');
    expect(resultIds(await page('?status=needs_review&date_uploaded=2030-01-02'))).toEqual([r5]);
  });

  it('rejects other values (400) and unknown or foreign results (404)', async () => {
    for (const body of [{ status: 'open' }, { status: '' }, { status: 3 }, {}]) {
      expect((await t.call('PATCH', `/v3/drm/monitoring/result/${r1}/status`, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await page('?date_uploaded=2030-01-05'))[0]!.status).toBe('needs review');
    expect((await t.call('PATCH', '/v3/drm/monitoring/result/123/status', { body: { status: 'muted' } })).status).toBe(404);
    expect((await t.call('PATCH', '/v3/drm/monitoring/result/abc/status', { body: { status: 'muted' } })).status).toBe(404);
    expect((await t.call('PATCH', `/v3/drm/monitoring/result/${theirs}/status`, { body: { status: 'muted' } })).status).toBe(404);
    expect((await page('?limit=1', OTHER_API_KEY))[0]!.status).toBe('needs review');
  });
});
