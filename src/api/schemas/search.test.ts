import { describe, expect, it } from 'vitest';
import { searchResponseSchema, segmentSeconds } from './search';
import { detectionResultSchema } from './detector';

const audio = {
  query_match_duration_seconds: 20,
  query_match_percentage: 50,
  asset_match_duration_seconds: 20,
  asset_match_percentage: 10,
  segments: [{ query_start: 0, query_end: 20, asset_start: 30, asset_end: 50, audio_pitch: 0, audio_speed: 1, melody_transposition: null, confidence: 0.9 }],
};
const asset = {
  title: 'Night Drive',
  subtitle: '',
  artist: 'Artist',
  isrc: 'USRC17607839',
  id: 'a-1',
  duration_seconds: 201,
  album_name: 'Album',
  barcode: '0123456789012',
  label: 'Label',
  distributor: 'Dist',
  release_date: { year: 2023, month: 11, day: 20 },
  dsp: [{ name: 'Spotify', url: 'https://open.spotify.com/track/x' }],
};

describe('search response', () => {
  it('parses a matching result without content_classification (check-endpoint sample)', () => {
    const r = searchResponseSchema.parse({
      lookup_ids: ['L1'],
      query_file_duration_seconds: 40,
      matches: [{ asset, match_details: { audio, melody: null, phonetic: null, video: null } }],
    });
    expect(r.content_classification).toBeNull();
    expect(r.matches?.[0]?.match_details.audio?.segments[0]?.melody_transposition).toBeNull();
    expect(r.matches?.[0]?.asset.release_date).toEqual({ year: 2023, month: 11, day: 20 });
  });

  it('parses a classification-only result with matches null', () => {
    const seg = { start: 0, end: 12.5, confidence: 97, subclasses: [{ name: 'vocal', confidence: 80 }] };
    const r = searchResponseSchema.parse({
      lookup_ids: ['L2'],
      query_file_duration_seconds: 30,
      matches: null,
      content_classification: { music: [seg], speech: [], silence: [] },
    });
    expect(r.matches).toBeNull();
    expect(r.content_classification?.music[0]?.subclasses[0]?.name).toBe('vocal');
  });

  it('treats absent match_details keys as no match (null)', () => {
    const r = searchResponseSchema.parse({ lookup_ids: [], query_file_duration_seconds: 1, matches: [{ asset, match_details: { audio } }] });
    expect(r.matches?.[0]?.match_details.video).toBeNull();
  });

  it('reads segment timestamps given as seconds or clock strings', () => {
    expect(segmentSeconds(12.5)).toBe(12.5);
    expect(segmentSeconds('12.5')).toBe(12.5);
    expect(segmentSeconds('01:02.5')).toBe(62.5);
    expect(segmentSeconds('1:00:00')).toBe(3600);
    expect(segmentSeconds('soon')).toBeNull();
  });
});

describe('detection result', () => {
  it('parses an ok result with a 64-bit request_id and a null predicted_model', () => {
    const r = detectionResultSchema.parse({ request_id: 9007199254740993n, status: 'ok', message: 'done', is_ai: true, ai_score: 0.93, predicted_model: null });
    expect(r.request_id).toBe('9007199254740993');
    expect(r.predicted_model).toBeNull();
    expect(r.predicted_model_score).toBeUndefined();
  });

  it('parses a problem status without the prediction fields', () => {
    const r = detectionResultSchema.parse({ status: 'too_short', message: 'Audio is too short.' });
    expect(r.is_ai).toBeUndefined();
    expect(r.request_id).toBeUndefined();
  });

  it('refuses a status outside 7.1', () => {
    expect(detectionResultSchema.safeParse({ status: 'queued', message: '' }).success).toBe(false);
  });
});
