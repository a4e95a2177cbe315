import { createHash } from 'node:crypto';
import type { Db } from '../db';
import { idForTime } from '../ids';
import type { MediaType, Music, Segment } from '../catalogue-shared';
import { defaultMatchTypes, fidMismatchMessage, normaliseIsrc, processWhitelistUrl } from '../catalogue-shared';
import type { SeedContext } from './index';
import { DEMO_ORG_ID, OTHER_ORG_ID, SEED_NOW } from './index';
import { Random } from './random';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

/** Prepared statements for one seeding run, plus a sequence that keeps same-millisecond ids apart. */
class CatalogueWriter {
  private seq = 0n;
  private readonly insertCollection;
  private readonly insertAsset;
  private readonly insertAssetCollection;
  private readonly insertIsrc;
  private readonly insertWhitelist;
  private readonly insertUrl;

  constructor(db: Db) {
    this.insertCollection = db.prepare(
      `INSERT INTO collections (collection_id, org_id, title, reference_id, created_at, updated_at, is_default, is_auto, source_url, is_active)
       VALUES (@id, @org, @title, @reference_id, @created_at, @updated_at, @is_default, @is_auto, @source_url, @is_active)`,
    );
    this.insertAsset = db.prepare(
      `INSERT INTO assets (asset_id, org_id, title, created_at, updated_at, production_date, reference_ids, is_tracked, tracked_from, media_type,
         match_types, duration, processing_status, processing_error, youtube_cid, music, excluded_segments, source, link, mime_type, fid,
         upload_version, uploaded, size_bytes)
       VALUES (@id, @org, @title, @created_at, @updated_at, @production_date, @reference_ids, @is_tracked, @tracked_from, @media_type,
         @match_types, @duration, @processing_status, @processing_error, @youtube_cid, @music, @excluded_segments, @source, @link, @mime_type, @fid,
         @upload_version, @uploaded, @size_bytes)`,
    );
    this.insertAssetCollection = db.prepare('INSERT OR IGNORE INTO asset_collections (asset_id, collection_id) VALUES (?, ?)');
    this.insertIsrc = db.prepare('INSERT OR IGNORE INTO asset_isrcs (asset_id, isrc) VALUES (?, ?)');
    this.insertWhitelist = db.prepare(
      'INSERT INTO whitelists (whitelist_id, org_id, title, created_at, updated_at, start_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertUrl = db.prepare('INSERT INTO whitelist_urls (url_id, whitelist_id, source_url, created_at, status, error) VALUES (?, ?, ?, ?, ?, ?)');
  }

  private id(ms: number): bigint {
    return idForTime(ms, this.seq++);
  }

  collection(org: bigint, ms: number, c: { title: string; reference_id?: string; is_default?: boolean; source_url?: string; is_active?: boolean }): bigint {
    const id = this.id(ms);
    this.insertCollection.run({
      id,
      org,
      title: c.title,
      reference_id: c.reference_id ?? '',
      created_at: iso(ms),
      updated_at: iso(ms),
      is_default: c.is_default ? 1 : 0,
      is_auto: c.source_url ? 1 : 0,
      source_url: c.source_url ?? null,
      is_active: c.is_active === false ? 0 : 1,
    });
    return id;
  }

  asset(org: bigint, ms: number, a: SeedAsset, collectionIds: readonly bigint[]): bigint {
    const id = this.id(ms);
    this.insertAsset.run({
      id,
      org,
      title: a.title,
      created_at: iso(ms),
      updated_at: iso(a.updatedMs),
      production_date: a.productionDate,
      reference_ids: JSON.stringify(a.referenceIds),
      is_tracked: a.trackedFromMs === null ? 0 : 1,
      tracked_from: a.trackedFromMs === null ? '' : iso(a.trackedFromMs),
      media_type: a.mediaType,
      match_types: JSON.stringify(a.matchTypes),
      duration: a.duration,
      processing_status: a.status,
      processing_error: a.error,
      youtube_cid: a.youtubeCid,
      music: JSON.stringify(a.music),
      excluded_segments: JSON.stringify(a.excludedSegments),
      source: a.link ? 'link' : 'seed',
      link: a.link,
      mime_type: a.mimeType,
      fid: a.fid,
      upload_version: a.link ? null : a.uploadVersion,
      uploaded: a.uploaded ? 1 : 0,
      size_bytes: a.sizeBytes,
    });
    for (const collectionId of collectionIds) this.insertAssetCollection.run(id, collectionId);
    for (const isrc of a.music.isrcs) this.insertIsrc.run(id, normaliseIsrc(isrc));
    return id;
  }

  whitelist(org: bigint, ms: number, title: string, start: string, end: string, urls: readonly string[], rand: Random): bigint {
    const id = this.id(ms);
    const times: number[] = [];
    let last = ms;
    for (let i = 0; i < urls.length; i++) times.push((last += rand.int(1, 72) * HOUR));
    this.insertWhitelist.run(id, org, title, iso(ms), iso(last), start, end);
    urls.forEach((url, i) => {
      const processed = processWhitelistUrl(url);
      this.insertUrl.run(this.id(times[i]!), id, url, iso(times[i]!), processed.status, processed.error);
    });
    return id;
  }
}

type SeedAsset = {
  title: string;
  updatedMs: number;
  productionDate: string;
  referenceIds: string[];
  trackedFromMs: number | null;
  mediaType: MediaType;
  matchTypes: string[];
  duration: number;
  status: 'pending' | 'uploaded' | 'sampled' | 'failed';
  error: string;
  youtubeCid: string;
  music: Music;
  excludedSegments: Segment[];
  link: string;
  mimeType: string;
  fid: string;
  uploadVersion: 3 | 4;
  uploaded: boolean;
  sizeBytes: number;
};

// ---- fictional catalogue ---------------------------------------------------------------------

const ARTISTS: readonly { name: string; albums: readonly string[] }[] = [
  { name: 'The Lantern Society', albums: ['Harbour Lights', 'Paper Boats'] },
  { name: 'Maren Holt', albums: ['Northern Letters', 'Salt & Cedar'] },
  { name: 'Juno Vale', albums: ['Glass Parade', 'Night Ferry'] },
  { name: 'Ashgrove', albums: ['Hollow Fields', 'Ashgrove Live at the Corn Exchange'] },
  { name: 'Kite & Compass', albums: ['Westerly', 'Small Hours'] },
  { name: 'Oskar Lind', albums: ['Satellite Summer'] },
  { name: 'Delia Moss', albums: ['Amber Static', 'Quiet Machines'] },
  { name: 'Neon Fjord', albums: ['Polar Disco', 'Aurora Tapes'] },
  { name: 'Ivy Calder', albums: ['Velvet Weather'] },
  { name: 'Brass Orchard', albums: ['Sunday Parade'] },
];

const FIRST_WORDS = ['Midnight', 'Paper', 'Silver', 'Northern', 'Glass', 'Velvet', 'Quiet', 'Electric', 'Golden', 'Hollow', 'Satellite', 'Amber', 'Lighthouse', 'Winter', 'Copper', 'Falling', 'Borrowed', 'Slow', 'Wild', 'Distant'];
const SECOND_WORDS = ['Harbour', 'Lanterns', 'Skyline', 'Rivers', 'Static', 'Summer', 'Echoes', 'Tides', 'Letters', 'Parade', 'Orchards', 'Signals', 'Weather', 'Ferries', 'Gardens', 'Stations', 'Horses', 'Mirrors', 'Coastline', 'Fires'];
const VERSIONS = ['', '', '', '', '', ' (Radio Edit)', ' (Acoustic)', ' (Live)', ' (Extended Mix)', ' (Instrumental)'];

const FAILURES = [
  'Unsupported audio codec: the audio stream is AMR-NB; upload MP3, AAC, FLAC, WAV or OGG.',
  'The file is too short to fingerprint: 6 s of audio, at least 10 s are needed.',
  'The file could not be decoded: the container ends early (truncated at 38%).',
];

function hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A valid ISWC (T-ddd.ddd.ddd-c) with its check digit. */
function iswc(rand: Random): string {
  const digits = Array.from({ length: 9 }, () => rand.int(0, 9));
  const sum = digits.reduce((acc, d, i) => acc + d * (i + 1), 1);
  const check = (10 - (sum % 10)) % 10;
  const s = digits.join('');
  return `T-${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${check}`;
}

function youtubeCid(rand: Random): string {
  return `A${Array.from({ length: 15 }, () => rand.int(0, 9)).join('')}`;
}

function youtubeVideoId(rand: Random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 11 }, () => alphabet[rand.int(0, alphabet.length - 1)]).join('');
}

