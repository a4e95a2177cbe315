import { randomBytes } from 'node:crypto';
import type { Ctx, Route } from '../http';
import { HttpError, isoNow, readJsonObject, requireString } from '../http';

type KeyRow = { token: string; key_name: string; created_at: string };

function listKeys(ctx: Ctx) {
  const rows = ctx.state.db.prepare('SELECT token, key_name, created_at FROM api_keys WHERE org_id = ? ORDER BY created_at DESC, token').all(ctx.org.org_id) as KeyRow[];
  return { body: rows };
}

async function createKey(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const name = requireString(body, 'name', { max: 200 }).trim();
  const key: KeyRow = { token: `rdk_${randomBytes(24).toString('base64url')}`, key_name: name, created_at: isoNow(ctx.state) };
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('INSERT INTO api_keys (token, org_id, key_name, created_at) VALUES (?, ?, ?, ?)').run(key.token, ctx.org.org_id, key.key_name, key.created_at);
  })();
  return { body: key };
}

async function revokeKey(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const token = requireString(body, 'token', { max: 500 }).trim();
  const { db } = ctx.state;
  db.transaction(() => {
    const owner = db.prepare('SELECT org_id FROM api_keys WHERE token = ?').get(token) as { org_id: bigint } | undefined;
    if (!owner || owner.org_id !== ctx.org.org_id) throw new HttpError(404, 'API key not found in this organisation.');
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ?').get(ctx.org.org_id) as { n: bigint };
    if (n <= 1n) throw new HttpError(400, 'This is the organisation\'s only API key and cannot be revoked; create another key first.');
    db.prepare('DELETE FROM api_keys WHERE token = ?').run(token);
  })();
  return { status: 200 };
}

export const apiKeyRoutes: Route[] = [
  { method: 'GET', path: '/v3/api-key', auth: 'discovery', handler: listKeys },
  { method: 'POST', path: '/v3/api-key', auth: 'discovery', handler: createKey },
  { method: 'DELETE', path: '/v3/api-key', auth: 'discovery', handler: revokeKey },
];
