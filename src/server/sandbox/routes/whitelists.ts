import type { Ctx, Route } from '../http';
import { HttpError, isValidDate, isoNow, pathId, queryCount, queryId, readJsonObject, requireString } from '../http';
import { processWhitelistUrl } from '../catalogue-shared';

type WhitelistRow = {
  whitelist_id: bigint;
  title: string;
  created_at: string;
  updated_at: string;
  start_date: string;
  end_date: string;
};

type UrlRow = { url_id: bigint; source_url: string; created_at: string; status: string; error: string };

function loadWhitelist(ctx: Ctx): WhitelistRow {
  const id = pathId(ctx, 'whitelist_id', 'Whitelist');
  const row = ctx.state.db
    .prepare('SELECT whitelist_id, title, created_at, updated_at, start_date, end_date FROM whitelists WHERE whitelist_id = ? AND org_id = ?')
    .get(id, ctx.org.org_id) as WhitelistRow | undefined;
  if (!row) throw new HttpError(404, `Whitelist ${id} not found.`);
  return row;
}

function loadUrl(ctx: Ctx, whitelist: WhitelistRow): UrlRow {
  const id = pathId(ctx, 'url_id', 'Whitelist URL');
  const row = ctx.state.db
    .prepare('SELECT url_id, source_url, created_at, status, error FROM whitelist_urls WHERE url_id = ? AND whitelist_id = ?')
    .get(id, whitelist.whitelist_id) as UrlRow | undefined;
  if (!row) throw new HttpError(404, `Whitelist URL ${id} not found in whitelist ${whitelist.whitelist_id}.`);
  return row;
}

function whitelistJson(row: WhitelistRow) {
  return {
    whitelist_id: row.whitelist_id,
    whitelist_id_str: row.whitelist_id.toString(),
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    dates_limit: { start_date: row.start_date, end_date: row.end_date },
  };
}

function urlJson(row: UrlRow) {
  return {
    url_id: row.url_id,
    url_id_str: row.url_id.toString(),
    source_url: row.source_url,
    created_at: row.created_at,
    processing_status: { status: row.status, error: row.error },
  };
}

/** count / max_id / min_id (both exclusive) as SQL conditions on `column`. */
function pageParams(ctx: Ctx, column: string) {
  const count = queryCount(ctx, 1, 1000);
  const maxId = queryId(ctx, 'max_id');
  const minId = queryId(ctx, 'min_id');
  const where: string[] = [];
  if (maxId !== undefined) where.push(`${column} < @max`);
  if (minId !== undefined) where.push(`${column} > @min`);
  return { where, params: { count, max: maxId ?? null, min: minId ?? null } };
}

function listWhitelists(ctx: Ctx) {
  const page = pageParams(ctx, 'whitelist_id');
  const rows = ctx.state.db
    .prepare(
      `SELECT whitelist_id, title, created_at, updated_at, start_date, end_date FROM whitelists
       WHERE ${['org_id = @org', ...page.where].join(' AND ')} ORDER BY whitelist_id DESC LIMIT @count`,
    )
    .all({ ...page.params, org: ctx.org.org_id }) as WhitelistRow[];
  return { body: rows.map(whitelistJson) };
}

/** dates_limit: both sides required; a real date, or -infinity (start) / infinity (end) for an open side. */
function readDatesLimit(body: Record<string, unknown>): { start: string; end: string } {
  const limit = body.dates_limit;
  if (limit === null || typeof limit !== 'object' || Array.isArray(limit)) {
    throw new HttpError(400, 'Field dates_limit is required: an object {start_date, end_date}.');
  }
  const { start_date: start, end_date: end } = limit as Record<string, unknown>;
  if (typeof start !== 'string' || (start !== '-infinity' && !isValidDate(start))) {
    throw new HttpError(400, 'Field dates_limit.start_date is required: a real date YYYY-MM-DD, or -infinity for no lower bound.');
  }
  if (typeof end !== 'string' || (end !== 'infinity' && !isValidDate(end))) {
    throw new HttpError(400, 'Field dates_limit.end_date is required: a real date YYYY-MM-DD, or infinity for no upper bound.');
  }
  if (start !== '-infinity' && end !== 'infinity' && start > end) {
    throw new HttpError(400, `Field dates_limit: start_date ${start} is after end_date ${end}.`);
  }
  return { start, end };
}

