import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db';
import { jsonColumn } from './db';
import type { Org } from './http';
import { HttpError, isValidDate, optionalIdArray, optionalStringArray } from './http';

// ---- platforms ------------------------------------------------------------------------------

/** The audio and video sharing platforms whose pages the platform accepts (link assets, whitelist URLs). */
export const SUPPORTED_PLATFORMS: readonly { domain: string; name: string }[] = [
  { domain: 'youtube.com', name: 'YouTube' },
  { domain: 'youtu.be', name: 'YouTube' },
  { domain: 'soundcloud.com', name: 'SoundCloud' },
  { domain: 'tiktok.com', name: 'TikTok' },
  { domain: 'instagram.com', name: 'Instagram' },
  { domain: 'facebook.com', name: 'Facebook' },
  { domain: 'fb.watch', name: 'Facebook' },
  { domain: 'vimeo.com', name: 'Vimeo' },
  { domain: 'dailymotion.com', name: 'Dailymotion' },
  { domain: 'twitch.tv', name: 'Twitch' },
  { domain: 'x.com', name: 'X' },
  { domain: 'twitter.com', name: 'X' },
  { domain: 'bandcamp.com', name: 'Bandcamp' },
  { domain: 'mixcloud.com', name: 'Mixcloud' },
  { domain: 'audiomack.com', name: 'Audiomack' },
  { domain: 'spotify.com', name: 'Spotify' },
  { domain: 'deezer.com', name: 'Deezer' },
  { domain: 'vk.com', name: 'VK' },
];

export type PlatformCheck = { ok: true; platform: string; url: URL } | { ok: false; error: string };

/** Whether a URL is an http(s) page on a supported platform (subdomains such as www. or m. included). */
export function checkPlatformUrl(value: string): PlatformCheck {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, error: 'Not an http(s) URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'Not an http(s) URL' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const platform = SUPPORTED_PLATFORMS.find((p) => host === p.domain || host.endsWith(`.${p.domain}`));
  if (!platform) return { ok: false, error: `Unsupported platform: ${host}` };
  return { ok: true, platform: platform.name, url };
}

/** The sandbox "processes" a URL at once and deterministically: a page on a supported platform is ok. */
export function processWhitelistUrl(sourceUrl: string): { status: 'ok' | 'failed'; error: string } {
  const check = checkPlatformUrl(sourceUrl);
  return check.ok ? { status: 'ok', error: '' } : { status: 'failed', error: check.error };
}

// ---- URLs handed back to the caller ---------------------------------------------------------

/** Origin plus proxy prefix the caller used (X-Forwarded-Proto/Host/Prefix), so URLs we hand out reach us. */
export function publicBaseFrom(header: (name: string) => string | null | undefined): string {
  const first = (name: string) => header(name)?.split(',')[0]?.trim() || undefined;
  const forwardedProto = first('x-forwarded-proto');
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
  const host = first('x-forwarded-host') ?? first('host') ?? 'localhost';
  const prefix = (first('x-forwarded-prefix') ?? '').replace(/\/+$/, '');
  return `${proto}://${host}${prefix}`;
}

// ---- file checks ----------------------------------------------------------------------------

/** The fid covers the first 512 KiB of the file. */
export const FID_PREFIX_BYTES = 512 * 1024;

/** SHA-256 (hex) of the first 512 KiB of a stored file, read without loading the rest. */
export async function sha256OfFilePrefix(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { start: 0, end: FID_PREFIX_BYTES - 1 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function fidMismatchMessage(actual: string, expected: string): string {
  return `fid mismatch: the SHA-256 of the first 512 KiB is ${actual}, the metadata said ${expected}`;
}

// ---- processing -----------------------------------------------------------------------------

/** An uploaded asset is sampled this long after its bytes (or link) were accepted. */
export const PROCESSING_DELAY_MS = 3000;

/**
 * The processing status as of `@now` (epoch ms), for an assets row aliased `a`: processing is computed
 * from the clock on read, so it is deterministic and needs no background job.
 */
export const EFFECTIVE_STATUS_SQL = `CASE WHEN a.processing_status = 'uploaded' AND a.uploaded_at IS NOT NULL AND a.uploaded_at <= @now - ${PROCESSING_DELAY_MS} THEN 'sampled' ELSE a.processing_status END`;

// ---- asset fields ---------------------------------------------------------------------------

export type MediaType = 'audio' | 'video' | 'audiovisual';
export const MEDIA_TYPES: readonly MediaType[] = ['audio', 'video', 'audiovisual'];
export type MatchType = 'audio' | 'video';
export type Music = { iswcs: string[]; isrcs: string[]; artist: string; album: string };
export type Segment = { lower: number; upper: number };

export const EMPTY_MUSIC: Music = { iswcs: [], isrcs: [], artist: '', album: '' };

export function defaultMatchTypes(mediaType: MediaType): MatchType[] {
  if (mediaType === 'video') return ['video'];
  if (mediaType === 'audiovisual') return ['audio', 'video'];
  return ['audio'];
}

export function parseMediaType(value: unknown, field = 'media_type'): MediaType {
  if (typeof value !== 'string' || !MEDIA_TYPES.includes(value as MediaType)) {
    throw new HttpError(400, `Field ${field} is required and must be one of audio, video, audiovisual.`);
  }
  return value as MediaType;
}

export function parseMatchTypes(body: Record<string, unknown>): MatchType[] | undefined {
  const value = body.match_types;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v) => v === 'audio' || v === 'video')) {
    throw new HttpError(400, 'Field match_types must be an array holding only audio and/or video.');
  }
  return [...new Set(value as MatchType[])];
}

