import type { Statement } from 'better-sqlite3';
import { normaliseIsrc } from '../catalogue-shared';
import type { Db } from '../db';
import { jsonColumn } from '../db';
import type { Ctx, Route } from '../http';
import { INT64_MAX } from '../ids';
import { HttpError, isoNow, pathId, queryCount, queryId, readJsonObject, requireInteger } from '../http';
import { isStatusAvailable } from './statuses';

export type CopyRow = {
  match_id: bigint;
  org_id: bigint;
  asset_id: bigint;
  created_at: string;
  updated_at: string;
  platform: string;
  copy_media_url: string;
  copy_user_url: string;
  copy_user_name: string;
  copy_user_real_name: string;
  copy_user_is_verified: bigint;
  copy_title: string;
  copy_upload_date: string;
  copy_duration: number;
  copy_sound_id: string | null;
  views_count: bigint;
  shares_count: bigint;
  comments_count: bigint;
  likes_count: bigint;
  dislike_count: bigint;
  segments_in_asset: string;
  segments_in_copy: string;
  copy_percentage_asset: bigint;
  copy_percentage_copy: bigint;
  length_of_match: bigint;
  is_audio_modified: bigint;
  match_category: string;
  is_nsfw: bigint;
  is_taken_down: bigint;
  content_type: string;
};

const statementCache = new WeakMap<Db, Map<string, Statement>>();

/** Prepares each distinct SQL text once per database: list queries are built from the filters used. */
function prepared(db: Db, sql: string): Statement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** Statuses and whitelists of a page of copies: one query each, keyed by match_id. */
function loadRelations(db: Db, matchIds: bigint[]): { statuses: Map<bigint, bigint[]>; whitelists: Map<bigint, bigint[]> } {
  const statuses = new Map<bigint, bigint[]>();
  const whitelists = new Map<bigint, bigint[]>();
  if (matchIds.length === 0) return { statuses, whitelists };
  // The ids travel as one JSON array parameter, so the statement text does not depend on the page size.
  const idsJson = `[${matchIds.join(',')}]`;
  const statusRows = prepared(
    db,
    'SELECT match_id, status FROM copy_user_statuses WHERE match_id IN (SELECT value FROM json_each(?)) ORDER BY match_id, added_at, status',
  ).all(idsJson) as { match_id: bigint; status: bigint }[];
  for (const row of statusRows) push(statuses, row.match_id, row.status);
  const whitelistRows = prepared(
    db,
    'SELECT match_id, whitelist_id FROM copy_whitelists WHERE match_id IN (SELECT value FROM json_each(?)) ORDER BY match_id, whitelist_id',
  ).all(idsJson) as { match_id: bigint; whitelist_id: bigint }[];
  for (const row of whitelistRows) push(whitelists, row.match_id, row.whitelist_id);
  return { statuses, whitelists };
}

function push(map: Map<bigint, bigint[]>, key: bigint, value: bigint): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * A copy in the samples' spelling. The list sample keeps is_audio_modified in match_data, the
 * single-copy sample in copy_statistics; `placement` chooses which.
 */
export function copyJson(row: CopyRow, statuses: bigint[], whitelistIds: bigint[], placement: 'list' | 'single') {
  const isAudioModified = row.is_audio_modified === 1n;
  const copyStatistics: Record<string, unknown> = {
    views_count: row.views_count,
    shares_count: row.shares_count,
    comments_count: row.comments_count,
    likes_count: row.likes_count,
    dislike_count: row.dislike_count,
  };
  const matchData: Record<string, unknown> = {
    matching_segments_in_asset: jsonColumn<number[]>(row.segments_in_asset, []),
    matching_segments_in_copy: jsonColumn<number[]>(row.segments_in_copy, []),
    copy_percentage_asset: row.copy_percentage_asset,
    copy_percentage_copy: row.copy_percentage_copy,
    length_of_match: row.length_of_match,
  };
  if (placement === 'list') matchData.is_audio_modified = isAudioModified;
  else copyStatistics.is_audio_modified = isAudioModified;
  return {
    match_id: row.match_id,
    match_id_str: row.match_id.toString(),
    asset_id: row.asset_id,
    asset_id_str: row.asset_id.toString(),
    whitelist_ids: whitelistIds,
    whitelist_ids_str: whitelistIds.map(String),
    created_at: row.created_at,
    platform: row.platform,
    copy_media_url: row.copy_media_url,
    copy_user_url: row.copy_user_url,
    copy_user_name: row.copy_user_name,
    copy_user_real_name: row.copy_user_real_name,
    copy_user_is_verified: row.copy_user_is_verified === 1n,
    copy_title: row.copy_title,
    copy_upload_date: row.copy_upload_date,
    copy_duration: Number(row.copy_duration),
    copy_sound_id: row.copy_sound_id,
    copy_statistics: copyStatistics,
    match_data: matchData,
    match_category: row.match_category,
    user_actions: { statuses },
    is_nsfw: row.is_nsfw === 1n,
    is_taken_down: row.is_taken_down === 1n,
    content_type: row.content_type,
  };
}

