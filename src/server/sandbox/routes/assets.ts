import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db';
import { jsonColumn } from '../db';
import type { Ctx, Org, Route, SandboxState } from '../http';
import { HttpError, isoNow, optionalString, pathId, queryCount, queryId, readJsonObject, requireBoolean, requireString } from '../http';
import type { MatchType, MediaType, Music, Segment } from '../catalogue-shared';
import {
  EFFECTIVE_STATUS_SQL,
  EMPTY_MUSIC,
  checkPlatformUrl,
  defaultMatchTypes,
  musicOf,
  parseCollectionIds,
  parseExcludedSegments,
  parseMatchTypes,
  parseMediaType,
  parseMusic,
  parseProductionDate,
  parseReferenceIds,
  parseYoutubeContentId,
  setAssetCollections,
  setAssetIsrcs,
  tusDirectory,
  v3FilePath,
} from '../catalogue-shared';

/** An assets row as read for answers: the stored columns plus the effective status and collection ids. */
export type AssetRow = {
  asset_id: bigint;
  org_id: bigint;
  title: string;
  created_at: string;
  updated_at: string;
  production_date: string;
  reference_ids: string;
  is_tracked: bigint;
  tracked_from: string;
  media_type: string;
  match_types: string;
  thumbnail_url: string;
  duration: bigint;
  processing_status: string;
  processing_error: string;
  youtube_cid: string;
  music: string;
  excluded_segments: string;
  source: string;
  link: string;
  mime_type: string;
  fid: string;
  upload_version: bigint | null;
  upload_token: string | null;
  blob_id: string | null;
  tus_upload_id: string | null;
  uploaded: bigint;
  uploaded_at: bigint | null;
  size_bytes: bigint;
  status: string;
  collection_ids: string | null;
};

const ASSET_SELECT = `SELECT a.*, ${EFFECTIVE_STATUS_SQL} AS status,
  (SELECT group_concat(collection_id) FROM (SELECT collection_id FROM asset_collections ac WHERE ac.asset_id = a.asset_id ORDER BY collection_id)) AS collection_ids
  FROM assets a`;

export function loadAsset(state: SandboxState, org: Org, assetId: bigint): AssetRow {
  const row = state.db.prepare(`${ASSET_SELECT} WHERE a.asset_id = @id AND a.org_id = @org`).get({ id: assetId, org: org.org_id, now: state.now() }) as
    | AssetRow
    | undefined;
  if (!row) throw new HttpError(404, `Asset ${assetId} not found.`);
  return row;
}

function collectionIdsOf(row: AssetRow): bigint[] {
  return row.collection_ids ? row.collection_ids.split(',').map((id) => BigInt(id)) : [];
}

/** production_date leaves in the samples' full timestamp form. */
function productionDateOut(value: string): string {
  return value ? `${value}T00:00:00.000Z` : '';
}

function commonFields(row: AssetRow) {
  const collectionIds = collectionIdsOf(row);
  return {
    asset_id: row.asset_id,
    asset_id_str: row.asset_id.toString(),
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    production_date: productionDateOut(row.production_date),
    collection_ids: collectionIds,
    collection_ids_str: collectionIds.map(String),
    reference_ids: jsonColumn<string[]>(row.reference_ids, []),
    is_tracked: row.is_tracked === 1n,
    tracked_from: row.is_tracked === 1n ? row.tracked_from : '',
    media_type: row.media_type,
    match_types: jsonColumn<string[]>(row.match_types, []),
  };
}

export function assetListJson(row: AssetRow) {
  return {
    ...commonFields(row),
    processing_status: row.status,
    youtube_content_id: { asset_id: row.youtube_cid },
    music: musicOf(row.music),
    excluded_segments: jsonColumn<Segment[]>(row.excluded_segments, []),
  };
}

