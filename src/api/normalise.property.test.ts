import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWireDate, wireDay } from './dates';
import { parseJson, stringifyJson } from './json';
import { assetSchema, copySchema, monitoringResultSchema } from './schemas/discovery';

// Property: whatever accepted spelling the platform uses (field-table names or the samples' names,
// ids as integers or as their _str companions, flags as booleans or strings, dates as a day or a
// timestamp of that day, statuses with a space or an underscore), the app ends up with one internal
// value, and that value is the one the generated record stands for. Each record goes through JSON
// text and the lossless parser, as a real answer does.

const RUNS = 300;

/** A wire rendering picks every spelling independently; `pick(name)` says which one. */
type Picks = Record<string, number>;

const int64 = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n });
/** Mostly small ids (sent as plain JSON integers), some beyond 2^53 (only exact with a lossless parser). */
const id = fc.oneof(fc.bigInt({ min: 1n, max: 2n ** 53n - 1n }), int64);
const count = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const maybeCount = fc.option(count, { nil: undefined });
const text = fc.string({ unit: 'grapheme', maxLength: 40 });
const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const seconds = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 1000);
const segments = fc.array(fc.integer({ min: 0, max: 7200 }), { maxLength: 8 });

/** Choices for the renderer: enough independent numbers for every variant point of a record. */
const picks = fc.dictionary(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), fc.nat(5), { minKeys: 26, maxKeys: 26 });

const choose = (picks: Picks, key: string, n: number) => (picks[key] ?? 0) % n;

/** An id as the wire may carry it: integer with _str companion, integer alone, or _str alone. */
function renderId(out: Record<string, unknown>, name: string, value: bigint, variant: number): void {
  if (variant !== 2) out[name] = value;
  if (variant !== 1) out[`${name}_str`] = String(value);
}

/** A date field: the calendar day, or a timestamp of midnight UTC that day (with or without milliseconds). */
function renderDay(value: string, variant: number): string {
  return variant === 0 ? value : variant === 1 ? `${value}T00:00:00Z` : `${value}T00:00:00.000Z`;
}

function renderFlag(value: boolean, variant: number): boolean | string {
  return variant === 0 ? value : String(value);
}

/** An optional text value: '' can also arrive as null or not at all. */
function renderText(out: Record<string, unknown>, name: string, value: string, variant: number): void {
  if (value !== '' || variant === 0) out[name] = value;
  else if (variant === 1) out[name] = null;
}

function throughJson(value: unknown): unknown {
  return parseJson(stringifyJson(value));
}

/** Dates are kept as sent (see dates.ts); what must agree is the instant and the day they stand for. */
function expectSameDay(actual: string, expected: string): void {
  expect(wireDay(actual)).toBe(expected);
  expect(parseWireDate(actual)?.getTime()).toBe(Date.parse(`${expected}T00:00:00Z`));
}

// ---- copies ---------------------------------------------------------------------------------------

const copyModel = fc.record({
  match_id: id,
  asset_id: id,
  whitelist_ids: fc.array(id, { maxLength: 3 }),
  created_at: day,
  platform: fc.constantFrom('youtube', 'tiktok', 'instagram', 'vimeo', 'soundcloud'),
  copy_media_url: text,
  copy_user_url: text,
  copy_user_name: text,
  copy_user_real_name: text,
  copy_user_is_verified: fc.boolean(),
  copy_title: text,
  copy_upload_date: fc.option(day, { nil: '' }),
  copy_duration: fc.option(seconds, { nil: undefined }),
  copy_sound_id: fc.option(fc.stringMatching(/^[0-9a-z]{1,19}$/), { nil: null }),
  views_count: maybeCount,
  shares_count: maybeCount,
  comments_count: maybeCount,
  likes_count: maybeCount,
  dislikes_count: maybeCount,
  matching_segments_in_asset: segments,
  matching_segments_in_copy: segments,
  copy_percentage_of_asset: fc.integer({ min: 0, max: 100 }),
  asset_percentage_of_copy: fc.integer({ min: 0, max: 100 }),
  length_of_match: fc.integer({ min: 0, max: 7200 }),
  is_audio_modified: fc.option(fc.boolean(), { nil: undefined }),
  match_category: fc.constantFrom('EC', 'FC', 'PC', 'SN', 'SN30', 'SN10', 'SN5' as const),
  statuses: fc.array(fc.oneof(fc.constantFrom(10n, 13n, 40n, 60n, 72n), int64), { maxLength: 4 }),
  is_nsfw: fc.boolean(),
  is_taken_down: fc.boolean(),
  content_type: fc.option(fc.constantFrom('audio', 'video', 'audiovisual' as const), { nil: undefined }),
});
type CopyModel = typeof copyModel extends fc.Arbitrary<infer T> ? T : never;

