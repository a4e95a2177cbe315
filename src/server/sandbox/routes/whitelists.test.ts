import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_API_KEY } from '../app';
import type { CallResult, TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';

/** Parsed JSON as the test helper returns it. */
type Json = CallResult['json'];
type Row = Record<string, Json>;

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb.close();
});

async function get(path: string, key?: string): Promise<Json> {
  const res = await sb.call('GET', path, key ? { key } : {});
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json;
}

async function createWhitelist(start = '2026-01-01', end = '2026-12-31', title = 'Test list'): Promise<string> {
  const res = await sb.call('POST', '/v3/cms/whitelists', { body: { title, dates_limit: { start_date: start, end_date: end } } });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.json).sort()).toEqual(['whitelist_id', 'whitelist_id_str']);
  return res.json.whitelist_id_str as string;
}

async function addUrl(whitelistId: string, sourceUrl: string): Promise<string> {
  const res = await sb.call('POST', `/v3/cms/whitelists/${whitelistId}/urls`, { body: { source_url: sourceUrl } });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.json).sort()).toEqual(['url_id', 'url_id_str']);
  return res.json.url_id_str as string;
}

describe('whitelists', () => {
  it('lists the seeded whitelists newest first, one of them open-ended', async () => {
    const lists = (await get('/v3/cms/whitelists')) as Row[];
    expect(lists).toHaveLength(3);
    const ids = lists.map((w) => BigInt(w.whitelist_id_str));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    for (const w of lists) {
      expect(w.whitelist_id).toBe(BigInt(w.whitelist_id_str));
      expect(Object.keys(w).sort()).toEqual(['created_at', 'dates_limit', 'title', 'updated_at', 'whitelist_id', 'whitelist_id_str']);
    }
    expect(lists.find((w) => w.title === 'Official channels')!.dates_limit).toEqual({ start_date: '-infinity', end_date: 'infinity' });
    expect(((await get('/v3/cms/whitelists', OTHER_API_KEY)) as Row[]).map((w) => w.title)).toEqual(['Partner channels']);
  });

  it('pages with count, max_id and min_id exclusive', async () => {
    const all = ((await get('/v3/cms/whitelists')) as Row[]).map((w) => w.whitelist_id_str);
    expect(((await get('/v3/cms/whitelists?count=1')) as Row[]).map((w) => w.whitelist_id_str)).toEqual(all.slice(0, 1));
    expect(((await get(`/v3/cms/whitelists?max_id=${all[0]}`)) as Row[]).map((w) => w.whitelist_id_str)).toEqual(all.slice(1));
    expect(((await get(`/v3/cms/whitelists?min_id=${all[2]}`)) as Row[]).map((w) => w.whitelist_id_str)).toEqual(all.slice(0, 2));
    expect((await sb.call('GET', '/v3/cms/whitelists?count=0')).status).toBe(400);
  });

  it('counts failed and succeeded URLs in the detail', async () => {
    const official = ((await get('/v3/cms/whitelists')) as Row[]).find((w) => w.title === 'Official channels')!;
    const detail = await get(`/v3/cms/whitelists/${official.whitelist_id_str}`);
    expect(detail.url_stats).toEqual({ failed: 2n, succeed: 5n });
    expect(detail.dates_limit).toEqual({ start_date: '-infinity', end_date: 'infinity' });
    const urls = (await get(`/v3/cms/whitelists/${official.whitelist_id_str}/urls`)) as Row[];
    const script = urls.find((u) => u.source_url.startsWith('javascript:'))!;
    expect(script.processing_status).toEqual({ status: 'failed', error: 'Not an http(s) URL' });
  });

  it('creates whitelists with real dates or open sides', async () => {
    const id = await createWhitelist('2026-03-01', '2026-03-01', 'One day');
    expect(await get(`/v3/cms/whitelists/${id}`)).toMatchObject({
      title: 'One day',
      dates_limit: { start_date: '2026-03-01', end_date: '2026-03-01' },
      url_stats: { failed: 0n, succeed: 0n },
    });
    const open = await createWhitelist('-infinity', '2027-01-01');
    expect((await get(`/v3/cms/whitelists/${open}`)).dates_limit).toEqual({ start_date: '-infinity', end_date: '2027-01-01' });
    expect(((await get('/v3/cms/whitelists?count=1')) as Row[])[0]!.whitelist_id_str).toBe(open);
  });

  it('rejects missing or invalid dates_limit and titles, naming the problem', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dates_limit: { start_date: '2026-01-01', end_date: '2026-02-01' } }, /title/],
      [{ title: 'x' }, /dates_limit/],
      [{ title: 'x', dates_limit: '2026-01-01/2026-02-01' }, /dates_limit/],
      [{ title: 'x', dates_limit: { start_date: '2026-01-01' } }, /end_date/],
      [{ title: 'x', dates_limit: { end_date: '2026-01-01' } }, /start_date/],
      [{ title: 'x', dates_limit: { start_date: '2026-02-30', end_date: '2026-03-01' } }, /start_date/],
      [{ title: 'x', dates_limit: { start_date: '2026-01-01', end_date: '2026/03/01' } }, /end_date/],
      [{ title: 'x', dates_limit: { start_date: 'infinity', end_date: 'infinity' } }, /start_date/],
      [{ title: 'x', dates_limit: { start_date: '-infinity', end_date: '-infinity' } }, /end_date/],
      [{ title: 'x', dates_limit: { start_date: '2026-05-01', end_date: '2026-04-30' } }, /after/],
    ];
    for (const [body, message] of cases) {
      const res = await sb.call('POST', '/v3/cms/whitelists', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
  });

  it('deletes a whitelist with its URLs', async () => {
    const id = await createWhitelist();
    await addUrl(id, 'https://www.youtube.com/@a');
    await addUrl(id, 'https://example.org/b');
    const res = await sb.call('DELETE', `/v3/cms/whitelists/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ whitelist_id: BigInt(id), whitelist_id_str: id });
    expect((await sb.call('GET', `/v3/cms/whitelists/${id}`)).status).toBe(404);
    expect((await sb.call('GET', `/v3/cms/whitelists/${id}/urls`)).status).toBe(404);
    const left = sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM whitelist_urls WHERE whitelist_id = ?').get(BigInt(id)) as { n: bigint };
    expect(left.n).toBe(0n);
  });

  it('hides the other organisation’s whitelists and URLs', async () => {
    const foreign = ((await get('/v3/cms/whitelists', OTHER_API_KEY)) as Row[])[0]!.whitelist_id_str as string;
    const foreignUrl = ((await get(`/v3/cms/whitelists/${foreign}/urls`, OTHER_API_KEY)) as Row[])[0]!.url_id_str as string;
    for (const [method, path] of [
      ['GET', `/v3/cms/whitelists/${foreign}`],
      ['DELETE', `/v3/cms/whitelists/${foreign}`],
      ['GET', `/v3/cms/whitelists/${foreign}/urls`],
      ['POST', `/v3/cms/whitelists/${foreign}/urls`],
      ['GET', `/v3/cms/whitelists/${foreign}/urls/${foreignUrl}`],
      ['DELETE', `/v3/cms/whitelists/${foreign}/urls/${foreignUrl}`],
    ] as const) {
      const res = await sb.call(method, path, method === 'POST' ? { body: { source_url: 'https://youtube.com/@x' } } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await sb.call('GET', '/v3/cms/whitelists/abc')).status).toBe(404);
  });
});

describe('whitelist URLs', () => {
  it('processes a URL deterministically: supported platform ok, otherwise failed with a reason', async () => {
    const id = await createWhitelist();
    const cases: [string, { status: string; error: string }][] = [
      ['https://www.youtube.com/@harbour', { status: 'ok', error: '' }],
      ['https://m.tiktok.com/@mila', { status: 'ok', error: '' }],
      ['http://soundcloud.com/northwind', { status: 'ok', error: '' }],
      ['https://example.org/page', { status: 'failed', error: 'Unsupported platform: example.org' }],
      ['https://youtube.com.evil.test/x', { status: 'failed', error: 'Unsupported platform: youtube.com.evil.test' }],
      ['ftp://youtube.com/file', { status: 'failed', error: 'Not an http(s) URL' }],
      ['javascript:alert(document.domain)', { status: 'failed', error: 'Not an http(s) URL' }],
      ['not a url', { status: 'failed', error: 'Not an http(s) URL' }],
    ];
    for (const [sourceUrl, expected] of cases) {
      const urlId = await addUrl(id, sourceUrl);
      const url = await get(`/v3/cms/whitelists/${id}/urls/${urlId}`);
      expect(url, sourceUrl).toEqual({ url_id: BigInt(urlId), url_id_str: urlId, source_url: sourceUrl, created_at: expect.any(String), processing_status: expected });
    }
    expect((await get(`/v3/cms/whitelists/${id}`)).url_stats).toEqual({ failed: 5n, succeed: 3n });
  });

  it('lists URLs newest first with exclusive paging, and deletes one', async () => {
    const id = await createWhitelist();
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await addUrl(id, `https://vimeo.com/${i}`));
    const all = ((await get(`/v3/cms/whitelists/${id}/urls`)) as Row[]).map((u) => u.url_id_str);
    expect(all).toEqual([...made].reverse());
    expect(((await get(`/v3/cms/whitelists/${id}/urls?count=2`)) as Row[]).map((u) => u.url_id_str)).toEqual(all.slice(0, 2));
    expect(((await get(`/v3/cms/whitelists/${id}/urls?max_id=${all[1]}`)) as Row[]).map((u) => u.url_id_str)).toEqual(all.slice(2));
    expect(((await get(`/v3/cms/whitelists/${id}/urls?min_id=${all[2]}`)) as Row[]).map((u) => u.url_id_str)).toEqual(all.slice(0, 2));
    expect((await sb.call('GET', `/v3/cms/whitelists/${id}/urls?count=abc`)).status).toBe(400);

    const res = await sb.call('DELETE', `/v3/cms/whitelists/${id}/urls/${made[0]}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ url_id: BigInt(made[0]!), url_id_str: made[0] });
    expect((await sb.call('GET', `/v3/cms/whitelists/${id}/urls/${made[0]}`)).status).toBe(404);
    expect((await sb.call('DELETE', `/v3/cms/whitelists/${id}/urls/${made[0]}`)).status).toBe(404);
  });

  it('a URL is only reachable through its own whitelist; source_url is required', async () => {
    const a = await createWhitelist();
    const b = await createWhitelist();
    const urlId = await addUrl(a, 'https://www.deezer.com/track/1');
    expect((await sb.call('GET', `/v3/cms/whitelists/${b}/urls/${urlId}`)).status).toBe(404);
    expect((await sb.call('DELETE', `/v3/cms/whitelists/${b}/urls/${urlId}`)).status).toBe(404);
    for (const body of [{}, { source_url: '' }, { source_url: 3 }]) {
      const res = await sb.call('POST', `/v3/cms/whitelists/${a}/urls`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(/source_url/);
    }
  });
});
