import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { parseFile } from 'music-metadata';
import type { Db } from '../db';
import type { Ctx, Org, Route, SandboxState } from '../http';
import { HttpError, isoNow, readJsonObject, requireString } from '../http';
import { parseId } from '../ids';
import {
  FID_PREFIX_BYTES,
  defaultMatchTypes,
  fidMismatchMessage,
  parseCollectionIds,
  parseMatchTypes,
  parseMediaType,
  parseMusic,
  parseProductionDate,
  parseReferenceIds,
  parseYoutubeContentId,
  publicBaseFrom,
  setAssetCollections,
  setAssetIsrcs,
  sha256OfFilePrefix,
  tusDirectory,
  v3FilePath,
} from '../catalogue-shared';

export const TUS_PATH = '/v4/cms/assets/file-upload/';

const MIME_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
const FID_RE = /^[0-9a-f]{64}$/i;

/** The `type/subtype` of a Content-Type or mime_type, lower case, without parameters. */
function essence(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/** Validates the upload metadata body (shared by v3 and v4) and creates the asset, waiting for its bytes. */
async function createUploadAsset(ctx: Ctx, version: 3 | 4): Promise<{ assetId: bigint; secret: string }> {
  const body = await readJsonObject(ctx.req);
  const title = requireString(body, 'title', { max: 500 }).trim();
  const mediaType = parseMediaType(body.media_type);
  const mimeType = requireString(body, 'mime_type', { max: 200 }).trim();
  if (!MIME_RE.test(mimeType)) throw new HttpError(400, 'Field mime_type must be a MIME type of the form type/subtype, e.g. audio/mpeg.');
  const fid = requireString(body, 'fid', { max: 200 }).trim();
  if (!FID_RE.test(fid)) throw new HttpError(400, 'Field fid must be the SHA-256 of the first 512 KiB of the file: exactly 64 hexadecimal characters.');
  const productionDate = parseProductionDate(body, true)!;
  const matchTypes = parseMatchTypes(body) ?? defaultMatchTypes(mediaType);
  const { db } = ctx.state;
  const collectionIds = parseCollectionIds(db, ctx.org, body) ?? [];
  const referenceIds = parseReferenceIds(body) ?? [];
  const music = parseMusic(body);
  const youtubeCid = parseYoutubeContentId(body) ?? '';
  // v3: the secret in file_url; v4: the Blob-ID.
  const secret = version === 3 ? randomBytes(24).toString('base64url') : randomUUID();
  const now = isoNow(ctx.state);
  const assetId = db.transaction(() => {
    const id = ctx.state.ids.next();
    db.prepare(
      `INSERT INTO assets (asset_id, org_id, title, created_at, updated_at, production_date, reference_ids, media_type, match_types,
         processing_status, youtube_cid, music, source, mime_type, fid, upload_version, upload_token, blob_id, uploaded)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, 'upload', ?, ?, ?, ?, ?, 0)`,
    ).run(
      id,
      ctx.org.org_id,
      title,
      now,
      now,
      productionDate,
      JSON.stringify(referenceIds),
      mediaType,
      JSON.stringify(matchTypes),
      youtubeCid,
      JSON.stringify(music ?? { iswcs: [], isrcs: [], artist: '', album: '' }),
      essence(mimeType),
      fid.toLowerCase(),
      version,
      version === 3 ? secret : null,
      version === 4 ? secret : null,
    );
    setAssetCollections(db, ctx.org.org_id, id, collectionIds);
    setAssetIsrcs(db, id, music?.isrcs ?? []);
    return id;
  })();
  return { assetId, secret };
}

/** Duration in whole seconds when the bytes are a media file music-metadata can read; 0 otherwise. */
async function probeDuration(path: string): Promise<number> {
  try {
    const meta = await parseFile(path, { skipCovers: true, skipPostHeaders: true });
    const seconds = meta.format.duration;
    return seconds && Number.isFinite(seconds) ? Math.round(seconds) : 0;
  } catch {
    return 0;
  }
}

/** Records a completed transfer: fid checked against the SHA-256 of the stored bytes' first 512 KiB. */
function recordTransfer(db: Db, state: SandboxState, where: { assetId: bigint } | { tusUploadId: string }, actualFid: string, size: number, duration: number): void {
  db.transaction(() => {
    const row = ('assetId' in where
      ? db.prepare('SELECT asset_id, fid FROM assets WHERE asset_id = ?').get(where.assetId)
      : db.prepare('SELECT asset_id, fid FROM assets WHERE tus_upload_id = ?').get(where.tusUploadId)) as { asset_id: bigint; fid: string } | undefined;
    if (!row) return; // deleted while the bytes were arriving
    const matches = row.fid === actualFid;
    db.prepare(
      `UPDATE assets SET uploaded = ?, processing_status = ?, processing_error = ?, uploaded_at = ?, size_bytes = ?, duration = ?, updated_at = ?
       WHERE asset_id = ?`,
    ).run(
      matches ? 1 : 0,
      matches ? 'uploaded' : 'failed',
      matches ? '' : fidMismatchMessage(actualFid, row.fid),
      matches ? state.now() : null,
      size,
      duration,
      isoNow(state),
      row.asset_id,
    );
  })();
}

function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** PUT {file_url}: the body is streamed to disk, hashing its first 512 KiB on the way; any size. */
async function receiveV3File(ctx: Ctx) {
  const { db, uploadDir } = ctx.state;
  const assetId = parseId(ctx.params.asset_id);
  const row = (assetId === null ? undefined : db.prepare('SELECT asset_id, mime_type, upload_token FROM assets WHERE asset_id = ? AND upload_version = 3').get(assetId)) as
    | { asset_id: bigint; mime_type: string; upload_token: string | null }
    | undefined;
  if (!row || !row.upload_token) throw new HttpError(404, `No file upload is expected for asset ${ctx.params.asset_id ?? ''}.`);
  if (!tokensEqual(ctx.query.get('token') ?? '', row.upload_token)) {
    throw new HttpError(403, 'The upload token is wrong; use the file_url returned by POST /v3/cms/assets/upload.');
  }
  const contentType = essence(ctx.req.headers['content-type'] ?? '');
  if (contentType !== row.mime_type) {
    throw new HttpError(400, `Content-Type must equal the mime_type of the metadata: got "${contentType || '(none)'}", expected "${row.mime_type}".`);
  }

  const target = v3FilePath(uploadDir, row.asset_id);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
  const hash = createHash('sha256');
  let hashed = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (hashed < FID_PREFIX_BYTES) {
        const part = chunk.subarray(0, FID_PREFIX_BYTES - hashed);
        hash.update(part);
        hashed += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(ctx.req, meter, createWriteStream(partial));
  } catch {
    rmSync(partial, { force: true });
    throw new HttpError(400, 'The file transfer was interrupted before the whole body arrived; PUT the file again.');
  }
  // A retried PUT replaces the earlier bytes only once the new ones are complete.
  renameSync(partial, target);
  recordTransfer(db, ctx.state, { assetId: row.asset_id }, hash.digest('hex'), size, await probeDuration(target));
  return { status: 200 };
}

export const uploadRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v3/cms/assets/upload',
    auth: 'discovery',
    handler: async (ctx) => {
      const { assetId, secret } = await createUploadAsset(ctx, 3);
      const fileUrl = `${ctx.publicBase}/sandbox/uploads/${assetId}?token=${encodeURIComponent(secret)}`;
      return { body: { asset_id: assetId, asset_id_str: assetId.toString(), file_url: fileUrl } };
    },
  },
  {
    method: 'POST',
    path: '/v4/cms/assets/upload',
    auth: 'discovery',
    handler: async (ctx) => {
      const { assetId, secret } = await createUploadAsset(ctx, 4);
      return { body: { asset_id: assetId, asset_id_str: assetId.toString(), blob_id: secret } };
    },
  },
  { method: 'PUT', path: '/sandbox/uploads/:asset_id', auth: 'none', handler: receiveV3File },
];

