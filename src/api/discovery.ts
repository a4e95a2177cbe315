import { z } from 'zod';
import type { Id } from './ids';
import { idToJson } from './ids';
import { localDay, toCopiesStartParam } from './dates';
import { discoveryRequest, parseResponse, type DiscoveryRequestSpec, type QueryValue } from './http';
import type { Priority } from './pacer';
import {
  MAX_SOUND_METADATA_BATCH,
  apiKeySchema,
  assetIdResponseSchema,
  assetSchema,
  assetTrackingSchema,
  assetUploadV3ResponseSchema,
  assetUploadV4ResponseSchema,
  assetVerifyResponseSchema,
  autoCollectionSchema,
  collectionIdResponseSchema,
  collectionSchema,
  copySchema,
  copyStatusSchema,
  copyStatusesOfCopySchema,
  deletedCopyStatusSchema,
  matchIdResponseSchema,
  monitoringResultSchema,
  soundMetadataSchema,
  whitelistIdResponseSchema,
  whitelistSchema,
  whitelistUrlIdResponseSchema,
  whitelistUrlSchema,
  type ApiKey,
  type Asset,
  type AssetIdResponse,
  type AssetLink,
  type AssetPatch,
  type AssetReplace,
  type AssetTracking,
  type AssetUploadMetadata,
  type AssetUploadV3Response,
  type AssetUploadV4Response,
  type AssetVerifyResponse,
  type AutoCollection,
  type AutoCollectionInput,
  type Collection,
  type CollectionIdResponse,
  type CollectionInput,
  type Copy,
  type CopyStatus,
  type CopyStatusesOfCopy,
  type DeletedCopyStatus,
  type MatchIdResponse,
  type MonitoringResult,
  type MonitoringStatus,
  type MusicInput,
  type SoundMetadata,
  type Whitelist,
  type WhitelistIdResponse,
  type WhitelistInput,
  type WhitelistUrl,
  type WhitelistUrlIdResponse,
} from './schemas/discovery';

// One function per Discovery endpoint of the spec (section 4.3). Ids are Id strings in and out;
// bodies carry them as exact JSON integers where the spec says integer.

/** Per-call options: cancel with `signal`; bulk work passes priority 'background'. */
export type CallOptions = { signal?: AbortSignal; priority?: Priority; apiKey?: string };

/** Cursor page of the id-ordered lists (newest first; next page: max_id = last row's id). */
export type PageParams = { count?: number; max_id?: Id; min_id?: Id };

async function call<S extends z.ZodType>(schema: S, spec: DiscoveryRequestSpec, options: CallOptions | undefined, root?: string): Promise<z.output<S>> {
  const data = await discoveryRequest({ ...spec, signal: options?.signal, priority: options?.priority, apiKey: options?.apiKey });
  return parseResponse(schema, data, { iface: 'discovery', path: spec.path, root });
}

async function callNoBody(spec: DiscoveryRequestSpec, options: CallOptions | undefined): Promise<void> {
  await discoveryRequest({ ...spec, signal: options?.signal, priority: options?.priority, apiKey: options?.apiKey });
}

const seg = (value: string) => encodeURIComponent(value);

function pageQuery(page: PageParams | undefined): Record<string, QueryValue> {
  return { count: page?.count, max_id: page?.max_id, min_id: page?.min_id };
}

const ids = (values: readonly Id[] | undefined) => values?.map(idToJson);

function musicBody(music: MusicInput | undefined) {
  return music && { iswcs: music.iswcs, isrcs: music.isrcs, artist: music.artist, album: music.album };
}

// ---- API keys -----------------------------------------------------------------------------------

export function listApiKeys(options?: CallOptions): Promise<ApiKey[]> {
  return call(z.array(apiKeySchema), { path: '/v3/api-key' }, options, 'api_keys');
}

export function createApiKey(name: string, options?: CallOptions): Promise<ApiKey> {
  return call(apiKeySchema, { method: 'POST', path: '/v3/api-key', json: { name } }, options);
}

