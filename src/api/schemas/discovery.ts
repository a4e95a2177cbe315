import { z } from 'zod';
import { idSchema } from '../ids';
import { calendarDaySchema, wireDateOrEmptySchema, wireDateSchema } from '../dates';
import {
  flag,
  idAliases,
  isRecord,
  list,
  maybe,
  matchTypeSchema,
  mediaTypeSchema,
  numeric,
  objectOrEmpty,
  processingStatusSchema,
  stringish,
  text,
  withAliases,
} from './common';

// Discovery (interface C) resources and responses. Internal names are the spec's field-table
// names; other wire spellings are accepted and mapped (see withAliases). Every `<x>_id_str`
// companion is folded into `<x>_id`, which is already an exact decimal string (Id).

// ---- 2.10 API key -----------------------------------------------------------------------------

export const apiKeySchema = z.object({
  token: z.string(),
  key_name: text,
  created_at: wireDateSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

// ---- 2.3 Asset --------------------------------------------------------------------------------

export const musicSchema = z.object({
  iswcs: list(z.string()),
  isrcs: list(z.string()),
  artist: text,
  album: text,
});
export type Music = z.infer<typeof musicSchema>;

/** `youtube_content_id.asset_id`; the detail sample spells it `cid_asset_id`. */
export const youtubeContentIdSchema = withAliases({ asset_id: ['cid_asset_id'] }, z.object({ asset_id: text }));
export type YoutubeContentId = z.infer<typeof youtubeContentIdSchema>;

export const excludedSegmentSchema = z.object({ lower: numeric, upper: numeric });
export type ExcludedSegment = z.infer<typeof excludedSegmentSchema>;

/** List and detail form; `duration` and `thumbnail_url` come with the detail only. */
export const assetSchema = withAliases(
  idAliases('asset_id'),
  z.object({
    asset_id: idSchema,
    title: text,
    created_at: wireDateSchema,
    updated_at: wireDateSchema,
    production_date: wireDateOrEmptySchema,
    collection_ids: list(idSchema),
    reference_ids: list(z.string()),
    is_tracked: flag,
    tracked_from: wireDateOrEmptySchema,
    media_type: mediaTypeSchema,
    match_types: list(matchTypeSchema),
    thumbnail_url: maybe(z.string()),
    duration: maybe(numeric),
    processing_status: processingStatusSchema,
    youtube_content_id: maybe(youtubeContentIdSchema),
    music: objectOrEmpty(musicSchema),
    excluded_segments: list(excludedSegmentSchema),
  }),
);
export type Asset = z.infer<typeof assetSchema>;

export const assetIdResponseSchema = withAliases(idAliases('asset_id'), z.object({ asset_id: idSchema }));
export type AssetIdResponse = z.infer<typeof assetIdResponseSchema>;

export const assetUploadV3ResponseSchema = withAliases(idAliases('asset_id'), z.object({ asset_id: idSchema, file_url: z.string().min(1) }));
export type AssetUploadV3Response = z.infer<typeof assetUploadV3ResponseSchema>;

export const assetUploadV4ResponseSchema = withAliases(idAliases('asset_id'), z.object({ asset_id: idSchema, blob_id: z.string().min(1) }));
export type AssetUploadV4Response = z.infer<typeof assetUploadV4ResponseSchema>;

export const assetVerifyResponseSchema = withAliases(idAliases('asset_id'), z.object({ asset_id: idSchema, uploaded: flag }));
export type AssetVerifyResponse = z.infer<typeof assetVerifyResponseSchema>;

export const assetTrackingSchema = withAliases(
  idAliases('asset_id'),
  z.object({ asset_id: idSchema, is_tracked: flag, tracked_from: wireDateOrEmptySchema }),
);
export type AssetTracking = z.infer<typeof assetTrackingSchema>;

// ---- 2.4 Collections --------------------------------------------------------------------------

export const collectionSchema = withAliases(
  idAliases('collection_id'),
  z.object({
    collection_id: idSchema,
    title: text,
    reference_id: text,
    created_at: wireDateSchema,
    updated_at: wireDateSchema,
    assets_count: maybe(numeric),
    is_autocollection: flag,
  }),
);
export type Collection = z.infer<typeof collectionSchema>;

export const autoCollectionSchema = withAliases(
  idAliases('collection_id'),
  z.object({
    collection_id: idSchema,
    title: text,
    created_at: wireDateSchema,
    updated_at: wireDateSchema,
    source_url: z.string(),
    assets_count: maybe(numeric),
    is_active: flag,
  }),
);
export type AutoCollection = z.infer<typeof autoCollectionSchema>;

export const collectionIdResponseSchema = withAliases(idAliases('collection_id'), z.object({ collection_id: idSchema }));
export type CollectionIdResponse = z.infer<typeof collectionIdResponseSchema>;

// ---- 2.5 Whitelists ---------------------------------------------------------------------------

/** A dates_limit side: a date, or null for the unbounded side (wire `-infinity` / `infinity`). */
const limitSide = z
  .union([z.literal('-infinity'), z.literal('infinity'), wireDateSchema], { error: 'expected YYYY-MM-DD, -infinity or infinity' })
  .nullish()
  .transform((value) => (value === '-infinity' || value === 'infinity' || value == null ? null : value));

export const datesLimitSchema = z.object({ start_date: limitSide, end_date: limitSide });
export type DatesLimit = z.infer<typeof datesLimitSchema>;

export const urlStatsSchema = z.object({ failed: numeric, succeed: numeric });
export type UrlStats = z.infer<typeof urlStatsSchema>;

/** `url_stats` is detail only. */
export const whitelistSchema = withAliases(
  idAliases('whitelist_id'),
  z.object({
    whitelist_id: idSchema,
    title: text,
    created_at: wireDateSchema,
    updated_at: wireDateSchema,
    dates_limit: objectOrEmpty(datesLimitSchema),
    url_stats: maybe(urlStatsSchema),
  }),
);
export type Whitelist = z.infer<typeof whitelistSchema>;

export const whitelistIdResponseSchema = withAliases(idAliases('whitelist_id'), z.object({ whitelist_id: idSchema }));
export type WhitelistIdResponse = z.infer<typeof whitelistIdResponseSchema>;

export const whitelistUrlSchema = withAliases(
  idAliases('url_id'),
  z.object({
    url_id: idSchema,
    source_url: z.string(),
    created_at: wireDateSchema,
    processing_status: processingStatusSchema,
  }),
);
export type WhitelistUrl = z.infer<typeof whitelistUrlSchema>;

export const whitelistUrlIdResponseSchema = withAliases(idAliases('url_id'), z.object({ url_id: idSchema }));
export type WhitelistUrlIdResponse = z.infer<typeof whitelistUrlIdResponseSchema>;

// ---- 2.6 Copies -------------------------------------------------------------------------------

export const MATCH_CATEGORIES = ['EC', 'FC', 'PC', 'SN', 'SN30', 'SN10', 'SN5'] as const;
export const matchCategorySchema = z.enum(MATCH_CATEGORIES);
export type MatchCategory = z.infer<typeof matchCategorySchema>;

const optionalCount = maybe(numeric);

/** Counts may be missing on some platforms: undefined means "not reported", not zero. */
export const copyStatisticsSchema = withAliases(
  { dislikes_count: ['dislike_count'] },
  z.object({
    views_count: optionalCount,
    shares_count: optionalCount,
    comments_count: optionalCount,
    likes_count: optionalCount,
    dislikes_count: optionalCount,
  }),
);
export type CopyStatistics = z.infer<typeof copyStatisticsSchema>;

export const matchDataSchema = withAliases(
  { copy_percentage_of_asset: ['copy_percentage_asset'], asset_percentage_of_copy: ['copy_percentage_copy'] },
  z.object({
    matching_segments_in_asset: list(numeric),
    matching_segments_in_copy: list(numeric),
    copy_percentage_of_asset: numeric,
    asset_percentage_of_copy: numeric,
    length_of_match: numeric,
    /** Undefined when the platform did not say. */
    is_audio_modified: maybe(flag),
  }),
);
export type MatchData = z.infer<typeof matchDataSchema>;

export const userActionsSchema = z.object({ statuses: list(idSchema) });
export type UserActions = z.infer<typeof userActionsSchema>;

/** The single-copy sample puts is_audio_modified inside copy_statistics; move it to match_data. */
function liftAudioModified(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const stats = input.copy_statistics;
  const matchData = input.match_data;
  if (!isRecord(stats) || stats.is_audio_modified === undefined) return input;
  if (isRecord(matchData) && matchData.is_audio_modified !== undefined) return input;
  return { ...input, match_data: { ...(isRecord(matchData) ? matchData : {}), is_audio_modified: stats.is_audio_modified } };
}

export const copySchema = z.preprocess(
  liftAudioModified,
  withAliases(
    { ...idAliases('match_id', 'asset_id', 'whitelist_ids'), user_actions: ['useractions'] },
    z.object({
      match_id: idSchema,
      asset_id: idSchema,
      whitelist_ids: list(idSchema),
      created_at: wireDateSchema,
      platform: z.string(),
      copy_media_url: text,
      copy_user_url: text,
      copy_user_name: text,
      copy_user_real_name: text,
      copy_user_is_verified: flag.nullish().transform((v) => v ?? false),
      copy_title: text,
      copy_upload_date: wireDateOrEmptySchema,
      copy_duration: maybe(numeric),
      copy_sound_id: stringish.nullish().transform((v) => v ?? null),
      copy_statistics: objectOrEmpty(copyStatisticsSchema),
      match_data: matchDataSchema,
      match_category: matchCategorySchema,
      user_actions: objectOrEmpty(userActionsSchema),
      is_nsfw: flag.nullish().transform((v) => v ?? false),
      is_taken_down: flag.nullish().transform((v) => v ?? false),
      content_type: maybe(mediaTypeSchema),
    }),
  ),
);
export type Copy = z.infer<typeof copySchema>;

export const matchIdResponseSchema = withAliases(idAliases('match_id'), z.object({ match_id: idSchema }));
export type MatchIdResponse = z.infer<typeof matchIdResponseSchema>;

export const copyStatusesOfCopySchema = withAliases(
  { ...idAliases('match_id'), user_actions: ['useractions'] },
  z.object({ match_id: idSchema, user_actions: userActionsSchema }),
);
export type CopyStatusesOfCopy = z.infer<typeof copyStatusesOfCopySchema>;

// ---- 2.7 Copy statuses ------------------------------------------------------------------------

/** Built-in codes; custom ones (at most 5 per organisation) get their own codes. */
export const BUILT_IN_COPY_STATUSES: Readonly<Record<string, string>> = {
  '10': 'False Positive - Cover',
  '11': 'False Positive - Missing Audio',
  '12': 'False Positive - Missing Video',
  '13': 'False Positive - Not My Content',
  '30': 'Externally Actioned',
  '40': 'Infringing',
  '50': 'Fair Use',
  '60': 'For Further Review',
  '70': 'Claim Attempted',
  '71': 'Takedown Attempted',
  '72': 'Takedown Retraction Attempted',
};

export const MAX_CUSTOM_COPY_STATUSES = 5;

export const copyStatusSchema = withAliases(
  idAliases('status'),
  z.object({
    status: idSchema,
    title: text,
    created_at: wireDateOrEmptySchema,
    /** Absent from the create response. */
    updated_at: wireDateOrEmptySchema,
  }),
);
export type CopyStatus = z.infer<typeof copyStatusSchema>;

export const deletedCopyStatusSchema = withAliases(idAliases('status'), z.object({ status: idSchema, title: text }));
export type DeletedCopyStatus = z.infer<typeof deletedCopyStatusSchema>;

// ---- 2.8 Sound metadata -----------------------------------------------------------------------

export const soundMetadataSchema = z.object({
  sound_id: stringish,
  url: text,
  title: text,
  artist: text,
  platform: z.string(),
  is_original: flag,
  video_count: numeric,
});
export type SoundMetadata = z.infer<typeof soundMetadataSchema>;

export const MAX_SOUND_METADATA_BATCH = 100;

// ---- 2.9 Monitoring ---------------------------------------------------------------------------

export const MONITORING_STATUSES = ['needs_review', 'reviewed', 'licensed', 'muted', 'removed'] as const;
export const monitoringStatusSchema = z.enum(MONITORING_STATUSES);
export type MonitoringStatus = z.infer<typeof monitoringStatusSchema>;

/** A result's status on the wire: one of the five, '' when there is no match; `needs review` too. */
export const monitoringResultStatusSchema = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').trim().toLowerCase().replace(/\s+/g, '_'))
  .pipe(z.enum(['', ...MONITORING_STATUSES]));
export type MonitoringResultStatus = z.infer<typeof monitoringResultStatusSchema>;

const yesNo = z.enum(['yes', 'no']);

export const monitoringMatchSchema = withAliases(
  { match_id: ['id', 'match_id_str'] },
  z.object({
    match_id: idSchema,
    match_identified: yesNo,
    match_majors: yesNo,
    isrc: text,
    title: text,
    artist: text,
    distributor: text,
    /** JSON-encoded segment set, kept as sent (see decodeSegmentSet). */
    audio_segments_post: text,
    audio_segments_song: text,
  }),
);
export type MonitoringMatch = z.infer<typeof monitoringMatchSchema>;

/** A result without a match comes with no match object, null, or one whose match id is empty: null then. */
function emptyMatchToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return value;
  const id = value.match_id ?? value.id ?? value.match_id_str;
  return id === undefined || id === null || id === '' ? null : value;
}

export const monitoringResultSchema = withAliases(
  idAliases('asset_id', 'result_id'),
  z.object({
    asset_id: idSchema,
    result_id: idSchema,
    account_name: text,
    post_gid: text,
    platform: z.string(),
    post_url: text,
    date_uploaded: wireDateSchema,
    /** '' when there is no match. */
    status: monitoringResultStatusSchema,
    match: z.preprocess(emptyMatchToNull, monitoringMatchSchema.nullable()),
  }),
);
export type MonitoringResult = z.infer<typeof monitoringResultSchema>;

// ---- Request bodies (forms validate with the same schemas) -------------------------------------

const FID = /^[0-9a-f]{64}$/i;

export const musicInputSchema = z.object({
  iswcs: z.array(z.string()).optional(),
  isrcs: z.array(z.string()).optional(),
  artist: z.string().optional(),
  album: z.string().optional(),
});
export type MusicInput = z.infer<typeof musicInputSchema>;

/** Metadata of POST /v3/cms/assets/upload and /v4/cms/assets/upload. */
export const assetUploadMetadataSchema = z.object({
  title: z.string().trim().min(1, { error: 'title is required' }),
  media_type: mediaTypeSchema,
  mime_type: z.string().trim().min(1, { error: 'mime_type is required' }),
  fid: z.string().regex(FID, { error: 'fid must be the 64-character hex SHA-256 of the first 512 KB' }),
  production_date: calendarDaySchema,
  match_types: z.array(matchTypeSchema).optional(),
  collection_ids: z.array(idSchema).optional(),
  reference_ids: z.array(z.string()).optional(),
  music: musicInputSchema.optional(),
  youtube_content_id: z.object({ asset_id: z.string() }).optional(),
});
export type AssetUploadMetadata = z.infer<typeof assetUploadMetadataSchema>;

/** Body of POST /v3/cms/assets/link. */
export const assetLinkSchema = z.object({
  link: z.url({ protocol: /^https?$/, error: 'link must be an http(s) URL' }),
  media_type: mediaTypeSchema,
  match_types: z.array(matchTypeSchema).optional(),
  collection_ids: z.array(idSchema).optional(),
  reference_ids: z.array(z.string()).optional(),
  production_date: calendarDaySchema.optional(),
});
export type AssetLink = z.infer<typeof assetLinkSchema>;

/** Body of PATCH /v3/cms/assets/{id}: every field optional. */
export const assetPatchSchema = z.object({
  title: z.string().trim().min(1, { error: 'title must not be empty' }).optional(),
  media_type: mediaTypeSchema.optional(),
  collection_ids: z.array(idSchema).optional(),
  reference_ids: z.array(z.string()).optional(),
  production_date: calendarDaySchema.optional(),
  youtube_content_id: z.object({ asset_id: z.string() }).optional(),
  music: musicInputSchema.optional(),
  match_types: z.array(matchTypeSchema).optional(),
  excluded_segments: z
    .array(
      z
        .object({ lower: z.number().int().min(0), upper: z.number().int().min(0) })
        .refine((s) => s.lower < s.upper, { error: 'lower must be below upper' }),
    )
    .optional(),
});
export type AssetPatch = z.infer<typeof assetPatchSchema>;

/** Body of PUT /v3/cms/assets/{id}: a full update, title required. */
export const assetReplaceSchema = assetPatchSchema.extend({
  title: z.string().trim().min(1, { error: 'title is required' }),
});
export type AssetReplace = z.infer<typeof assetReplaceSchema>;

export const collectionInputSchema = z.object({
  title: z.string().trim().min(1, { error: 'title is required' }),
  reference_id: z.string(),
});
export type CollectionInput = z.infer<typeof collectionInputSchema>;

export const autoCollectionInputSchema = z.object({
  title: z.string().trim().min(1, { error: 'title is required' }),
  source_url: z.url({ protocol: /^https?$/, error: 'source_url must be an http(s) URL' }),
  is_active: z.boolean(),
});
export type AutoCollectionInput = z.infer<typeof autoCollectionInputSchema>;

/** Wire values of an unbounded dates_limit side: no lower bound, no upper bound. */
export const OPEN_START = '-infinity';
export const OPEN_END = 'infinity';

/** Both sides are required on the wire; an open side is sent as `-infinity` (start) or `infinity` (end). */
export const whitelistInputSchema = z
  .object({
    title: z.string().trim().min(1, { error: 'title is required' }),
    dates_limit: z.object({
      start_date: z.union([z.literal(OPEN_START), calendarDaySchema], { error: 'expected a date as YYYY-MM-DD, or -infinity' }),
      end_date: z.union([z.literal(OPEN_END), calendarDaySchema], { error: 'expected a date as YYYY-MM-DD, or infinity' }),
    }),
  })
  .refine((w) => w.dates_limit.start_date === OPEN_START || w.dates_limit.end_date === OPEN_END || w.dates_limit.start_date <= w.dates_limit.end_date, {
    error: 'start_date must not be after end_date',
    path: ['dates_limit', 'end_date'],
  });
export type WhitelistInput = z.infer<typeof whitelistInputSchema>;