type AssetPlan = { asset: SeedAsset; createdMs: number; artist: string; album: string };

function planAssets(rand: Random, count: number, startMs: number, spanDays: number, labelCode: string, isrcStart: number): AssetPlan[] {
  const titles = new Set<string>();
  const plans: AssetPlan[] = [];
  for (let i = 0; i < count; i++) {
    let base: string;
    do base = `${rand.pick(FIRST_WORDS)} ${rand.pick(SECOND_WORDS)}`;
    while (titles.has(base));
    titles.add(base);
    const artist = rand.pick(ARTISTS);
    const album = rand.pick(artist.albums);
    const createdMs = startMs + Math.floor(((i + rand.next() * 0.8) * spanDays * DAY) / count);
    const productionMs = createdMs - rand.int(30, 2200) * DAY;
    const mediaType = rand.weighted<MediaType>([
      ['audio', 75],
      ['audiovisual', 15],
      ['video', 10],
    ]);
    const duration = rand.int(90, 420);
    const year = new Date(productionMs).getUTCFullYear() % 100;
    const isrcs = [`${labelCode}${String(year).padStart(2, '0')}${String(isrcStart + i).padStart(5, '0')}`];
    if (mediaType !== 'audio' && rand.chance(0.3)) isrcs.push(`${labelCode}${String(year).padStart(2, '0')}${String(isrcStart + 500 + i).padStart(5, '0')}`);
    const excluded: Segment[] = [];
    if (rand.chance(0.1)) excluded.push({ lower: 0, upper: rand.int(5, 15) });
    if (rand.chance(0.06)) excluded.push({ lower: duration - rand.int(10, 30), upper: duration });
    const mimeType = mediaType === 'audio' ? rand.pick(['audio/mpeg', 'audio/wav', 'audio/flac']) : 'video/mp4';
    const bytesPerSecond = mimeType === 'audio/mpeg' ? 40_000 : mimeType === 'video/mp4' ? 625_000 : 176_400;
    plans.push({
      createdMs,
      artist: artist.name,
      album,
      asset: {
        title: `${base}${rand.pick(VERSIONS)}`,
        updatedMs: Math.min(createdMs + rand.int(0, 20) * DAY + rand.int(0, 23) * HOUR, SEED_NOW - HOUR),
        productionDate: day(productionMs),
        referenceIds: rand.chance(0.7) ? [`${labelCode}-${2000 + year}-${String(isrcStart + i).padStart(4, '0')}`] : [],
        trackedFromMs: rand.chance(0.65) ? Math.min(createdMs + rand.int(1, 72) * HOUR, SEED_NOW - 2 * HOUR) : null,
        mediaType,
        matchTypes: mediaType === 'audiovisual' && rand.chance(0.3) ? ['audio'] : defaultMatchTypes(mediaType),
        duration,
        status: 'sampled',
        error: '',
        youtubeCid: rand.chance(0.3) ? youtubeCid(rand) : '',
        music: { iswcs: rand.chance(0.6) ? [iswc(rand)] : [], isrcs, artist: artist.name, album },
        excludedSegments: excluded,
        link: '',
        mimeType,
        fid: hex(`${labelCode}-${i}-${base}`),
        uploadVersion: rand.chance(0.15) ? 4 : 3,
        uploaded: true,
        sizeBytes: duration * bytesPerSecond + rand.int(0, 99_999),
      },
    });
  }
  return plans;
}

