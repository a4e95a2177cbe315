import type { Db } from '../db';
import { getMeta, setMeta } from '../db';
import type { Ctx, Route } from '../http';
import { HttpError, isoNow, pathId, readJsonObject, requireString } from '../http';

/** The platform's built-in copy status codes (spec 2.7), available to every organisation. */
export const BUILTIN_STATUSES: readonly { status: number; title: string }[] = [
  { status: 10, title: 'False Positive - Cover' },
  { status: 11, title: 'False Positive - Missing Audio' },
  { status: 12, title: 'False Positive - Missing Video' },
  { status: 13, title: 'False Positive - Not My Content' },
  { status: 30, title: 'Externally Actioned' },
  { status: 40, title: 'Infringing' },
  { status: 50, title: 'Fair Use' },
  { status: 60, title: 'For Further Review' },
  { status: 70, title: 'Claim Attempted' },
  { status: 71, title: 'Takedown Attempted' },
  { status: 72, title: 'Takedown Retraction Attempted' },
];

export const MAX_CUSTOM_STATUSES = 5;
/** Custom codes start here so they never collide with present or future built-in codes. */
export const FIRST_CUSTOM_STATUS = 100;
// The built-ins have no creation date of their own; this fixed one stands in for it.
const BUILTIN_CREATED_AT = '2020-01-01T00:00:00.000Z';

const BUILTIN_CODES = new Set(BUILTIN_STATUSES.map((s) => BigInt(s.status)));

export function isBuiltinStatus(code: bigint): boolean {
  return BUILTIN_CODES.has(code);
}

type CustomRow = { status: bigint; org_id: bigint; title: string; created_at: string; updated_at: string };

/** Whether `code` may be put on one of the organisation's copies: a built-in or one of its own. */
export function isStatusAvailable(db: Db, orgId: bigint, code: bigint): boolean {
  if (isBuiltinStatus(code)) return true;
  return db.prepare('SELECT 1 FROM custom_statuses WHERE status = ? AND org_id = ?').get(code, orgId) !== undefined;
}

/**
 * The next custom code: above every code ever issued, so a deleted code is never handed out again
 * (copies of other tools may still remember it).
 */
export function nextCustomStatusCode(db: Db): bigint {
  const remembered = BigInt(getMeta(db, 'last_custom_status') ?? String(FIRST_CUSTOM_STATUS - 1));
  const row = db.prepare('SELECT MAX(status) AS max FROM custom_statuses').get() as { max: bigint | null };
  const highest = row.max !== null && row.max > remembered ? row.max : remembered;
  const next = highest + 1n;
  setMeta(db, 'last_custom_status', next.toString());
  return next;
}

function listStatuses(ctx: Ctx) {
  const custom = ctx.state.db
    .prepare('SELECT status, title, created_at, updated_at FROM custom_statuses WHERE org_id = ? ORDER BY status')
    .all(ctx.org.org_id) as CustomRow[];
  // A fixed vocabulary rather than a paginated list: ascending codes read naturally.
  const builtins = BUILTIN_STATUSES.map((s) => ({
    status: BigInt(s.status),
    status_str: String(s.status),
    title: s.title,
    created_at: BUILTIN_CREATED_AT,
    updated_at: BUILTIN_CREATED_AT,
  }));
  return {
    body: [
      ...builtins,
      ...custom.map((row) => ({ status: row.status, status_str: row.status.toString(), title: row.title, created_at: row.created_at, updated_at: row.updated_at })),
    ],
  };
}

async function createStatus(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const title = requireString(body, 'title', { max: 100 }).trim();
  const { db } = ctx.state;
  return db.transaction(() => {
    const count = db.prepare('SELECT COUNT(*) AS n FROM custom_statuses WHERE org_id = ?').get(ctx.org.org_id) as { n: bigint };
    if (Number(count.n) >= MAX_CUSTOM_STATUSES) {
      throw new HttpError(400, `An organisation may have at most ${MAX_CUSTOM_STATUSES} custom statuses; delete one first.`);
    }
    const status = nextCustomStatusCode(db);
    const now = isoNow(ctx.state);
    db.prepare('INSERT INTO custom_statuses (status, org_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(status, ctx.org.org_id, title, now, now);
    return { body: { status, status_str: status.toString(), title, created_at: now } };
  })();
}

function deleteStatus(ctx: Ctx) {
  const code = pathId(ctx, 'status_id', 'Copy status');
  if (isBuiltinStatus(code)) throw new HttpError(400, `Copy status ${code} is built in and cannot be deleted.`);
  const { db } = ctx.state;
  return db.transaction(() => {
    const row = db.prepare('SELECT status, title FROM custom_statuses WHERE status = ? AND org_id = ?').get(code, ctx.org.org_id) as
      | Pick<CustomRow, 'status' | 'title'>
      | undefined;
    if (!row) throw new HttpError(404, `Copy status ${code} not found.`);
    // The code disappears from the organisation's copies too; that is an update of those copies.
    const now = isoNow(ctx.state);
    db.prepare(
      `UPDATE copies SET updated_at = ? WHERE org_id = ? AND match_id IN (SELECT match_id FROM copy_user_statuses WHERE status = ?)`,
    ).run(now, ctx.org.org_id, code);
    db.prepare(`DELETE FROM copy_user_statuses WHERE status = ? AND match_id IN (SELECT match_id FROM copies WHERE org_id = ?)`).run(code, ctx.org.org_id);
    db.prepare('DELETE FROM custom_statuses WHERE status = ?').run(code);
    return { body: { status: row.status, title: row.title } };
  })();
}

export const statusRoutes: Route[] = [
  { method: 'GET', path: '/v3/drm/copies/statuses', auth: 'discovery', handler: listStatuses },
  { method: 'POST', path: '/v3/drm/copies/status', auth: 'discovery', handler: createStatus },
  { method: 'DELETE', path: '/v3/drm/copies/status/:status_id', auth: 'discovery', handler: deleteStatus },
];
