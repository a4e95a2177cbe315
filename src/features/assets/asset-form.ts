import { z } from 'zod';
import {
  assetPatchSchema,
  assetReplaceSchema,
  assetUploadMetadataSchema,
  wireDay,
  type Asset,
  type AssetPatch,
  type AssetReplace,
  type Id,
  type MatchType,
  type MediaType,
} from '../../api';
import { fieldErrorsFromZod, type FieldErrors } from '../../lib/field-errors';
import type { UploadFormMetadata } from '../../lib/upload/platform';
import { ISRC_HINT, ISWC_HINT, normaliseIsrc, normaliseIswc } from './identifiers';

// The asset fields a person edits, shared by the upload form (one per file) and the edit form.
// Values are kept as typed; building a request body validates them with the API module's schemas.

export interface AssetFormValues {
  title: string;
  media_type: MediaType;
  /** YYYY-MM-DD or '' */
  production_date: string;
  match_types: MatchType[];
  collection_ids: Id[];
  reference_ids: string[];
  isrcs: string[];
  iswcs: string[];
  artist: string;
  album: string;
  youtube_asset_id: string;
}

/** Form field keys, as the errors use them (and as platform messages name them). */
export const ASSET_FIELDS = [
  'title',
  'media_type',
  'production_date',
  'match_types',
  'collection_ids',
  'reference_ids',
  'music.isrcs',
  'music.iswcs',
  'music.artist',
  'music.album',
  'youtube_content_id',
  'excluded_segments',
] as const;

export function emptyAssetForm(): AssetFormValues {
  return {
    title: '',
    media_type: 'audio',
    production_date: '',
    match_types: [],
    collection_ids: [],
    reference_ids: [],
    isrcs: [],
    iswcs: [],
    artist: '',
    album: '',
    youtube_asset_id: '',
  };
}

/** ISRCs and ISWCs as the platform expects them, or errors naming the entries that are not. */
function identifierIssues(values: AssetFormValues): { errors: FieldErrors; isrcs: string[]; iswcs: string[] } {
  const errors: FieldErrors = {};
  const badIsrc = values.isrcs.filter((value) => normaliseIsrc(value) === null);
  const badIswc = values.iswcs.filter((value) => normaliseIswc(value) === null);
  if (badIsrc.length) errors['music.isrcs'] = `Not an ISRC: ${badIsrc.join(', ')}. ${ISRC_HINT}`;
  if (badIswc.length) errors['music.iswcs'] = `Not an ISWC: ${badIswc.join(', ')}. ${ISWC_HINT}`;
  return {
    errors,
    isrcs: [...new Set(values.isrcs.map((value) => normaliseIsrc(value) ?? value))],
    iswcs: [...new Set(values.iswcs.map((value) => normaliseIswc(value) ?? value))],
  };
}

function cleanList(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

/** zod paths of the request bodies → form field keys. */
function formKey(path: string): string {
  if (path.startsWith('youtube_content_id')) return 'youtube_content_id';
  if (path.startsWith('excluded_segments')) return 'excluded_segments';
  const match = /^(music\.(?:isrcs|iswcs)|collection_ids|reference_ids|match_types)\.\d+$/.exec(path);
  return match ? match[1]! : path;
}

function zodErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrorsFromZod(error))) out[formKey(path)] ??= message;
  return out;
}

export type Built<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const uploadFormSchema = assetUploadMetadataSchema.omit({ fid: true, mime_type: true });