export function assetDetailJson(row: AssetRow) {
  return {
    ...commonFields(row),
    thumbnail_url: row.thumbnail_url,
    duration: Number(row.duration),
    processing_status: { status: row.status, error: row.status === 'failed' ? row.processing_error : '' },
    youtube_content_id: { cid_asset_id: row.youtube_cid },
    music: musicOf(row.music),
    excluded_segments: jsonColumn<Segment[]>(row.excluded_segments, []),
  };
}

export function assetIdReply(assetId: bigint) {
  return { body: { asset_id: assetId, asset_id_str: assetId.toString() } };
}

const LIST_STATUSES = ['failed', 'uploaded', 'sampled'];

function listAssets(ctx: Ctx) {
  const count = queryCount(ctx, 1, 1000);
  const maxId = queryId(ctx, 'max_id');
  const minId = queryId(ctx, 'min_id');
  const where = ['a.org_id = @org'];
  const params: Record<string, unknown> = { org: ctx.org.org_id, now: ctx.state.now(), count };
  if (maxId !== undefined) {
    where.push('a.asset_id < @max');
    params.max = maxId;
  }
  if (minId !== undefined) {
    where.push('a.asset_id >= @min');
    params.min = minId;
  }
  const status = ctx.query.get('status');
  if (status) {
    if (!LIST_STATUSES.includes(status)) throw new HttpError(400, 'Query parameter status must be one of failed, uploaded, sampled.');
    where.push(`${EFFECTIVE_STATUS_SQL} = @status`);
    params.status = status;
  }
  const tracked = ctx.query.get('is_tracked');
  if (tracked === 'true' || tracked === 'false') where.push(`a.is_tracked = ${tracked === 'true' ? 1 : 0}`);
  // Only alphanumeric ISRCs take part; several match with OR.
  const isrcs = [...new Set(ctx.query.getAll('isrc').filter((v) => /^[A-Za-z0-9]+$/.test(v)).map((v) => v.toUpperCase()))];
  if (isrcs.length > 0) {
    const names = isrcs.map((isrc, i) => {
      params[`isrc${i}`] = isrc;
      return `@isrc${i}`;
    });
    where.push(`EXISTS (SELECT 1 FROM asset_isrcs i WHERE i.asset_id = a.asset_id AND i.isrc IN (${names.join(', ')}))`);
  }
  const rows = ctx.state.db.prepare(`${ASSET_SELECT} WHERE ${where.join(' AND ')} ORDER BY a.asset_id DESC LIMIT @count`).all(params) as AssetRow[];
  return { body: rows.map(assetListJson) };
}

type AssetUpdate = {
  title: string;
  media_type: MediaType;
  match_types: MatchType[];
  collection_ids: bigint[] | undefined; // undefined: unchanged
  reference_ids: string[];
  production_date: string;
  youtube_cid: string;
  music: Music;
  excluded_segments: Segment[];
};

/** PUT replaces every field (absent ones go back to their empty defaults); PATCH changes the given ones. */
function readUpdate(db: Db, org: Org, row: AssetRow, body: Record<string, unknown>, full: boolean): AssetUpdate {
  let title = row.title;
  if (full) title = requireString(body, 'title', { max: 500 }).trim();
  else {
    const given = optionalString(body, 'title', 500);
    if (given !== undefined) {
      if (given.trim() === '') throw new HttpError(400, 'Field title must not be empty.');
      title = given.trim();
    }
  }
  const mediaType = body.media_type !== undefined ? parseMediaType(body.media_type) : (row.media_type as MediaType);
  const matchTypes = parseMatchTypes(body) ?? (full ? defaultMatchTypes(mediaType) : jsonColumn<MatchType[]>(row.match_types, []));
  const collectionIds = parseCollectionIds(db, org, body) ?? (full ? [] : undefined);
  return {
    title,
    media_type: mediaType,
    match_types: matchTypes,
    collection_ids: collectionIds,
    reference_ids: parseReferenceIds(body) ?? (full ? [] : jsonColumn<string[]>(row.reference_ids, [])),
    production_date: parseProductionDate(body, false) ?? (full ? '' : row.production_date),
    youtube_cid: parseYoutubeContentId(body) ?? (full ? '' : row.youtube_cid),
    music: parseMusic(body) ?? (full ? { ...EMPTY_MUSIC } : musicOf(row.music)),
    excluded_segments: parseExcludedSegments(body, Number(row.duration)) ?? (full ? [] : jsonColumn<Segment[]>(row.excluded_segments, [])),
  };
}