const START_RE = /^(\d{2})-(\d{2})-(\d{4})$/;

/** The copies `start` filter: mm-dd-yyyy (unlike every other date of the platform) → ISO midnight UTC. */
function parseStart(raw: string): string {
  const match = START_RE.exec(raw);
  const iso = match ? `${match[3]}-${match[1]}-${match[2]}` : '';
  const date = new Date(`${iso}T00:00:00.000Z`);
  if (!match || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new HttpError(400, `Query parameter start must be a date in the form mm-dd-yyyy (for example 11-01-2026); got "${raw}".`);
  }
  return date.toISOString();
}

type CopyFilters = {
  count: number;
  maxId?: bigint;
  minId?: bigint;
  status?: bigint;
  platform?: string;
  takenDown?: boolean;
  start?: string;
  /** Copies of these assets only (from asset_id, collection and isrc together); undefined: any asset. */
  assetIds?: bigint[];
};

/** The list's query parameters, validated; null when the asset filters leave no asset at all (an empty page). */
function readFilters(ctx: Ctx): CopyFilters | null {
  const { query } = ctx;
  const filters: CopyFilters = {
    count: queryCount(ctx, 1, 100, 100),
    maxId: queryId(ctx, 'max_id'),
    minId: queryId(ctx, 'min_id'),
    status: queryId(ctx, 'status'),
  };
  const assetId = queryId(ctx, 'asset_id');
  const collection = queryId(ctx, 'collection');
  const startRaw = query.get('start');
  if (startRaw) filters.start = parseStart(startRaw);
  const isrc = query.get('isrc')?.trim();
  const platform = query.get('platform')?.trim();
  if (platform) filters.platform = platform;
  const takenDownRaw = query.get('is_taken_down');
  if (takenDownRaw !== null && takenDownRaw !== '') {
    if (takenDownRaw !== 'true' && takenDownRaw !== 'false') throw new HttpError(400, 'Query parameter is_taken_down must be true or false.');
    filters.takenDown = takenDownRaw === 'true';
  }

  // asset_id, collection and isrc all narrow the assets; resolve them to one set up front.
  const { db } = ctx.state;
  let assets: Set<bigint> | undefined;
  const narrow = (ids: bigint[]) => {
    assets = assets === undefined ? new Set(ids) : new Set(ids.filter((id) => assets!.has(id)));
  };
  if (assetId !== undefined) narrow([assetId]);
  if (collection !== undefined) {
    narrow((prepared(db, 'SELECT asset_id FROM asset_collections WHERE collection_id = ?').all(collection) as { asset_id: bigint }[]).map((r) => r.asset_id));
  }
  if (isrc) {
    // Stored as the catalogue keeps them: letters and digits only, upper case.
    narrow((prepared(db, 'SELECT asset_id FROM asset_isrcs WHERE isrc = ?').all(normaliseIsrc(isrc)) as { asset_id: bigint }[]).map((r) => r.asset_id));
  }
  if (assets !== undefined) {
    if (assets.size === 0) return null;
    filters.assetIds = [...assets];
  }
  return filters;
}

/** Conditions on the copy row shared by every plan; each reads only columns the page indexes carry. */
function copyConditions(filters: CopyFilters, idColumn: string): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.maxId !== undefined) {
    where.push(`${idColumn} < ?`);
    params.push(filters.maxId);
  }
  if (filters.minId !== undefined) {
    where.push(`${idColumn} > ?`);
    params.push(filters.minId);
  }
  if (filters.platform !== undefined) {
    where.push('c.platform = ? COLLATE NOCASE');
    params.push(filters.platform);
  }
  if (filters.takenDown !== undefined) {
    where.push('c.is_taken_down = ?');
    params.push(filters.takenDown ? 1 : 0);
  }
  if (filters.start !== undefined) {
    where.push('c.updated_at >= ?');
    params.push(filters.start);
  }
  return { where, params };
}