/** The platform refuses to revoke an organisation's last key. */
export function revokeApiKey(token: string, options?: CallOptions): Promise<void> {
  return callNoBody({ method: 'DELETE', path: '/v3/api-key', json: { token } }, options);
}

// ---- Assets -------------------------------------------------------------------------------------

export type AssetProcessingFilter = 'failed' | 'uploaded' | 'sampled';

/** min_id is inclusive for assets (exclusive elsewhere); isrc values match with OR. */
export type ListAssetsParams = PageParams & { status?: AssetProcessingFilter; is_tracked?: boolean; isrc?: readonly string[] };

export function listAssets(params: ListAssetsParams = {}, options?: CallOptions): Promise<Asset[]> {
  const query = { ...pageQuery(params), status: params.status, is_tracked: params.is_tracked, isrc: params.isrc };
  return call(z.array(assetSchema), { path: '/v3/cms/assets', query }, options, 'assets');
}

export function getAsset(assetId: Id, options?: CallOptions): Promise<Asset> {
  return call(assetSchema, { path: `/v3/cms/assets/${seg(assetId)}` }, options, 'asset');
}

function uploadBody(meta: AssetUploadMetadata) {
  return {
    title: meta.title,
    media_type: meta.media_type,
    mime_type: meta.mime_type,
    fid: meta.fid.toLowerCase(),
    production_date: meta.production_date,
    match_types: meta.match_types,
    collection_ids: ids(meta.collection_ids),
    reference_ids: meta.reference_ids,
    music: musicBody(meta.music),
    youtube_content_id: meta.youtube_content_id,
  };
}

/**
 * Step 2 of an upload: registers the metadata. Version 3 (files below 2 GiB) answers a file_url
 * to PUT the bytes to; version 4 a blob_id for the tus upload. Then verifyAssetUpload.
 */
export function registerAssetUpload(meta: AssetUploadMetadata, version: 3, options?: CallOptions): Promise<AssetUploadV3Response>;
export function registerAssetUpload(meta: AssetUploadMetadata, version: 4, options?: CallOptions): Promise<AssetUploadV4Response>;
export function registerAssetUpload(
  meta: AssetUploadMetadata,
  version: 3 | 4,
  options?: CallOptions,
): Promise<AssetUploadV3Response | AssetUploadV4Response>;
export function registerAssetUpload(meta: AssetUploadMetadata, version: 3 | 4, options?: CallOptions): Promise<AssetUploadV3Response | AssetUploadV4Response> {
  const schema = version === 3 ? assetUploadV3ResponseSchema : assetUploadV4ResponseSchema;
  return call(schema, { method: 'POST', path: `/v${version}/cms/assets/upload`, json: uploadBody(meta) }, options);
}

export function verifyAssetUpload(assetId: Id, options?: CallOptions): Promise<AssetVerifyResponse> {
  return call(assetVerifyResponseSchema, { path: `/v3/cms/assets/${seg(assetId)}/verify` }, options);
}

export function linkAsset(body: AssetLink, options?: CallOptions): Promise<AssetIdResponse> {
  const json = { ...body, collection_ids: ids(body.collection_ids) };
  return call(assetIdResponseSchema, { method: 'POST', path: '/v3/cms/assets/link', json }, options);
}

function updateBody(body: AssetPatch) {
  return {
    title: body.title,
    media_type: body.media_type,
    collection_ids: ids(body.collection_ids),
    reference_ids: body.reference_ids,
    production_date: body.production_date,
    youtube_content_id: body.youtube_content_id,
    music: musicBody(body.music),
    match_types: body.match_types,
    excluded_segments: body.excluded_segments?.map((s) => ({ lower: s.lower, upper: s.upper })),
  };
}

/** Full update (PUT): title required; fields left out are cleared by the platform. */
export function replaceAsset(assetId: Id, body: AssetReplace, options?: CallOptions): Promise<AssetIdResponse> {
  return call(assetIdResponseSchema, { method: 'PUT', path: `/v3/cms/assets/${seg(assetId)}`, json: updateBody(body) }, options);
}