function renderCopy(m: CopyModel, p: Picks): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  renderId(out, 'match_id', m.match_id, choose(p, 'a', 3));
  renderId(out, 'asset_id', m.asset_id, choose(p, 'b', 3));
  const wl = choose(p, 'c', 3);
  if (wl !== 2) out.whitelist_ids = m.whitelist_ids;
  if (wl !== 1) out.whitelist_ids_str = m.whitelist_ids.map(String);
  out.created_at = renderDay(m.created_at, choose(p, 'd', 3));
  out.platform = m.platform;
  renderText(out, 'copy_media_url', m.copy_media_url, choose(p, 'e', 3));
  renderText(out, 'copy_user_url', m.copy_user_url, choose(p, 'e', 3));
  renderText(out, 'copy_user_name', m.copy_user_name, choose(p, 'f', 3));
  renderText(out, 'copy_user_real_name', m.copy_user_real_name, choose(p, 'f', 3));
  out.copy_user_is_verified = renderFlag(m.copy_user_is_verified, choose(p, 'g', 2));
  renderText(out, 'copy_title', m.copy_title, choose(p, 'h', 3));
  if (m.copy_upload_date !== '') out.copy_upload_date = renderDay(m.copy_upload_date, choose(p, 'i', 3));
  else renderText(out, 'copy_upload_date', '', choose(p, 'i', 3));
  if (m.copy_duration !== undefined) out.copy_duration = m.copy_duration;
  else if (choose(p, 'j', 2) === 1) out.copy_duration = null;
  // A sound id may arrive as a string or, when it is all digits, as a number.
  if (m.copy_sound_id !== null && /^\d+$/.test(m.copy_sound_id) && !m.copy_sound_id.startsWith('0') && choose(p, 'k', 2) === 1) {
    out.copy_sound_id = BigInt(m.copy_sound_id);
  } else if (m.copy_sound_id !== null || choose(p, 'k', 2) === 0) out.copy_sound_id = m.copy_sound_id;

  const stats: Record<string, unknown> = {};
  for (const name of ['views_count', 'shares_count', 'comments_count', 'likes_count'] as const) {
    if (m[name] !== undefined) stats[name] = m[name];
  }
  if (m.dislikes_count !== undefined) stats[choose(p, 'l', 2) === 0 ? 'dislikes_count' : 'dislike_count'] = m.dislikes_count;

  const matchData: Record<string, unknown> = {
    matching_segments_in_asset: m.matching_segments_in_asset,
    matching_segments_in_copy: m.matching_segments_in_copy,
    [choose(p, 'm', 2) === 0 ? 'copy_percentage_of_asset' : 'copy_percentage_asset']: m.copy_percentage_of_asset,
    [choose(p, 'n', 2) === 0 ? 'asset_percentage_of_copy' : 'copy_percentage_copy']: m.asset_percentage_of_copy,
    length_of_match: m.length_of_match,
  };
  // The single-copy sample places is_audio_modified in copy_statistics.
  if (m.is_audio_modified !== undefined) {
    const inStats = choose(p, 'o', 2) === 1;
    (inStats ? stats : matchData).is_audio_modified = renderFlag(m.is_audio_modified, choose(p, 'p', 2));
  }
  const statsVariant = choose(p, 'q', 3);
  if (Object.keys(stats).length > 0 || statsVariant === 0) out.copy_statistics = stats;
  else if (statsVariant === 1) out.copy_statistics = null;
  out.match_data = matchData;
  out.match_category = m.match_category;
  out[choose(p, 'r', 2) === 0 ? 'user_actions' : 'useractions'] = { statuses: m.statuses };
  out.is_nsfw = renderFlag(m.is_nsfw, choose(p, 's', 2));
  out.is_taken_down = renderFlag(m.is_taken_down, choose(p, 't', 2));
  if (m.content_type !== undefined) out.content_type = m.content_type;
  return out;
}

