// Pure reading of a completed Search response for the lookup page: segment geometry for the charts,
// the classification lanes, and a readable form of the detail objects the spec does not describe.

import { segmentSeconds, type ClassificationSegment, type ContentClassification, type SearchAsset, type SearchSegment } from '../../api';
import { MISSING } from '../../lib/format';

export const FINGERPRINT_TYPES = ['audio', 'melody', 'phonetic', 'video'] as const;
export type FingerprintType = (typeof FINGERPRINT_TYPES)[number];

export const FINGERPRINT_LABELS: Record<FingerprintType, string> = {
  audio: 'Audio',
  melody: 'Melody',
  phonetic: 'Phonetic',
  video: 'Video',
};

/** A match segment in seconds, with the measurements that came with it (null when absent). */
export type PlacedSegment = {
  /** 1-based, in the order the response lists them. */
  number: number;
  queryStart: number;
  queryEnd: number;
  assetStart: number;
  assetEnd: number;
  pitch: number | null;
  speed: number | null;
  transposition: number | null;
  confidence: number | null;
};

/**
 * Segments whose four timestamps can be read as seconds. Timestamps the dashboard cannot read are
 * counted, not guessed at, so the page can say how many it left out of the chart.
 */
export function placeSegments(segments: readonly SearchSegment[]): { placed: PlacedSegment[]; unreadable: number } {
  const placed: PlacedSegment[] = [];
  let unreadable = 0;
  segments.forEach((segment, index) => {
    const queryStart = segmentSeconds(segment.query_start);
    const queryEnd = segmentSeconds(segment.query_end);
    const assetStart = segmentSeconds(segment.asset_start);
    const assetEnd = segmentSeconds(segment.asset_end);
    if (queryStart === null || queryEnd === null || assetStart === null || assetEnd === null) {
      unreadable += 1;
      return;
    }
    placed.push({
      number: index + 1,
      queryStart,
      queryEnd,
      assetStart,
      assetEnd,
      pitch: segment.audio_pitch ?? null,
      speed: segment.audio_speed ?? null,
      transposition: segment.melody_transposition,
      confidence: segment.confidence ?? null,
    });
  });
  return { placed, unreadable };
}

/**
 * Seconds as m:ss with `decimals` fraction digits (one by default, when there is a fraction):
 * 54.5 → "0:54.5", 61 → "1:01", 3725 → "1:02:05".
 */