// Below this many copies updated since `start`, reading them by update time and sorting beats
// walking the newest copies; above it, enough of the newest copies qualify for the walk to end soon.
const SELECTIVE_START = 2000;
// Up to this many assets, one index walk per asset (each stopping after `count` rows) beats a scan.
const PER_ASSET_WALK = 32;

/**
 * One page of copies, newest first. The plan is chosen explicitly rather than left to SQLite (which has
 * no statistics here) so that every filter stays a short index walk on 90k copies:
 * a status filter walks the status index; a selective `start` reads the update-time index; a few assets
 * walk their own index ranges and merge; everything else walks the organisation's copies newest first,
 * testing the other filters on the index entries before touching a row.
 */
function pageOfCopies(db: Db, orgId: bigint, filters: CopyFilters): CopyRow[] {
  const { count, assetIds } = filters;
  const assetsJson = assetIds ? `[${assetIds.join(',')}]` : undefined;

  if (filters.status !== undefined) {
    const { where, params } = copyConditions(filters, 's.match_id');
    if (assetsJson) where.push('c.asset_id IN (SELECT value FROM json_each(?))');
    const sql = `SELECT c.* FROM copy_user_statuses s CROSS JOIN copies c ON c.match_id = s.match_id
                 WHERE s.status = ? AND c.org_id = ?${where.map((w) => ` AND ${w}`).join('')} ORDER BY s.match_id DESC LIMIT ?`;
    return prepared(db, sql).all(filters.status, orgId, ...params, ...(assetsJson ? [assetsJson] : []), count) as CopyRow[];
  }

  if (filters.start !== undefined) {
    const probe = prepared(db, 'SELECT COUNT(*) AS n FROM (SELECT 1 FROM copies INDEXED BY copies_updated WHERE org_id = ? AND updated_at >= ? LIMIT ?)').get(
      orgId,
      filters.start,
      SELECTIVE_START,
    ) as { n: bigint };
    if (Number(probe.n) < SELECTIVE_START) {
      const { where, params } = copyConditions(filters, 'c.match_id');
      if (assetsJson) where.push('c.asset_id IN (SELECT value FROM json_each(?))');
      const sql = `SELECT c.* FROM copies c INDEXED BY copies_updated WHERE c.org_id = ?${where.map((w) => ` AND ${w}`).join('')} ORDER BY c.match_id DESC LIMIT ?`;
      return prepared(db, sql).all(orgId, ...params, ...(assetsJson ? [assetsJson] : []), count) as CopyRow[];
    }
  }

  if (assetIds && assetIds.length <= PER_ASSET_WALK) {
    const { where, params } = copyConditions(filters, 'c.match_id');
    const sql = `SELECT c.match_id FROM copies c INDEXED BY copies_by_asset
                 WHERE c.org_id = ? AND c.asset_id = ?${where.map((w) => ` AND ${w}`).join('')} ORDER BY c.match_id DESC LIMIT ?`;
    const walk = prepared(db, sql);
    const ids = assetIds
      .flatMap((assetId) => (walk.all(orgId, assetId, ...params, count) as { match_id: bigint }[]).map((r) => r.match_id))
      .sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))
      .slice(0, count);
    return rowsByIds(db, ids);
  }

  const { where, params } = copyConditions(filters, 'c.match_id');
  if (assetsJson) where.push('c.asset_id IN (SELECT value FROM json_each(?))');
  const sql = `SELECT c.* FROM copies c INDEXED BY copies_scan WHERE c.org_id = ?${where.map((w) => ` AND ${w}`).join('')} ORDER BY c.match_id DESC LIMIT ?`;
  return prepared(db, sql).all(orgId, ...params, ...(assetsJson ? [assetsJson] : []), count) as CopyRow[];
}

/** Full rows for ids already known, newest first (one statement per page size, cached). */
function rowsByIds(db: Db, ids: bigint[]): CopyRow[] {
  if (ids.length === 0) return [];
  return prepared(db, `SELECT * FROM copies WHERE match_id IN (${ids.map(() => '?').join(',')}) ORDER BY match_id DESC`).all(...ids) as CopyRow[];
}

