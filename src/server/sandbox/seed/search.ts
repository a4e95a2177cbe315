import type { Db } from '../db';
import type { SeedContext } from './index';
import { SEED_NOW } from './index';

// Search lookups (interface B). The platform's start endpoints are not in the spec, so lookups are
// seeded here (and created through /sandbox/search/lookups); check-search returns the stored response.
// Shapes follow spec 2.2 exactly; the melody, phonetic and video detail objects are not described by the
// spec, so they carry invented but plausible fields. Match segment timestamps are seconds, pitch and
// speed are ratios (1 = unchanged) and confidences are 0–100, like the classification's.

export type LookupKind = 'matching' | 'classification' | 'both';

type Segment = {
  query_start: number;
  query_end: number;
  asset_start: number;
  asset_end: number;
  audio_pitch: number;
  audio_speed: number;
  melody_transposition: number | null;
  confidence: number;
};

type SearchAsset = {
  title: string;
  subtitle: string;
  artist: string;
  isrc: string;
  id: string;
  duration_seconds: number;
  album_name: string;
  barcode: string;
  label: string;
  distributor: string;
  release_date: { year: number; month: number; day: number };
  dsp: { name: string; url: string }[];
};

type ClassificationSegment = { start: number; end: number; confidence: number; subclasses: { name: string; confidence: number }[] };
type Classification = { music: ClassificationSegment[]; speech: ClassificationSegment[]; silence: ClassificationSegment[] };

export type SearchResponse = {
  lookup_ids: string[];
  query_file_duration_seconds: number;
  matches: { asset: SearchAsset; match_details: Record<'audio' | 'melody' | 'phonetic' | 'video', unknown> }[] | null;
  content_classification?: Classification | null;
};

const round1 = (x: number) => Math.round(x * 10) / 10;

function audioDetails(queryDuration: number, assetDuration: number, segments: Segment[]) {
  const matched = segments.reduce((sum, s) => sum + (s.query_end - s.query_start), 0);
  const matchedAsset = segments.reduce((sum, s) => sum + (s.asset_end - s.asset_start), 0);
  return {
    query_match_duration_seconds: round1(matched),
    query_match_percentage: round1((100 * matched) / queryDuration),
    asset_match_duration_seconds: round1(matchedAsset),
    asset_match_percentage: round1((100 * matchedAsset) / assetDuration),
    segments,
  };
}

function segment(queryStart: number, queryEnd: number, assetStart: number, confidence: number, extra: Partial<Segment> = {}): Segment {
  const speed = extra.audio_speed ?? 1;
  return {
    query_start: queryStart,
    query_end: queryEnd,
    asset_start: assetStart,
    asset_end: round1(assetStart + (queryEnd - queryStart) * speed),
    audio_pitch: 1,
    audio_speed: 1,
    melody_transposition: null,
    confidence,
    ...extra,
  };
}