/** production_date: a real calendar date YYYY-MM-DD. */
export function parseProductionDate(body: Record<string, unknown>, required: boolean): string | undefined {
  const value = body.production_date;
  if (value === undefined || value === null) {
    if (required) throw new HttpError(400, 'Field production_date is required (YYYY-MM-DD).');
    return undefined;
  }
  if (typeof value !== 'string' || !isValidDate(value)) {
    throw new HttpError(400, 'Field production_date must be a real date in the form YYYY-MM-DD.');
  }
  return value;
}

export function parseReferenceIds(body: Record<string, unknown>): string[] | undefined {
  const ids = optionalStringArray(body, 'reference_ids');
  if (ids === undefined) return undefined;
  if (ids.length > 100) throw new HttpError(400, 'Field reference_ids holds more than 100 entries.');
  if (ids.some((id) => id.length > 200)) throw new HttpError(400, 'Field reference_ids has an entry longer than 200 characters.');
  return ids;
}

/** youtube_content_id {asset_id}; the samples' spelling cid_asset_id is accepted as well. Null clears it. */
export function parseYoutubeContentId(body: Record<string, unknown>): string | undefined {
  const value = body.youtube_content_id;
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'Field youtube_content_id must be an object {asset_id}.');
  const record = value as Record<string, unknown>;
  const id = record.asset_id ?? record.cid_asset_id ?? '';
  if (typeof id !== 'string') throw new HttpError(400, 'Field youtube_content_id.asset_id must be a string.');
  if (id.length > 100) throw new HttpError(400, 'Field youtube_content_id.asset_id is longer than 100 characters.');
  return id.trim();
}

const ISRC_RE = /^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/i;
const ISWC_RE = /^T-?\d{3}\.?\d{3}\.?\d{3}[-.]?\d$/i;

export function parseMusic(body: Record<string, unknown>): Music | undefined {
  const value = body.music;
  if (value === undefined) return undefined;
  if (value === null) return { ...EMPTY_MUSIC };
  if (typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'Field music must be an object {iswcs, isrcs, artist, album}.');
  const music = value as Record<string, unknown>;
  const list = (name: 'iswcs' | 'isrcs', re: RegExp, example: string): string[] => {
    const items = music[name];
    if (items === undefined || items === null) return [];
    if (!Array.isArray(items) || !items.every((v) => typeof v === 'string')) throw new HttpError(400, `Field music.${name} must be an array of strings.`);
    const trimmed = (items as string[]).map((v) => v.trim()).filter((v) => v !== '');
    const bad = trimmed.find((v) => !re.test(v));
    if (bad !== undefined) throw new HttpError(400, `Field music.${name} has an invalid entry "${bad}" (expected the form ${example}).`);
    return [...new Set(trimmed.map((v) => v.toUpperCase()))];
  };
  const text = (name: 'artist' | 'album'): string => {
    const v = music[name];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') throw new HttpError(400, `Field music.${name} must be a string.`);
    if (v.length > 500) throw new HttpError(400, `Field music.${name} is longer than 500 characters.`);
    return v.trim();
  };
  return { iswcs: list('iswcs', ISWC_RE, 'T-123.456.789-0'), isrcs: list('isrcs', ISRC_RE, 'GBNWR2600001'), artist: text('artist'), album: text('album') };
}