/** The upload metadata of one file (fid and mime_type are the engine's), validated before any call. */
export function buildUploadMetadata(values: AssetFormValues): Built<UploadFormMetadata> {
  const ids = identifierIssues(values);
  const artist = values.artist.trim();
  const album = values.album.trim();
  const hasMusic = ids.isrcs.length > 0 || ids.iswcs.length > 0 || artist !== '' || album !== '';
  const youtube = values.youtube_asset_id.trim();
  const referenceIds = cleanList(values.reference_ids);
  const candidate = {
    title: values.title.trim(),
    media_type: values.media_type,
    production_date: values.production_date,
    match_types: values.match_types.length ? values.match_types : undefined,
    collection_ids: values.collection_ids.length ? values.collection_ids : undefined,
    reference_ids: referenceIds.length ? referenceIds : undefined,
    music: hasMusic ? { isrcs: ids.isrcs, iswcs: ids.iswcs, artist, album } : undefined,
    youtube_content_id: youtube ? { asset_id: youtube } : undefined,
  };
  const parsed = uploadFormSchema.safeParse(candidate);
  const errors = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...ids.errors };
  if (!values.production_date) errors.production_date = 'Give the production date (YYYY-MM-DD); the platform requires it.';
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** The edit form's starting values: what the platform holds now. */
export function formValuesOf(asset: Asset): AssetFormValues {
  return {
    title: asset.title,
    media_type: asset.media_type,
    production_date: wireDay(asset.production_date) ?? '',
    match_types: [...asset.match_types],
    collection_ids: [...asset.collection_ids],
    reference_ids: [...asset.reference_ids],
    isrcs: [...asset.music.isrcs],
    iswcs: [...asset.music.iswcs],
    artist: asset.music.artist,
    album: asset.music.album,
    youtube_asset_id: asset.youtube_content_id?.asset_id ?? '',
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * PATCH body of an edit: only the fields that differ from the asset. music and
 * youtube_content_id go as whole objects (the platform replaces them whole).
 */
export function buildPatch(asset: Asset, values: AssetFormValues): Built<AssetPatch> {
  const ids = identifierIssues(values);
  const before = formValuesOf(asset);
  const patch: AssetPatch = {};
  const title = values.title.trim();
  if (title !== before.title) patch.title = title;
  if (values.media_type !== before.media_type) patch.media_type = values.media_type;
  if (values.production_date !== before.production_date && values.production_date !== '') patch.production_date = values.production_date;
  if (!sameSet(values.match_types, before.match_types)) patch.match_types = values.match_types;
  if (!sameSet(values.collection_ids, before.collection_ids)) patch.collection_ids = values.collection_ids;
  const referenceIds = cleanList(values.reference_ids);
  if (!sameList(referenceIds, before.reference_ids)) patch.reference_ids = referenceIds;
  const music = { isrcs: ids.isrcs, iswcs: ids.iswcs, artist: values.artist.trim(), album: values.album.trim() };
  if (!sameList(music.isrcs, before.isrcs) || !sameList(music.iswcs, before.iswcs) || music.artist !== before.artist || music.album !== before.album) {
    patch.music = music;
  }
  const youtube = values.youtube_asset_id.trim();
  if (youtube !== before.youtube_asset_id) patch.youtube_content_id = { asset_id: youtube };
  const parsed = assetPatchSchema.safeParse(patch);
  const errors: FieldErrors = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...ids.errors };
  if (values.production_date === '' && before.production_date !== '') {
    errors.production_date = 'A partial update cannot clear the production date; use "Replace all fields" to clear it.';
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/**
 * PUT body: every field as the form shows it. Fields left empty are cleared on the platform; the
 * asset's excluded segments are sent as they are so a replace does not drop them.
 */
export function buildReplace(asset: Asset, values: AssetFormValues): Built<AssetReplace> {
  const ids = identifierIssues(values);
  const youtube = values.youtube_asset_id.trim();
  const body = {
    title: values.title.trim(),
    media_type: values.media_type,
    production_date: values.production_date || undefined,
    match_types: values.match_types,
    collection_ids: values.collection_ids,
    reference_ids: cleanList(values.reference_ids),
    music: { isrcs: ids.isrcs, iswcs: ids.iswcs, artist: values.artist.trim(), album: values.album.trim() },
    youtube_content_id: youtube ? { asset_id: youtube } : undefined,
    excluded_segments: asset.excluded_segments.map((segment) => ({ lower: segment.lower, upper: segment.upper })),
  };
  const parsed = assetReplaceSchema.safeParse(body);
  const errors = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...ids.errors };
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