const MIDNIGHT_HARBOUR: SearchAsset = {
  title: 'Midnight Harbour',
  subtitle: 'Radio Edit',
  artist: 'The Lanterns',
  isrc: 'GBNWR2400112',
  id: 'trk_01HF8Z3Q9M4K',
  duration_seconds: 214.6,
  album_name: 'Harbour Lights',
  barcode: '5054197123456',
  label: 'Northwind Records',
  distributor: 'Northwind Distribution',
  release_date: { year: 2024, month: 3, day: 15 },
  dsp: [
    { name: 'Spotify', url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
    { name: 'Apple Music', url: 'https://music.apple.com/gb/album/harbour-lights/1712345678?i=1712345690' },
    { name: 'Deezer', url: 'https://www.deezer.com/track/2345678901' },
  ],
};

const PAPER_SATELLITES: SearchAsset = {
  title: 'Paper Satellites',
  subtitle: '',
  artist: 'Mira Okafor',
  isrc: 'USNWR2300457',
  id: 'trk_01HD2R7T5B8N',
  duration_seconds: 187.3,
  album_name: 'Orbit Songs',
  barcode: '0196925123459',
  label: 'Lowlight Music',
  distributor: 'Northwind Distribution',
  release_date: { year: 2023, month: 9, day: 1 },
  dsp: [{ name: 'Spotify', url: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b' }],
};

const GLASS_CATHEDRAL: SearchAsset = {
  title: 'Glass Cathedral',
  subtitle: 'Live at the Roundhouse',
  artist: 'Saint Varga',
  isrc: 'GBNWR2200931',
  id: 'trk_01GZ6K1W3C2P',
  duration_seconds: 301.9,
  album_name: 'Glass Cathedral (Live)',
  barcode: '5054197987654',
  label: 'Northwind Records',
  distributor: 'Sonar Rights Ltd',
  release_date: { year: 2022, month: 11, day: 25 },
  dsp: [
    { name: 'YouTube Music', url: 'https://music.youtube.com/watch?v=Zx3c9Qm1LkE' },
    // Untrusted data from the catalogue: a link the UI must not turn into a clickable href.
    { name: 'Promo page', url: 'javascript:alert(document.domain)' },
  ],
};

const LOW_TIDE: SearchAsset = {
  title: 'Low Tide (feat. Juno Reyes)',
  subtitle: 'Acoustic',
  artist: 'The Lanterns',
  isrc: 'GBNWR2400113',
  id: 'trk_01HF8Z3QA7RS',
  duration_seconds: 198,
  album_name: 'Harbour Lights',
  barcode: '5054197123456',
  label: 'Northwind Records',
  distributor: 'Northwind Distribution',
  release_date: { year: 2024, month: 3, day: 15 },
  dsp: [],
};

const NIGHT_SHIFT: SearchAsset = {
  title: 'Night Shift',
  subtitle: 'Extended Mix',
  artist: 'Kaito Brandt',
  isrc: 'DENWR2100078',
  id: 'trk_01FX9B0N6D1E',
  duration_seconds: 412.4,
  album_name: 'Night Shift EP',
  barcode: '4050538765432',
  label: 'Halbton',
  distributor: 'Sonar Rights Ltd',
  release_date: { year: 2021, month: 6, day: 4 },
  dsp: [{ name: 'Beatport', url: 'http://www.beatport.com/track/night-shift-extended-mix/15012345' }],
};

function melodyDetails(queryDuration: number, transposition: number, segments: Segment[]) {
  const matched = segments.reduce((sum, s) => sum + (s.query_end - s.query_start), 0);
  return {
    query_match_duration_seconds: round1(matched),
    query_match_percentage: round1((100 * matched) / queryDuration),
    transposition_semitones: transposition,
    key_query: 'A minor',
    key_asset: transposition === 0 ? 'A minor' : 'B minor',
    melodic_similarity: 87.5,
    segments,
  };
}

/** Matching results for a query file of 180 s: two assets with audio and melody matches. */
function basicMatches() {
  const q = 180;
  return [
    {
      asset: MIDNIGHT_HARBOUR,
      match_details: {
        audio: audioDetails(q, MIDNIGHT_HARBOUR.duration_seconds, [
          segment(12, 54.5, 61.2, 97.4),
          segment(96, 131.2, 140.8, 88.1, { audio_pitch: 1.03, audio_speed: 1.02 }),
        ]),
        melody: melodyDetails(q, 0, [segment(12, 54.5, 61.2, 91.2, { audio_pitch: 1, audio_speed: 1, melody_transposition: 0 })]),
        phonetic: null,
        video: null,
      },
    },
    {
      asset: PAPER_SATELLITES,
      match_details: {
        audio: audioDetails(q, PAPER_SATELLITES.duration_seconds, [segment(140.5, 158, 22, 74.6)]),
        melody: melodyDetails(q, -2, [segment(138, 171.5, 20.5, 69.3, { melody_transposition: -2 })]),
        phonetic: null,
        video: null,
      },
    },
  ];
}

/** Four assets, every fingerprint type represented, including phonetic and video matches. */
function richMatches() {
  const q = 240;
  return [
    {
      asset: GLASS_CATHEDRAL,
      match_details: {
        audio: audioDetails(q, GLASS_CATHEDRAL.duration_seconds, [segment(0, 92.4, 118.3, 95.8), segment(150, 210, 230.1, 90.2)]),
        melody: null,
        phonetic: {
          language: 'en',
          matched_words: 46,
          phonetic_similarity: 82.3,
          phrases: [
            { text: 'under the glass we were singing', query_start: 31.2, query_end: 35.9, asset_start: 149.5, asset_end: 154.2, confidence: 88 },
            { text: 'all the light comes down', query_start: 61, query_end: 64.4, asset_start: 179.3, asset_end: 182.7, confidence: 79.5 },
          ],
        },
        video: {
          query_match_duration_seconds: 92.4,
          query_match_percentage: 38.5,
          frames_matched: 2217,
          transformations: ['crop', 'overlay'],
          segments: [{ query_start: 0, query_end: 92.4, asset_start: 118.3, asset_end: 210.7, confidence: 93.1, is_mirrored: false }],
        },
      },
    },
    {
      asset: MIDNIGHT_HARBOUR,
      match_details: {
        audio: audioDetails(q, MIDNIGHT_HARBOUR.duration_seconds, [segment(92.4, 120, 0, 81.7, { audio_pitch: 0.97, audio_speed: 0.96 })]),
        melody: melodyDetails(q, 1, [segment(92.4, 124.8, 0, 77.4, { melody_transposition: 1 })]),
        phonetic: null,
        video: null,
      },
    },
    {
      asset: LOW_TIDE,
      match_details: {
        audio: null,
        melody: null,
        phonetic: {
          language: 'en',
          matched_words: 12,
          phonetic_similarity: 64.9,
          phrases: [{ text: 'when the low tide calls me home', query_start: 201.1, query_end: 205.6, asset_start: 44, asset_end: 48.5, confidence: 66.2 }],
        },
        video: null,
      },
    },
    {
      asset: NIGHT_SHIFT,
      match_details: {
        audio: null,
        melody: null,
        phonetic: null,
        video: {
          query_match_duration_seconds: 18,
          query_match_percentage: 7.5,
          frames_matched: 431,
          transformations: ['mirror'],
          segments: [{ query_start: 222, query_end: 240, asset_start: 300.5, asset_end: 318.5, confidence: 71.4, is_mirrored: true }],
        },
      },
    },
  ];
}

/** The match within the 95 s classified query: its second music segment is Midnight Harbour. */
function bothMatches() {
  const q = 95;
  return [
    {
      asset: MIDNIGHT_HARBOUR,
      match_details: {
        audio: audioDetails(q, MIDNIGHT_HARBOUR.duration_seconds, [segment(51, 88.2, 12.4, 94.6)]),
        melody: melodyDetails(q, 0, [segment(51, 80, 12.4, 85.1, { melody_transposition: 0 })]),
        phonetic: null,
        video: null,
      },
    },
  ];
}

/** Classification of a 95 s query: music, a spoken interlude, more music and trailing silence. */
function classification(): Classification {
  return {
    music: [
      { start: 0, end: 32.4, confidence: 96.2, subclasses: [{ name: 'instrumental', confidence: 88.1 }, { name: 'pop', confidence: 71.4 }] },
      { start: 51, end: 88.2, confidence: 93.5, subclasses: [{ name: 'vocal', confidence: 90.3 }, { name: 'electronic', confidence: 64.8 }, { name: 'female vocal', confidence: 58.2 }] },
    ],
    speech: [{ start: 32.4, end: 51, confidence: 91, subclasses: [{ name: 'male voice', confidence: 84.6 }, { name: 'narration', confidence: 61 }] }],
    silence: [{ start: 88.2, end: 95, confidence: 99.1, subclasses: [] }],
  };
}

/**
 * A completed search response of the given kind. `variant` 'rich' is the matching result with four
 * assets (phonetic and video details, an unsafe dsp link) and `content_classification: null`;
 * the basic matching result omits the key, like the check-endpoint sample.
 */
export function buildSearchResponse(lookupId: string, kind: LookupKind, variant: 'basic' | 'rich' = 'basic'): SearchResponse {
  if (kind === 'classification') return { lookup_ids: [lookupId], query_file_duration_seconds: 95, matches: null, content_classification: classification() };
  if (kind === 'both') return { lookup_ids: [lookupId], query_file_duration_seconds: 95, matches: bothMatches(), content_classification: classification() };
  if (variant === 'rich') return { lookup_ids: [lookupId], query_file_duration_seconds: 240, matches: richMatches(), content_classification: null };
  return { lookup_ids: [lookupId], query_file_duration_seconds: 180, matches: basicMatches() };
}

/** What a stored response holds: matches, classification, or both. */
export function lookupKind(response: SearchResponse): LookupKind {
  const hasMatches = Array.isArray(response.matches);
  const hasClassification = response.content_classification != null;
  if (hasMatches && hasClassification) return 'both';
  return hasClassification ? 'classification' : 'matching';
}

export function insertLookup(db: Db, lookupId: string, createdAt: number, readyAt: number, response: SearchResponse): void {
  db.prepare('INSERT INTO search_lookups (lookup_id, created_at, ready_at, response) VALUES (?, ?, ?, ?)').run(lookupId, createdAt, readyAt, JSON.stringify(response));
}

export const SEEDED_LOOKUPS: readonly { lookupId: string; kind: LookupKind; variant: 'basic' | 'rich' }[] = [
  { lookupId: 'lk_matching_01', kind: 'matching', variant: 'basic' },
  { lookupId: 'lk_classification_01', kind: 'classification', variant: 'basic' },
  { lookupId: 'lk_both_01', kind: 'both', variant: 'basic' },
  { lookupId: 'lk_matching_02', kind: 'matching', variant: 'rich' },
];

export function seedSearch(ctx: SeedContext): void {
  SEEDED_LOOKUPS.forEach(({ lookupId, kind, variant }, i) => {
    // Seeded lookups completed well before the seed's clock, so check-search answers at once.
    const createdAt = SEED_NOW - (10 - i) * 86_400_000;
    insertLookup(ctx.db, lookupId, createdAt, createdAt + 45_000, buildSearchResponse(lookupId, kind, variant));
  });
}
