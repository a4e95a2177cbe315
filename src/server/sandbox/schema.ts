// The sandbox's storage: the one definition of every table. Migrations run in order, once each;
// add a new entry at the end rather than editing a shipped one.
export const migrations: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE orgs (
    org_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
  );

  CREATE TABLE api_keys (
    token TEXT PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    key_name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX api_keys_org ON api_keys(org_id, created_at);

  CREATE TABLE oauth_clients (
    client_id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id)
  );

  CREATE TABLE oauth_tokens (
    access_token TEXT PRIMARY KEY,
    client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
    expires_at INTEGER NOT NULL -- epoch milliseconds
  );

  CREATE TABLE collections (
    collection_id INTEGER PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    title TEXT NOT NULL,
    reference_id TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    is_auto INTEGER NOT NULL DEFAULT 0,
    source_url TEXT,
    is_active INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX collections_org ON collections(org_id, collection_id);

  CREATE TABLE assets (
    asset_id INTEGER PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    title TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    production_date TEXT NOT NULL DEFAULT '',       -- YYYY-MM-DD
    reference_ids TEXT NOT NULL DEFAULT '[]',        -- JSON string[]
    is_tracked INTEGER NOT NULL DEFAULT 0,
    tracked_from TEXT NOT NULL DEFAULT '',
    media_type TEXT NOT NULL,                        -- audio | video | audiovisual
    match_types TEXT NOT NULL DEFAULT '["audio"]',   -- JSON string[]
    thumbnail_url TEXT NOT NULL DEFAULT '',
    duration INTEGER NOT NULL DEFAULT 0,             -- seconds
    processing_status TEXT NOT NULL,                 -- pending | uploaded | sampled | failed
    processing_error TEXT NOT NULL DEFAULT '',
    youtube_cid TEXT NOT NULL DEFAULT '',
    music TEXT NOT NULL DEFAULT '{"iswcs":[],"isrcs":[],"artist":"","album":""}',
    excluded_segments TEXT NOT NULL DEFAULT '[]',    -- JSON {lower, upper}[]
    source TEXT NOT NULL DEFAULT 'upload',           -- upload | link | seed
    link TEXT NOT NULL DEFAULT '',
    mime_type TEXT NOT NULL DEFAULT '',
    fid TEXT NOT NULL DEFAULT '',
    upload_version INTEGER,                          -- 3 or 4 for uploads
    upload_token TEXT,                               -- secret part of a v3 file_url
    blob_id TEXT,                                    -- v4 tus Blob-ID
    uploaded INTEGER NOT NULL DEFAULT 0,
    size_bytes INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX assets_org ON assets(org_id, asset_id);
  CREATE UNIQUE INDEX assets_blob ON assets(blob_id) WHERE blob_id IS NOT NULL;

  CREATE TABLE asset_collections (
    asset_id INTEGER NOT NULL REFERENCES assets(asset_id) ON DELETE CASCADE,
    collection_id INTEGER NOT NULL REFERENCES collections(collection_id) ON DELETE CASCADE,
    PRIMARY KEY (asset_id, collection_id)
  );
  CREATE INDEX asset_collections_collection ON asset_collections(collection_id);

  CREATE TABLE asset_isrcs (                         -- search index of music.isrcs, kept in step
    asset_id INTEGER NOT NULL REFERENCES assets(asset_id) ON DELETE CASCADE,
    isrc TEXT NOT NULL,
    PRIMARY KEY (asset_id, isrc)
  );
  CREATE INDEX asset_isrcs_isrc ON asset_isrcs(isrc);

  CREATE TABLE whitelists (
    whitelist_id INTEGER PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    title TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    start_date TEXT NOT NULL,                        -- YYYY-MM-DD or -infinity
    end_date TEXT NOT NULL                           -- YYYY-MM-DD or infinity
  );
  CREATE INDEX whitelists_org ON whitelists(org_id, whitelist_id);

  CREATE TABLE whitelist_urls (
    url_id INTEGER PRIMARY KEY,
    whitelist_id INTEGER NOT NULL REFERENCES whitelists(whitelist_id) ON DELETE CASCADE,
    source_url TEXT NOT NULL,
    created_at TEXT NOT NULL,
    status TEXT NOT NULL,                            -- ok | failed
    error TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX whitelist_urls_list ON whitelist_urls(whitelist_id, url_id);

  CREATE TABLE copies (
    match_id INTEGER PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    asset_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,                        -- drives the start filter
    platform TEXT NOT NULL,
    copy_media_url TEXT NOT NULL DEFAULT '',
    copy_user_url TEXT NOT NULL DEFAULT '',
    copy_user_name TEXT NOT NULL DEFAULT '',
    copy_user_real_name TEXT NOT NULL DEFAULT '',
    copy_user_is_verified INTEGER NOT NULL DEFAULT 0,
    copy_title TEXT NOT NULL DEFAULT '',
    copy_upload_date TEXT NOT NULL DEFAULT '',
    copy_duration REAL NOT NULL DEFAULT 0,
    copy_sound_id TEXT,
    views_count INTEGER NOT NULL DEFAULT 0,
    shares_count INTEGER NOT NULL DEFAULT 0,
    comments_count INTEGER NOT NULL DEFAULT 0,
    likes_count INTEGER NOT NULL DEFAULT 0,
    dislike_count INTEGER NOT NULL DEFAULT 0,
    segments_in_asset TEXT NOT NULL DEFAULT '[]',    -- JSON integer[] (start, end pairs, seconds)
    segments_in_copy TEXT NOT NULL DEFAULT '[]',
    copy_percentage_asset INTEGER NOT NULL DEFAULT 0,
    copy_percentage_copy INTEGER NOT NULL DEFAULT 0,
    length_of_match INTEGER NOT NULL DEFAULT 0,
    is_audio_modified INTEGER NOT NULL DEFAULT 0,
    match_category TEXT NOT NULL,
    is_nsfw INTEGER NOT NULL DEFAULT 0,
    is_taken_down INTEGER NOT NULL DEFAULT 0,
    content_type TEXT NOT NULL DEFAULT 'video'
  );
  CREATE INDEX copies_org ON copies(org_id, match_id);
  CREATE INDEX copies_asset ON copies(org_id, asset_id, match_id);
  CREATE INDEX copies_platform ON copies(org_id, platform, match_id);

  CREATE TABLE copy_whitelists (
    match_id INTEGER NOT NULL REFERENCES copies(match_id) ON DELETE CASCADE,
    whitelist_id INTEGER NOT NULL REFERENCES whitelists(whitelist_id) ON DELETE CASCADE,
    PRIMARY KEY (match_id, whitelist_id)
  );

  CREATE TABLE copy_user_statuses (                  -- user_actions.statuses of a copy
    match_id INTEGER NOT NULL REFERENCES copies(match_id) ON DELETE CASCADE,
    status INTEGER NOT NULL,
    added_at TEXT NOT NULL,
    PRIMARY KEY (match_id, status)
  );
  CREATE INDEX copy_user_statuses_status ON copy_user_statuses(status, match_id);

  CREATE TABLE custom_statuses (                     -- built-in codes live in code (statuses.ts)
    status INTEGER PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    title TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX custom_statuses_org ON custom_statuses(org_id);

  CREATE TABLE sounds (
    platform TEXT NOT NULL,
    sound_id TEXT NOT NULL,
    url TEXT NOT NULL,
    title TEXT NOT NULL,
    artist TEXT NOT NULL,
    is_original INTEGER NOT NULL,
    video_count INTEGER NOT NULL,
    PRIMARY KEY (platform, sound_id)
  );

  CREATE TABLE monitoring_results (
    result_id INTEGER PRIMARY KEY,
    org_id INTEGER NOT NULL REFERENCES orgs(org_id),
    asset_id INTEGER NOT NULL,
    account_name TEXT NOT NULL,
    post_gid TEXT NOT NULL,
    platform TEXT NOT NULL,
    post_url TEXT NOT NULL,
    date_uploaded TEXT NOT NULL,                     -- ISO timestamp with offset
    upload_day TEXT NOT NULL,                        -- YYYY-MM-DD of date_uploaded, for filters
    music_detected INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT ''                  -- '' when no match; else one of the five values
  );
  CREATE INDEX monitoring_order ON monitoring_results(org_id, date_uploaded DESC, result_id DESC);

  CREATE TABLE monitoring_matches (
    result_id INTEGER NOT NULL REFERENCES monitoring_results(result_id) ON DELETE CASCADE,
    match_id INTEGER NOT NULL,
    match_identified TEXT NOT NULL,                  -- yes | no
    match_majors TEXT NOT NULL,                      -- yes | no
    isrc TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    artist TEXT NOT NULL DEFAULT '',
    distributor TEXT NOT NULL DEFAULT '',
    audio_segments_post TEXT NOT NULL DEFAULT '[]',  -- JSON-encoded string, as on the wire
    audio_segments_song TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (result_id, match_id)
  );

  CREATE TABLE search_lookups (
    lookup_id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,                     -- epoch milliseconds
    ready_at INTEGER NOT NULL,                       -- check-search blocks until then
    response TEXT NOT NULL                           -- JSON of the completed search response
  );
  `,
  // Catalogue: when an asset's bytes (or link) were accepted, epoch ms (processing runs from there),
  // and the tus upload id of a v4 asset.
  `
  ALTER TABLE assets ADD COLUMN uploaded_at INTEGER;
  ALTER TABLE assets ADD COLUMN tus_upload_id TEXT;
  CREATE UNIQUE INDEX assets_tus_upload ON assets(tus_upload_id) WHERE tus_upload_id IS NOT NULL;
  `,
  // DRM lists: the page scans read the index alone, because the filter columns sit beside the order
  // columns. upload_day leads the monitoring index so date filters are ranges; ordering by
  // (upload_day, date_uploaded) is the same as by date_uploaded.
  `
  DROP INDEX copies_org;
  DROP INDEX copies_platform;
  DROP INDEX copies_asset;
  CREATE INDEX copies_scan ON copies(org_id, match_id, platform COLLATE NOCASE, is_taken_down, updated_at, asset_id);
  CREATE INDEX copies_by_asset ON copies(org_id, asset_id, match_id, platform COLLATE NOCASE, is_taken_down, updated_at);
  CREATE INDEX copies_updated ON copies(org_id, updated_at);
  DROP INDEX monitoring_order;
  CREATE INDEX monitoring_page ON monitoring_results(org_id, upload_day, date_uploaded, result_id, status, music_detected);
  `,
];