/** Partial update (PATCH): only the fields given change. */
export function patchAsset(assetId: Id, body: AssetPatch, options?: CallOptions): Promise<AssetIdResponse> {
  return call(assetIdResponseSchema, { method: 'PATCH', path: `/v3/cms/assets/${seg(assetId)}`, json: updateBody(body) }, options);
}

export function deleteAsset(assetId: Id, options?: CallOptions): Promise<AssetIdResponse> {
  return call(assetIdResponseSchema, { method: 'DELETE', path: `/v3/cms/assets/${seg(assetId)}` }, options);
}

export function getAssetTracking(assetId: Id, options?: CallOptions): Promise<AssetTracking> {
  return call(assetTrackingSchema, { path: `/v3/cms/assets/${seg(assetId)}/track` }, options);
}

export function setAssetTracking(assetId: Id, isTracked: boolean, options?: CallOptions): Promise<AssetIdResponse> {
  return call(assetIdResponseSchema, { method: 'PUT', path: `/v3/cms/assets/${seg(assetId)}/track`, json: { is_tracked: isTracked } }, options);
}

// ---- Collections --------------------------------------------------------------------------------

export function listCollections(page: PageParams = {}, options?: CallOptions): Promise<Collection[]> {
  return call(z.array(collectionSchema), { path: '/v3/cms/collections', query: pageQuery(page) }, options, 'collections');
}

export function createCollection(input: CollectionInput, options?: CallOptions): Promise<CollectionIdResponse> {
  const json = { title: input.title, reference_id: input.reference_id };
  return call(collectionIdResponseSchema, { method: 'POST', path: '/v3/cms/collections', json }, options);
}

export function getCollection(collectionId: Id, options?: CallOptions): Promise<Collection> {
  return call(collectionSchema, { path: `/v3/cms/collections/${seg(collectionId)}` }, options, 'collection');
}

export function updateCollection(collectionId: Id, input: CollectionInput, options?: CallOptions): Promise<CollectionIdResponse> {
  const json = { title: input.title, reference_id: input.reference_id };
  return call(collectionIdResponseSchema, { method: 'PUT', path: `/v3/cms/collections/${seg(collectionId)}`, json }, options);
}

/** Its assets move to the default collection. An auto collection answers 405 here: use deleteAutoCollection. */
export function deleteCollection(collectionId: Id, options?: CallOptions): Promise<CollectionIdResponse> {
  return call(collectionIdResponseSchema, { method: 'DELETE', path: `/v3/cms/collections/${seg(collectionId)}` }, options);
}

export function createAutoCollection(input: AutoCollectionInput, options?: CallOptions): Promise<CollectionIdResponse> {
  const json = { title: input.title, source_url: input.source_url, is_active: input.is_active };
  return call(collectionIdResponseSchema, { method: 'POST', path: '/v3/cms/collections/auto', json }, options);
}

export function getAutoCollection(collectionId: Id, options?: CallOptions): Promise<AutoCollection> {
  return call(autoCollectionSchema, { path: `/v3/cms/collections/auto/${seg(collectionId)}` }, options, 'auto_collection');
}

export function setAutoCollectionActive(collectionId: Id, isActive: boolean, options?: CallOptions): Promise<CollectionIdResponse> {
  const json = { is_active: isActive };
  return call(collectionIdResponseSchema, { method: 'PUT', path: `/v3/cms/collections/auto/${seg(collectionId)}`, json }, options);
}

/** Removes the auto collection and all its assets. */
export function deleteAutoCollection(collectionId: Id, options?: CallOptions): Promise<CollectionIdResponse> {
  return call(collectionIdResponseSchema, { method: 'DELETE', path: `/v3/cms/collections/auto/${seg(collectionId)}` }, options);
}

// ---- Whitelists ---------------------------------------------------------------------------------

export function listWhitelists(page: PageParams = {}, options?: CallOptions): Promise<Whitelist[]> {
  return call(z.array(whitelistSchema), { path: '/v3/cms/whitelists', query: pageQuery(page) }, options, 'whitelists');
}