async function createWhitelist(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const title = requireString(body, 'title', { max: 300 }).trim();
  const { start, end } = readDatesLimit(body);
  const now = isoNow(ctx.state);
  const id = ctx.state.db.transaction(() => {
    const newId = ctx.state.ids.next();
    ctx.state.db
      .prepare('INSERT INTO whitelists (whitelist_id, org_id, title, created_at, updated_at, start_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(newId, ctx.org.org_id, title, now, now, start, end);
    return newId;
  })();
  return { body: { whitelist_id: id, whitelist_id_str: id.toString() } };
}

function whitelistDetail(ctx: Ctx) {
  const row = loadWhitelist(ctx);
  const stats = ctx.state.db
    .prepare(`SELECT COALESCE(SUM(status = 'failed'), 0) AS failed, COALESCE(SUM(status = 'ok'), 0) AS succeed FROM whitelist_urls WHERE whitelist_id = ?`)
    .get(row.whitelist_id) as { failed: bigint; succeed: bigint };
  return { body: { ...whitelistJson(row), url_stats: { failed: Number(stats.failed), succeed: Number(stats.succeed) } } };
}

function deleteWhitelist(ctx: Ctx) {
  const row = loadWhitelist(ctx);
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('DELETE FROM whitelist_urls WHERE whitelist_id = ?').run(row.whitelist_id);
    ctx.state.db.prepare('DELETE FROM whitelists WHERE whitelist_id = ?').run(row.whitelist_id);
  })();
  return { body: { whitelist_id: row.whitelist_id, whitelist_id_str: row.whitelist_id.toString() } };
}

function listUrls(ctx: Ctx) {
  const whitelist = loadWhitelist(ctx);
  const page = pageParams(ctx, 'url_id');
  const rows = ctx.state.db
    .prepare(
      `SELECT url_id, source_url, created_at, status, error FROM whitelist_urls
       WHERE ${['whitelist_id = @whitelist', ...page.where].join(' AND ')} ORDER BY url_id DESC LIMIT @count`,
    )
    .all({ ...page.params, whitelist: whitelist.whitelist_id }) as UrlRow[];
  return { body: rows.map(urlJson) };
}

async function addUrl(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const whitelist = loadWhitelist(ctx);
  const sourceUrl = requireString(body, 'source_url', { max: 2000 }).trim();
  const result = processWhitelistUrl(sourceUrl);
  const now = isoNow(ctx.state);
  const id = ctx.state.db.transaction(() => {
    const newId = ctx.state.ids.next();
    ctx.state.db
      .prepare('INSERT INTO whitelist_urls (url_id, whitelist_id, source_url, created_at, status, error) VALUES (?, ?, ?, ?, ?, ?)')
      .run(newId, whitelist.whitelist_id, sourceUrl, now, result.status, result.error);
    ctx.state.db.prepare('UPDATE whitelists SET updated_at = ? WHERE whitelist_id = ?').run(now, whitelist.whitelist_id);
    return newId;
  })();
  return { body: { url_id: id, url_id_str: id.toString() } };
}

function deleteUrl(ctx: Ctx) {
  const whitelist = loadWhitelist(ctx);
  const row = loadUrl(ctx, whitelist);
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('DELETE FROM whitelist_urls WHERE url_id = ?').run(row.url_id);
    ctx.state.db.prepare('UPDATE whitelists SET updated_at = ? WHERE whitelist_id = ?').run(isoNow(ctx.state), whitelist.whitelist_id);
  })();
  return { body: { url_id: row.url_id, url_id_str: row.url_id.toString() } };
}

export const whitelistRoutes: Route[] = [
  { method: 'GET', path: '/v3/cms/whitelists', auth: 'discovery', handler: listWhitelists },
  { method: 'POST', path: '/v3/cms/whitelists', auth: 'discovery', handler: createWhitelist },
  { method: 'GET', path: '/v3/cms/whitelists/:whitelist_id', auth: 'discovery', handler: whitelistDetail },
  { method: 'DELETE', path: '/v3/cms/whitelists/:whitelist_id', auth: 'discovery', handler: deleteWhitelist },
  { method: 'GET', path: '/v3/cms/whitelists/:whitelist_id/urls', auth: 'discovery', handler: listUrls },
  { method: 'POST', path: '/v3/cms/whitelists/:whitelist_id/urls', auth: 'discovery', handler: addUrl },
  { method: 'GET', path: '/v3/cms/whitelists/:whitelist_id/urls/:url_id', auth: 'discovery', handler: (ctx) => ({ body: urlJson(loadUrl(ctx, loadWhitelist(ctx))) }) },
  { method: 'DELETE', path: '/v3/cms/whitelists/:whitelist_id/urls/:url_id', auth: 'discovery', handler: deleteUrl },
];
