import type { Ctx, Route } from '../http';
import { HttpError, isHttpUrl, isoNow, optionalString, pathId, queryCount, queryId, readJsonObject, requireBoolean, requireString } from '../http';
import { defaultCollectionId } from '../catalogue-shared';
import { removeStoredFiles } from './assets';

type CollectionRow = {
  collection_id: bigint;
  org_id: bigint;
  title: string;
  reference_id: string;
  created_at: string;
  updated_at: string;
  is_default: bigint;
  is_auto: bigint;
  source_url: string | null;
  is_active: bigint;
  assets_count: bigint;
};

const COLLECTION_SELECT = `SELECT c.*, (SELECT COUNT(*) FROM asset_collections ac WHERE ac.collection_id = c.collection_id) AS assets_count FROM collections c`;

function loadCollection(ctx: Ctx): CollectionRow {
  const id = pathId(ctx, 'collection_id', 'Collection');
  const row = ctx.state.db.prepare(`${COLLECTION_SELECT} WHERE c.collection_id = ? AND c.org_id = ?`).get(id, ctx.org.org_id) as CollectionRow | undefined;
  if (!row) throw new HttpError(404, `Collection ${id} not found.`);
  return row;
}

function loadAutoCollection(ctx: Ctx): CollectionRow {
  const row = loadCollection(ctx);
  if (row.is_auto !== 1n) throw new HttpError(404, `Auto collection ${row.collection_id} not found (it is a plain collection; use /v3/cms/collections/${row.collection_id}).`);
  return row;
}

function collectionJson(row: CollectionRow) {
  return {
    collection_id: row.collection_id,
    collection_id_str: row.collection_id.toString(),
    created_at: row.created_at,
    updated_at: row.updated_at,
    title: row.title,
    reference_id: row.reference_id,
    is_autocollection: row.is_auto === 1n,
  };
}

function autoCollectionJson(row: CollectionRow) {
  return {
    collection_id: row.collection_id,
    collection_id_str: row.collection_id.toString(),
    created_at: row.created_at,
    updated_at: row.updated_at,
    title: row.title,
    source_url: row.source_url ?? '',
    assets_count: Number(row.assets_count),
    is_active: row.is_active === 1n,
  };
}

function idReply(id: bigint) {
  return { body: { collection_id: id, collection_id_str: id.toString() } };
}

function listCollections(ctx: Ctx) {
  const count = queryCount(ctx, 1, 1000);
  const maxId = queryId(ctx, 'max_id');
  const minId = queryId(ctx, 'min_id');
  const where = ['c.org_id = @org'];
  if (maxId !== undefined) where.push('c.collection_id < @max');
  if (minId !== undefined) where.push('c.collection_id > @min');
  const rows = ctx.state.db
    .prepare(`${COLLECTION_SELECT} WHERE ${where.join(' AND ')} ORDER BY c.collection_id DESC LIMIT @count`)
    .all({ org: ctx.org.org_id, max: maxId ?? null, min: minId ?? null, count }) as CollectionRow[];
  return { body: rows.map(collectionJson) };
}

function readTitleAndReference(body: Record<string, unknown>) {
  return { title: requireString(body, 'title', { max: 300 }).trim(), referenceId: (optionalString(body, 'reference_id', 300) ?? '').trim() };
}

async function createCollection(ctx: Ctx) {
  const { title, referenceId } = readTitleAndReference(await readJsonObject(ctx.req));
  const now = isoNow(ctx.state);
  const id = ctx.state.db.transaction(() => {
    const newId = ctx.state.ids.next();
    ctx.state.db
      .prepare('INSERT INTO collections (collection_id, org_id, title, reference_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(newId, ctx.org.org_id, title, referenceId, now, now);
    return newId;
  })();
  return idReply(id);
}

async function updateCollection(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const row = loadCollection(ctx);
  const { title, referenceId } = readTitleAndReference(body);
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('UPDATE collections SET title = ?, reference_id = ?, updated_at = ? WHERE collection_id = ?').run(title, referenceId, isoNow(ctx.state), row.collection_id);
  })();
  return idReply(row.collection_id);
}

