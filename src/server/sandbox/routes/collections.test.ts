import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_API_KEY } from '../app';
import { SEED_NOW } from '../seed';
import type { CallResult, TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';

/** Parsed JSON as the test helper returns it. */
type Collection = Record<string, CallResult['json']>;

let sb: TestSandbox;
let clock = SEED_NOW + 86_400_000;

beforeAll(async () => {
  sb = await startTestSandbox({ now: () => clock });
});
afterAll(async () => {
  await sb.close();
});

async function list(query = '', key?: string): Promise<Collection[]> {
  const res = await sb.call('GET', `/v3/cms/collections${query}`, key ? { key } : {});
  expect(res.status, res.text).toBe(200);
  return res.json as Collection[];
}

async function defaultCollectionId(): Promise<string> {
  return (await list()).find((c) => c.title === 'Default collection')!.collection_id_str;
}

async function create(title: string, reference_id = ''): Promise<string> {
  const res = await sb.call('POST', '/v3/cms/collections', { body: { title, reference_id } });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.json).sort()).toEqual(['collection_id', 'collection_id_str']);
  return res.json.collection_id_str as string;
}

async function linkAsset(collectionIds: string[]): Promise<string> {
  const res = await sb.call('POST', '/v3/cms/assets/link', {
    body: { link: `https://vimeo.com/${Math.floor(Math.random() * 1e9)}`, media_type: 'video', collection_ids: collectionIds.map((id) => BigInt(id)) },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.asset_id_str as string;
}

describe('GET /v3/cms/collections', () => {
  it('lists the six seeded collections newest first with exact ids', async () => {
    const collections = await list();
    expect(collections).toHaveLength(6);
    const ids = collections.map((c) => BigInt(c.collection_id_str));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    for (const c of collections) {
      expect(c.collection_id).toBe(BigInt(c.collection_id_str));
      expect(c.collection_id > 2n ** 53n).toBe(true);
      expect(Object.keys(c).sort()).toEqual(['collection_id', 'collection_id_str', 'created_at', 'is_autocollection', 'reference_id', 'title', 'updated_at']);
    }
    expect(collections.filter((c) => c.title === 'Default collection')).toHaveLength(1);
    expect(collections.filter((c) => c.is_autocollection)).toHaveLength(1);
    const other = await list('', OTHER_API_KEY);
    expect(other.map((c) => c.title)).toEqual(['Default collection']);
  });

  it('pages with count, and max_id and min_id both exclusive', async () => {
    const all = (await list()).map((c) => c.collection_id_str);
    expect((await list('?count=2')).map((c) => c.collection_id_str)).toEqual(all.slice(0, 2));
    expect((await list(`?max_id=${all[1]}`)).map((c) => c.collection_id_str)).toEqual(all.slice(2));
    expect((await list(`?min_id=${all[4]}`)).map((c) => c.collection_id_str)).toEqual(all.slice(0, 4));
    for (const bad of ['?count=0', '?count=1001', '?max_id=x', '?min_id=-1']) {
      expect((await sb.call('GET', `/v3/cms/collections${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('plain collections', () => {
  it('creates, reads with assets_count, and updates a collection', async () => {
    const id = await create('  Remixes 2026 ', 'NW-RMX');
    let detail = (await sb.call('GET', `/v3/cms/collections/${id}`)).json;
    expect(detail).toMatchObject({ collection_id_str: id, title: 'Remixes 2026', reference_id: 'NW-RMX', assets_count: 0n, is_autocollection: false });
    expect((await list('?count=1'))[0]!.collection_id_str).toBe(id);

    await linkAsset([id]);
    await linkAsset([id]);
    detail = (await sb.call('GET', `/v3/cms/collections/${id}`)).json;
    expect(detail.assets_count).toBe(2n);

    clock += 5000;
    const res = await sb.call('PUT', `/v3/cms/collections/${id}`, { body: { title: 'Remixes', reference_id: 'NW-RMX-2' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ collection_id: BigInt(id), collection_id_str: id });
    const updated = (await sb.call('GET', `/v3/cms/collections/${id}`)).json;
    expect(updated).toMatchObject({ title: 'Remixes', reference_id: 'NW-RMX-2' });
    expect(updated.updated_at).toBe(new Date(clock).toISOString());
    expect(updated.updated_at).not.toBe(updated.created_at);
  });

  it('rejects missing titles and wrong types', async () => {
    for (const body of [{}, { title: '' }, { title: 5 }, { title: 'ok', reference_id: 7 }]) {
      const res = await sb.call('POST', '/v3/cms/collections', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(/title|reference_id/);
    }
    const id = await create('To rename');
    expect((await sb.call('PUT', `/v3/cms/collections/${id}`, { body: { reference_id: 'x' } })).status).toBe(400);
    expect((await sb.call('POST', '/v3/cms/collections', { rawBody: '[', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });

  it('deleting moves its assets to the default collection', async () => {
    const id = await create('Short-lived');
    const other = await create('Stays');
    const onlyHere = await linkAsset([id]);
    const inBoth = await linkAsset([id, other]);
    const res = await sb.call('DELETE', `/v3/cms/collections/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ collection_id: BigInt(id), collection_id_str: id });
    expect((await sb.call('GET', `/v3/cms/collections/${id}`)).status).toBe(404);
    const defaultId = await defaultCollectionId();
    const a = (await sb.call('GET', `/v3/cms/assets/${onlyHere}`)).json;
    expect(a.collection_ids.map(String)).toEqual([defaultId]);
    const b = (await sb.call('GET', `/v3/cms/assets/${inBoth}`)).json;
    expect(b.collection_ids.map(String).sort()).toEqual([defaultId, other].sort());
  });

  it('refuses to delete the default collection (400) or an auto collection here (405)', async () => {
    const defaultId = await defaultCollectionId();
    const res = await sb.call('DELETE', `/v3/cms/collections/${defaultId}`);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/default collection/);
    const auto = (await list()).find((c) => c.is_autocollection)!;
    const refused = await sb.call('DELETE', `/v3/cms/collections/${auto.collection_id_str}`);
    expect(refused.status).toBe(405);
    expect(refused.json.message).toContain(`/v3/cms/collections/auto/${auto.collection_id_str}`);
    expect((await sb.call('GET', `/v3/cms/collections/${auto.collection_id_str}`)).status).toBe(200);
  });

  it('hides the other organisation’s collections', async () => {
    const foreign = (await list('', OTHER_API_KEY))[0]!.collection_id_str;
    expect((await sb.call('GET', `/v3/cms/collections/${foreign}`)).status).toBe(404);
    expect((await sb.call('PUT', `/v3/cms/collections/${foreign}`, { body: { title: 'x' } })).status).toBe(404);
    expect((await sb.call('DELETE', `/v3/cms/collections/${foreign}`)).status).toBe(404);
    expect((await sb.call('GET', '/v3/cms/collections/not-a-number')).status).toBe(404);
  });
});

describe('auto collections', () => {
  it('shows the seeded auto collection with its link assets', async () => {
    const auto = (await list()).find((c) => c.is_autocollection)!;
    const res = await sb.call('GET', `/v3/cms/collections/auto/${auto.collection_id_str}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['assets_count', 'collection_id', 'collection_id_str', 'created_at', 'is_active', 'source_url', 'title', 'updated_at']);
    expect(res.json.source_url).toMatch(/^https:\/\/www\.youtube\.com\//);
    expect(res.json.assets_count).toBe(6n);
    expect(res.json.is_active).toBe(true);
  });

  it('creates, toggles is_active, and deletes an auto collection together with its assets', async () => {
    const res = await sb.call('POST', '/v3/cms/collections/auto', { body: { title: 'Label TikTok', source_url: 'https://www.tiktok.com/@northwind', is_active: false } });
    expect(res.status, res.text).toBe(200);
    const id = res.json.collection_id_str as string;
    let auto = (await sb.call('GET', `/v3/cms/collections/auto/${id}`)).json;
    expect(auto).toMatchObject({ title: 'Label TikTok', source_url: 'https://www.tiktok.com/@northwind', is_active: false, assets_count: 0n });
    expect((await sb.call('GET', `/v3/cms/collections/${id}`)).json.is_autocollection).toBe(true);

    expect((await sb.call('PUT', `/v3/cms/collections/auto/${id}`, { body: { is_active: true } })).status).toBe(200);
    expect((await sb.call('GET', `/v3/cms/collections/auto/${id}`)).json.is_active).toBe(true);
    expect((await sb.call('PUT', `/v3/cms/collections/auto/${id}`, { body: { is_active: 'false' } })).status).toBe(200);
    expect((await sb.call('GET', `/v3/cms/collections/auto/${id}`)).json.is_active).toBe(false);

    const asset = await linkAsset([id]);
    const kept = await linkAsset([]);
    auto = (await sb.call('GET', `/v3/cms/collections/auto/${id}`)).json;
    expect(auto.assets_count).toBe(1n);

    const deleted = await sb.call('DELETE', `/v3/cms/collections/auto/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ collection_id: BigInt(id), collection_id_str: id });
    expect((await sb.call('GET', `/v3/cms/collections/auto/${id}`)).status).toBe(404);
    expect((await sb.call('GET', `/v3/cms/assets/${asset}`)).status).toBe(404);
    expect((await sb.call('GET', `/v3/cms/assets/${kept}`)).status).toBe(200);
  });

  it('defaults is_active to true and validates title, source_url and is_active', async () => {
    const res = await sb.call('POST', '/v3/cms/collections/auto', { body: { title: 'Channel', source_url: 'http://example.com/channel' } });
    expect(res.status).toBe(200);
    expect((await sb.call('GET', `/v3/cms/collections/auto/${res.json.collection_id_str}`)).json.is_active).toBe(true);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ source_url: 'https://youtube.com/@x', is_active: true }, /title/],
      [{ title: 'x', is_active: true }, /source_url/],
      [{ title: 'x', source_url: 'javascript:alert(1)', is_active: true }, /source_url/],
      [{ title: 'x', source_url: 'not a url', is_active: true }, /source_url/],
      [{ title: 'x', source_url: 'https://youtube.com/@x', is_active: 'sometimes' }, /is_active/],
    ];
    for (const [body, message] of cases) {
      const bad = await sb.call('POST', '/v3/cms/collections/auto', { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.message).toMatch(message);
    }
    const missing = await sb.call('PUT', `/v3/cms/collections/auto/${res.json.collection_id_str}`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/is_active/);
  });

  it('answers 404 for a plain collection or another organisation’s under /auto', async () => {
    const plain = await create('Plain');
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await sb.call(method, `/v3/cms/collections/auto/${plain}`, method === 'PUT' ? { body: { is_active: true } } : {});
      expect(res.status, method).toBe(404);
    }
    expect((await sb.call('GET', `/v3/cms/collections/${plain}`)).status).toBe(200);
    const auto = (await list()).find((c) => c.is_autocollection)!;
    expect((await sb.call('GET', `/v3/cms/collections/auto/${auto.collection_id_str}`, { key: OTHER_API_KEY })).status).toBe(404);
  });
});