/** Assets, collections and whitelists of the demo organisation and the second organisation. */
export function seedCatalogue(ctx: SeedContext): void {
  const rand = new Random(20_261_120);
  const w = new CatalogueWriter(ctx.db);

  // Demo organisation: collections first, so their ids are older than the assets'.
  const collectionsStart = SEED_NOW - 420 * DAY;
  const defaultId = w.collection(DEMO_ORG_ID, collectionsStart, { title: 'Default collection', is_default: true });
  const catalogueId = w.collection(DEMO_ORG_ID, collectionsStart + 2 * DAY, { title: 'Northwind back catalogue 2019–2024', reference_id: 'NW-CAT-A' });
  const albumId = w.collection(DEMO_ORG_ID, collectionsStart + 5 * DAY, { title: 'Harbour Lights (album)', reference_id: 'NW-ALB-014' });
  const syncId = w.collection(DEMO_ORG_ID, collectionsStart + 9 * DAY, { title: 'Sync licensing: TV & film', reference_id: 'NW-SYNC' });
  const liveId = w.collection(DEMO_ORG_ID, collectionsStart + 14 * DAY, { title: 'Live sessions', reference_id: 'NW-LIVE' });
  const autoId = w.collection(DEMO_ORG_ID, collectionsStart + 20 * DAY, {
    title: 'Northwind Records on YouTube',
    source_url: 'https://www.youtube.com/@northwindrecords',
    is_active: true,
  });
  ctx.demo.collectionIds.push(defaultId, catalogueId, albumId, syncId, liveId, autoId);

  const plans = planAssets(rand, 60, SEED_NOW - 380 * DAY, 378, 'GBNWR', 1);
  // A readable spread of processing states: most sampled, the newest few still processing, four failed.
  const failedAt = new Set([11, 29, 47, 55]);
  const uploadedAt = new Set([56, 57, 58]);
  plans.forEach((plan, i) => {
    const a = plan.asset;
    if (failedAt.has(i)) {
      a.status = 'failed';
      const failure = [...failedAt].indexOf(i);
      if (failure === 0) {
        a.error = fidMismatchMessage(hex(`actual-${i}`), a.fid);
        a.uploaded = false;
      } else {
        a.error = FAILURES[failure - 1]!;
      }
      a.trackedFromMs = null;
    } else if (uploadedAt.has(i)) {
      a.status = 'uploaded';
    } else if (i === 59) {
      // Metadata accepted, file never transferred.
      a.status = 'pending';
      a.uploaded = false;
      a.sizeBytes = 0;
      a.trackedFromMs = null;
    }
    // Link assets: videos found on the label's channel (the auto collection's source).
    if (i % 10 === 3 && !failedAt.has(i) && i < 56) {
      a.link = `https://www.youtube.com/watch?v=${youtubeVideoId(rand)}`;
      a.mediaType = 'audiovisual';
      a.matchTypes = ['audio', 'video'];
      a.mimeType = '';
      a.fid = '';
      a.sizeBytes = 0;
    }
  });

  plans.forEach((plan, i) => {
    const collections: bigint[] = [];
    if (plan.asset.link) collections.push(autoId);
    else {
      if (plan.album === 'Harbour Lights') collections.push(albumId);
      if (i < 22) collections.push(catalogueId);
      if (i % 7 === 2) collections.push(syncId);
      if (plan.asset.title.endsWith('(Live)') || plan.album.includes('Live at')) collections.push(liveId);
      if (collections.length === 0) collections.push(defaultId);
    }
    ctx.demo.assetIds.push(w.asset(DEMO_ORG_ID, plan.createdMs, plan.asset, collections));
  });

  const whitelistStart = SEED_NOW - 300 * DAY;
  ctx.demo.whitelistIds.push(
    w.whitelist(
      DEMO_ORG_ID,
      whitelistStart,
      'Official channels',
      '-infinity',
      'infinity',
      [
        'https://www.youtube.com/@northwindrecords',
        'https://www.tiktok.com/@northwindrecords',
        'https://www.instagram.com/northwindrecords/',
        'https://soundcloud.com/northwind-records',
        'https://open.spotify.com/artist/4NwRdRecords0000000000',
        'https://example.org/northwind-fan-page',
        'javascript:alert(document.domain)',
      ],
      rand,
    ),
    w.whitelist(
      DEMO_ORG_ID,
      whitelistStart + 120 * DAY,
      'Licensed creators 2026',
      '2026-01-01',
      '2026-12-31',
      [
        'https://www.youtube.com/@harbourvlogs',
        'https://www.tiktok.com/@dancewithmila',
        'https://vimeo.com/studiokestrel',
        'https://www.twitch.tv/lofi_lena',
        'https://myblog.example.net/reviews/northwind',
      ],
      rand,
    ),
    w.whitelist(
      DEMO_ORG_ID,
      whitelistStart + 210 * DAY,
      'Summer campaign partners',
      '2026-06-01',
      '2026-09-30',
      ['https://www.instagram.com/festivalnorth/', 'https://www.facebook.com/seasidesounds', 'https://www.dailymotion.com/travelwithtom'],
      rand,
    ),
  );

  // The second organisation: enough to prove that nothing of it leaks into the demo organisation.
  const otherStart = SEED_NOW - 200 * DAY;
  const otherDefault = w.collection(OTHER_ORG_ID, otherStart, { title: 'Default collection', is_default: true });
  ctx.other.collectionIds.push(otherDefault);
  for (const plan of planAssets(new Random(7), 5, otherStart + DAY, 150, 'USOMG', 1)) {
    ctx.other.assetIds.push(w.asset(OTHER_ORG_ID, plan.createdMs, plan.asset, [otherDefault]));
  }
  ctx.other.whitelistIds.push(
    w.whitelist(OTHER_ORG_ID, otherStart + 30 * DAY, 'Partner channels', '2026-01-01', 'infinity', ['https://www.youtube.com/@othermusicgroup', 'https://vk.com/othermusic'], rand),
  );
}