export function formatTimestamp(seconds: number | null | undefined, decimals = 1): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return MISSING;
  const factor = 10 ** decimals;
  const rounded = Math.round(seconds * factor) / factor;
  const whole = Math.floor(rounded);
  const fraction = rounded - whole;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const tail = decimals > 0 && fraction > 0 ? fraction.toFixed(decimals).slice(1) : '';
  const ss = `${String(s).padStart(2, '0')}${tail}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A measurement without a documented unit (pitch, speed, transposition): the number as sent, or —. */
export function formatMeasure(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  return String(Math.round(value * 1000) / 1000);
}

/** Axis extent for a chart: the known duration, stretched to the furthest segment end if that lies beyond it. */
export function axisExtent(duration: number | null | undefined, ends: readonly number[]): number {
  const furthest = Math.max(0, ...ends);
  const known = typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : 0;
  return Math.max(known, furthest, 1);
}

const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** Axis ticks at round time steps (0:30, 1:00…) from 0 to `max`, at most `most` of them. */
export function timeTicks(max: number, most = 6): number[] {
  if (!(max > 0)) return [0];
  const step = TICK_STEPS.find((candidate) => max / candidate <= most - 1) ?? Math.ceil(max / (most - 1) / 3600) * 3600;
  const ticks: number[] = [];
  for (let t = 0; t <= max + 1e-9; t += step) ticks.push(t);
  return ticks;
}

/** "2024-03-15", "2024-03", "2024" or — from the spec's {year, month, day}. */
export function formatReleaseDate(date: SearchAsset['release_date']): string {
  if (!date || date.year === null || !Number.isInteger(date.year)) return MISSING;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (date.month === null || !Number.isInteger(date.month) || date.month < 1 || date.month > 12) return String(date.year);
  if (date.day === null || !Number.isInteger(date.day) || date.day < 1 || date.day > 31) return `${date.year}-${pad(date.month)}`;
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

// ---- Content classification ---------------------------------------------------------------------

export const CLASSIFICATION_LANES = ['music', 'speech', 'silence'] as const;
export type ClassificationLane = (typeof CLASSIFICATION_LANES)[number];

export type LaneBlock = {
  segment: ClassificationSegment;
  /** Position and width in percent of the timeline. */
  left: number;
  width: number;
  /** 0.35–1, from the segment's confidence (0–100 or 0–1), so weak segments look fainter. */
  opacity: number;
};

/** Confidence as a fraction 0–1, whether it came as 0–100 or 0–1; null when unreadable. */
export function confidenceFraction(confidence: number | null | undefined): number | null {
  if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0) return null;
  return confidence > 1 ? Math.min(confidence / 100, 1) : confidence;
}

/** Confidence as the response gave it, with a % when it is on the 0–100 scale: "93.5%", "0.82". */
export function formatConfidence(confidence: number | null | undefined): string {
  if (typeof confidence !== 'number' || !Number.isFinite(confidence)) return MISSING;
  return confidence > 1 ? `${round(confidence, 1)}%` : String(round(confidence, 2));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The blocks of one lane placed on a timeline of `span` seconds; segments that end before they start are left out. */
export function laneBlocks(segments: readonly ClassificationSegment[], span: number): LaneBlock[] {
  if (!(span > 0)) return [];
  return segments
    .filter((segment) => Number.isFinite(segment.start) && Number.isFinite(segment.end) && segment.end >= segment.start)
    .map((segment) => {
      const start = Math.min(Math.max(segment.start, 0), span);
      const end = Math.min(Math.max(segment.end, 0), span);
      const left = (start / span) * 100;
      const width = Math.min(Math.max(((end - start) / span) * 100, 0.5), 100 - left);
      const fraction = confidenceFraction(segment.confidence);
      return { segment, left, width, opacity: fraction === null ? 1 : 0.35 + 0.65 * fraction };
    });
}

/** Timeline length: the query file's duration, or the last classified end when the duration is missing. */
export function classificationSpan(classification: ContentClassification, duration: number | null | undefined): number {
  const ends = CLASSIFICATION_LANES.flatMap((lane) => classification[lane].map((segment) => segment.end));
  return axisExtent(duration, ends.filter((end) => Number.isFinite(end)));
}

/** Seconds a lane's segments cover, added up. */
export function laneSeconds(segments: readonly ClassificationSegment[]): number {
  return segments.reduce((sum, segment) => sum + Math.max(0, segment.end - segment.start), 0);
}

// ---- Detail objects the spec does not describe ----------------------------------------------------

/** Summary fields every match type may carry; the page shows them as figures, not in the data table. */
export const SUMMARY_FIELDS = ['query_match_duration_seconds', 'query_match_percentage', 'asset_match_duration_seconds', 'asset_match_percentage'] as const;

export type MatchSummary = {
  queryDuration: number | null;
  queryPercentage: number | null;
  assetDuration: number | null;
  assetPercentage: number | null;
};

function finiteNumber(value: unknown): number | null {
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The summary figures of a detail object, whatever else it holds. */
export function matchSummary(details: Record<string, unknown>): MatchSummary {
  return {
    queryDuration: finiteNumber(details.query_match_duration_seconds),
    queryPercentage: finiteNumber(details.query_match_percentage),
    assetDuration: finiteNumber(details.asset_match_duration_seconds),
    assetPercentage: finiteNumber(details.asset_match_percentage),
  };
}

/** The fields of a detail object other than the summary figures, in the order they arrived. */
export function extraFields(details: Record<string, unknown>): [string, unknown][] {
  const summary = new Set<string>(SUMMARY_FIELDS);
  return Object.entries(details).filter(([key]) => !summary.has(key));
}

/** "transposition_semitones" → "Transposition semitones". */
export function fieldLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A scalar of unknown origin as text: numbers as they came, booleans yes/no, null as —. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'string') return value === '' ? MISSING : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value) ?? MISSING;
}

/** Columns of a list of objects: every key that appears, in first-seen order. */
export function tableColumns(rows: readonly Record<string, unknown>[]): string[] {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return columns;
}
