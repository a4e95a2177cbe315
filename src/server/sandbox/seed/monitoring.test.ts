import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { seededDb } from '../routes/drm-fixtures';
import { DEMO_ORG_ID, OTHER_ORG_ID, SEED_NOW } from './index';
import { segmentString } from './monitoring';

type Result = { result_id: bigint; org_id: bigint; post_gid: string; platform: string; post_url: string; date_uploaded: string; upload_day: string; music_detected: bigint; status: string };
type Match = { result_id: bigint; match_id: bigint; match_identified: string; match_majors: string; isrc: string; distributor: string; audio_segments_post: string; audio_segments_song: string };

let db: Db;
let results: Result[];
let matches: Match[];

beforeAll(() => {
  db = seededDb();
  results = db.prepare('SELECT * FROM monitoring_results ORDER BY result_id').all() as Result[];
  matches = db.prepare('SELECT * FROM monitoring_matches ORDER BY result_id, match_id').all() as Match[];
});

afterAll(() => {
  db.close();
});

function parseSegments(text: string): [number, number][] | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value) || !value.every((s) => Array.isArray(s) && s.length === 2 && s.every((n) => typeof n === 'number'))) return null;
    return value as [number, number][];
  } catch {
    return null;
  }
}

describe('seedMonitoring', () => {
  it('seeds about 600 demo results: ~10 % without a match, ~15 % with two or three', () => {
    const demo = results.filter((r) => r.org_id === DEMO_ORG_ID);
    expect(demo.length).toBe(600);
    expect(results.filter((r) => r.org_id === OTHER_ORG_ID).length).toBeGreaterThan(0);
    const perResult = new Map<bigint, number>();
    for (const m of matches) perResult.set(m.result_id, (perResult.get(m.result_id) ?? 0) + 1);
    const none = demo.filter((r) => !perResult.has(r.result_id));
    const several = demo.filter((r) => (perResult.get(r.result_id) ?? 0) >= 2);
    expect(none.length / demo.length).toBeGreaterThan(0.06);
    expect(none.length / demo.length).toBeLessThan(0.14);
    expect(several.length / demo.length).toBeGreaterThan(0.1);
    expect(several.length / demo.length).toBeLessThan(0.2);
    expect(Math.max(...perResult.values())).toBe(3);
    for (const r of none) expect(r.status).toBe('');
  });

  it('uses the five statuses, mostly needs_review, and mostly music detected', () => {
    const matched = results.filter((r) => r.status !== '');
    const counts = new Map<string, number>();
    for (const r of matched) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    expect(new Set(counts.keys())).toEqual(new Set(['needs_review', 'reviewed', 'licensed', 'muted', 'removed']));
    expect(counts.get('needs_review')! / matched.length).toBeGreaterThan(0.5);
    expect(results.filter((r) => r.music_detected === 1n).length / results.length).toBeGreaterThan(0.85);
    expect(results.some((r) => r.music_detected === 0n)).toBe(true);
  });

  it('gives posts a two-letter platform prefix, a real link, and dates with an offset within the last 20 weeks', () => {
    const prefixes: Record<string, string> = { tiktok: 'tt', instagram: 'ig', youtube: 'yt' };
    for (const r of results) {
      expect(r.post_gid.startsWith(`${prefixes[r.platform]}:`), r.post_gid).toBe(true);
      expect(r.post_url).toMatch(/^https:\/\//);
      expect(r.date_uploaded).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(r.upload_day).toBe(r.date_uploaded.slice(0, 10));
      const at = Date.parse(r.date_uploaded);
      expect(at).toBeLessThan(SEED_NOW);
      expect(at).toBeGreaterThan(SEED_NOW - 141 * 86_400_000);
    }
  });

  it('writes segment sets as JSON strings of equal-length post and song stretches, except three deliberately unreadable ones', () => {
    let unreadable = 0;
    for (const m of matches) {
      const post = parseSegments(m.audio_segments_post);
      const song = parseSegments(m.audio_segments_song);
      if (!post || !song) {
        unreadable++;
        continue;
      }
      expect(post.length).toBe(song.length);
      post.forEach(([start, end], i) => {
        expect(end).toBeGreaterThan(start);
        const [songStart, songEnd] = song[i]!;
        expect(Math.abs(end - start - (songEnd - songStart))).toBeLessThan(0.051);
      });
      expect(m.audio_segments_post).toMatch(/^\[\[\d+\.\d,\d+\.\d\](,\[\d+\.\d,\d+\.\d\])*\]$/);
    }
    expect(unreadable).toBe(3);
  });

  it('marks majors consistently and identifies every match', () => {
    const majors = ['Universal Music Group', 'Sony Music Entertainment', 'Warner Music Group'];
    for (const m of matches) {
      expect(m.match_identified).toBe('yes');
      expect(m.match_majors).toBe(majors.includes(m.distributor) ? 'yes' : 'no');
    }
    expect(matches.some((m) => m.match_majors === 'yes')).toBe(true);
    expect(matches.some((m) => m.match_majors === 'no')).toBe(true);
  });
});

describe('segmentString', () => {
  it('keeps one decimal, as the platform writes them', () => {
    expect(segmentString([[12.5, 30], [41, 55.5]])).toBe('[[12.5,30.0],[41.0,55.5]]');
    expect(segmentString([])).toBe('[]');
  });
});
