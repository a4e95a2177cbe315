import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { seededDb } from '../routes/drm-fixtures';
import { BUILTIN_STATUSES } from '../routes/statuses';
import { DEMO_ORG_ID, OTHER_ORG_ID } from './index';
import { COPY_PLATFORMS, matchGeometry } from './copies';
import type { MatchCategory } from './copies';
import { Random } from './random';

type Row = {
  match_id: bigint;
  org_id: bigint;
  platform: string;
  copy_media_url: string;
  copy_user_name: string;
  copy_user_real_name: string;
  copy_sound_id: string | null;
  copy_duration: number;
  segments_in_asset: string;
  segments_in_copy: string;
  copy_percentage_asset: bigint;
  copy_percentage_copy: bigint;
  length_of_match: bigint;
  match_category: MatchCategory;
  is_taken_down: bigint;
  is_nsfw: bigint;
  copy_user_is_verified: bigint;
  views_count: bigint;
  created_at: string;
  updated_at: string;
  asset_duration: bigint;
};

let sandbox: { db: Db };
let rows: Row[];

const ALL_COPIES = 'SELECT c.*, a.duration AS asset_duration FROM copies c JOIN assets a ON a.asset_id = c.asset_id ORDER BY c.match_id';

beforeAll(() => {
  sandbox = { db: seededDb() };
  rows = sandbox.db.prepare(ALL_COPIES).all() as Row[];
});

afterAll(() => {
  sandbox.db.close();
});

const demo = () => rows.filter((r) => r.org_id === DEMO_ORG_ID);
const share = (part: Row[]) => part.length / demo().length;