function expectedCopy(m: CopyModel) {
  return {
    match_id: String(m.match_id),
    asset_id: String(m.asset_id),
    whitelist_ids: m.whitelist_ids.map(String),
    platform: m.platform,
    copy_media_url: m.copy_media_url,
    copy_user_url: m.copy_user_url,
    copy_user_name: m.copy_user_name,
    copy_user_real_name: m.copy_user_real_name,
    copy_user_is_verified: m.copy_user_is_verified,
    copy_title: m.copy_title,
    copy_duration: m.copy_duration,
    copy_sound_id: m.copy_sound_id,
    copy_statistics: {
      views_count: m.views_count,
      shares_count: m.shares_count,
      comments_count: m.comments_count,
      likes_count: m.likes_count,
      dislikes_count: m.dislikes_count,
    },
    match_data: {
      matching_segments_in_asset: m.matching_segments_in_asset,
      matching_segments_in_copy: m.matching_segments_in_copy,
      copy_percentage_of_asset: m.copy_percentage_of_asset,
      asset_percentage_of_copy: m.asset_percentage_of_copy,
      length_of_match: m.length_of_match,
      is_audio_modified: m.is_audio_modified,
    },
    match_category: m.match_category,
    user_actions: { statuses: m.statuses.map(String) },
    is_nsfw: m.is_nsfw,
    is_taken_down: m.is_taken_down,
    content_type: m.content_type,
  };
}

// ---- assets -----------------------------------------------------------------------------------------

const assetModel = fc.record({
  asset_id: id,
  title: text,
  created_at: day,
  updated_at: day,
  production_date: fc.option(day, { nil: '' }),
  collection_ids: fc.array(id, { maxLength: 3 }),
  reference_ids: fc.array(text, { maxLength: 3 }),
  is_tracked: fc.boolean(),
  tracked_from: fc.option(day, { nil: '' }),
  media_type: fc.constantFrom('audio', 'video', 'audiovisual' as const),
  match_types: fc.subarray(['audio', 'video'] as ('audio' | 'video')[]),
  duration: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  processing_status: fc.constantFrom('pending', 'uploaded', 'sampled', 'failed'),
  processing_error: text,
  youtube_asset_id: fc.option(text, { nil: undefined }),
  iswcs: fc.array(fc.stringMatching(/^T\d{10}$/), { maxLength: 2 }),
  isrcs: fc.array(fc.stringMatching(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/), { maxLength: 2 }),
  artist: text,
  album: text,
  excluded_segments: fc.array(fc.record({ lower: fc.integer({ min: 0, max: 3600 }), upper: fc.integer({ min: 0, max: 3600 }) }), { maxLength: 3 }),
});
type AssetModel = typeof assetModel extends fc.Arbitrary<infer T> ? T : never;