function listCopies(ctx: Ctx) {
  const filters = readFilters(ctx);
  if (!filters) return { body: [] };
  const rows = pageOfCopies(ctx.state.db, ctx.org.org_id, filters);
  const { statuses, whitelists } = loadRelations(
    ctx.state.db,
    rows.map((r) => r.match_id),
  );
  return { body: rows.map((row) => copyJson(row, statuses.get(row.match_id) ?? [], whitelists.get(row.match_id) ?? [], 'list')) };
}

function findCopy(ctx: Ctx): CopyRow {
  const matchId = pathId(ctx, 'match_id', 'Copy');
  const row = prepared(ctx.state.db, 'SELECT * FROM copies WHERE match_id = ? AND org_id = ?').get(matchId, ctx.org.org_id) as CopyRow | undefined;
  if (!row) throw new HttpError(404, `Copy ${matchId} not found.`);
  return row;
}

function getCopy(ctx: Ctx) {
  const row = findCopy(ctx);
  const { statuses, whitelists } = loadRelations(ctx.state.db, [row.match_id]);
  return { body: copyJson(row, statuses.get(row.match_id) ?? [], whitelists.get(row.match_id) ?? [], 'single') };
}

function copyStatuses(db: Db, matchId: bigint): bigint[] {
  const rows = prepared(db, 'SELECT status FROM copy_user_statuses WHERE match_id = ? ORDER BY added_at, status').all(matchId) as { status: bigint }[];
  return rows.map((r) => r.status);
}

function getCopyStatus(ctx: Ctx) {
  const row = findCopy(ctx);
  return { body: { match_id: row.match_id, match_id_str: row.match_id.toString(), user_actions: { statuses: copyStatuses(ctx.state.db, row.match_id) } } };
}

async function addCopyStatus(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const status = requireInteger(body, 'status');
  // Codes are signed 64-bit; anything outside cannot name a status (and cannot be bound to SQLite).
  if (status < -INT64_MAX - 1n || status > INT64_MAX) throw new HttpError(400, `Copy status ${status} does not exist.`);
  const { db } = ctx.state;
  return db.transaction(() => {
    const row = findCopy(ctx);
    if (!isStatusAvailable(db, ctx.org.org_id, status)) {
      throw new HttpError(400, `Copy status ${status} does not exist; use a built-in code or one of your organisation's custom codes.`);
    }
    const now = isoNow(ctx.state);
    // A code is held at most once: adding it again changes nothing, not even updated_at.
    const added = db.prepare('INSERT OR IGNORE INTO copy_user_statuses (match_id, status, added_at) VALUES (?, ?, ?)').run(row.match_id, status, now);
    if (added.changes > 0) db.prepare('UPDATE copies SET updated_at = ? WHERE match_id = ?').run(now, row.match_id);
    return { body: { match_id: row.match_id, match_id_str: row.match_id.toString() } };
  })();
}

function removeCopyStatus(ctx: Ctx) {
  const { db } = ctx.state;
  return db.transaction(() => {
    const row = findCopy(ctx);
    const status = pathId(ctx, 'status_id', 'Copy status');
    const removed = db.prepare('DELETE FROM copy_user_statuses WHERE match_id = ? AND status = ?').run(row.match_id, status);
    if (removed.changes === 0) throw new HttpError(404, `Copy ${row.match_id} does not hold status ${status}.`);
    db.prepare('UPDATE copies SET updated_at = ? WHERE match_id = ?').run(isoNow(ctx.state), row.match_id);
    return { body: { match_id: row.match_id, match_id_str: row.match_id.toString() } };
  })();
}

export const copyRoutes: Route[] = [
  { method: 'GET', path: '/v3/drm/copies', auth: 'discovery', handler: listCopies },
  { method: 'GET', path: '/v3/drm/copies/:match_id', auth: 'discovery', handler: getCopy },
  { method: 'GET', path: '/v3/drm/copies/:match_id/status', auth: 'discovery', handler: getCopyStatus },
  { method: 'POST', path: '/v3/drm/copies/:match_id/status', auth: 'discovery', handler: addCopyStatus },
  { method: 'DELETE', path: '/v3/drm/copies/:match_id/status/:status_id', auth: 'discovery', handler: removeCopyStatus },
];