export function createWhitelist(input: WhitelistInput, options?: CallOptions): Promise<WhitelistIdResponse> {
  const json = { title: input.title, dates_limit: { start_date: input.dates_limit.start_date, end_date: input.dates_limit.end_date } };
  return call(whitelistIdResponseSchema, { method: 'POST', path: '/v3/cms/whitelists', json }, options);
}

export function getWhitelist(whitelistId: Id, options?: CallOptions): Promise<Whitelist> {
  return call(whitelistSchema, { path: `/v3/cms/whitelists/${seg(whitelistId)}` }, options, 'whitelist');
}

/** Also deletes all its URLs. */
export function deleteWhitelist(whitelistId: Id, options?: CallOptions): Promise<WhitelistIdResponse> {
  return call(whitelistIdResponseSchema, { method: 'DELETE', path: `/v3/cms/whitelists/${seg(whitelistId)}` }, options);
}

export function listWhitelistUrls(whitelistId: Id, page: PageParams = {}, options?: CallOptions): Promise<WhitelistUrl[]> {
  return call(z.array(whitelistUrlSchema), { path: `/v3/cms/whitelists/${seg(whitelistId)}/urls`, query: pageQuery(page) }, options, 'urls');
}

export function addWhitelistUrl(whitelistId: Id, sourceUrl: string, options?: CallOptions): Promise<WhitelistUrlIdResponse> {
  const spec = { method: 'POST', path: `/v3/cms/whitelists/${seg(whitelistId)}/urls`, json: { source_url: sourceUrl } } as const;
  return call(whitelistUrlIdResponseSchema, spec, options);
}

export function getWhitelistUrl(whitelistId: Id, urlId: Id, options?: CallOptions): Promise<WhitelistUrl> {
  return call(whitelistUrlSchema, { path: `/v3/cms/whitelists/${seg(whitelistId)}/urls/${seg(urlId)}` }, options, 'url');
}

export function deleteWhitelistUrl(whitelistId: Id, urlId: Id, options?: CallOptions): Promise<WhitelistUrlIdResponse> {
  const spec = { method: 'DELETE', path: `/v3/cms/whitelists/${seg(whitelistId)}/urls/${seg(urlId)}` } as const;
  return call(whitelistUrlIdResponseSchema, spec, options);
}

// ---- Copies and copy statuses ---------------------------------------------------------------------

/**
 * count is 1–100 for copies. `start` (copies updated on or after a day) takes a Date (its local
 * calendar day) or YYYY-MM-DD and goes out as mm-dd-yyyy, as the platform wants.
 */
export type ListCopiesParams = PageParams & {
  asset_id?: Id;
  status?: Id;
  start?: Date | string;
  collection?: Id;
  isrc?: string;
  platform?: string;
  is_taken_down?: boolean;
};

export function listCopies(params: ListCopiesParams = {}, options?: CallOptions): Promise<Copy[]> {
  const query = {
    ...pageQuery(params),
    asset_id: params.asset_id,
    status: params.status,
    start: params.start === undefined || params.start === '' ? undefined : toCopiesStartParam(params.start),
    collection: params.collection,
    isrc: params.isrc,
    platform: params.platform,
    is_taken_down: params.is_taken_down,
  };
  return call(z.array(copySchema), { path: '/v3/drm/copies', query }, options, 'copies');
}

export function getCopy(matchId: Id, options?: CallOptions): Promise<Copy> {
  return call(copySchema, { path: `/v3/drm/copies/${seg(matchId)}` }, options, 'copy');
}

export function getCopyStatuses(matchId: Id, options?: CallOptions): Promise<CopyStatusesOfCopy> {
  return call(copyStatusesOfCopySchema, { path: `/v3/drm/copies/${seg(matchId)}/status` }, options);
}

