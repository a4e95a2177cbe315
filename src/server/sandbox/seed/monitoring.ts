import type { SeedContext } from './index';
import { DEMO_ORG_ID, OTHER_ORG_ID, SEED_NOW } from './index';
import type { SeedAsset } from './names';
import { DAY_MS, digits, idSequencer, loadSeedAssets, person, popularity, token } from './names';
import { Random } from './random';

const MAJORS = ['Universal Music Group', 'Sony Music Entertainment', 'Warner Music Group'];
const INDIES = ['The Orchard', 'AWAL', 'Believe', 'CD Baby', 'DistroKid', 'Northwind Distribution'];

const SONG_WORDS_A = ['Paper', 'Neon', 'Silver', 'Midnight', 'Golden', 'Electric', 'Velvet', 'Broken', 'Wild', 'Crystal', 'Summer', 'Hollow'];
const SONG_WORDS_B = ['Hearts', 'Rivers', 'Skies', 'Echoes', 'Lights', 'Waves', 'Dreams', 'Roads', 'Fire', 'Gardens', 'Satellites', 'Rain'];
const ARTISTS = ['Mara Vale', 'The Lanterns', 'Kojo Ames', 'Saint Ivory', 'Juniper Rae', 'Dex Holloway', 'Aurora Kite', 'Los Cometas', 'Nova Reyes', 'Blue Harbour'];

type Song = { title: string; artist: string; isrc: string; distributor: string; duration: number };

function isrc(rng: Random): string {
  return `${rng.pick(['US', 'GB', 'SE', 'DE', 'FR', 'NL'])}${token(rng, 3, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}${rng.int(18, 26)}${digits(rng, 5, '0')}`;
}

/** Songs of other rights holders that show up beside the organisation's own in the same posts. */
function otherSongs(rng: Random): Song[] {
  const songs: Song[] = [];
  for (let i = 0; i < 40; i++) {
    songs.push({
      title: `${rng.pick(SONG_WORDS_A)} ${rng.pick(SONG_WORDS_B)}`,
      artist: rng.pick(ARTISTS),
      isrc: isrc(rng),
      distributor: rng.chance(0.6) ? rng.pick(MAJORS) : rng.pick(INDIES),
      duration: rng.int(140, 260),
    });
  }
  return songs;
}

/** A segment set in the platform's string form, one decimal kept: "[[12.5,30.0],[41.0,55.5]]". */
export function segmentString(segments: [number, number][]): string {
  return `[${segments.map(([a, b]) => `[${a.toFixed(1)},${b.toFixed(1)}]`).join(',')}]`;
}

type Platform = { name: string; prefix: string };
const PLATFORMS: readonly (readonly [Platform, number])[] = [
  [{ name: 'tiktok', prefix: 'tt' }, 45],
  [{ name: 'instagram', prefix: 'ig' }, 30],
  [{ name: 'youtube', prefix: 'yt' }, 25],
];

const STATUS_WEIGHTS: readonly (readonly [string, number])[] = [
  ['needs_review', 62],
  ['reviewed', 14],
  ['licensed', 9],
  ['muted', 7],
  ['removed', 8],
];

function post(rng: Random, platform: Platform, handle: string): { gid: string; url: string } {
  if (platform.prefix === 'tt') {
    const id = digits(rng, 19, '7');
    return { gid: `tt:${id}`, url: `https://www.tiktok.com/@${handle}/video/${id}` };
  }
  if (platform.prefix === 'ig') {
    const code = token(rng, 11);
    return { gid: `ig:${code}`, url: `https://www.instagram.com/reel/${code}/` };
  }
  const id = token(rng, 11);
  return { gid: `yt:${id}`, url: `https://www.youtube.com/shorts/${id}` };
}