function renderAsset(m: AssetModel, p: Picks): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  renderId(out, 'asset_id', m.asset_id, choose(p, 'a', 3));
  out.title = m.title;
  out.created_at = renderDay(m.created_at, choose(p, 'b', 3));
  out.updated_at = renderDay(m.updated_at, choose(p, 'c', 3));
  if (m.production_date !== '') out.production_date = renderDay(m.production_date, choose(p, 'd', 3));
  else renderText(out, 'production_date', '', choose(p, 'd', 3));
  // collection_ids as JSON integers, or as decimal strings (a _str-only sender).
  out.collection_ids = choose(p, 'e', 2) === 0 ? m.collection_ids : m.collection_ids.map(String);
  out.reference_ids = m.reference_ids;
  out.is_tracked = renderFlag(m.is_tracked, choose(p, 'f', 2));
  if (m.tracked_from !== '') out.tracked_from = renderDay(m.tracked_from, choose(p, 'g', 3));
  else renderText(out, 'tracked_from', '', choose(p, 'g', 3));
  out.media_type = m.media_type;
  out.match_types = m.match_types;
  if (m.duration !== undefined) out.duration = m.duration;
  // A bare status string in lists; {status, error} in the detail (an empty error can be absent or null).
  const statusVariant = choose(p, 'h', 4);
  if (m.processing_error === '' && statusVariant === 0) out.processing_status = m.processing_status;
  else if (m.processing_error === '' && statusVariant === 1) out.processing_status = { status: m.processing_status };
  else if (m.processing_error === '' && statusVariant === 2) out.processing_status = { status: m.processing_status, error: null };
  else out.processing_status = { status: m.processing_status, error: m.processing_error };
  if (m.youtube_asset_id !== undefined) out.youtube_content_id = { [choose(p, 'i', 2) === 0 ? 'asset_id' : 'cid_asset_id']: m.youtube_asset_id };
  out.music = { iswcs: m.iswcs, isrcs: m.isrcs, artist: m.artist, album: m.album };
  out.excluded_segments = m.excluded_segments;
  return out;
}

function expectedAsset(m: AssetModel) {
  return {
    asset_id: String(m.asset_id),
    title: m.title,
    collection_ids: m.collection_ids.map(String),
    reference_ids: m.reference_ids,
    is_tracked: m.is_tracked,
    media_type: m.media_type,
    match_types: m.match_types,
    thumbnail_url: undefined,
    duration: m.duration,
    processing_status: { status: m.processing_status, error: m.processing_error },
    youtube_content_id: m.youtube_asset_id === undefined ? undefined : { asset_id: m.youtube_asset_id },
    music: { iswcs: m.iswcs, isrcs: m.isrcs, artist: m.artist, album: m.album },
    excluded_segments: m.excluded_segments,
  };
}

// ---- monitoring -------------------------------------------------------------------------------------

const monitoringModel = fc.record({
  asset_id: id,
  result_id: id,
  account_name: text,
  post_gid: fc.stringMatching(/^[a-z]{2}:[0-9A-Za-z_-]{1,20}$/),
  platform: fc.constantFrom('youtube', 'tiktok', 'instagram'),
  post_url: text,
  date_uploaded: day,
  status: fc.constantFrom('needs_review', 'reviewed', 'licensed', 'muted', 'removed' as const),
  match: fc.option(
    fc.record({
      match_id: id,
      match_identified: fc.constantFrom('yes', 'no' as const),
      match_majors: fc.constantFrom('yes', 'no' as const),
      isrc: text,
      title: text,
      artist: text,
      distributor: text,
      audio_segments_post: text,
      audio_segments_song: text,
    }),
    { nil: null },
  ),
});
type MonitoringModel = typeof monitoringModel extends fc.Arbitrary<infer T> ? T : never;

function renderMonitoring(m: MonitoringModel, p: Picks): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  renderId(out, 'asset_id', m.asset_id, choose(p, 'a', 3));
  renderId(out, 'result_id', m.result_id, choose(p, 'b', 3));
  out.account_name = m.account_name;
  out.post_gid = m.post_gid;
  out.platform = m.platform;
  out.post_url = m.post_url;
  out.date_uploaded = renderDay(m.date_uploaded, choose(p, 'c', 3));
  if (m.match === null) {
    // No match: the status is '' and the match is absent, null, or an object with an empty id.
    out.status = choose(p, 'd', 2) === 0 ? '' : null;
    const matchVariant = choose(p, 'e', 3);
    if (matchVariant === 1) out.match = null;
    else if (matchVariant === 2) out.match = { match_id: '', match_identified: 'no', match_majors: 'no' };
    return out;
  }
  const statusVariant = choose(p, 'd', 3);
  out.status = statusVariant === 0 ? m.status : statusVariant === 1 ? m.status.replace('_', ' ') : m.status.replace('_', ' ').toUpperCase();
  const { match_id, ...rest } = m.match;
  const idVariant = choose(p, 'f', 4);
  const match: Record<string, unknown> = { ...rest };
  // The sample names it match_id, the field table match.id; it is a string holding a 64-bit integer.
  if (idVariant === 0) match.match_id = String(match_id);
  else if (idVariant === 1) match.id = String(match_id);
  else if (idVariant === 2) match.match_id = match_id;
  else match.match_id_str = String(match_id);
  out.match = match;
  return out;
}