type BlobAsset = { asset_id: bigint; org_id: bigint; tus_upload_id: string | null };

function headerOf(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/**
 * The v4 resumable upload: a tus 1.0.0 server (creation, HEAD offsets, PATCH, termination) storing
 * files under uploadDir/tus. Every request must carry the Blob-ID of a v4 asset of the caller's
 * organisation; an upload URL only serves the blob it was created for.
 */
export function createTusHandler(state: SandboxState) {
  const { db } = state;
  const directory = tusDirectory(state.uploadDir);
  const blobOf = (header: string | null): string => header?.trim() ?? '';

  // Built on first use: the file store creates its directory asynchronously, which must not race a
  // sandbox that is closed (and its folder removed) without ever taking a v4 upload.
  let server: TusServer | undefined;
  const tusServer = (): TusServer => {
    if (server) return server;
    mkdirSync(directory, { recursive: true });
    server = new TusServer({
      path: TUS_PATH.replace(/\/$/, ''),
      datastore: new FileStore({ directory }),
      respectForwardedHeaders: true,
      // Absolute, and reachable through the proxy: origin and prefix as the caller saw them.
      generateUrl: (req, { id }) => `${publicBaseFrom((name) => req.headers.get(name))}${TUS_PATH}${id}`,
      onUploadCreate: async (req, upload) => {
        const blobId = blobOf(req.headers.get('blob-id'));
        const previous = db.prepare('SELECT tus_upload_id FROM assets WHERE blob_id = ?').get(blobId) as { tus_upload_id: string | null } | undefined;
        if (!previous) throw { status_code: 404, body: `Blob-ID ${blobId} not found.\n` };
        db.transaction(() => {
          db.prepare(
            `UPDATE assets SET tus_upload_id = ?, uploaded = 0, processing_status = 'pending', processing_error = '', uploaded_at = NULL, size_bytes = ?
             WHERE blob_id = ?`,
          ).run(upload.id, upload.size ?? 0, blobId);
        })();
        // A new upload for the same blob replaces an earlier (failed or abandoned) one.
        if (previous.tus_upload_id && previous.tus_upload_id !== upload.id) {
          rmSync(join(directory, previous.tus_upload_id), { force: true });
          rmSync(join(directory, `${previous.tus_upload_id}.json`), { force: true });
        }
        return {};
      },
      onUploadFinish: async (_req, upload) => {
        const path = upload.storage?.path ?? join(directory, upload.id);
        const actual = await sha256OfFilePrefix(path);
        recordTransfer(db, state, { tusUploadId: upload.id }, actual, upload.size ?? upload.offset, await probeDuration(path));
        return {};
      },
    });
    return server;
  };

  return async (req: IncomingMessage, res: ServerResponse, org: Org): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method !== 'OPTIONS') {
      const blobId = headerOf(req, 'blob-id');
      if (!blobId) throw new HttpError(400, 'Missing Blob-ID header: send the blob_id from POST /v4/cms/assets/upload on every upload request.');
      const asset = db.prepare('SELECT asset_id, org_id, tus_upload_id FROM assets WHERE blob_id = ?').get(blobId) as BlobAsset | undefined;
      if (!asset || asset.org_id !== org.org_id) throw new HttpError(404, `Blob-ID ${blobId} not found.`);
      const path = new URL(req.url ?? '/', 'http://sandbox.local').pathname;
      const uploadId = path.slice(TUS_PATH.length).replace(/\/$/, '');
      if (uploadId !== '' && uploadId !== asset.tus_upload_id) {
        throw new HttpError(404, `Upload ${uploadId} not found for Blob-ID ${blobId}; create a new upload.`);
      }
    }
    await tusServer().handle(req, res);
  };
}
