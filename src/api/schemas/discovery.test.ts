import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJson } from '../json';
import { ApiError } from '../errors';
import { parseResponse } from '../http';
import {
  assetSchema,
  assetTrackingSchema,
  autoCollectionSchema,
  collectionSchema,
  copySchema,
  copyStatusSchema,
  copyStatusesOfCopySchema,
  monitoringResultSchema,
  soundMetadataSchema,
  whitelistSchema,
  whitelistUrlSchema,
  assetUploadMetadataSchema,
  whitelistInputSchema,
  apiKeySchema,
} from './discovery';

// Wire fixtures in both spellings the spec mentions: the field tables' and the samples'.

const wireCopy = (overrides: Record<string, unknown> = {}) => ({
  match_id: 7340032000000000001n,
  match_id_str: '7340032000000000001',
  asset_id: 7340032000000000002n,
  asset_id_str: '7340032000000000002',
  whitelist_ids: [],
  whitelist_ids_str: [],
  created_at: '2024-05-01T10:00:00.123Z',
  platform: 'youtube',
  copy_media_url: 'https://www.youtube.com/watch?v=abc',
  copy_user_url: 'https://www.youtube.com/@someone',
  copy_user_name: 'someone',
  copy_user_real_name: 'Some One',
  copy_user_is_verified: false,
  copy_title: 'A cover',
  copy_upload_date: '2024-04-30T08:00:00.000Z',
  copy_duration: 187.5,
  copy_sound_id: null,
  copy_statistics: { views_count: 10, shares_count: 1, comments_count: 2, likes_count: 3, dislike_count: 4 },
  match_data: {
    matching_segments_in_asset: [0, 30],
    matching_segments_in_copy: [10, 40],
    copy_percentage_asset: 15,
    copy_percentage_copy: 16,
    length_of_match: 30,
    is_audio_modified: true,
  },
  match_category: 'SN30',
  user_actions: { statuses: [40, 60] },
  is_nsfw: false,
  is_taken_down: false,
  content_type: 'video',
  ...overrides,
});