function deleteCollection(ctx: Ctx) {
  const row = loadCollection(ctx);
  if (row.is_auto === 1n) {
    throw new HttpError(405, `Collection ${row.collection_id} is an auto collection; delete it with DELETE /v3/cms/collections/auto/${row.collection_id}.`);
  }
  if (row.is_default === 1n) throw new HttpError(400, 'The default collection cannot be deleted: assets without a collection live there.');
  const { db } = ctx.state;
  db.transaction(() => {
    // Its assets move to the default collection.
    db.prepare('INSERT OR IGNORE INTO asset_collections (asset_id, collection_id) SELECT asset_id, ? FROM asset_collections WHERE collection_id = ?').run(
      defaultCollectionId(db, ctx.org.org_id),
      row.collection_id,
    );
    db.prepare('DELETE FROM collections WHERE collection_id = ?').run(row.collection_id);
  })();
  return idReply(row.collection_id);
}

async function createAutoCollection(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const title = requireString(body, 'title', { max: 300 }).trim();
  const sourceUrl = requireString(body, 'source_url', { max: 2000 }).trim();
  if (!isHttpUrl(sourceUrl)) throw new HttpError(400, 'Field source_url must be an http(s) URL.');
  const isActive = body.is_active === undefined ? true : requireBoolean(body, 'is_active');
  const now = isoNow(ctx.state);
  const id = ctx.state.db.transaction(() => {
    const newId = ctx.state.ids.next();
    ctx.state.db
      .prepare('INSERT INTO collections (collection_id, org_id, title, created_at, updated_at, is_auto, source_url, is_active) VALUES (?, ?, ?, ?, ?, 1, ?, ?)')
      .run(newId, ctx.org.org_id, title, now, now, sourceUrl, isActive ? 1 : 0);
    return newId;
  })();
  return idReply(id);
}

async function updateAutoCollection(ctx: Ctx) {
  const body = await readJsonObject(ctx.req);
  const row = loadAutoCollection(ctx);
  const isActive = requireBoolean(body, 'is_active');
  ctx.state.db.transaction(() => {
    ctx.state.db.prepare('UPDATE collections SET is_active = ?, updated_at = ? WHERE collection_id = ?').run(isActive ? 1 : 0, isoNow(ctx.state), row.collection_id);
  })();
  return idReply(row.collection_id);
}

function deleteAutoCollection(ctx: Ctx) {
  const row = loadAutoCollection(ctx);
  const { db } = ctx.state;
  const assets = db
    .prepare('SELECT a.asset_id, a.tus_upload_id FROM assets a JOIN asset_collections ac ON ac.asset_id = a.asset_id WHERE ac.collection_id = ?')
    .all(row.collection_id) as { asset_id: bigint; tus_upload_id: string | null }[];
  db.transaction(() => {
    // An auto collection owns what it brought in: its assets go with it.
    const deleteAsset = db.prepare('DELETE FROM assets WHERE asset_id = ?');
    for (const asset of assets) deleteAsset.run(asset.asset_id);
    db.prepare('DELETE FROM collections WHERE collection_id = ?').run(row.collection_id);
  })();
  for (const asset of assets) removeStoredFiles(ctx.state, asset);
  return idReply(row.collection_id);
}

export const collectionRoutes: Route[] = [
  { method: 'POST', path: '/v3/cms/collections/auto', auth: 'discovery', handler: createAutoCollection },
  { method: 'GET', path: '/v3/cms/collections/auto/:collection_id', auth: 'discovery', handler: (ctx) => ({ body: autoCollectionJson(loadAutoCollection(ctx)) }) },
  { method: 'PUT', path: '/v3/cms/collections/auto/:collection_id', auth: 'discovery', handler: updateAutoCollection },
  { method: 'DELETE', path: '/v3/cms/collections/auto/:collection_id', auth: 'discovery', handler: deleteAutoCollection },
  { method: 'GET', path: '/v3/cms/collections', auth: 'discovery', handler: listCollections },
  { method: 'POST', path: '/v3/cms/collections', auth: 'discovery', handler: createCollection },
  {
    method: 'GET',
    path: '/v3/cms/collections/:collection_id',
    auth: 'discovery',
    handler: (ctx) => {
      const row = loadCollection(ctx);
      return { body: { ...collectionJson(row), assets_count: Number(row.assets_count) } };
    },
  },
  { method: 'PUT', path: '/v3/cms/collections/:collection_id', auth: 'discovery', handler: updateCollection },
  { method: 'DELETE', path: '/v3/cms/collections/:collection_id', auth: 'discovery', handler: deleteCollection },
];
