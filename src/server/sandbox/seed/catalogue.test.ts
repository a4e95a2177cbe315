import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { openDb } from '../db';
import type { SandboxState } from '../http';
import { IdIssuer } from '../ids';
import { seedCatalogue } from './catalogue';
import type { SeedContext } from './index';
import { DEMO_ORG_ID, OTHER_ORG_ID, SEED_NOW } from './index';

type AssetRow = {
  asset_id: bigint;
  title: string;
  processing_status: string;
  processing_error: string;
  media_type: string;
  duration: bigint;
  is_tracked: bigint;
  tracked_from: string;
  excluded_segments: string;
  youtube_cid: string;
  reference_ids: string;
  music: string;
};

function seeded(): { db: Db; ctx: SeedContext; ms: number } {
  const db = openDb(':memory:');
  db.prepare('INSERT INTO orgs (org_id, name) VALUES (?, ?), (?, ?)').run(DEMO_ORG_ID, 'Demo', OTHER_ORG_ID, 'Other');
  const state = { db, ids: new IdIssuer(db, () => SEED_NOW), now: () => SEED_NOW } as unknown as SandboxState;
  const ctx: SeedContext = {
    state,
    db,
    scale: 1,
    demo: { assetIds: [], collectionIds: [], whitelistIds: [] },
    other: { assetIds: [], collectionIds: [], whitelistIds: [] },
  };
  const started = performance.now();
  db.transaction(() => seedCatalogue(ctx))();
  return { db, ctx, ms: performance.now() - started };
}

