import { z } from 'zod';
import { list, maybe, numeric, stringish, text } from './common';

// Interface B: the completed search response (spec 2.2).

/**
 * Segment timestamps: the spec does not give their unit or form, so numbers and strings are both
 * kept; segmentSeconds reads either.
 */
const timestamp = z.union([z.number(), z.string()], { error: 'expected a number or a time string' });

export const searchSegmentSchema = z.object({
  query_start: timestamp,
  query_end: timestamp,
  asset_start: timestamp,
  asset_end: timestamp,
  audio_pitch: maybe(numeric),
  audio_speed: maybe(numeric),
  melody_transposition: numeric.nullish().transform((value) => value ?? null),
  confidence: maybe(numeric),
});
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

export const audioMatchSchema = z.object({
  query_match_duration_seconds: numeric,
  query_match_percentage: numeric,
  asset_match_duration_seconds: numeric,
  asset_match_percentage: numeric,
  segments: list(searchSegmentSchema),
});
export type AudioMatch = z.infer<typeof audioMatchSchema>;

/** Melody, phonetic and video objects: fields not given by the spec, kept as they came. */
const otherMatch = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? null);

export const matchDetailsSchema = z.object({
  audio: audioMatchSchema.nullish().transform((value) => value ?? null),
  melody: otherMatch,
  phonetic: otherMatch,
  video: otherMatch,
});
export type MatchDetails = z.infer<typeof matchDetailsSchema>;

const datePart = numeric.nullish().transform((value) => value ?? null);

export const searchAssetSchema = z.object({
  title: text,
  subtitle: text,
  artist: text,
  isrc: text,
  id: stringish,
  duration_seconds: maybe(numeric),
  album_name: text,
  barcode: text,
  label: text,
  distributor: text,
  release_date: z
    .object({ year: datePart, month: datePart, day: datePart })
    .nullish()
    .transform((value) => value ?? null),
  dsp: list(z.object({ name: text, url: text })),
});
export type SearchAsset = z.infer<typeof searchAssetSchema>;

export const searchMatchSchema = z.object({
  asset: searchAssetSchema,
  match_details: z.preprocess((value) => value ?? {}, matchDetailsSchema),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const classificationSegmentSchema = z.object({
  start: numeric,
  end: numeric,
  confidence: numeric,
  subclasses: list(z.object({ name: text, confidence: numeric })),
});
export type ClassificationSegment = z.infer<typeof classificationSegmentSchema>;

export const contentClassificationSchema = z.object({
  music: list(classificationSegmentSchema),
  speech: list(classificationSegmentSchema),
  silence: list(classificationSegmentSchema),
});
export type ContentClassification = z.infer<typeof contentClassificationSchema>;

/** matches is null when only classification ran; content_classification null (or absent) when only matching ran. */
export const searchResponseSchema = z.object({
  lookup_ids: list(stringish),
  query_file_duration_seconds: maybe(numeric),
  matches: z
    .array(searchMatchSchema)
    .nullish()
    .transform((value) => value ?? null),
  content_classification: contentClassificationSchema.nullish().transform((value) => value ?? null),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Seconds of a segment timestamp given as a number or as [[hh:]mm:]ss[.fff]; null if unreadable. */
export function segmentSeconds(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(trimmed);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}