async function updateAsset(ctx: Ctx, full: boolean) {
  const assetId = pathId(ctx, 'asset_id', 'Asset');
  const body = await readJsonObject(ctx.req);
  const { db } = ctx.state;
  const row = loadAsset(ctx.state, ctx.org, assetId);
  const update = readUpdate(db, ctx.org, row, body, full);
  db.transaction(() => {
    db.prepare(
      `UPDATE assets SET title = ?, media_type = ?, match_types = ?, reference_ids = ?, production_date = ?, youtube_cid = ?, music = ?,
         excluded_segments = ?, updated_at = ? WHERE asset_id = ?`,
    ).run(
      update.title,
      update.media_type,
      JSON.stringify(update.match_types),
      JSON.stringify(update.reference_ids),
      update.production_date,
      update.youtube_cid,
      JSON.stringify(update.music),
      JSON.stringify(update.excluded_segments),
      isoNow(ctx.state),
      assetId,
    );
    if (update.collection_ids !== undefined) setAssetCollections(db, ctx.org.org_id, assetId, update.collection_ids);
    setAssetIsrcs(db, assetId, update.music.isrcs);
  })();
  return assetIdReply(assetId);
}

/** Removes the bytes stored for an asset (best effort: the record is what matters). */
export function removeStoredFiles(state: SandboxState, row: Pick<AssetRow, 'asset_id' | 'tus_upload_id'>): void {
  const paths = [v3FilePath(state.uploadDir, row.asset_id)];
  if (row.tus_upload_id) {
    const dir = tusDirectory(state.uploadDir);
    paths.push(join(dir, row.tus_upload_id), join(dir, `${row.tus_upload_id}.json`));
  }
  for (const path of paths) rmSync(path, { force: true });
}

function deleteAsset(ctx: Ctx) {
  const assetId = pathId(ctx, 'asset_id', 'Asset');
  const row = loadAsset(ctx.state, ctx.org, assetId);
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('DELETE FROM assets WHERE asset_id = ?').run(assetId);
  })();
  removeStoredFiles(ctx.state, row);
  return assetIdReply(assetId);
}

function setTracking(ctx: Ctx, body: Record<string, unknown>) {
  const assetId = pathId(ctx, 'asset_id', 'Asset');
  const tracked = requireBoolean(body, 'is_tracked');
  const row = loadAsset(ctx.state, ctx.org, assetId);
  const now = isoNow(ctx.state);
  // Turning tracking on again keeps the original tracked_from.
  const trackedFrom = tracked ? (row.is_tracked === 1n && row.tracked_from ? row.tracked_from : now) : '';
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('UPDATE assets SET is_tracked = ?, tracked_from = ?, updated_at = ? WHERE asset_id = ?').run(tracked ? 1 : 0, trackedFrom, now, assetId);
  })();
  return assetIdReply(assetId);
}

/**
 * A readable title for a link asset: "Midnight Harbour (SoundCloud)" from a slug, else the platform and
 * the page's id ("YouTube video dQw4w9WgXcQ", "TikTok video 7312…").
 */
export function titleFromLink(url: URL, platform: string): string {
  const videoId = url.searchParams.get('v');
  if (videoId) return `${platform} video ${videoId}`;
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1];
  if (!last) return `${platform} page ${url.hostname}`;
  let slug = last;
  try {
    slug = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  const words = slug.replace(/[-_+]+/g, ' ').trim();
  if (/\s/.test(words) && /\p{L}{2,}/u.test(words)) return `${words.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase())} (${platform})`;
  return [platform, segments.length > 1 ? segments[segments.length - 2] : '', slug].filter(Boolean).join(' ');
}

