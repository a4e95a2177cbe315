import { setMeta } from '../db';
import type { SeedContext } from './index';
import { DEMO_ORG_ID, OTHER_ORG_ID, SEED_NOW } from './index';
import type { Person, SeedAsset } from './names';
import { DAY_MS, digits, heavyTail, idSequencer, loadSeedAssets, person, popularity, slug, token } from './names';
import { Random } from './random';

export type MatchCategory = 'EC' | 'FC' | 'PC' | 'SN' | 'SN30' | 'SN10' | 'SN5';

export const COPY_PLATFORMS = ['youtube', 'tiktok', 'instagram', 'facebook', 'x', 'soundcloud', 'twitch', 'vimeo', 'dailymotion'] as const;
type Platform = (typeof COPY_PLATFORMS)[number];

const PLATFORM_WEIGHTS: readonly (readonly [Platform, number])[] = [
  ['youtube', 28],
  ['tiktok', 26],
  ['instagram', 17],
  ['facebook', 8],
  ['x', 5],
  ['soundcloud', 5],
  ['twitch', 4],
  ['vimeo', 3],
  ['dailymotion', 4],
];

type Weights = readonly (readonly [MatchCategory, number])[];
const SHORT_FORM: Weights = [['EC', 2], ['FC', 1], ['PC', 6], ['SN', 8], ['SN30', 45], ['SN10', 23], ['SN5', 15]];
const LONG_FORM: Weights = [['EC', 9], ['FC', 11], ['PC', 25], ['SN', 20], ['SN30', 20], ['SN10', 10], ['SN5', 5]];
const AUDIO_FORM: Weights = [['EC', 15], ['FC', 20], ['PC', 30], ['SN', 20], ['SN30', 10], ['SN10', 3], ['SN5', 2]];
const STREAM_FORM: Weights = [['EC', 1], ['FC', 15], ['PC', 30], ['SN', 32], ['SN30', 14], ['SN10', 5], ['SN5', 3]];

/** Median-ish audience per platform: the scale of the Pareto draw of views. */
const VIEW_SCALE: Record<Platform, number> = { youtube: 40, tiktok: 80, instagram: 50, facebook: 30, x: 20, soundcloud: 15, twitch: 10, vimeo: 10, dailymotion: 10 };

/** Statuses a rights manager typically puts on a copy, by how often. Custom codes are added at run time. */
const STATUS_WEIGHTS: readonly (readonly [number, number])[] = [
  [60, 26],
  [40, 20],
  [70, 10],
  [50, 6],
  [30, 4],
  [10, 3],
  [11, 2],
  [12, 2],
  [13, 3],
  [72, 2],
];

export const DEMO_CUSTOM_STATUSES = ['Licensed — sync deal', 'Escalated to legal'] as const;

const SHORT_TITLES = [
  (s: string) => `POV: you found the perfect song for your ${pickWord(s, ['road trip', 'morning run', 'first dance', 'study session'])} #fyp`,
  (s: string) => `${s} dance challenge 💃`,
  (s: string) => `${s} but it's sped up`,
  () => 'get ready with me for the weekend ✨',
  (s: string) => `day ${(s.length % 90) + 1} of learning guitar`,
  () => 'this song >>> #music #viral',
  () => 'outfit check 🖤',
  (s: string) => `${s} (slowed + reverb) #aesthetic`,
  () => 'sunset from the rooftop 🌅',
  () => 'when the beat drops 😳',
];
const LONG_TITLES = [
  (s: string, a: string) => `${s} - ${a || 'Unknown'} (Cover)`,
  (s: string) => `${s} | 1 Hour Loop`,
  (s: string) => `${s} Piano Tutorial (Easy)`,
  () => 'Our Wedding Highlights | Lisbon 2026',
  () => 'Weekly vlog #42 – moving to a new city',
  (s: string) => `Top 10 Songs of the Summer (feat. ${s})`,
  (s: string) => `Ranked Montage – ${s}`,
  () => 'Lofi beats to study and relax to 📚',
  (s: string) => `${s} (Karaoke Version)`,
  (s: string, a: string) => `${a || 'Unknown'} – ${s} (Live at the Park)`,
];
const AUDIO_TITLES = [
  (s: string) => `${s} (bootleg remix)`,
  () => 'Summer Mix 2026',
  (s: string, a: string) => `${a || 'Unknown'} - ${s} (edit)`,
  () => 'Live set @ Warehouse Sessions',
  (s: string) => `${s} [free download]`,
];
const STREAM_TITLES = [
  () => '🔴 chill stream w/ chat – music on',
  () => 'ranked grind until diamond !discord',
  () => 'Just Chatting + vibes',
  () => 'late night cozy stream',
];