/** Ranges to exclude: integers, 0 ≤ lower < upper, upper ≤ duration when the duration is known, no overlaps. */
export function parseExcludedSegments(body: Record<string, unknown>, duration: number): Segment[] | undefined {
  const value = body.excluded_segments;
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (!Array.isArray(value)) throw new HttpError(400, 'Field excluded_segments must be an array of {lower, upper} objects.');
  const segments = value.map((item, i): Segment => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new HttpError(400, `excluded_segments[${i}] must be an object {lower, upper}.`);
    const { lower, upper } = item as Record<string, unknown>;
    const asInt = (v: unknown, name: string): number => {
      if (typeof v === 'bigint') return Number(v);
      if (typeof v === 'number' && Number.isInteger(v)) return v;
      throw new HttpError(400, `excluded_segments[${i}].${name} must be an integer number of seconds.`);
    };
    const seg = { lower: asInt(lower, 'lower'), upper: asInt(upper, 'upper') };
    if (seg.lower < 0) throw new HttpError(400, `excluded_segments[${i}]: lower must not be negative.`);
    if (seg.lower >= seg.upper) throw new HttpError(400, `excluded_segments[${i}]: lower (${seg.lower}) must be less than upper (${seg.upper}).`);
    if (duration > 0 && seg.upper > duration) {
      throw new HttpError(400, `excluded_segments[${i}]: upper (${seg.upper}) is beyond the asset's duration of ${duration} s.`);
    }
    return seg;
  });
  const sorted = [...segments].sort((a, b) => a.lower - b.lower);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.lower < prev.upper) {
      throw new HttpError(400, `excluded_segments overlap: ${prev.lower}–${prev.upper} and ${cur.lower}–${cur.upper}.`);
    }
  }
  return sorted;
}

/** collection_ids: every id must be a collection of the caller's organisation. */
export function parseCollectionIds(db: Db, org: Org, body: Record<string, unknown>): bigint[] | undefined {
  const ids = optionalIdArray(body, 'collection_ids');
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const exists = db.prepare('SELECT 1 FROM collections WHERE collection_id = ? AND org_id = ?');
  for (const id of unique) {
    if (!exists.get(id, org.org_id)) throw new HttpError(400, `Field collection_ids: collection ${id} does not exist.`);
  }
  return unique;
}

// ---- asset writes that keep the side tables in step -----------------------------------------

export function defaultCollectionId(db: Db, orgId: bigint): bigint {
  const row = db.prepare('SELECT collection_id FROM collections WHERE org_id = ? AND is_default = 1 ORDER BY collection_id LIMIT 1').get(orgId) as
    | { collection_id: bigint }
    | undefined;
  if (!row) throw new HttpError(500, 'The organisation has no default collection.');
  return row.collection_id;
}

/** Sets an asset's collections; none means the organisation's default collection. */
export function setAssetCollections(db: Db, orgId: bigint, assetId: bigint, collectionIds: readonly bigint[]): void {
  const ids = collectionIds.length > 0 ? collectionIds : [defaultCollectionId(db, orgId)];
  db.prepare('DELETE FROM asset_collections WHERE asset_id = ?').run(assetId);
  const insert = db.prepare('INSERT OR IGNORE INTO asset_collections (asset_id, collection_id) VALUES (?, ?)');
  for (const id of ids) insert.run(assetId, id);
}

/** The search form of an ISRC: letters and digits only, upper case. */
export function normaliseIsrc(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** Keeps asset_isrcs (the ISRC search index) equal to the asset's music.isrcs. */
export function setAssetIsrcs(db: Db, assetId: bigint, isrcs: readonly string[]): void {
  db.prepare('DELETE FROM asset_isrcs WHERE asset_id = ?').run(assetId);
  const insert = db.prepare('INSERT OR IGNORE INTO asset_isrcs (asset_id, isrc) VALUES (?, ?)');
  for (const isrc of isrcs) {
    const key = normaliseIsrc(isrc);
    if (key) insert.run(assetId, key);
  }
}

export function musicOf(value: unknown): Music {
  const music = jsonColumn<Partial<Music>>(value, {});
  return {
    iswcs: Array.isArray(music.iswcs) ? music.iswcs : [],
    isrcs: Array.isArray(music.isrcs) ? music.isrcs : [],
    artist: typeof music.artist === 'string' ? music.artist : '',
    album: typeof music.album === 'string' ? music.album : '',
  };
}

// ---- where uploaded bytes live ----------------------------------------------------------------

/** The file a v3 PUT stored for an asset. */
export function v3FilePath(uploadDir: string, assetId: bigint): string {
  return join(uploadDir, 'v3', assetId.toString());
}

/** The tus store's directory (v4 uploads). */
export function tusDirectory(uploadDir: string): string {
  return join(uploadDir, 'tus');
}