function dump(db: Db): string {
  const tables = ['collections', 'assets', 'asset_collections', 'asset_isrcs', 'whitelists', 'whitelist_urls'];
  return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

describe('seedCatalogue', () => {
  it('is deterministic and fast', () => {
    const a = seeded();
    const b = seeded();
    expect(dump(a.db)).toBe(dump(b.db));
    expect(a.ctx.demo).toEqual(b.ctx.demo);
    expect(a.ms).toBeLessThan(500);
  });

  it('fills the context lists with the rows it created', () => {
    const { db, ctx } = seeded();
    const count = (sql: string, ...args: unknown[]) => Number((db.prepare(sql).get(...args) as { n: bigint }).n);
    expect(ctx.demo.assetIds).toHaveLength(60);
    expect(ctx.demo.collectionIds).toHaveLength(6);
    expect(ctx.demo.whitelistIds).toHaveLength(3);
    expect(ctx.other.assetIds).toHaveLength(5);
    expect(ctx.other.collectionIds).toHaveLength(1);
    expect(ctx.other.whitelistIds).toHaveLength(1);
    expect(count('SELECT COUNT(*) AS n FROM assets WHERE org_id = ?', DEMO_ORG_ID)).toBe(60);
    for (const id of [...ctx.demo.assetIds, ...ctx.demo.collectionIds, ...ctx.demo.whitelistIds]) expect(id > 2n ** 53n).toBe(true);
    const owners = db.prepare('SELECT DISTINCT org_id FROM assets WHERE asset_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ctx.other.assetIds.map(String))) as {
      org_id: bigint;
    }[];
    expect(owners.map((o) => o.org_id)).toEqual([OTHER_ORG_ID]);
  });

  it('orders ids by creation time and keeps every date before the seed clock', () => {
    const { db } = seeded();
    for (const [table, id] of [
      ['assets', 'asset_id'],
      ['collections', 'collection_id'],
      ['whitelists', 'whitelist_id'],
      ['whitelist_urls', 'url_id'],
    ] as const) {
      const rows = db.prepare(`SELECT created_at FROM ${table} ORDER BY ${id}`).all() as { created_at: string }[];
      const times = rows.map((r) => r.created_at);
      expect([...times].sort(), table).toEqual(times);
      expect(times.every((t) => Date.parse(t) < SEED_NOW)).toBe(true);
    }
    const assets = db.prepare('SELECT updated_at, tracked_from FROM assets').all() as { updated_at: string; tracked_from: string }[];
    expect(assets.every((a) => Date.parse(a.updated_at) < SEED_NOW && (a.tracked_from === '' || Date.parse(a.tracked_from) < SEED_NOW))).toBe(true);
  });

  it('gives the demo organisation a varied, realistic catalogue', () => {
    const { db } = seeded();
    const assets = db.prepare('SELECT * FROM assets WHERE org_id = ?').all(DEMO_ORG_ID) as AssetRow[];
    const by = (key: 'processing_status' | 'media_type') => assets.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a[key]]: (acc[a[key]] ?? 0) + 1 }), {});
    const statuses = by('processing_status');
    expect(statuses.failed).toBe(4);
    expect(statuses.sampled).toBeGreaterThan(40);
    expect(statuses.uploaded).toBeGreaterThan(0);
    expect(assets.filter((a) => a.processing_status === 'failed').every((a) => a.processing_error.length > 20)).toBe(true);
    const media = by('media_type');
    expect(media.audio).toBeGreaterThan(30);
    expect(Object.keys(media).sort()).toEqual(['audio', 'audiovisual', 'video']);
    expect(assets.every((a) => a.duration >= 90n && a.duration <= 420n)).toBe(true);
    const tracked = assets.filter((a) => a.is_tracked === 1n);
    expect(tracked.length).toBeGreaterThan(10);
    expect(tracked.length).toBeLessThan(60);
    expect(tracked.every((a) => a.tracked_from !== '')).toBe(true);
    expect(assets.filter((a) => a.excluded_segments !== '[]').length).toBeGreaterThan(0);
    expect(assets.filter((a) => a.youtube_cid !== '').length).toBeGreaterThan(5);
    expect(assets.filter((a) => a.reference_ids !== '[]').length).toBeGreaterThan(20);
    for (const a of assets) {
      const music = JSON.parse(a.music) as { isrcs: string[]; iswcs: string[]; artist: string };
      expect(music.artist).not.toBe('');
      for (const isrc of music.isrcs) expect(isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
      for (const iswc of music.iswcs) expect(iswc).toMatch(/^T-\d{3}\.\d{3}\.\d{3}-\d$/);
      const indexed = db.prepare('SELECT isrc FROM asset_isrcs WHERE asset_id = ? ORDER BY isrc').all(a.asset_id) as { isrc: string }[];
      expect(indexed.map((r) => r.isrc)).toEqual([...music.isrcs].sort());
      const segments = JSON.parse(a.excluded_segments) as { lower: number; upper: number }[];
      for (const s of segments) expect(0 <= s.lower && s.lower < s.upper && s.upper <= Number(a.duration)).toBe(true);
    }
    expect(new Set(assets.map((a) => a.title)).size).toBe(60);
  });

  it('spreads assets over a default, four manual and one auto collection', () => {
    const { db } = seeded();
    const collections = db
      .prepare(
        `SELECT c.title, c.is_default, c.is_auto, c.source_url, (SELECT COUNT(*) FROM asset_collections ac WHERE ac.collection_id = c.collection_id) AS n
         FROM collections c WHERE org_id = ? ORDER BY collection_id`,
      )
      .all(DEMO_ORG_ID) as { title: string; is_default: bigint; is_auto: bigint; source_url: string | null; n: bigint }[];
    expect(collections).toHaveLength(6);
    expect(collections.filter((c) => c.is_default === 1n).map((c) => c.title)).toEqual(['Default collection']);
    const auto = collections.filter((c) => c.is_auto === 1n);
    expect(auto).toHaveLength(1);
    expect(auto[0]!.source_url).toMatch(/^https:\/\//);
    expect(collections.every((c) => c.n > 0n)).toBe(true);
    const homeless = db.prepare('SELECT COUNT(*) AS n FROM assets a WHERE NOT EXISTS (SELECT 1 FROM asset_collections ac WHERE ac.asset_id = a.asset_id)').get() as { n: bigint };
    expect(homeless.n).toBe(0n);
  });

  it('seeds three whitelists, one open-ended, with failed URLs including a javascript: one', () => {
    const { db } = seeded();
    const lists = db.prepare('SELECT whitelist_id, start_date, end_date FROM whitelists WHERE org_id = ?').all(DEMO_ORG_ID) as {
      whitelist_id: bigint;
      start_date: string;
      end_date: string;
    }[];
    expect(lists).toHaveLength(3);
    expect(lists.some((w) => w.start_date === '-infinity' && w.end_date === 'infinity')).toBe(true);
    for (const w of lists) {
      const n = Number((db.prepare('SELECT COUNT(*) AS n FROM whitelist_urls WHERE whitelist_id = ?').get(w.whitelist_id) as { n: bigint }).n);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(8);
    }
    const script = db.prepare("SELECT status, error FROM whitelist_urls WHERE source_url = 'javascript:alert(document.domain)'").get() as { status: string; error: string };
    expect(script).toEqual({ status: 'failed', error: 'Not an http(s) URL' });
    const failed = Number((db.prepare("SELECT COUNT(*) AS n FROM whitelist_urls WHERE status = 'failed'").get() as { n: bigint }).n);
    expect(failed).toBeGreaterThanOrEqual(3);
  });
});
