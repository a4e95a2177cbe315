import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET } from '../app';
import { isHttpUrl } from '../http';
import { waitingChecks } from './search';

let clock = Date.UTC(2026, 10, 21, 9, 0, 0);
let sb: TestSandbox;
let token: string;

beforeAll(async () => {
  sb = await startTestSandbox({ now: () => clock });
  const res = await sb.call('POST', '/oauth2/token', {
    key: null,
    headers: {
      authorization: `Basic ${Buffer.from(`${DETECTOR_CLIENT_ID}:${DETECTOR_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    rawBody: 'grant_type=client_credentials',
  });
  token = res.json.access_token;
});
afterAll(() => sb.close());

// What the tests read from the wire; the assertions check the exact keys.
type WireSegment = Record<string, number | null>;
type WireMatch = {
  asset: Record<string, unknown> & { duration_seconds: number; release_date: Record<string, unknown>; dsp: { name: string; url: string }[] };
  match_details: Record<string, Record<string, unknown> | null>;
};
type WireClassSegment = { start: number; end: number; confidence: number; subclasses: { name: string; confidence: number }[] };
type WireClassification = Record<'music' | 'speech' | 'silence', WireClassSegment[]>;
type WireResponse = {
  lookup_ids: string[];
  query_file_duration_seconds: number;
  matches: WireMatch[] | null;
  content_classification?: WireClassification | null;
  message?: string;
};

// Search responses hold no 64-bit ids, so plain JSON.parse keeps every number a number.
async function check(lookupId: string, opts: { token?: string } = {}) {
  const res = await sb.call('GET', `/api/v1/search/check-search/${encodeURIComponent(lookupId)}`, { key: null, token: opts.token ?? token });
  return { ...res, json: (res.text ? JSON.parse(res.text) : {}) as WireResponse };
}

/** Keys and types of spec 2.2's asset object. */
const ASSET_SHAPE = {
  title: 'string',
  subtitle: 'string',
  artist: 'string',
  isrc: 'string',
  id: 'string',
  duration_seconds: 'number',
  album_name: 'string',
  barcode: 'string',
  label: 'string',
  distributor: 'string',
  release_date: 'object',
  dsp: 'object',
} as const;
const SEGMENT_KEYS = ['asset_end', 'asset_start', 'audio_pitch', 'audio_speed', 'confidence', 'melody_transposition', 'query_end', 'query_start'];
const AUDIO_KEYS = ['asset_match_duration_seconds', 'asset_match_percentage', 'query_match_duration_seconds', 'query_match_percentage', 'segments'];

function expectSpecMatch(match: WireMatch, queryDuration: number) {
  expect(Object.keys(match).sort()).toEqual(['asset', 'match_details']);
  expect(Object.keys(match.asset).sort()).toEqual(Object.keys(ASSET_SHAPE).sort());
  for (const [key, type] of Object.entries(ASSET_SHAPE)) expect(typeof match.asset[key], key).toBe(type);
  expect(Object.keys(match.asset.release_date).sort()).toEqual(['day', 'month', 'year']);
  for (const part of Object.values(match.asset.release_date)) expect(Number.isInteger(part)).toBe(true);
  for (const link of match.asset.dsp) expect(Object.keys(link).sort()).toEqual(['name', 'url']);
  expect(Object.keys(match.match_details).sort()).toEqual(['audio', 'melody', 'phonetic', 'video']);
  for (const value of Object.values(match.match_details)) expect(value === null || typeof value === 'object').toBe(true);
  const audio = match.match_details.audio as { segments: WireSegment[] } | null;
  if (audio) {
    expect(Object.keys(audio).sort()).toEqual(AUDIO_KEYS);
    expect(audio.segments.length).toBeGreaterThan(0);
    for (const segment of audio.segments) {
      expect(Object.keys(segment).sort()).toEqual(SEGMENT_KEYS);
      expect(segment.query_end).toBeGreaterThan(Number(segment.query_start));
      expect(segment.asset_end).toBeGreaterThan(Number(segment.asset_start));
      expect(segment.query_start).toBeGreaterThanOrEqual(0);
      expect(segment.query_end).toBeLessThanOrEqual(queryDuration);
      expect(segment.asset_end).toBeLessThanOrEqual(match.asset.duration_seconds);
      expect(segment.melody_transposition === null || typeof segment.melody_transposition === 'number').toBe(true);
    }
  }
}

function expectClassification(classification: WireClassification | null | undefined, duration: number) {
  expect(classification).toBeTruthy();
  if (!classification) return;
  expect(Object.keys(classification).sort()).toEqual(['music', 'silence', 'speech']);
  for (const segments of Object.values(classification)) {
    expect(Array.isArray(segments)).toBe(true);
    for (const s of segments) {
      expect(Object.keys(s).sort()).toEqual(['confidence', 'end', 'start', 'subclasses']);
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(duration);
      expect(s.confidence).toBeGreaterThanOrEqual(0);
      expect(s.confidence).toBeLessThanOrEqual(100);
      for (const sub of s.subclasses) {
        expect(Object.keys(sub).sort()).toEqual(['confidence', 'name']);
        expect(sub.confidence).toBeGreaterThanOrEqual(0);
        expect(sub.confidence).toBeLessThanOrEqual(100);
      }
    }
  }
}

describe('GET /api/v1/search/check-search/{lookup_id}', () => {
  afterEach(() => {
    clock = Date.UTC(2026, 10, 21, 9, 0, 0);
  });

  it('401 without a token, with a wrong one, or with a Discovery API key', async () => {
    expect((await sb.call('GET', '/api/v1/search/check-search/lk_matching_01', { key: null })).status).toBe(401);
    expect((await check('lk_matching_01', { token: 'wrong' })).status).toBe(401);
    expect((await sb.call('GET', '/api/v1/search/check-search/lk_matching_01')).status).toBe(401);
  });

  it('404 for an unknown lookup', async () => {
    const res = await check('lk_does_not_exist');
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/lk_does_not_exist/);
  });

  it('matching only: matches with audio and melody details, content_classification absent', async () => {
    const res = await check('lk_matching_01');
    expect(res.status).toBe(200);
    expect(res.json.lookup_ids).toEqual(['lk_matching_01']);
    expect(typeof res.json.query_file_duration_seconds).toBe('number');
    expect('content_classification' in res.json).toBe(false);
    const matches = res.json.matches!;
    expect(matches.length).toBeGreaterThanOrEqual(2);
    for (const match of matches) {
      expectSpecMatch(match, res.json.query_file_duration_seconds);
      expect(match.match_details.audio).not.toBeNull();
      expect(match.match_details.melody).not.toBeNull();
    }
  });

  it('classification only: matches null and music, speech and silence segments with subclasses', async () => {
    const res = await check('lk_classification_01');
    expect(res.status).toBe(200);
    expect(res.json.matches).toBeNull();
    expectClassification(res.json.content_classification, res.json.query_file_duration_seconds);
    const { music, speech, silence } = res.json.content_classification!;
    expect(music.length).toBeGreaterThan(0);
    expect(speech.length).toBeGreaterThan(0);
    expect(silence.length).toBeGreaterThan(0);
    expect(music.some((s) => s.subclasses.length > 0)).toBe(true);
    expect(silence.some((s) => s.subclasses.length === 0)).toBe(true);
  });

  it('both: matches and a classification in one response', async () => {
    const res = await check('lk_both_01');
    expect(res.json.matches!.length).toBeGreaterThan(0);
    for (const match of res.json.matches!) expectSpecMatch(match, res.json.query_file_duration_seconds);
    expectClassification(res.json.content_classification, res.json.query_file_duration_seconds);
  });

  it('rich matching: several assets, phonetic and video details, classification null, an unsafe dsp link', async () => {
    const res = await check('lk_matching_02');
    expect(res.json.content_classification).toBeNull();
    const matches = res.json.matches!;
    expect(matches.length).toBeGreaterThanOrEqual(3);
    for (const match of matches) expectSpecMatch(match, res.json.query_file_duration_seconds);
    const details = matches.map((m) => m.match_details);
    expect(details.some((d) => d.phonetic !== null)).toBe(true);
    expect(details.some((d) => d.video !== null)).toBe(true);
    expect(details.some((d) => d.audio === null)).toBe(true);
    const urls = matches.flatMap((m) => m.asset.dsp.map((l) => l.url));
    expect(urls.some((u) => u.startsWith('javascript:'))).toBe(true);
    expect(urls.filter(isHttpUrl).length).toBeGreaterThan(0);
  });

  it('blocks until the lookup is ready, then answers', async () => {
    const created = await sb.call('POST', '/sandbox/search/lookups', { key: null, body: { kind: 'classification', delay_seconds: 60 } });
    expect(created.status).toBe(201);
    const lookupId = created.json.lookup_id as string;
    let settled = false;
    const pending = check(lookupId).then((res) => {
      settled = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(settled).toBe(false);
    expect(waitingChecks(sb.sandbox.state)).toBe(1);
    clock += 59_000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(settled).toBe(false);
    clock += 1_000;
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.json.lookup_ids).toEqual([lookupId]);
    expect(res.json.matches).toBeNull();
    expect(waitingChecks(sb.sandbox.state)).toBe(0);
  });

  it('stops waiting when the client disconnects', async () => {
    const created = await sb.call('POST', '/sandbox/search/lookups', { key: null, body: { kind: 'matching', delay_seconds: 600 } });
    const controller = new AbortController();
    const pending = fetch(`${sb.url}/api/v1/search/check-search/${created.json.lookup_id}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    }).catch((error: Error) => error.name);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waitingChecks(sb.sandbox.state)).toBe(1);
    controller.abort();
    expect(await pending).toBe('AbortError');
    for (let i = 0; i < 20 && waitingChecks(sb.sandbox.state) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waitingChecks(sb.sandbox.state)).toBe(0);
    // And the sandbox carries on serving.
    expect((await check('lk_both_01')).status).toBe(200);
  });

  it('answers 404 when the lookup is deleted (as by a reset) while a check waits', async () => {
    const created = await sb.call('POST', '/sandbox/search/lookups', { key: null, body: { kind: 'both', delay_seconds: 30 } });
    const pending = check(created.json.lookup_id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    sb.sandbox.state.db.prepare('DELETE FROM search_lookups WHERE lookup_id = ?').run(created.json.lookup_id);
    clock += 30_000;
    expect((await pending).status).toBe(404);
  });
});