function expectedMonitoring(m: MonitoringModel) {
  return {
    asset_id: String(m.asset_id),
    result_id: String(m.result_id),
    account_name: m.account_name,
    post_gid: m.post_gid,
    platform: m.platform,
    post_url: m.post_url,
    status: m.match === null ? '' : m.status,
    match: m.match === null ? null : { ...m.match, match_id: String(m.match.match_id) },
  };
}

// ---- properties -------------------------------------------------------------------------------------

describe('the normaliser: every accepted wire spelling parses to one internal value', () => {
  it('copies', () => {
    fc.assert(
      fc.property(copyModel, picks, picks, (model, first, second) => {
        const a = copySchema.parse(throughJson(renderCopy(model, first)));
        const b = copySchema.parse(throughJson(renderCopy(model, second)));
        const { created_at: createdA, copy_upload_date: uploadA, ...restA } = a;
        const { created_at: createdB, copy_upload_date: uploadB, ...restB } = b;
        expect(restA).toEqual(expectedCopy(model));
        expect(restB).toEqual(restA);
        expectSameDay(createdA, model.created_at);
        expectSameDay(createdB, model.created_at);
        if (model.copy_upload_date === '') expect([uploadA, uploadB]).toEqual(['', '']);
        else {
          expectSameDay(uploadA, model.copy_upload_date);
          expectSameDay(uploadB, model.copy_upload_date);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('assets (list and detail forms)', () => {
    fc.assert(
      fc.property(assetModel, picks, picks, (model, first, second) => {
        const a = assetSchema.parse(throughJson(renderAsset(model, first)));
        const b = assetSchema.parse(throughJson(renderAsset(model, second)));
        const dates = ['created_at', 'updated_at', 'production_date', 'tracked_from'] as const;
        const strip = (asset: typeof a) => Object.fromEntries(Object.entries(asset).filter(([key]) => !(dates as readonly string[]).includes(key)));
        expect(strip(a)).toEqual(expectedAsset(model));
        expect(strip(b)).toEqual(strip(a));
        for (const key of dates) {
          for (const parsed of [a, b]) {
            if (model[key] === '') expect(parsed[key]).toBe('');
            else expectSameDay(parsed[key], model[key]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('monitoring results, with and without a match', () => {
    fc.assert(
      fc.property(monitoringModel, picks, picks, (model, first, second) => {
        const a = monitoringResultSchema.parse(throughJson(renderMonitoring(model, first)));
        const b = monitoringResultSchema.parse(throughJson(renderMonitoring(model, second)));
        const { date_uploaded: dayA, ...restA } = a;
        const { date_uploaded: dayB, ...restB } = b;
        expect(restA).toEqual(expectedMonitoring(model));
        expect(restB).toEqual(restA);
        expectSameDay(dayA, model.date_uploaded);
        expectSameDay(dayB, model.date_uploaded);
      }),
      { numRuns: RUNS },
    );
  });

  it('a list answer of mixed spellings parses item by item to the same values', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(copyModel, picks), { minLength: 1, maxLength: 5 }), (items) => {
        const parsed = copySchema.array().parse(throughJson(items.map(([model, p]) => renderCopy(model, p))));
        expect(parsed.map((copy) => copy.match_id)).toEqual(items.map(([model]) => String(model.match_id)));
        parsed.forEach((copy, i) => expect(copy.copy_statistics.dislikes_count).toBe(items[i]![0].dislikes_count));
      }),
      { numRuns: 100 },
    );
  });
});