function pickWord(seed: string, words: string[]): string {
  return words[seed.length % words.length]!;
}

function userUrl(platform: Platform, handle: string): string {
  switch (platform) {
    case 'youtube':
      return `https://www.youtube.com/@${handle}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}`;
    case 'instagram':
      return `https://www.instagram.com/${handle}/`;
    case 'facebook':
      return `https://www.facebook.com/${handle}`;
    case 'x':
      return `https://x.com/${handle}`;
    case 'soundcloud':
      return `https://soundcloud.com/${handle}`;
    case 'twitch':
      return `https://www.twitch.tv/${handle}`;
    case 'vimeo':
      return `https://vimeo.com/${handle}`;
    case 'dailymotion':
      return `https://www.dailymotion.com/${handle}`;
  }
}

function mediaUrl(rng: Random, platform: Platform, handle: string, title: string, isShort: boolean): string {
  switch (platform) {
    case 'youtube':
      return isShort ? `https://www.youtube.com/shorts/${token(rng, 11)}` : `https://www.youtube.com/watch?v=${token(rng, 11)}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}/video/${digits(rng, 19, '7')}`;
    case 'instagram':
      return `https://www.instagram.com/reel/${token(rng, 11)}/`;
    case 'facebook':
      return `https://www.facebook.com/${handle}/videos/${digits(rng, 16)}/`;
    case 'x':
      return `https://x.com/${handle}/status/${digits(rng, 19, '18')}`;
    case 'soundcloud':
      return `https://soundcloud.com/${handle}/${slug(title)}`;
    case 'twitch':
      return `https://www.twitch.tv/videos/${digits(rng, 10, '2')}`;
    case 'vimeo':
      return `https://vimeo.com/${digits(rng, 9, '9')}`;
    case 'dailymotion':
      return `https://www.dailymotion.com/video/x${token(rng, 6, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
  }
}

type Form = 'short' | 'long' | 'audio' | 'stream';

function formOf(rng: Random, platform: Platform): Form {
  if (platform === 'tiktok' || platform === 'instagram' || platform === 'x') return 'short';
  if (platform === 'youtube') return rng.chance(0.35) ? 'short' : 'long';
  if (platform === 'soundcloud') return 'audio';
  if (platform === 'twitch') return 'stream';
  return 'long';
}

/** Seconds of other content around the matched part, by kind of post. */
function extraSeconds(rng: Random, form: Form): number {
  switch (form) {
    case 'short':
      return rng.int(0, 35);
    case 'long':
      return rng.int(20, 900);
    case 'audio':
      return rng.int(30, 3000);
    case 'stream':
      return rng.int(600, 12_000);
  }
}

export type MatchGeometry = {
  category: MatchCategory;
  copyDuration: number;
  segmentsInAsset: number[];
  segmentsInCopy: number[];
  lengthOfMatch: number;
  percentageAsset: number;
  percentageCopy: number;
};

/**
 * Places segments of the given lengths in order inside `[0, container]` with random gaps, as flat
 * [start, end, start, end, …] whole seconds.
 */
function placeSegments(rng: Random, lengths: number[], container: number): number[] {
  const free = Math.max(0, container - lengths.reduce((a, b) => a + b, 0));
  const weights = lengths.map(() => rng.next()).concat(rng.next() * 2);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const out: number[] = [];
  let position = 0;
  lengths.forEach((length, i) => {
    position += Math.floor((free * weights[i]!) / total);
    out.push(position, position + length);
    position += length;
  });
  return out;
}

/**
 * The numbers of one match, consistent with its category: segment lengths add up to length_of_match,
 * the percentages follow from it, and the category's bounds hold (EC ≈ 100/100; FC > 98 % of the asset
 * with other content; PC < 98 %; SN30/10/5 under 30/10/5 s; SN 30 s and more). A category the asset is
 * too short for falls back to the next shorter one.
 */
export function matchGeometry(rng: Random, wanted: MatchCategory, assetSeconds: number, form: Form): MatchGeometry {
  const A = Math.max(1, Math.floor(assetSeconds));
  let category = wanted;
  if (category === 'SN' && A < 50) category = 'SN30';
  if (category === 'SN30' && A < 12) category = 'SN10';
  if (category === 'SN10' && A < 6) category = 'SN5';

  let lengths: number[];
  let copySeconds: number;
  switch (category) {
    case 'EC':
      lengths = [A];
      copySeconds = A + rng.int(0, 40) / 100;
      break;
    case 'FC': {
      const len = A - rng.int(0, Math.floor(A * 0.015));
      lengths = [len];
      copySeconds = len + Math.max(5, extraSeconds(rng, form)) + rng.int(0, 99) / 100;
      break;
    }
    case 'PC': {
      const len = Math.max(1, Math.min(Math.floor(A * 0.97), Math.round(A * (0.3 + rng.next() * 0.67))));
      lengths = len >= 20 && rng.chance(0.3) ? split(rng, len) : [len];
      copySeconds = len + Math.max(3, extraSeconds(rng, form)) + rng.int(0, 99) / 100;
      break;
    }
    case 'SN': {
      const len = rng.int(30, Math.max(30, Math.min(120, Math.floor(A * 0.6))));
      lengths = rng.chance(0.15) ? split(rng, len) : [len];
      copySeconds = len + Math.max(3, extraSeconds(rng, form)) + rng.int(0, 99) / 100;
      break;
    }
    case 'SN30':
    case 'SN10':
    case 'SN5': {
      const [lo, hi] = category === 'SN30' ? [10, 29] : category === 'SN10' ? [5, 9] : [1, 4];
      lengths = [rng.int(Math.min(lo, A), Math.min(hi, A))];
      copySeconds = lengths[0]! + extraSeconds(rng, form) + rng.int(0, 99) / 100;
      break;
    }
  }
  const length = lengths.reduce((a, b) => a + b, 0);
  const segmentsInAsset = category === 'EC' ? [0, A] : placeSegments(rng, lengths, A);
  const segmentsInCopy = category === 'EC' ? [0, A] : placeSegments(rng, lengths, Math.floor(copySeconds));
  return {
    category,
    copyDuration: Math.round(copySeconds * 100) / 100,
    segmentsInAsset,
    segmentsInCopy,
    lengthOfMatch: length,
    percentageAsset: Math.min(100, Math.round((length * 100) / A)),
    percentageCopy: Math.min(100, Math.round((length * 100) / copySeconds)),
  };
}

function split(rng: Random, total: number): number[] {
  const first = Math.max(1, Math.min(total - 1, Math.round(total * (0.3 + rng.next() * 0.4))));
  return [first, total - first];
}

type Sound = { platform: string; soundId: string; url: string; title: string; artist: string; isOriginal: boolean; uses: number };

/** The platform sounds copies use: each asset's official library sound per platform, and users' originals. */
class SoundBook {
  readonly sounds: Sound[] = [];
  private readonly library = new Map<string, Sound>();
  private readonly originals = new Map<string, Sound[]>();
  private readonly taken = new Set<string>();

  constructor(private readonly rng: Random) {}

  forCopy(platform: 'tiktok' | 'instagram' | 'youtube', asset: SeedAsset, user: Person): Sound {
    const { rng } = this;
    if (rng.chance(0.58)) {
      const key = `${platform}:${asset.asset_id}`;
      let sound = this.library.get(key);
      if (!sound) {
        sound = this.create(platform, asset.title, asset.artist || 'Northwind Records', false);
        this.library.set(key, sound);
      }
      sound.uses += 1;
      return sound;
    }
    const pool = this.originals.get(platform) ?? [];
    // A viral original sound gets reused by many posts.
    if (pool.length > 0 && rng.chance(0.4)) {
      const sound = pool[Math.floor(Math.pow(rng.next(), 2) * pool.length)]!;
      sound.uses += 1;
      return sound;
    }
    const title = platform === 'tiktok' ? `original sound - ${user.handle}` : platform === 'instagram' ? 'Original audio' : `Original sound by @${user.handle}`;
    const sound = this.create(platform, title, user.handle, true);
    sound.uses += 1;
    pool.push(sound);
    this.originals.set(platform, pool);
    return sound;
  }

  private create(platform: 'tiktok' | 'instagram' | 'youtube', title: string, artist: string, isOriginal: boolean): Sound {
    const { rng } = this;
    let soundId: string;
    do {
      soundId = platform === 'tiktok' ? digits(rng, 19, '7') : platform === 'instagram' ? digits(rng, 16, '1') : token(rng, 11);
    } while (this.taken.has(`${platform}:${soundId}`));
    this.taken.add(`${platform}:${soundId}`);
    const url =
      platform === 'tiktok'
        ? `https://www.tiktok.com/music/${slug(title)}-${soundId}`
        : platform === 'instagram'
          ? `https://www.instagram.com/reels/audio/${soundId}/`
          : `https://www.youtube.com/source/${soundId}/shorts`;
    const sound: Sound = { platform, soundId, url, title, artist, isOriginal, uses: 0 };
    this.sounds.push(sound);
    return sound;
  }
}