describe('copy normalisation', () => {
  it('reads dislikes_count from dislike_count (samples) and dislikes_count (field table)', () => {
    const fromSample = copySchema.parse(wireCopy());
    const fromTable = copySchema.parse(wireCopy({ copy_statistics: { views_count: 10, dislikes_count: 4 } }));
    expect(fromSample.copy_statistics.dislikes_count).toBe(4);
    expect(fromTable.copy_statistics.dislikes_count).toBe(4);
    expect(fromSample.copy_statistics).not.toHaveProperty('dislike_count');
  });

  it('reads copy_percentage_of_asset and asset_percentage_of_copy under either spelling', () => {
    const sample = copySchema.parse(wireCopy()).match_data;
    const table = copySchema.parse(
      wireCopy({
        match_data: { matching_segments_in_asset: [], matching_segments_in_copy: [], copy_percentage_of_asset: 15, asset_percentage_of_copy: 16, length_of_match: 30 },
      }),
    ).match_data;
    expect([sample.copy_percentage_of_asset, sample.asset_percentage_of_copy]).toEqual([15, 16]);
    expect([table.copy_percentage_of_asset, table.asset_percentage_of_copy]).toEqual([15, 16]);
    expect(sample).not.toHaveProperty('copy_percentage_asset');
    expect(sample).not.toHaveProperty('copy_percentage_copy');
  });

  it('finds is_audio_modified in match_data or in copy_statistics (single-copy sample)', () => {
    const inMatchData = copySchema.parse(wireCopy());
    const { is_audio_modified: _dropped, ...matchData } = wireCopy().match_data;
    const inStatistics = copySchema.parse(
      wireCopy({ match_data: matchData, copy_statistics: { views_count: 1, dislike_count: 0, is_audio_modified: true } }),
    );
    expect(inMatchData.match_data.is_audio_modified).toBe(true);
    expect(inStatistics.match_data.is_audio_modified).toBe(true);
    expect(inStatistics.copy_statistics).not.toHaveProperty('is_audio_modified');
  });

  it('prefers match_data when both places carry is_audio_modified', () => {
    const copy = copySchema.parse(wireCopy({ copy_statistics: { is_audio_modified: true }, match_data: { ...wireCopy().match_data, is_audio_modified: false } }));
    expect(copy.match_data.is_audio_modified).toBe(false);
  });

  it('reads user_actions from user_actions or useractions; codes become exact Ids', () => {
    const { user_actions: _ua, ...rest } = wireCopy();
    const table = copySchema.parse({ ...rest, useractions: { statuses: [40, 9007199254740993n] } });
    const sample = copySchema.parse(wireCopy({ user_actions: { statuses: [40, 9007199254740993n] } }));
    expect(table.user_actions.statuses).toEqual(['40', '9007199254740993']);
    expect(sample.user_actions.statuses).toEqual(['40', '9007199254740993']);
  });

  it('keeps 64-bit ids exact and drops the _str companions', () => {
    const copy = copySchema.parse(wireCopy());
    expect(copy.match_id).toBe('7340032000000000001');
    expect(copy.asset_id).toBe('7340032000000000002');
    expect(copy).not.toHaveProperty('match_id_str');
  });

  it('takes ids from the _str form when only that is sent', () => {
    const { match_id: _m, asset_id: _a, whitelist_ids: _w, ...rest } = wireCopy({ whitelist_ids_str: ['7340032000000000009'] });
    const copy = copySchema.parse(rest);
    expect(copy.match_id).toBe('7340032000000000001');
    expect(copy.asset_id).toBe('7340032000000000002');
    expect(copy.whitelist_ids).toEqual(['7340032000000000009']);
  });

  it('parses a copy that lacks every optional field', () => {
    const copy = copySchema.parse({
      match_id: 1,
      asset_id: 2,
      created_at: '2024-05-01',
      platform: 'tiktok',
      match_data: { copy_percentage_asset: 5, copy_percentage_copy: 100, length_of_match: 9 },
      match_category: 'SN10',
    });
    expect(copy).toMatchObject({
      match_id: '1',
      whitelist_ids: [],
      copy_sound_id: null,
      copy_title: '',
      copy_user_is_verified: false,
      user_actions: { statuses: [] },
      is_nsfw: false,
      is_taken_down: false,
    });
    expect(copy.content_type).toBeUndefined();
    expect(copy.match_data.is_audio_modified).toBeUndefined();
    expect(copy.match_data.matching_segments_in_asset).toEqual([]);
    expect(copy.copy_statistics.views_count).toBeUndefined();
  });

  it('names the failing field path and the allowed values in schema errors', () => {
    const copies = [wireCopy(), wireCopy(), wireCopy(), wireCopy({ match_category: 'XX' })];
    const error = (() => {
      try {
        parseResponse(z.array(copySchema), copies, { iface: 'discovery', path: '/v3/drm/copies', root: 'copies' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('schema');
    expect((error as ApiError).message).toBe('copies[3].match_category: expected one of EC, FC, PC, SN, SN30, SN10, SN5, got "XX"');
  });

  it('says which field is missing', () => {
    const { platform: _p, ...rest } = wireCopy();
    const result = (() => {
      try {
        return parseResponse(copySchema, rest, { iface: 'discovery', path: '/v3/drm/copies/1', root: 'copy' });
      } catch (e) {
        return (e as ApiError).message;
      }
    })();
    expect(result).toBe('copy.platform: is missing');
  });
});

const wireAssetList = (overrides: Record<string, unknown> = {}) => ({
  asset_id: 7340032000000000100n,
  asset_id_str: '7340032000000000100',
  title: 'Night Drive',
  created_at: '2024-01-02T03:04:05.678Z',
  updated_at: '2024-01-02T03:04:05.678Z',
  production_date: '2023-11-20T00:00:00.000Z',
  collection_ids: [7340032000000000200n],
  reference_ids: ['REF-1'],
  is_tracked: true,
  tracked_from: '2024-01-03T00:00:00.000Z',
  media_type: 'audio',
  match_types: ['audio'],
  processing_status: 'sampled',
  youtube_content_id: { asset_id: 'A123' },
  music: { iswcs: [], isrcs: ['USRC17607839'], artist: 'Artist', album: 'Album' },
  excluded_segments: [{ lower: 0, upper: 10 }],
  ...overrides,
});

describe('asset normalisation', () => {
  it('reads processing_status as a string (list) or {status, error} (detail) into one shape', () => {
    const list = assetSchema.parse(wireAssetList());
    const detail = assetSchema.parse(wireAssetList({ processing_status: { status: 'sampled', error: '' }, duration: 201, thumbnail_url: 'https://x/t.jpg' }));
    const failed = assetSchema.parse(wireAssetList({ processing_status: { status: 'failed', error: 'unreadable audio' } }));
    expect(list.processing_status).toEqual({ status: 'sampled', error: '' });
    expect(detail.processing_status).toEqual({ status: 'sampled', error: '' });
    expect(failed.processing_status).toEqual({ status: 'failed', error: 'unreadable audio' });
  });

  it('reads youtube_content_id.asset_id from asset_id (table) or cid_asset_id (detail sample)', () => {
    const table = assetSchema.parse(wireAssetList());
    const sample = assetSchema.parse(wireAssetList({ youtube_content_id: { cid_asset_id: 'A123' } }));
    expect(table.youtube_content_id).toEqual({ asset_id: 'A123' });
    expect(sample.youtube_content_id).toEqual({ asset_id: 'A123' });
  });

  it('accepts production_date as YYYY-MM-DD or a full timestamp, keeping the string', () => {
    expect(assetSchema.parse(wireAssetList({ production_date: '2023-11-20' })).production_date).toBe('2023-11-20');
    expect(assetSchema.parse(wireAssetList()).production_date).toBe('2023-11-20T00:00:00.000Z');
    expect(assetSchema.safeParse(wireAssetList({ production_date: '20/11/2023' })).success).toBe(false);
  });

  it('keeps 64-bit collection ids exact', () => {
    expect(assetSchema.parse(wireAssetList()).collection_ids).toEqual(['7340032000000000200']);
  });

  it('parses the list form without detail-only fields and an untracked asset with empty tracked_from', () => {
    const asset = assetSchema.parse(wireAssetList({ is_tracked: false, tracked_from: '', youtube_content_id: undefined, music: undefined }));
    expect(asset.duration).toBeUndefined();
    expect(asset.thumbnail_url).toBeUndefined();
    expect(asset.tracked_from).toBe('');
    expect(asset.youtube_content_id).toBeUndefined();
    expect(asset.music).toEqual({ iswcs: [], isrcs: [], artist: '', album: '' });
  });

  it('refuses an unknown media_type', () => {
    expect(assetSchema.safeParse(wireAssetList({ media_type: 'image' })).success).toBe(false);
  });

  it('reads tracking with is_tracked as a boolean or the string form the spec describes', () => {
    const base = { asset_id: 5, asset_id_str: '5', tracked_from: '' };
    expect(assetTrackingSchema.parse({ ...base, is_tracked: false }).is_tracked).toBe(false);
    expect(assetTrackingSchema.parse({ ...base, is_tracked: 'false' }).is_tracked).toBe(false);
    expect(assetTrackingSchema.parse({ ...base, is_tracked: 'true', tracked_from: '2024-01-01T00:00:00Z' }).is_tracked).toBe(true);
  });
});

describe('collections and whitelists', () => {
  it('parses a collection list item without the detail-only assets_count', () => {
    const c = collectionSchema.parse({ collection_id: 9007199254740993n, title: 'Default', reference_id: '', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', is_autocollection: false });
    expect(c.collection_id).toBe('9007199254740993');
    expect(c.assets_count).toBeUndefined();
  });

  it('reads an auto collection is_active as boolean or string', () => {
    const base = { collection_id: 1, title: 'Auto', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', source_url: 'https://example.com/p', assets_count: 3 };
    expect(autoCollectionSchema.parse({ ...base, is_active: true }).is_active).toBe(true);
    expect(autoCollectionSchema.parse({ ...base, is_active: 'true' }).is_active).toBe(true);
    expect(autoCollectionSchema.parse({ ...base, is_active: 'false' }).is_active).toBe(false);
  });

  it('maps the unbounded dates_limit sides (-infinity, infinity) to null', () => {
    const w = whitelistSchema.parse({
      whitelist_id: 3,
      title: 'Partners',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      dates_limit: { start_date: '-infinity', end_date: 'infinity' },
    });
    expect(w.dates_limit).toEqual({ start_date: null, end_date: null });
    expect(w.url_stats).toBeUndefined();
    const bounded = whitelistSchema.parse({
      whitelist_id: 3,
      title: 'Partners',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      dates_limit: { start_date: '2024-01-01', end_date: '2024-12-31' },
      url_stats: { failed: 1, succeed: 4 },
    });
    expect(bounded.dates_limit).toEqual({ start_date: '2024-01-01', end_date: '2024-12-31' });
    expect(bounded.url_stats).toEqual({ failed: 1, succeed: 4 });
  });

  it('reads a whitelist URL processing_status as an object or a bare string', () => {
    const base = { url_id: 4, source_url: 'https://example.com/v/1', created_at: '2024-01-01T00:00:00Z' };
    expect(whitelistUrlSchema.parse({ ...base, processing_status: { status: 'ok', error: '' } }).processing_status).toEqual({ status: 'ok', error: '' });
    expect(whitelistUrlSchema.parse({ ...base, processing_status: 'ok' }).processing_status).toEqual({ status: 'ok', error: '' });
  });
});

describe('copy statuses, sounds, API keys', () => {
  it('reads a copy status with a 64-bit code and without updated_at (create response)', () => {
    const s = copyStatusSchema.parse({ status: 9223372036854775807n, status_str: '9223372036854775807', title: 'Escalated', created_at: '2024-01-01T00:00:00Z' });
    expect(s.status).toBe('9223372036854775807');
    expect(s.updated_at).toBe('');
  });

  it('reads the statuses of one copy under user_actions or useractions', () => {
    expect(copyStatusesOfCopySchema.parse({ match_id: 1, match_id_str: '1', user_actions: { statuses: [10] } }).user_actions.statuses).toEqual(['10']);
    expect(copyStatusesOfCopySchema.parse({ match_id: 1, match_id_str: '1', useractions: { statuses: [10] } }).user_actions.statuses).toEqual(['10']);
  });

  it('parses sound metadata', () => {
    const s = soundMetadataSchema.parse({ sound_id: '7012345678901234567', url: 'https://t/s', title: 'orig', artist: 'x', platform: 'tiktok', is_original: true, video_count: 12 });
    expect(s).toMatchObject({ sound_id: '7012345678901234567', is_original: true, video_count: 12 });
  });

  it('parses an API key and rejects one without a token', () => {
    expect(apiKeySchema.parse({ token: 't', key_name: 'ci', created_at: '2024-01-01T00:00:00Z' }).token).toBe('t');
    expect(apiKeySchema.safeParse({ key_name: 'ci', created_at: '2024-01-01T00:00:00Z' }).success).toBe(false);
  });
});

const wireMonitoring = (overrides: Record<string, unknown> = {}, match: Record<string, unknown> = {}) => ({
  asset_id: 7340032000000000100n,
  result_id: 7340032000000000300n,
  account_name: 'dj',
  post_gid: 'tt:7301234567890',
  platform: 'tiktok',
  post_url: 'https://www.tiktok.com/@dj/video/7301234567890',
  date_uploaded: '2024-05-01T10:00:00+02:00',
  status: 'needs review',
  match: {
    match_id: '7340032000000000400',
    match_identified: 'yes',
    match_majors: 'no',
    isrc: 'USRC17607839',
    title: 'Night Drive',
    artist: 'Artist',
    distributor: 'Indie',
    audio_segments_post: '[[0,12]]',
    audio_segments_song: '[[30,42]]',
    ...match,
  },
  ...overrides,
});

describe('monitoring normalisation', () => {
  it('maps status "needs review" and "needs_review" to needs_review; "" stays ""', () => {
    expect(monitoringResultSchema.parse(wireMonitoring()).status).toBe('needs_review');
    expect(monitoringResultSchema.parse(wireMonitoring({ status: 'needs_review' })).status).toBe('needs_review');
    expect(monitoringResultSchema.parse(wireMonitoring({ status: '' })).status).toBe('');
    expect(monitoringResultSchema.parse(wireMonitoring({ status: 'licensed' })).status).toBe('licensed');
    expect(monitoringResultSchema.safeParse(wireMonitoring({ status: 'approved' })).success).toBe(false);
  });

  it('reads the match id from match.match_id (sample) or match.id (field table)', () => {
    const { match_id: _m, ...match } = wireMonitoring().match;
    const fromTable = monitoringResultSchema.parse({ ...wireMonitoring(), match: { ...match, id: '7340032000000000400' } });
    expect(fromTable.match?.match_id).toBe('7340032000000000400');
    expect(monitoringResultSchema.parse(wireMonitoring()).match?.match_id).toBe('7340032000000000400');
  });

  it('reads a result without a match (status "") as match null, whether the match is empty, null or absent', () => {
    const empty = { match_id: '', match_identified: 'no', match_majors: 'no', isrc: '', title: '', artist: '', distributor: '', audio_segments_post: '', audio_segments_song: '' };
    expect(monitoringResultSchema.parse(wireMonitoring({ status: '', match: empty })).match).toBeNull();
    expect(monitoringResultSchema.parse(wireMonitoring({ status: '', match: null })).match).toBeNull();
    const { match: _m, ...withoutMatch } = wireMonitoring({ status: '' });
    expect(monitoringResultSchema.parse(withoutMatch).match).toBeNull();
  });

  it('accepts date_uploaded as YYYY-MM-DD or a timestamp with offset', () => {
    expect(monitoringResultSchema.parse(wireMonitoring({ date_uploaded: '2024-05-01' })).date_uploaded).toBe('2024-05-01');
    expect(monitoringResultSchema.parse(wireMonitoring()).date_uploaded).toBe('2024-05-01T10:00:00+02:00');
  });
});

describe('request schemas for forms', () => {
  const upload = {
    title: 'Night Drive',
    media_type: 'audio',
    mime_type: 'audio/mpeg',
    fid: 'a'.repeat(64),
    production_date: '2024-02-29',
    collection_ids: ['9007199254740993', 12],
  };

  it('accepts valid upload metadata and yields ids as strings', () => {
    const meta = assetUploadMetadataSchema.parse(upload);
    expect(meta.collection_ids).toEqual(['9007199254740993', '12']);
  });

  it.each([
    ['fid', { fid: 'abc' }],
    ['production_date', { production_date: '2023-02-29' }],
    ['media_type', { media_type: 'image' }],
    ['title', { title: '  ' }],
    ['collection_ids', { collection_ids: ['x1'] }],
  ])('rejects a bad %s', (field, patch) => {
    const result = assetUploadMetadataSchema.safeParse({ ...upload, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('rejects a whitelist whose start is after its end', () => {
    const r = whitelistInputSchema.safeParse({ title: 'w', dates_limit: { start_date: '2024-02-01', end_date: '2024-01-01' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['dates_limit', 'end_date']);
  });

  it('accepts an open side of a whitelist only as -infinity (start) or infinity (end)', () => {
    const limit = (start_date: string, end_date: string) => whitelistInputSchema.safeParse({ title: 'w', dates_limit: { start_date, end_date } }).success;
    expect(limit('-infinity', '2024-01-01')).toBe(true);
    expect(limit('2024-01-01', 'infinity')).toBe(true);
    expect(limit('-infinity', 'infinity')).toBe(true);
    expect(limit('infinity', '2024-01-01')).toBe(false);
    expect(limit('2024-01-01', '-infinity')).toBe(false);
  });
});

describe('lossless wire text', () => {
  it('parses an id beyond 2^53 from JSON text exactly', () => {
    const data = parseJson('{"asset_id": 9007199254740993, "title": "t", "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z", "production_date": "", "is_tracked": false, "media_type": "audio", "processing_status": "uploaded"}');
    expect(assetSchema.parse(data).asset_id).toBe('9007199254740993');
  });
});