async function createLinkAsset(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const link = requireString(body, 'link', { max: 2000 }).trim();
  const check = checkPlatformUrl(link);
  if (!check.ok) {
    throw new HttpError(400, check.error.startsWith('Unsupported')
      ? `Field link: unsupported platform (${check.error.slice('Unsupported platform: '.length)}); give a page on a supported audio or video platform such as YouTube or SoundCloud.`
      : 'Field link must be an http(s) URL of a page on a supported platform.');
  }
  const mediaType = parseMediaType(body.media_type);
  const matchTypes = parseMatchTypes(body) ?? defaultMatchTypes(mediaType);
  const { db } = ctx.state;
  const collectionIds = parseCollectionIds(db, ctx.org, body) ?? [];
  const referenceIds = parseReferenceIds(body) ?? [];
  const productionDate = parseProductionDate(body, false) ?? '';
  // The platform reads the page; the sandbox derives a stable duration from the link instead.
  const duration = 90 + (createHash('sha256').update(link).digest().readUInt32BE(0) % 331);
  const now = isoNow(ctx.state);
  const assetId = db.transaction(() => {
    const id = ctx.state.ids.next();
    db.prepare(
      `INSERT INTO assets (asset_id, org_id, title, created_at, updated_at, production_date, reference_ids, media_type, match_types, duration,
         processing_status, source, link, uploaded, uploaded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'uploaded', 'link', ?, 1, ?)`,
    ).run(
      id,
      ctx.org.org_id,
      titleFromLink(check.url, check.platform).slice(0, 200),
      now,
      now,
      productionDate,
      JSON.stringify(referenceIds),
      mediaType,
      JSON.stringify(matchTypes),
      duration,
      link,
      ctx.state.now(),
    );
    setAssetCollections(db, ctx.org.org_id, id, collectionIds);
    return id;
  })();
  return assetIdReply(assetId);
}

export const assetRoutes: Route[] = [
  { method: 'GET', path: '/v3/cms/assets', auth: 'discovery', handler: listAssets },
  { method: 'POST', path: '/v3/cms/assets/link', auth: 'discovery', handler: createLinkAsset },
  {
    method: 'GET',
    path: '/v3/cms/assets/:asset_id',
    auth: 'discovery',
    handler: (ctx) => ({ body: assetDetailJson(loadAsset(ctx.state, ctx.org, pathId(ctx, 'asset_id', 'Asset'))) }),
  },
  { method: 'PUT', path: '/v3/cms/assets/:asset_id', auth: 'discovery', handler: (ctx) => updateAsset(ctx, true) },
  { method: 'PATCH', path: '/v3/cms/assets/:asset_id', auth: 'discovery', handler: (ctx) => updateAsset(ctx, false) },
  { method: 'DELETE', path: '/v3/cms/assets/:asset_id', auth: 'discovery', handler: deleteAsset },
  {
    method: 'GET',
    path: '/v3/cms/assets/:asset_id/verify',
    auth: 'discovery',
    handler: (ctx) => {
      const row = loadAsset(ctx.state, ctx.org, pathId(ctx, 'asset_id', 'Asset'));
      return { body: { asset_id: row.asset_id, asset_id_str: row.asset_id.toString(), uploaded: row.uploaded === 1n } };
    },
  },
  {
    method: 'GET',
    path: '/v3/cms/assets/:asset_id/track',
    auth: 'discovery',
    handler: (ctx) => {
      const row = loadAsset(ctx.state, ctx.org, pathId(ctx, 'asset_id', 'Asset'));
      const tracked = row.is_tracked === 1n;
      return { body: { asset_id: row.asset_id, asset_id_str: row.asset_id.toString(), is_tracked: tracked, tracked_from: tracked ? row.tracked_from : '' } };
    },
  },
  { method: 'PUT', path: '/v3/cms/assets/:asset_id/track', auth: 'discovery', handler: async (ctx) => setTracking(ctx, await readJsonObject(ctx.req)) },
];
