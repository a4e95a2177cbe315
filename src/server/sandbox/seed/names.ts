import type { Db } from '../db';
import { jsonColumn } from '../db';
import { idForTime } from '../ids';
import type { Random } from './random';

// Vocabulary and helpers shared by the copies and monitoring seeds: the people and posts of the
// public platforms where the demo organisation's music turns up.

const FIRST_NAMES = [
  'Maya', 'Liam', 'Sofia', 'Noah', 'Aisha', 'Lucas', 'Chloe', 'Mateo', 'Yuki', 'Amara', 'Leo', 'Zara', 'Ethan', 'Ines', 'Kai',
  'Priya', 'Jonas', 'Elena', 'Omar', 'Hana', 'Felix', 'Nadia', 'Diego', 'Freya', 'Tariq', 'Lena', 'Malik', 'Ava', 'Ravi', 'Clara',
  'Theo', 'Imani', 'Sven', 'Lucia', 'Jin', 'Camila', 'Arjun', 'Mila', 'Kofi', 'Elif',
];
const LAST_NAMES = [
  'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Novak', 'Haddad', 'Kowalski', 'Reyes', 'Brennan', 'Mensah', 'Ivanova',
  'Castillo', 'Fischer', 'Nakamura', 'Oduya', 'Larsen', 'Petrovic', 'Quinn', 'Rossi', 'Sato', 'Bianchi', 'Kaur', 'Dubois',
  'Andersen', 'Yilmaz', 'Costa', 'Murphy', 'Varga', 'Wójcik',
];
const HANDLE_WORDS = [
  'luna', 'vibes', 'beats', 'daily', 'studio', 'moves', 'sunset', 'pixel', 'echo', 'velvet', 'neon', 'coastal', 'midnight', 'golden',
  'wander', 'chill', 'groove', 'rhythm', 'bloom', 'static', 'cosmic', 'honey', 'urban', 'retro', 'dreamy', 'wild', 'tempo', 'lofi',
];

export type Person = { handle: string; realName: string };

export function person(rng: Random): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const word = rng.pick(HANDLE_WORDS);
  const handle = rng.weighted<() => string>([
    [() => `${first}.${last}`, 3],
    [() => `${first}${rng.int(1, 99)}`, 2],
    [() => `${word}${rng.pick(HANDLE_WORDS)}`, 2],
    [() => `${first}_${word}`, 2],
    [() => `dj${word}${rng.int(0, 9)}`, 1],
    [() => `the${word}${last}`, 1],
  ])()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '');
  const realName = rng.weighted<() => string>([
    [() => `${first} ${last}`, 14],
    [() => `${word[0]!.toUpperCase()}${word.slice(1)} ${rng.pick(['Studio', 'Collective', 'Crew', 'Media', 'Sessions'])}`, 3],
    [() => '', 3],
  ])();
  return { handle, realName };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const URL_SAFE = `${ALNUM}-_`;

export function digits(rng: Random, length: number, first = ''): string {
  let out = first;
  while (out.length < length) out += String(rng.int(out.length === 0 ? 1 : 0, 9));
  return out;
}

export function token(rng: Random, length: number, alphabet = URL_SAFE): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'untitled'
  );
}

export function heavyTail(rng: Random, scale: number, alpha: number, cap: number): number {
  // Pareto: most values near `scale`, a few enormous ones.
  const u = 1 - rng.next();
  return Math.min(cap, Math.floor(scale / Math.pow(u, 1 / alpha)));
}

export type SeedAsset = { asset_id: bigint; title: string; duration: number; artist: string; isrc: string; createdMs: number };

/** The organisation's assets as the catalogue seed left them, processed ones preferred. */
export function loadSeedAssets(db: Db, orgId: bigint): SeedAsset[] {
  const rows = db.prepare('SELECT asset_id, title, duration, music, processing_status, created_at FROM assets WHERE org_id = ? ORDER BY asset_id').all(orgId) as {
    asset_id: bigint;
    title: string;
    duration: bigint;
    music: string;
    processing_status: string;
    created_at: string;
  }[];
  const usable = rows.filter((r) => r.processing_status !== 'failed' && r.processing_status !== 'pending');
  return (usable.length > 0 ? usable : rows).map((row) => {
    const music = jsonColumn<{ artist?: unknown; isrcs?: unknown }>(row.music, {});
    const isrcs = Array.isArray(music.isrcs) ? music.isrcs.filter((v): v is string => typeof v === 'string') : [];
    const created = Date.parse(row.created_at);
    return {
      asset_id: row.asset_id,
      title: row.title,
      // An asset without a known length is treated as a typical three-and-a-bit-minute track.
      duration: Number(row.duration) > 0 ? Number(row.duration) : 200,
      artist: typeof music.artist === 'string' ? music.artist : '',
      isrc: isrcs[0] ?? '',
      createdMs: Number.isNaN(created) ? 0 : created,
    };
  });
}

/**
 * Popularity weights: a few catalogue hits attract most copies (Zipf-like), in an order that does not
 * follow creation so the hits are spread through the catalogue.
 */
export function popularity(rng: Random, assets: readonly SeedAsset[]): (readonly [SeedAsset, number])[] {
  const order = assets.map((asset) => ({ asset, key: rng.next() })).sort((a, b) => a.key - b.key);
  return order.map(({ asset }, rank) => [asset, 1 / Math.pow(rank + 1, 0.8)] as const);
}

/**
 * Issues ids for rows created at ascending times: idForTime(ms, base + n) where n counts rows created
 * in the same millisecond. Each table gets its own base so two tables never share an id.
 */
export function idSequencer(base: bigint): (ms: number) => bigint {
  let lastMs = -1;
  let n = 0n;
  return (ms: number) => {
    const whole = Math.floor(ms);
    if (whole === lastMs) n += 1n;
    else {
      lastMs = whole;
      n = 0n;
    }
    return idForTime(whole, base + n);
  };
}

export const DAY_MS = 86_400_000;
