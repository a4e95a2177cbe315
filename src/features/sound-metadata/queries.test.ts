import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, resetApiSettings } from '../../api';
import { fakeFetch, memoryStorage, TEST_ORIGIN, type FakeReply, type RecordedRequest } from '../../api/testing/fake-fetch';
import { lookUpOneSound, lookUpSoundBatch } from './queries';

const SOUND = { sound_id: '7185070717436917138', url: 'https://www.tiktok.com/music/x-7185070717436917138', title: 'Hollow Fires', artist: 'Delia Moss', platform: 'tiktok', is_original: false, video_count: 598 };

let calls: RecordedRequest[];
function serve(handler: (request: RecordedRequest) => FakeReply) {
  const fake = fakeFetch(handler);
  calls = fake.calls;
  configureApi({ baseUrl: TEST_ORIGIN, fetch: fake.fetch, sleep: async () => {} });
}

beforeEach(() => {
  resetApiSettings();
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiSettings();
});

describe('lookUpOneSound', () => {
  it('asks for the trimmed id on the lower-cased platform', async () => {
    serve(() => ({ json: SOUND }));
    const result = await lookUpOneSound({ sound_id: ' 7185070717436917138 ', platform: 'TikTok ' });
    expect(calls[0]!.path).toBe('/api/discovery/drm/sound-metadata/7185070717436917138');
    expect(calls[0]!.query.get('platform')).toBe('tiktok');
    expect(result.results).toEqual({ found: [SOUND], notFound: [] });
  });

  it('reads a 404 as "not found", not as a failure', async () => {
    serve(() => ({ status: 404, json: { status: 'error', message: 'Sound 1 not found on tiktok.' } }));
    const result = await lookUpOneSound({ sound_id: '1', platform: 'tiktok' });
    expect(result.results).toEqual({ found: [], notFound: [{ sound_id: '1', platform: 'tiktok' }] });
  });

  it('lets other failures through with the platform message', async () => {
    serve(() => ({ status: 400, json: { status: 'error', message: 'Query parameter platform is required.' } }));
    await expect(lookUpOneSound({ sound_id: '1', platform: 'x' })).rejects.toThrow('Query parameter platform is required.');
  });
});

describe('lookUpSoundBatch', () => {
  it('sends the list once and lists the sounds the answer left out as not found', async () => {
    serve(() => ({ json: [SOUND] }));
    const requested = [
      { sound_id: SOUND.sound_id, platform: 'tiktok' },
      { sound_id: '42', platform: 'instagram' },
    ];
    const result = await lookUpSoundBatch(requested);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(calls[0]!.body as string)).toEqual(requested);
    expect(result.results.found).toEqual([SOUND]);
    expect(result.results.notFound).toEqual([{ sound_id: '42', platform: 'instagram' }]);
  });
});
