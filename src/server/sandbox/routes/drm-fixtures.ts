import type { Db } from '../db';
import { openDb } from '../db';
import { FaultInjector, NO_FAULTS } from '../faults';
import type { SandboxState } from '../http';
import { IdIssuer } from '../ids';
import { SEED_NOW, seedAll } from '../seed';

// Records the DRM contract tests put in place themselves, so each test knows exactly what a filter
// should return whatever the demo seed contains. Ids come from the sandbox's own issuer (they only
// grow), so a later fixture is always newer.

export function insertAsset(state: SandboxState, orgId: bigint, opts: { title?: string; isrc?: string; duration?: number } = {}): bigint {
  const id = state.ids.next();
  const now = new Date(state.now()).toISOString();
  const music = { iswcs: [], isrcs: opts.isrc ? [opts.isrc] : [], artist: 'Fixture Artist', album: '' };
  state.db
    .prepare(`INSERT INTO assets (asset_id, org_id, title, created_at, updated_at, media_type, processing_status, duration, music, source)
              VALUES (?, ?, ?, ?, ?, 'audio', 'sampled', ?, ?, 'seed')`)
    .run(id, orgId, opts.title ?? 'Fixture song', now, now, opts.duration ?? 180, JSON.stringify(music));
  if (opts.isrc) state.db.prepare('INSERT INTO asset_isrcs (asset_id, isrc) VALUES (?, ?)').run(id, opts.isrc);
  return id;
}

export function insertCollection(state: SandboxState, orgId: bigint, assetIds: bigint[]): bigint {
  const id = state.ids.next();
  const now = new Date(state.now()).toISOString();
  state.db.prepare('INSERT INTO collections (collection_id, org_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, orgId, 'Fixture collection', now, now);
  for (const assetId of assetIds) state.db.prepare('INSERT INTO asset_collections (asset_id, collection_id) VALUES (?, ?)').run(assetId, id);
  return id;
}

export function insertWhitelist(state: SandboxState, orgId: bigint): bigint {
  const id = state.ids.next();
  const now = new Date(state.now()).toISOString();
  state.db
    .prepare('INSERT INTO whitelists (whitelist_id, org_id, title, created_at, updated_at, start_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(id, orgId, 'Fixture whitelist', now, now, '-infinity', 'infinity');
  return id;
}

export type CopyFixture = {
  platform?: string;
  updatedAt?: string;
  takenDown?: boolean;
  statuses?: number[];
  whitelistIds?: bigint[];
  soundId?: string | null;
  audioModified?: boolean;
};

export function insertCopy(state: SandboxState, orgId: bigint, assetId: bigint, opts: CopyFixture = {}): bigint {
  const id = state.ids.next();
  const now = new Date(state.now()).toISOString();
  state.db
    .prepare(
      `INSERT INTO copies (match_id, org_id, asset_id, created_at, updated_at, platform, copy_media_url, copy_user_url, copy_user_name,
         copy_user_real_name, copy_title, copy_upload_date, copy_duration, copy_sound_id, views_count, likes_count, segments_in_asset,
         segments_in_copy, copy_percentage_asset, copy_percentage_copy, length_of_match, is_audio_modified, match_category, is_taken_down)
       VALUES (?, ?, ?, ?, ?, ?, 'https://example.com/v/1', 'https://example.com/u', 'fixture.user', 'Fixture User', 'Fixture copy', ?, 42.5, ?,
         1200, 80, '[10,30]', '[2,22]', 11, 47, 20, ?, 'SN30', ?)`,
    )
    .run(id, orgId, assetId, now, opts.updatedAt ?? now, opts.platform ?? 'tiktok', now, opts.soundId ?? null, opts.audioModified ? 1 : 0, opts.takenDown ? 1 : 0);
  for (const status of opts.statuses ?? []) state.db.prepare('INSERT INTO copy_user_statuses (match_id, status, added_at) VALUES (?, ?, ?)').run(id, status, now);
  for (const whitelistId of opts.whitelistIds ?? []) state.db.prepare('INSERT INTO copy_whitelists (match_id, whitelist_id) VALUES (?, ?)').run(id, whitelistId);
  return id;
}

export type ResultFixture = {
  dateUploaded: string; // e.g. 2030-01-02T10:00:00+00:00
  status?: string;
  musicDetected?: boolean;
  matches?: number;
};

/** A monitoring result with `matches` matches (0 for none); returns the result id and its match ids. */
export function insertResult(state: SandboxState, orgId: bigint, assetId: bigint, opts: ResultFixture): { resultId: bigint; matchIds: bigint[] } {
  const resultId = state.ids.next();
  const matches = opts.matches ?? 1;
  state.db
    .prepare(
      `INSERT INTO monitoring_results (result_id, org_id, asset_id, account_name, post_gid, platform, post_url, date_uploaded, upload_day, music_detected, status)
       VALUES (?, ?, ?, 'fixture.account', ?, 'tiktok', 'https://www.tiktok.com/@fixture.account/video/1', ?, ?, ?, ?)`,
    )
    .run(resultId, orgId, assetId, `tt:${resultId}`, opts.dateUploaded, opts.dateUploaded.slice(0, 10), opts.musicDetected === false ? 0 : 1, matches === 0 ? '' : (opts.status ?? 'needs_review'));
  const matchIds: bigint[] = [];
  for (let i = 0; i < matches; i++) {
    const matchId = state.ids.next();
    state.db
      .prepare(
        `INSERT INTO monitoring_matches (result_id, match_id, match_identified, match_majors, isrc, title, artist, distributor, audio_segments_post, audio_segments_song)
         VALUES (?, ?, 'yes', 'no', 'GBFIX2600001', 'Fixture song', 'Fixture Artist', 'The Orchard', '[[1.0,5.5]]', '[[30.0,34.5]]')`,
      )
      .run(resultId, matchId);
    matchIds.push(matchId);
  }
  return { resultId, matchIds };
}

/** The whole demo seed in an in-memory database, without a server: for tests of the seeded data itself. */
export function seededDb(scale = 1): Db {
  const db = openDb(':memory:');
  const state: SandboxState = {
    db,
    ids: new IdIssuer(db, () => SEED_NOW),
    now: () => SEED_NOW,
    uploadDir: '',
    faults: new FaultInjector(NO_FAULTS),
    reseed: () => {},
  };
  seedAll(state, { scale, reset: true });
  return db;
}
