import type { Ctx, Route } from '../http';
import { HttpError, isValidDate, pathId, readJsonObject } from '../http';

export const MONITORING_STATUSES = ['needs_review', 'reviewed', 'licensed', 'muted', 'removed'] as const;
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number];
export const MAX_MONITORING_LIMIT = 1000;

/** Accepts both spellings of "needs review" (the sample's space, the filter list's underscore). */
export function parseMonitoringStatus(value: unknown): MonitoringStatus | null {
  if (typeof value !== 'string') return null;
  const normalised = value.trim().toLowerCase().replace(/ /g, '_');
  return (MONITORING_STATUSES as readonly string[]).includes(normalised) ? (normalised as MonitoringStatus) : null;
}

/** Stored with the underscore; answered in the sample's spelling. */
function statusOut(stored: string): string {
  return stored === 'needs_review' ? 'needs review' : stored;
}

type ItemRow = {
  result_id: bigint;
  asset_id: bigint;
  account_name: string;
  post_gid: string;
  platform: string;
  post_url: string;
  date_uploaded: string;
  status: string;
  match_id: bigint | null;
  match_identified: string | null;
  match_majors: string | null;
  isrc: string | null;
  title: string | null;
  artist: string | null;
  distributor: string | null;
  audio_segments_post: string | null;
  audio_segments_song: string | null;
};

function queryInteger(ctx: Ctx, name: string, fallback: number, min: number, max: number): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new HttpError(400, `Query parameter ${name} must be an integer from ${min} to ${max}.`);
  }
  return Number(raw);
}

function queryDate(ctx: Ctx, name: string): string | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!isValidDate(raw)) throw new HttpError(400, `Query parameter ${name} must be a date in the form YYYY-MM-DD; got "${raw}".`);
  return raw;
}

function listMonitoring(ctx: Ctx) {
  const limit = queryInteger(ctx, 'limit', 100, 1, MAX_MONITORING_LIMIT);
  const offset = queryInteger(ctx, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);

  const where: string[] = ['org_id = ?'];
  const params: unknown[] = [ctx.org.org_id];
  const musicRaw = ctx.query.get('music-detected') ?? ctx.query.get('music_detected');
  if (musicRaw !== null && musicRaw !== '') {
    if (musicRaw !== 'true' && musicRaw !== 'false') throw new HttpError(400, 'Query parameter music-detected must be true or false.');
    where.push('music_detected = ?');
    params.push(musicRaw === 'true' ? 1 : 0);
  }
  const statusRaw = ctx.query.get('status');
  if (statusRaw !== null && statusRaw !== '') {
    const status = parseMonitoringStatus(statusRaw);
    if (!status) throw new HttpError(400, `Query parameter status must be one of ${MONITORING_STATUSES.join(', ')}; got "${statusRaw}".`);
    where.push('status = ?');
    params.push(status);
  }
  const exact = queryDate(ctx, 'date_uploaded');
  const from = queryDate(ctx, 'date_uploaded_from');
  const to = queryDate(ctx, 'date_uploaded_to');
  if (exact !== undefined) {
    // The exact day takes precedence over the range.
    where.push('upload_day = ?');
    params.push(exact);
  } else {
    if (from !== undefined) {
      where.push('upload_day >= ?');
      params.push(from);
    }
    if (to !== undefined) {
      where.push('upload_day <= ?');
      params.push(to);
    }
  }

  // The platform's pagination quirk, reproduced deterministically: when the group just before the
  // page (at offset - 1) carries several matches, the page starts by repeating that group's items.
  // So a result_id can appear on two pages; clients dedupe by result_id + match_id and stop on a
  // page shorter than `limit`. Hence one group more is read from offset - 1 and kept or dropped.
  const lookBehind = offset > 0 ? 1 : 0;
  const { db } = ctx.state;
  const groups = db
    // upload_day is the day of date_uploaded (all seeded with one offset), so ordering by it first changes
    // nothing but lets the page index serve date ranges and the order together.
    .prepare(
      `SELECT result_id FROM monitoring_results INDEXED BY monitoring_page WHERE ${where.join(' AND ')}
       ORDER BY upload_day DESC, date_uploaded DESC, result_id DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, limit + lookBehind, offset - lookBehind) as { result_id: bigint }[];
  let groupIds = groups.map((g) => g.result_id);
  if (lookBehind && groupIds.length > 0) {
    const before = db.prepare('SELECT COUNT(*) AS n FROM monitoring_matches WHERE result_id = ?').get(groupIds[0]) as { n: bigint };
    if (before.n < 2n) groupIds = groupIds.slice(1);
  }
  if (groupIds.length === 0) return { body: [] };

  const rows = db
    .prepare(
      `SELECT r.result_id, r.asset_id, r.account_name, r.post_gid, r.platform, r.post_url, r.date_uploaded, r.status,
              m.match_id, m.match_identified, m.match_majors, m.isrc, m.title, m.artist, m.distributor,
              m.audio_segments_post, m.audio_segments_song
         FROM monitoring_results r LEFT JOIN monitoring_matches m ON m.result_id = r.result_id
        WHERE r.result_id IN (SELECT value FROM json_each(?))
        ORDER BY r.result_id, m.match_id`,
    )
    .all(`[${groupIds.join(',')}]`) as ItemRow[];
  const byResult = new Map<bigint, ItemRow[]>();
  for (const row of rows) {
    const list = byResult.get(row.result_id);
    if (list) list.push(row);
    else byResult.set(row.result_id, [row]);
  }
  return { body: groupIds.flatMap((id) => (byResult.get(id) ?? []).map(itemJson)) };
}

function itemJson(row: ItemRow) {
  return {
    asset_id: row.asset_id,
    result_id: row.result_id,
    account_name: row.account_name,
    post_gid: row.post_gid,
    platform: row.platform,
    post_url: row.post_url,
    date_uploaded: row.date_uploaded,
    status: statusOut(row.status),
    // A result without a match still yields one item, with an empty match.
    match:
      row.match_id === null
        ? { match_id: '', match_identified: 'no', match_majors: 'no', isrc: '', title: '', artist: '', distributor: '', audio_segments_post: '', audio_segments_song: '' }
        : {
            match_id: row.match_id.toString(),
            match_identified: row.match_identified,
            match_majors: row.match_majors,
            isrc: row.isrc,
            title: row.title,
            artist: row.artist,
            distributor: row.distributor,
            audio_segments_post: row.audio_segments_post,
            audio_segments_song: row.audio_segments_song,
          },
  };
}

async function setResultStatus(ctx: Ctx) {
  const resultId = pathId(ctx, 'result_id', 'Monitoring result');
  const body = await readJsonObject(ctx.req);
  const status = parseMonitoringStatus(body.status);
  if (!status) throw new HttpError(400, `Field status must be one of ${MONITORING_STATUSES.join(', ')}.`);
  const { db } = ctx.state;
  db.transaction(() => {
    const updated = db.prepare('UPDATE monitoring_results SET status = ? WHERE result_id = ? AND org_id = ?').run(status, resultId, ctx.org.org_id);
    if (updated.changes === 0) throw new HttpError(404, `Monitoring result ${resultId} not found.`);
  })();
}

export const monitoringRoutes: Route[] = [
  { method: 'GET', path: '/v3/drm/monitoring', auth: 'discovery', handler: listMonitoring },
  { method: 'PATCH', path: '/v3/drm/monitoring/result/:result_id/status', auth: 'discovery', handler: setResultStatus },
];