type PlannedCopy = {
  orgId: bigint;
  createdMs: number;
  asset: SeedAsset;
  overrides?: Partial<{ mediaUrl: string; title: string; emptyUser: boolean; platform: Platform }>;
};

function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Seeds the copy side of the demo: custom statuses, copies with their statuses and whitelists, and the
 * sounds they use. Deterministic; ids follow creation time. Without assets it creates statuses only.
 */
export function seedCopies(ctx: SeedContext): void {
  const { db } = ctx;
  const rng = new Random(20261120);

  // Custom statuses: two for the demo organisation, one for the other (to prove scoping).
  const insertStatus = db.prepare('INSERT INTO custom_statuses (status, org_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const customCodes: bigint[] = [];
  DEMO_CUSTOM_STATUSES.forEach((title, i) => {
    const at = isoAt(SEED_NOW - (150 - i * 40) * DAY_MS);
    const code = 100n + BigInt(i);
    insertStatus.run(code, DEMO_ORG_ID, title, at, at);
    customCodes.push(code);
  });
  const otherCode = 100n + BigInt(DEMO_CUSTOM_STATUSES.length);
  insertStatus.run(otherCode, OTHER_ORG_ID, 'Needs label approval', isoAt(SEED_NOW - 60 * DAY_MS), isoAt(SEED_NOW - 60 * DAY_MS));
  setMeta(db, 'last_custom_status', otherCode.toString());

  const demoAssets = loadSeedAssets(db, DEMO_ORG_ID);
  const otherAssets = loadSeedAssets(db, OTHER_ORG_ID);
  const demoWhitelists = ctx.demo.whitelistIds.length > 0 ? ctx.demo.whitelistIds : whitelistIdsOf(ctx, DEMO_ORG_ID);

  const planned: PlannedCopy[] = [];
  const span = 182 * DAY_MS;
  if (demoAssets.length > 0) {
    const weights = popularity(rng, demoAssets);
    const total = 3000 * ctx.scale;
    for (let i = 0; i < total; i++) {
      const asset = rng.weighted(weights);
      // More copies are found recently than half a year ago; never before the asset existed.
      const earliest = Math.max(SEED_NOW - span, asset.createdMs + DAY_MS);
      const window = Math.max(DAY_MS, SEED_NOW - earliest);
      planned.push({ orgId: DEMO_ORG_ID, asset, createdMs: SEED_NOW - 3_600_000 * 9 - Math.floor(Math.pow(rng.next(), 1.3) * (window - 3_600_000 * 9)) });
    }
    // Hostile and sparse records, among the newest so the first page shows them.
    const first = demoAssets[0]!;
    planned.push({ orgId: DEMO_ORG_ID, asset: first, createdMs: SEED_NOW - 3 * 3_600_000, overrides: { platform: 'youtube', mediaUrl: 'javascript:alert(document.domain)', title: 'Totally normal video (click me)' } });
    planned.push({ orgId: DEMO_ORG_ID, asset: first, createdMs: SEED_NOW - 5 * 3_600_000, overrides: { platform: 'tiktok', emptyUser: true, title: '' } });
    planned.push({ orgId: DEMO_ORG_ID, asset: demoAssets[demoAssets.length - 1]!, createdMs: SEED_NOW - 7 * 3_600_000, overrides: { platform: 'tiktok', title: '<img src=x onerror=alert(1)> reaction 😂' } });
  }
  for (let i = 0; i < Math.min(8, otherAssets.length * 4); i++) {
    planned.push({ orgId: OTHER_ORG_ID, asset: otherAssets[i % otherAssets.length]!, createdMs: SEED_NOW - rng.int(1, 120) * DAY_MS - rng.int(0, DAY_MS) });
  }
  planned.sort((a, b) => a.createdMs - b.createdMs);

  const insertCopy = db.prepare(`INSERT INTO copies (
      match_id, org_id, asset_id, created_at, updated_at, platform, copy_media_url, copy_user_url, copy_user_name, copy_user_real_name,
      copy_user_is_verified, copy_title, copy_upload_date, copy_duration, copy_sound_id, views_count, shares_count, comments_count,
      likes_count, dislike_count, segments_in_asset, segments_in_copy, copy_percentage_asset, copy_percentage_copy, length_of_match,
      is_audio_modified, match_category, is_nsfw, is_taken_down, content_type)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCopyStatus = db.prepare('INSERT INTO copy_user_statuses (match_id, status, added_at) VALUES (?, ?, ?)');
  const insertCopyWhitelist = db.prepare('INSERT INTO copy_whitelists (match_id, whitelist_id) VALUES (?, ?)');

  const nextId = idSequencer(1024n);
  const sounds = new SoundBook(rng);
  const demoStatusWeights: (readonly [number | bigint, number])[] = [...STATUS_WEIGHTS, [customCodes[0]!, 4], [customCodes[1]!, 3]];

  for (const plan of planned) {
    const { asset, overrides } = plan;
    const matchId = nextId(plan.createdMs);
    const platform = overrides?.platform ?? rng.weighted(PLATFORM_WEIGHTS);
    const form = formOf(rng, platform);
    const weights = form === 'short' ? SHORT_FORM : form === 'audio' ? AUDIO_FORM : form === 'stream' ? STREAM_FORM : LONG_FORM;
    const geometry = matchGeometry(rng, rng.weighted(weights), asset.duration, form);
    const user = person(rng);
    const emptyUser = overrides?.emptyUser === true;
    const titles = form === 'short' ? SHORT_TITLES : form === 'audio' ? AUDIO_TITLES : form === 'stream' ? STREAM_TITLES : LONG_TITLES;
    const title = overrides?.title ?? rng.pick(titles)(asset.title, asset.artist);

    const views = heavyTail(rng, VIEW_SCALE[platform], 0.6, 250_000_000);
    const likes = Math.floor(views * (0.01 + rng.next() * 0.09));
    const comments = Math.floor(likes * (0.005 + rng.next() * 0.05));
    const shares = platform === 'twitch' ? 0 : Math.floor(likes * (0.01 + rng.next() * 0.15));
    const dislikes = platform === 'youtube' || platform === 'dailymotion' ? Math.floor(likes * (0.005 + rng.next() * 0.04)) : 0;
    const verified = !emptyUser && rng.chance(views > 1_000_000 ? 0.4 : 0.05);

    let soundId: string | null = null;
    const soundChance = platform === 'tiktok' ? 0.95 : platform === 'instagram' ? 0.85 : platform === 'youtube' && form === 'short' ? 0.7 : 0;
    if (!emptyUser && rng.chance(soundChance)) soundId = sounds.forCopy(platform as 'tiktok' | 'instagram' | 'youtube', asset, user).soundId;

    const uploadedMs = plan.createdMs - rng.int(10 * 60_000, 14 * DAY_MS);
    const takenDown = plan.orgId === DEMO_ORG_ID && !overrides && rng.chance(0.06);
    const nsfw = platform === 'x' && rng.chance(0.06);
    const audioModified = rng.chance(form === 'short' ? 0.22 : 0.1);
    const contentType = platform === 'soundcloud' ? 'audio' : platform === 'twitch' ? 'video' : rng.chance(0.7) ? 'video' : 'audiovisual';

    // User statuses: about 40 % of copies; a taken-down copy carries the action that took it down.
    const codes: (number | bigint)[] = [];
    if (takenDown) codes.push(rng.chance(0.75) ? 71 : 30);
    if (plan.orgId === DEMO_ORG_ID && (takenDown ? rng.chance(0.4) : rng.chance(0.37))) {
      const count = codes.length === 0 && rng.chance(0.3) ? 2 : 1;
      while (codes.length < count + (takenDown ? 1 : 0)) {
        const code = rng.weighted(demoStatusWeights);
        if (!codes.some((c) => BigInt(c) === BigInt(code))) codes.push(code);
      }
    }
    if (plan.orgId === OTHER_ORG_ID && rng.chance(0.5)) codes.push(rng.chance(0.5) ? otherCode : 60);

    let updatedMs = plan.createdMs;
    const statusTimes = codes.map(() => {
      const at = Math.min(SEED_NOW - 60_000, plan.createdMs + rng.int(3_600_000, 30 * DAY_MS));
      updatedMs = Math.max(updatedMs, at);
      return at;
    });
    statusTimes.sort((a, b) => a - b);

    insertCopy.run(
      matchId,
      plan.orgId,
      asset.asset_id,
      isoAt(plan.createdMs),
      isoAt(updatedMs),
      platform,
      overrides?.mediaUrl ?? mediaUrl(rng, platform, user.handle, title, form === 'short'),
      emptyUser ? '' : userUrl(platform, user.handle),
      emptyUser ? '' : user.handle,
      emptyUser ? '' : user.realName,
      verified ? 1 : 0,
      title,
      isoAt(uploadedMs),
      geometry.copyDuration,
      soundId,
      emptyUser ? 0 : views,
      emptyUser ? 0 : shares,
      emptyUser ? 0 : comments,
      emptyUser ? 0 : likes,
      emptyUser ? 0 : dislikes,
      JSON.stringify(geometry.segmentsInAsset),
      JSON.stringify(geometry.segmentsInCopy),
      geometry.percentageAsset,
      geometry.percentageCopy,
      geometry.lengthOfMatch,
      audioModified ? 1 : 0,
      geometry.category,
      nsfw ? 1 : 0,
      takenDown ? 1 : 0,
      contentType,
    );
    codes.forEach((code, i) => insertCopyStatus.run(matchId, code, isoAt(statusTimes[i]!)));

    // Creators a label has cleared: a few percent of copies sit on one (rarely two) whitelists.
    if (plan.orgId === DEMO_ORG_ID && demoWhitelists.length > 0 && rng.chance(0.04)) {
      const first = rng.pick(demoWhitelists);
      insertCopyWhitelist.run(matchId, first);
      const second = rng.pick(demoWhitelists);
      if (second !== first && rng.chance(0.15)) insertCopyWhitelist.run(matchId, second);
    }
  }

  const insertSound = db.prepare('INSERT INTO sounds (platform, sound_id, url, title, artist, is_original, video_count) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const sound of sounds.sounds) {
    const videoCount = sound.isOriginal ? heavyTail(rng, 1, 0.8, 2_000_000) : heavyTail(rng, 400, 0.7, 9_000_000);
    insertSound.run(sound.platform, sound.soundId, sound.url, sound.title, sound.artist, sound.isOriginal ? 1 : 0, Math.max(sound.uses, videoCount));
  }
}

function whitelistIdsOf(ctx: SeedContext, orgId: bigint): bigint[] {
  return (ctx.db.prepare('SELECT whitelist_id FROM whitelists WHERE org_id = ? ORDER BY whitelist_id').all(orgId) as { whitelist_id: bigint }[]).map((r) => r.whitelist_id);
}