/** Where a song plays inside a post: 1–2 stretches within `[from, to]` of the post, at matching song times. */
function segmentsFor(rng: Random, from: number, to: number, songSeconds: number): { post: [number, number][]; song: [number, number][] } {
  const postSegments: [number, number][] = [];
  const songSegments: [number, number][] = [];
  const pieces = to - from > 20 && rng.chance(0.3) ? 2 : 1;
  const width = (to - from) / pieces;
  let songCursor = round1(rng.next() * songSeconds * 0.6);
  for (let p = 0; p < pieces; p++) {
    const start = round1(from + p * width + rng.next() * width * 0.3);
    const room = from + (p + 1) * width - start;
    // Whole tenths of a second, so the post and song stretches have exactly the same length.
    const length = Math.max(0.5, Math.floor(room * (0.4 + 0.6 * rng.next()) * 10) / 10);
    const songStart = round1(Math.max(0, Math.min(songCursor, songSeconds - length)));
    postSegments.push([start, round1(start + length)]);
    songSegments.push([songStart, round1(songStart + length)]);
    songCursor = songStart + length + rng.int(0, 20);
  }
  return { post: postSegments, song: songSegments };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

type PlannedResult = {
  orgId: bigint;
  createdMs: number;
  uploadedMs: number;
  asset: SeedAsset;
  platform: Platform;
  handle: string;
  matches: Song[];
  musicDetected: boolean;
  status: string;
};

/**
 * Seeds monitoring results: posts on short-video platforms where the organisation's songs were heard.
 * Most results carry one match, ~15 % two or three, ~10 % none; a few carry unreadable segment strings
 * on purpose so the UI's fallback is exercised.
 */
export function seedMonitoring(ctx: SeedContext): void {
  const { db } = ctx;
  const rng = new Random(20260520);
  const demoAssets = loadSeedAssets(db, DEMO_ORG_ID);
  const otherAssets = loadSeedAssets(db, OTHER_ORG_ID);
  if (demoAssets.length === 0 && otherAssets.length === 0) return;
  const songs = otherSongs(rng);
  const distributorOf = new Map<bigint, string>();
  const songOf = (asset: SeedAsset): Song => {
    let distributor = distributorOf.get(asset.asset_id);
    if (!distributor) {
      distributor = rng.chance(0.2) ? rng.pick(MAJORS) : 'Northwind Distribution';
      distributorOf.set(asset.asset_id, distributor);
    }
    return { title: asset.title, artist: asset.artist, isrc: asset.isrc, distributor, duration: asset.duration };
  };

  const planned: PlannedResult[] = [];
  const plan = (orgId: bigint, asset: SeedAsset, spanDays: number) => {
    const uploadedMs = SEED_NOW - 2 * 3_600_000 - Math.floor(Math.pow(rng.next(), 1.2) * (spanDays * DAY_MS)) - rng.int(0, 59) * 1000;
    const createdMs = Math.min(SEED_NOW - 60_000, uploadedMs + rng.int(60_000, 2 * DAY_MS));
    const roll = rng.next();
    const matches = roll < 0.1 ? [] : roll < 0.25 ? [songOf(asset), ...pickOthers(rng, songs, rng.int(1, 2))] : [songOf(asset)];
    planned.push({
      orgId,
      createdMs,
      uploadedMs,
      asset,
      platform: rng.weighted(PLATFORMS),
      handle: person(rng).handle,
      matches,
      musicDetected: matches.length > 0 || rng.chance(0.4),
      status: matches.length === 0 ? '' : rng.weighted(STATUS_WEIGHTS),
    });
  };
  if (demoAssets.length > 0) {
    const weights = popularity(rng, demoAssets);
    for (let i = 0; i < 600 * ctx.scale; i++) plan(DEMO_ORG_ID, rng.weighted(weights), 140);
  }
  for (let i = 0; i < Math.min(6, otherAssets.length * 3); i++) plan(OTHER_ORG_ID, otherAssets[i % otherAssets.length]!, 60);
  planned.sort((a, b) => a.createdMs - b.createdMs);

  // A few results, among the demo's newest uploads, carry unreadable segment strings.
  const newestMatched = planned
    .filter((p) => p.orgId === DEMO_ORG_ID && p.matches.length > 0)
    .sort((a, b) => b.uploadedMs - a.uploadedMs)
    .slice(0, 60);
  const damaged = new Map<PlannedResult, { post?: string; song?: string }>();
  if (newestMatched.length >= 42) {
    damaged.set(newestMatched[3]!, { post: '[[12.5, 30' });
    damaged.set(newestMatched[17]!, { song: '[[3.0,9.5],[oops]]' });
    damaged.set(newestMatched[41]!, { post: '12.5-30.0' });
  }

  const insertResult = db.prepare(
    `INSERT INTO monitoring_results (result_id, org_id, asset_id, account_name, post_gid, platform, post_url, date_uploaded, upload_day, music_detected, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMatch = db.prepare(
    `INSERT INTO monitoring_matches (result_id, match_id, match_identified, match_majors, isrc, title, artist, distributor, audio_segments_post, audio_segments_song)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const resultId = idSequencer(2048n);
  const matchId = idSequencer(3072n);
  for (const result of planned) {
    const id = resultId(result.createdMs);
    const iso = new Date(result.uploadedMs).toISOString();
    const { gid, url } = post(rng, result.platform, result.handle);
    insertResult.run(
      id,
      result.orgId,
      result.asset.asset_id,
      result.handle,
      gid,
      result.platform.name,
      url,
      `${iso.slice(0, 19)}+00:00`,
      iso.slice(0, 10),
      result.musicDetected ? 1 : 0,
      result.status,
    );
    // The post's length is split between its songs, one after the other.
    const postSeconds = rng.int(12, 90);
    const share = postSeconds / Math.max(1, result.matches.length);
    result.matches.forEach((song, i) => {
      const segments = segmentsFor(rng, i * share, (i + 1) * share, song.duration);
      const broken = i === 0 ? damaged.get(result) : undefined;
      insertMatch.run(
        id,
        matchId(result.createdMs),
        'yes',
        MAJORS.includes(song.distributor) ? 'yes' : 'no',
        song.isrc,
        song.title,
        song.artist,
        song.distributor,
        broken?.post ?? segmentString(segments.post),
        broken?.song ?? segmentString(segments.song),
      );
    });
  }
}

function pickOthers(rng: Random, songs: Song[], count: number): Song[] {
  const picked: Song[] = [];
  while (picked.length < count) {
    const song = rng.pick(songs);
    if (!picked.includes(song)) picked.push(song);
  }
  return picked;
}