/** Adds a status code to a copy. Idempotent on the platform (a code is held once), so 5xx retries. */
export function addCopyStatus(matchId: Id, status: Id, options?: CallOptions): Promise<MatchIdResponse> {
  const spec = { method: 'POST', path: `/v3/drm/copies/${seg(matchId)}/status`, json: { status: idToJson(status) }, idempotent: true } as const;
  return call(matchIdResponseSchema, spec, options);
}

export function removeCopyStatus(matchId: Id, status: Id, options?: CallOptions): Promise<MatchIdResponse> {
  return call(matchIdResponseSchema, { method: 'DELETE', path: `/v3/drm/copies/${seg(matchId)}/status/${seg(status)}` }, options);
}

/** Built-in and custom statuses available to the organisation. */
export function listCopyStatuses(options?: CallOptions): Promise<CopyStatus[]> {
  return call(z.array(copyStatusSchema), { path: '/v3/drm/copies/statuses' }, options, 'statuses');
}

/** Creates a custom status (at most 5 per organisation). */
export function createCopyStatus(title: string, options?: CallOptions): Promise<CopyStatus> {
  return call(copyStatusSchema, { method: 'POST', path: '/v3/drm/copies/status', json: { title } }, options);
}

export function deleteCopyStatus(status: Id, options?: CallOptions): Promise<DeletedCopyStatus> {
  return call(deletedCopyStatusSchema, { method: 'DELETE', path: `/v3/drm/copies/status/${seg(status)}` }, options);
}

// ---- Sound metadata -----------------------------------------------------------------------------

export function getSoundMetadata(soundId: string, platform: string, options?: CallOptions): Promise<SoundMetadata> {
  return call(soundMetadataSchema, { path: `/drm/sound-metadata/${seg(soundId)}`, query: { platform } }, options, 'sound');
}

export type SoundRef = { sound_id: string; platform: string };

/** Up to 100 sounds in one call (more throws RangeError before any request). A read: retried on 5xx. */
export function getSoundMetadataBatch(entries: readonly SoundRef[], options?: CallOptions): Promise<SoundMetadata[]> {
  if (entries.length > MAX_SOUND_METADATA_BATCH) {
    return Promise.reject(new RangeError(`At most ${MAX_SOUND_METADATA_BATCH} sounds per batch; got ${entries.length}.`));
  }
  const json = entries.map((e) => ({ sound_id: e.sound_id, platform: e.platform }));
  return call(z.array(soundMetadataSchema), { method: 'POST', path: '/v3/drm/sound-metadata', json, idempotent: true }, options, 'sounds');
}

// ---- Monitoring ---------------------------------------------------------------------------------

/**
 * limit/offset count result_id groups, so a page may hold more items than limit; see
 * collectMonitoringPage. Dates take YYYY-MM-DD or a Date (its local calendar day);
 * date_uploaded (exact) wins over the range.
 */
export type ListMonitoringParams = {
  limit?: number;
  offset?: number;
  music_detected?: boolean;
  status?: MonitoringStatus;
  date_uploaded?: Date | string;
  date_uploaded_from?: Date | string;
  date_uploaded_to?: Date | string;
};

const day = (value: Date | string | undefined) => (value instanceof Date ? localDay(value) : value);

export function listMonitoring(params: ListMonitoringParams = {}, options?: CallOptions): Promise<MonitoringResult[]> {
  const query = {
    limit: params.limit,
    offset: params.offset,
    'music-detected': params.music_detected,
    status: params.status,
    date_uploaded: day(params.date_uploaded),
    date_uploaded_from: day(params.date_uploaded_from),
    date_uploaded_to: day(params.date_uploaded_to),
  };
  return call(z.array(monitoringResultSchema), { path: '/v3/drm/monitoring', query }, options, 'results');
}

/** Sets a result's status; setting a value is idempotent, so 5xx retries. */
export function setMonitoringStatus(resultId: Id, status: MonitoringStatus, options?: CallOptions): Promise<void> {
  return callNoBody({ method: 'PATCH', path: `/v3/drm/monitoring/result/${seg(resultId)}/status`, json: { status }, idempotent: true }, options);
}
