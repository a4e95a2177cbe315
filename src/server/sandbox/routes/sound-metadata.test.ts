import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  const insert = t.sandbox.db.prepare('INSERT INTO sounds (platform, sound_id, url, title, artist, is_original, video_count) VALUES (?, ?, ?, ?, ?, ?, ?)');
  insert.run('tiktok', 'fx-1', 'https://www.tiktok.com/music/harbour-lights-fx-1', 'Harbour Lights', 'Mara Vale', 0, 120_431);
  insert.run('tiktok', 'fx-2', 'https://www.tiktok.com/music/original-sound-fx-2', 'original sound - luna.beats', 'luna.beats', 1, 3);
  insert.run('instagram', 'fx-1', 'https://www.instagram.com/reels/audio/fx-1/', 'Original audio', 'kai_echo', 1, 57);
});

afterAll(async () => {
  await t.close();
});

describe('GET /drm/sound-metadata/{soundID}', () => {
  it('answers the sound of that platform (platform in any case)', async () => {
    const res = await t.call('GET', '/drm/sound-metadata/fx-1?platform=TikTok');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      sound_id: 'fx-1',
      url: 'https://www.tiktok.com/music/harbour-lights-fx-1',
      title: 'Harbour Lights',
      artist: 'Mara Vale',
      platform: 'tiktok',
      is_original: false,
      video_count: 120_431n,
    });
    const ig = await t.call('GET', '/drm/sound-metadata/fx-1?platform=instagram');
    expect(ig.json.is_original).toBe(true);
    expect(ig.json.title).toBe('Original audio');
  });

  it('requires platform (400), answers 404 for an unknown sound and 401 without a key', async () => {
    const missing = await t.call('GET', '/drm/sound-metadata/fx-1');
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/platform/);
    expect((await t.call('GET', '/drm/sound-metadata/fx-1?platform=')).status).toBe(400);
    expect((await t.call('GET', '/drm/sound-metadata/nope?platform=tiktok')).status).toBe(404);
    expect((await t.call('GET', '/drm/sound-metadata/fx-1?platform=youtube')).status).toBe(404);
    expect((await t.call('GET', '/drm/sound-metadata/fx-1?platform=tiktok', { key: null })).status).toBe(401);
  });

  it('serves every sound a seeded copy refers to', async () => {
    const refs = t.sandbox.db
      .prepare('SELECT DISTINCT platform, copy_sound_id FROM copies WHERE copy_sound_id IS NOT NULL ORDER BY match_id DESC LIMIT 20')
      .all() as { platform: string; copy_sound_id: string }[];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const res = await t.call('GET', `/drm/sound-metadata/${encodeURIComponent(ref.copy_sound_id)}?platform=${ref.platform}`);
      expect(res.status, `${ref.platform} ${ref.copy_sound_id}`).toBe(200);
      expect(res.json.sound_id).toBe(ref.copy_sound_id);
    }
  });
});

describe('POST /v3/drm/sound-metadata', () => {
  it('answers the found sounds in request order, leaving out unknown ones and repeats', async () => {
    const res = await t.call('POST', '/v3/drm/sound-metadata', {
      body: [
        { sound_id: 'fx-2', platform: 'tiktok' },
        { sound_id: 'missing', platform: 'tiktok' },
        { sound_id: 'fx-1', platform: 'instagram' },
        { sound_id: 'fx-2', platform: 'TIKTOK' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.map((s: { sound_id: string; platform: string }) => `${s.platform}/${s.sound_id}`)).toEqual(['tiktok/fx-2', 'instagram/fx-1']);
    expect((await t.call('POST', '/v3/drm/sound-metadata', { body: [] })).json).toEqual([]);
  });

  it('takes at most 100 entries and validates each', async () => {
    const hundred = Array.from({ length: 100 }, () => ({ sound_id: 'fx-1', platform: 'tiktok' }));
    expect((await t.call('POST', '/v3/drm/sound-metadata', { body: hundred })).status).toBe(200);
    const tooMany = await t.call('POST', '/v3/drm/sound-metadata', { body: [...hundred, { sound_id: 'fx-2', platform: 'tiktok' }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toMatch(/100/);
    expect(tooMany.json.message).toMatch(/101/);

    const bad = [
      { sound_id: 'fx-1', platform: 'tiktok' },
      { sound_id: 7, platform: 'tiktok' },
    ];
    const res = await t.call('POST', '/v3/drm/sound-metadata', { body: bad });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/Entry 1/);
    for (const body of [{ sound_id: 'fx-1', platform: 'tiktok' }, [{ sound_id: 'fx-1' }], [{ platform: 'tiktok' }], ['fx-1'], [null]]) {
      expect((await t.call('POST', '/v3/drm/sound-metadata', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/v3/drm/sound-metadata', { rawBody: '[{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});