function pairs(flat: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

describe('seedCopies', () => {
  it('seeds about 3,000 demo copies across at least 8 platforms and every match category, and a handful for the other organisation', () => {
    expect(demo().length).toBeGreaterThanOrEqual(3000);
    expect(demo().length).toBeLessThan(3100);
    const others = rows.filter((r) => r.org_id === OTHER_ORG_ID);
    expect(others.length).toBeGreaterThan(0);
    expect(others.length).toBeLessThanOrEqual(10);
    const platforms = new Set(demo().map((r) => r.platform));
    expect(platforms.size).toBeGreaterThanOrEqual(8);
    for (const p of platforms) expect(COPY_PLATFORMS).toContain(p);
    expect(new Set(demo().map((r) => r.match_category))).toEqual(new Set(['EC', 'FC', 'PC', 'SN', 'SN30', 'SN10', 'SN5']));
  });

  it('gives every copy match numbers consistent with its category', () => {
    for (const row of rows) {
      const inAsset = JSON.parse(row.segments_in_asset) as number[];
      const inCopy = JSON.parse(row.segments_in_copy) as number[];
      const A = Number(row.asset_duration) || 200;
      const length = Number(row.length_of_match);
      const where = `${row.match_id} ${row.match_category}`;
      for (const [flat, limit] of [[inAsset, A], [inCopy, Number(row.copy_duration)]] as const) {
        expect(flat.length % 2, where).toBe(0);
        expect(flat.every(Number.isInteger), where).toBe(true);
        let previousEnd = 0;
        for (const [start, end] of pairs(flat)) {
          expect(start, where).toBeGreaterThanOrEqual(previousEnd);
          expect(end, where).toBeGreaterThan(start);
          expect(end, where).toBeLessThanOrEqual(limit);
          previousEnd = end;
        }
        expect(pairs(flat).reduce((sum, [s, e]) => sum + (e - s), 0), where).toBe(length);
      }
      expect(Number(row.copy_percentage_asset), where).toBe(Math.min(100, Math.round((length * 100) / A)));
      expect(Number(row.copy_percentage_copy), where).toBe(Math.min(100, Math.round((length * 100) / Number(row.copy_duration))));
      const pa = Number(row.copy_percentage_asset);
      switch (row.match_category) {
        case 'EC':
          expect(pa, where).toBe(100);
          expect(Number(row.copy_percentage_copy), where).toBeGreaterThanOrEqual(95);
          break;
        case 'FC':
          expect(length / A, where).toBeGreaterThan(0.98);
          expect(Number(row.copy_duration), where).toBeGreaterThan(length);
          break;
        case 'PC':
          expect(pa, where).toBeLessThan(98);
          break;
        case 'SN':
          expect(length, where).toBeGreaterThanOrEqual(30);
          break;
        case 'SN30':
          expect(length, where).toBeLessThan(30);
          break;
        case 'SN10':
          expect(length, where).toBeLessThan(10);
          break;
        case 'SN5':
          expect(length, where).toBeLessThan(5);
          break;
      }
    }
  });

  it('puts a sound on most short-form copies, none elsewhere, and a sound row behind every reference', () => {
    const tiktok = demo().filter((r) => r.platform === 'tiktok');
    expect(tiktok.filter((r) => r.copy_sound_id !== null).length / tiktok.length).toBeGreaterThan(0.85);
    expect(demo().filter((r) => !['tiktok', 'instagram', 'youtube'].includes(r.platform) && r.copy_sound_id !== null)).toEqual([]);
    const missing = sandbox.db
      .prepare('SELECT COUNT(*) AS n FROM copies c LEFT JOIN sounds s ON s.platform = c.platform AND s.sound_id = c.copy_sound_id WHERE c.copy_sound_id IS NOT NULL AND s.sound_id IS NULL')
      .get() as { n: bigint };
    expect(missing.n).toBe(0n);
    const sounds = sandbox.db.prepare('SELECT is_original, video_count, title FROM sounds').all() as { is_original: bigint; video_count: bigint; title: string }[];
    expect(new Set(sounds.map((s) => s.is_original))).toEqual(new Set([0n, 1n]));
    const uses = sandbox.db.prepare('SELECT s.video_count, COUNT(*) AS n FROM copies c JOIN sounds s ON s.platform = c.platform AND s.sound_id = c.copy_sound_id GROUP BY c.platform, c.copy_sound_id').all() as {
      video_count: bigint;
      n: bigint;
    }[];
    expect(uses.every((u) => u.video_count >= u.n)).toBe(true);
  });

  it('triages about 40 % of copies with real codes, takes some down, and marks a few NSFW, verified and whitelisted', () => {
    const statuses = sandbox.db.prepare('SELECT s.match_id, s.status, c.org_id FROM copy_user_statuses s JOIN copies c ON c.match_id = s.match_id').all() as {
      match_id: bigint;
      status: bigint;
      org_id: bigint;
    }[];
    const custom = sandbox.db.prepare('SELECT status, org_id, title FROM custom_statuses').all() as { status: bigint; org_id: bigint; title: string }[];
    expect(custom.filter((c) => c.org_id === DEMO_ORG_ID).map((c) => c.title)).toEqual(['Licensed — sync deal', 'Escalated to legal']);
    const allowed = (org: bigint) => new Set([...BUILTIN_STATUSES.map((s) => BigInt(s.status)), ...custom.filter((c) => c.org_id === org).map((c) => c.status)]);
    for (const s of statuses) expect(allowed(s.org_id).has(s.status)).toBe(true);
    const demoTriaged = new Set(statuses.filter((s) => s.org_id === DEMO_ORG_ID).map((s) => s.match_id));
    expect(demoTriaged.size / demo().length).toBeGreaterThan(0.33);
    expect(demoTriaged.size / demo().length).toBeLessThan(0.47);
    const perCopy = new Map<bigint, number>();
    for (const s of statuses) perCopy.set(s.match_id, (perCopy.get(s.match_id) ?? 0) + 1);
    expect(Math.max(...perCopy.values())).toBeLessThanOrEqual(2);
    expect(statuses.some((s) => custom.some((c) => c.status === s.status))).toBe(true);

    const takenDown = demo().filter((r) => r.is_taken_down === 1n);
    expect(share(takenDown)).toBeGreaterThan(0.02);
    expect(share(takenDown)).toBeLessThan(0.12);
    for (const r of takenDown) expect(statuses.some((s) => s.match_id === r.match_id && (s.status === 71n || s.status === 30n))).toBe(true);
    expect(demo().some((r) => r.is_nsfw === 1n)).toBe(true);
    expect(share(demo().filter((r) => r.is_nsfw === 1n))).toBeLessThan(0.02);
    expect(share(demo().filter((r) => r.copy_user_is_verified === 1n))).toBeGreaterThan(0.02);
    const whitelisted = sandbox.db.prepare('SELECT COUNT(DISTINCT cw.match_id) AS n FROM copy_whitelists cw JOIN whitelists w ON w.whitelist_id = cw.whitelist_id WHERE w.org_id = ?').get(DEMO_ORG_ID) as { n: bigint };
    const hasWhitelists = sandbox.db.prepare('SELECT COUNT(*) AS n FROM whitelists WHERE org_id = ?').get(DEMO_ORG_ID) as { n: bigint };
    if (hasWhitelists.n > 0n) expect(Number(whitelisted.n)).toBeGreaterThan(0);
    const foreign = sandbox.db.prepare('SELECT COUNT(*) AS n FROM copy_whitelists cw JOIN copies c ON c.match_id = cw.match_id JOIN whitelists w ON w.whitelist_id = cw.whitelist_id WHERE w.org_id != c.org_id').get() as { n: bigint };
    expect(foreign.n).toBe(0n);
  });

  it('has heavy-tailed views, timestamps within the last 26 weeks, and updated_at never before created_at', () => {
    const views = demo().map((r) => Number(r.views_count)).sort((a, b) => a - b);
    const median = views[Math.floor(views.length / 2)]!;
    expect(views[views.length - 1]!).toBeGreaterThan(median * 1000);
    for (const r of rows) expect(r.updated_at >= r.created_at).toBe(true);
    const oldest = demo()[0]!.created_at;
    expect(Date.parse(oldest)).toBeGreaterThan(Date.UTC(2026, 4, 20));
  });

  it('includes a copy with a script URL and one with empty optional fields, among the newest', () => {
    const newest = [...demo()].reverse().slice(0, 30);
    expect(newest.some((r) => r.copy_media_url === 'javascript:alert(document.domain)')).toBe(true);
    expect(newest.some((r) => r.platform === 'tiktok' && r.copy_user_name === '' && r.copy_user_real_name === '' && r.copy_sound_id === null)).toBe(true);
  });

  it('is deterministic', () => {
    const again = seededDb();
    try {
      expect(again.prepare(ALL_COPIES).all()).toEqual(rows);
      const sounds = 'SELECT * FROM sounds ORDER BY platform, sound_id';
      expect(again.prepare(sounds).all()).toEqual(sandbox.db.prepare(sounds).all());
    } finally {
      again.close();
    }
  });
});

describe('matchGeometry', () => {
  it('falls back to a shorter snippet category when the asset is too short', () => {
    const rng = new Random(7);
    expect(matchGeometry(rng, 'SN', 40, 'short').category).toBe('SN30');
    expect(matchGeometry(rng, 'SN30', 8, 'short').category).toBe('SN10');
    expect(matchGeometry(rng, 'SN10', 3, 'short').category).toBe('SN5');
    const exact = matchGeometry(rng, 'EC', 185, 'long');
    expect(exact).toMatchObject({ category: 'EC', segmentsInAsset: [0, 185], segmentsInCopy: [0, 185], lengthOfMatch: 185, percentageAsset: 100 });
  });
});
