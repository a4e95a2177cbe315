import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { DEMO_API_KEY, DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET } from '../app';
import { analyseAudio } from '../audio';
import { AUDIO_FILES, validateFaultBody } from './sandbox-tools';
import { standInVerdict } from './detector';

let clock = Date.UTC(2026, 10, 21, 9, 0, 0);
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ now: () => clock });
});
afterAll(() => sb.close());

const tool = (method: string, path: string, body?: unknown) => sb.call(method, path, { key: null, body });
const num = (v: unknown) => Number(v);

async function issueToken(): Promise<string> {
  const res = await sb.call('POST', '/oauth2/token', {
    key: null,
    headers: {
      authorization: `Basic ${Buffer.from(`${DETECTOR_CLIENT_ID}:${DETECTOR_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    rawBody: 'grant_type=client_credentials',
  });
  return res.json.access_token;
}

describe('GET /sandbox/info', () => {
  it('needs no credentials and reports table counts, demo credentials and the seed scale', async () => {
    const res = await tool('GET', '/sandbox/info');
    expect(res.status).toBe(200);
    expect(num(res.json.seed_scale)).toBe(1);
    expect(res.json.now).toBe(new Date(clock).toISOString());
    expect(num(res.json.counts.search_lookups)).toBe(4);
    expect(num(res.json.counts.orgs)).toBe(2);
    expect(num(res.json.counts.oauth_clients)).toBe(1);
    expect(res.json.counts).toHaveProperty('assets');
    expect(res.json.counts).not.toHaveProperty('meta');
    expect(res.json.credentials.discovery_api_keys.map((k: { token: string }) => k.token)).toContain(DEMO_API_KEY);
    expect(res.json.credentials.detector_clients).toEqual([{ client_id: DETECTOR_CLIENT_ID, client_secret: DETECTOR_CLIENT_SECRET }]);
    expect(res.json.credentials.token_url).toBe(`${sb.url}/oauth2/token`);
  });

  it('counts change with the data', async () => {
    const before = num((await tool('GET', '/sandbox/info')).json.counts.oauth_tokens);
    await issueToken();
    expect(num((await tool('GET', '/sandbox/info')).json.counts.oauth_tokens)).toBe(before + 1);
  });
});

describe('POST /sandbox/reset', () => {
  it('drops what was created and seeds again, keeping the scale unless told', async () => {
    await issueToken();
    await tool('POST', '/sandbox/search/lookups', { kind: 'both' });
    const seeded = (await tool('GET', '/sandbox/info')).json.counts;
    expect(num(seeded.search_lookups)).toBe(5);

    const res = await sb.call('POST', '/sandbox/reset', { key: null });
    expect(res.status).toBe(200);
    expect(num(res.json.seed_scale)).toBe(1);
    expect(num(res.json.counts.search_lookups)).toBe(4);
    expect(num(res.json.counts.oauth_tokens)).toBe(0);
    expect(num(res.json.counts.orgs)).toBe(2);
  });

  it('re-seeds at another scale', async () => {
    const res = await tool('POST', '/sandbox/reset', { scale: 2 });
    expect(res.status).toBe(200);
    expect(num((await tool('GET', '/sandbox/info')).json.seed_scale)).toBe(2);
    await tool('POST', '/sandbox/reset', { scale: 1 });
  });

  it.each([[{ scale: 0 }], [{ scale: 1.5 }], [{ scale: '2' }], [{ scale: 51 }], [[1]]])('400 for %j', async (body) => {
    const res = await tool('POST', '/sandbox/reset', body);
    expect(res.status).toBe(400);
    expect(res.json.status).toBe('error');
  });

  it('400 for a body that is not JSON', async () => {
    expect((await sb.call('POST', '/sandbox/reset', { key: null, rawBody: '{scale', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('/sandbox/faults', () => {
  it('GET shows the settings with all three rates', async () => {
    const res = await tool('GET', '/sandbox/faults');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ rates: { 429: 0n, 500: 0n, 503: 0n }, latencyMs: 0n, paths: [], seed: 1n });
  });

  it('PUT replaces them, and faults then hit only the given paths', async () => {
    const put = await tool('PUT', '/sandbox/faults', { rates: { 503: 1 }, paths: ['/api/v1/search'], seed: 7 });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ rates: { 429: 0n, 500: 0n, 503: 1n }, latencyMs: 0n, paths: ['/api/v1/search'], seed: 7n });
    expect((await tool('GET', '/sandbox/faults')).json).toEqual(put.json);
    const token = await issueToken();
    expect((await sb.call('GET', '/api/v1/search/check-search/lk_both_01', { token })).status).toBe(503);
    // /sandbox/ itself is never faulted, so faults can always be switched off again.
    expect((await tool('PUT', '/sandbox/faults', {})).status).toBe(200);
    expect((await sb.call('GET', '/api/v1/search/check-search/lk_both_01', { token })).status).toBe(200);
  });

  it.each([
    [{ rates: { 404: 0.5 } }, /429, 500 or 503/],
    [{ rates: { 500: 1.5 } }, /0 to 1/],
    [{ rates: { 500: -0.1 } }, /0 to 1/],
    [{ rates: { 500: '0.1' } }, /0 to 1/],
    [{ rates: { 429: 0.6, 500: 0.6 } }, /more than 1/],
    [{ rates: [0.1] }, /rates/],
    [{ latencyMs: -1 }, /latencyMs/],
    [{ latencyMs: 1.5 }, /latencyMs/],
    [{ latencyMs: 600_000 }, /latencyMs/],
    [{ paths: 'v3' }, /paths/],
    [{ paths: ['v3/drm'] }, /paths/],
    [{ seed: 'x' }, /seed/],
    [{ rate: { 500: 1 } }, /Unknown field/],
  ])('PUT 400 for %j', async (body, message) => {
    const before = (await tool('GET', '/sandbox/faults')).json;
    const res = await tool('PUT', '/sandbox/faults', body);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(message);
    expect((await tool('GET', '/sandbox/faults')).json).toEqual(before);
  });

  it('validateFaultBody keeps only positive rates', () => {
    expect(validateFaultBody({ rates: { 429: 0, 500: 0.25 }, latencyMs: 5, paths: ['/v3'], seed: 3 })).toEqual({
      rates: { 500: 0.25 },
      latencyMs: 5,
      paths: ['/v3'],
      seed: 3,
    });
  });
});

describe('/sandbox/search/lookups', () => {
  it('lists the seeded lookups with their kind and readiness', async () => {
    const res = await tool('GET', '/sandbox/search/lookups');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.json.map((l: { lookup_id: string }) => [l.lookup_id, l]));
    expect(byId.lk_matching_01).toMatchObject({ kind: 'matching', complete: true });
    expect(byId.lk_matching_02).toMatchObject({ kind: 'matching', complete: true });
    expect(byId.lk_classification_01).toMatchObject({ kind: 'classification', complete: true });
    expect(byId.lk_both_01).toMatchObject({ kind: 'both', complete: true });
    expect(Date.parse(byId.lk_both_01.ready_at)).toBeLessThan(clock);
  });

  it('creates a lookup of each kind whose check-search waits for delay_seconds', async () => {
    const token = await issueToken();
    for (const kind of ['matching', 'classification', 'both'] as const) {
      const created = await tool('POST', '/sandbox/search/lookups', { kind, delay_seconds: 2 });
      expect(created.status).toBe(201);
      expect(created.json.lookup_id).toMatch(new RegExp(`^lk_${kind}_\\d+$`));
      expect(created.json.ready_at).toBe(new Date(clock + 2000).toISOString());
      const listed = (await tool('GET', '/sandbox/search/lookups')).json.find((l: { lookup_id: string }) => l.lookup_id === created.json.lookup_id);
      expect(listed).toMatchObject({ kind, complete: false });

      const pending = sb.call('GET', `/api/v1/search/check-search/${created.json.lookup_id}`, { token });
      await new Promise((resolve) => setTimeout(resolve, 250));
      clock += 2000;
      const res = await pending;
      expect(res.status).toBe(200);
      const body = JSON.parse(res.text);
      expect(body.lookup_ids).toEqual([created.json.lookup_id]);
      expect(Array.isArray(body.matches)).toBe(kind !== 'classification');
      expect(body.content_classification != null).toBe(kind !== 'matching');
    }
  });

  it('defaults delay_seconds to 0', async () => {
    const created = await tool('POST', '/sandbox/search/lookups', { kind: 'matching' });
    expect(created.json.ready_at).toBe(new Date(clock).toISOString());
  });

  it.each([[{}], [{ kind: 'other' }], [{ kind: 'both', delay_seconds: -1 }], [{ kind: 'both', delay_seconds: 601 }], [{ kind: 'both', delay_seconds: '5' }]])(
    '400 for %j',
    async (body) => {
      const res = await tool('POST', '/sandbox/search/lookups', body);
      expect(res.status).toBe(400);
    },
  );
});

describe('GET /sandbox/audio', () => {
  it('lists every file with its URL', async () => {
    const res = await tool('GET', '/sandbox/audio');
    expect(res.json.map((f: { name: string }) => f.name).sort()).toEqual(Object.keys(AUDIO_FILES).sort());
    expect(res.json[0].url).toBe(`${sb.url}/sandbox/audio/${res.json[0].name}`);
  });

  it.each([
    ['music-60s.wav', 'audio/wav', 'ok', 60],
    ['music-20s.wav', 'audio/wav', 'ok', 20],
    ['clip-5s.wav', 'audio/wav', 'too_short', 5],
    ['silence-40s.wav', 'audio/wav', 'not_enough_music', 40],
    ['mostly-silence.wav', 'audio/wav', 'not_enough_music', 40],
    ['damaged.wav', 'audio/wav', 'error', undefined],
    ['no-audio.wav', 'audio/wav', 'no_audio', undefined],
    ['video-only.webm', 'video/webm', 'no_audio', undefined],
    ['too-long.wav', 'audio/wav', 'too_long', 910],
    ['not-audio.txt', 'text/plain; charset=utf-8', 'invalid_file', undefined],
  ])('serves %s as %s, which the detector judges %s', async (name, contentType, status, duration) => {
    const res = await fetch(`${sb.url}/sandbox/audio/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(contentType);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const analysis = await analyseAudio(bytes);
    expect(analysis.status).toBe(status);
    if (duration !== undefined) expect(analysis.durationSeconds).toBeCloseTo(duration, 3);
  });

  it.each([
    ['verdict-ai-model.wav', (v: ReturnType<typeof standInVerdict>) => v.is_ai === true && typeof v.predicted_model === 'string'],
    ['verdict-ai-no-model.wav', (v: ReturnType<typeof standInVerdict>) => v.is_ai === true && v.predicted_model === null],
    ['verdict-not-ai.wav', (v: ReturnType<typeof standInVerdict>) => v.is_ai === false],
  ])('serves %s: ok music with that stand-in verdict', async (name, verdictIs) => {
    const bytes = new Uint8Array(await (await fetch(`${sb.url}/sandbox/audio/${name}`)).arrayBuffer());
    expect((await analyseAudio(bytes)).status).toBe('ok');
    expect(verdictIs(standInVerdict(bytes))).toBe(true);
  });

  it('HEAD gives the headers without the body; unknown names are 404', async () => {
    const head = await fetch(`${sb.url}/sandbox/audio/clip-5s.wav`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(44 + 5 * 22_050 * 2);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const missing = await tool('GET', '/sandbox/audio/nothing.wav');
    expect(missing.status).toBe(404);
    expect((await tool('GET', '/sandbox/audio/..%2Fapp.ts')).status).toBe(404);
  });
});
