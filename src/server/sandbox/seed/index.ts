import type { Db } from '../db';
import { getMeta, setMeta } from '../db';
import type { SandboxState } from '../http';
import { seedCatalogue } from './catalogue';
import { seedCopies } from './copies';
import { seedMonitoring } from './monitoring';
import { seedSearch } from './search';

/** The seed's clock: every seeded date is relative to this instant, so the data is deterministic. */
export const SEED_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export const DEMO_ORG_ID = 1n;
export const OTHER_ORG_ID = 2n;

export type SeedContext = {
  state: SandboxState;
  db: Db;
  scale: number;
  /** Ids of the rows the earlier seed steps created, for the later ones to refer to. */
  demo: { assetIds: bigint[]; collectionIds: bigint[]; whitelistIds: bigint[] };
  other: { assetIds: bigint[]; collectionIds: bigint[]; whitelistIds: bigint[] };
};

const TABLES_IN_DELETE_ORDER = [
  'search_lookups',
  'monitoring_matches',
  'monitoring_results',
  'sounds',
  'custom_statuses',
  'copy_user_statuses',
  'copy_whitelists',
  'copies',
  'whitelist_urls',
  'whitelists',
  'asset_isrcs',
  'asset_collections',
  'assets',
  'collections',
  'oauth_tokens',
  'oauth_clients',
  'api_keys',
  'orgs',
];

export function isSeeded(db: Db): boolean {
  return getMeta(db, 'seeded') === '1';
}

/** Seeds (or with reset, re-seeds) everything in one transaction: idempotent and all-or-nothing. */
export function seedAll(state: SandboxState, opts: { scale: number; reset: boolean }): void {
  const { db } = state;
  db.transaction(() => {
    if (opts.reset || isSeeded(db)) for (const table of TABLES_IN_DELETE_ORDER) db.prepare(`DELETE FROM ${table}`).run();

    db.prepare('INSERT INTO orgs (org_id, name) VALUES (?, ?), (?, ?)').run(DEMO_ORG_ID, 'Northwind Records', OTHER_ORG_ID, 'Other Music Group');
    const keyCreated = new Date(SEED_NOW - 90 * 86_400_000).toISOString();
    db.prepare('INSERT INTO api_keys (token, org_id, key_name, created_at) VALUES (?, ?, ?, ?)').run('sandbox-demo-key', DEMO_ORG_ID, 'Demo dashboard', keyCreated);
    db.prepare('INSERT INTO api_keys (token, org_id, key_name, created_at) VALUES (?, ?, ?, ?)').run('sandbox-other-key', OTHER_ORG_ID, 'Other org', keyCreated);
    db.prepare('INSERT INTO oauth_clients (client_id, client_secret, org_id) VALUES (?, ?, ?)').run('sandbox-client', 'sandbox-secret', DEMO_ORG_ID);

    const ctx: SeedContext = {
      state,
      db,
      scale: Math.max(1, Math.floor(opts.scale)),
      demo: { assetIds: [], collectionIds: [], whitelistIds: [] },
      other: { assetIds: [], collectionIds: [], whitelistIds: [] },
    };
    seedCatalogue(ctx);
    seedCopies(ctx);
    seedMonitoring(ctx);
    seedSearch(ctx);

    const maxId = db
      .prepare(
        `SELECT MAX(id) AS id FROM (
           SELECT MAX(asset_id) AS id FROM assets UNION ALL SELECT MAX(collection_id) FROM collections
           UNION ALL SELECT MAX(whitelist_id) FROM whitelists UNION ALL SELECT MAX(url_id) FROM whitelist_urls
           UNION ALL SELECT MAX(match_id) FROM copies UNION ALL SELECT MAX(result_id) FROM monitoring_results
           UNION ALL SELECT MAX(match_id) FROM monitoring_matches UNION ALL SELECT MAX(status) FROM custom_statuses)`,
      )
      .get() as { id: bigint | null };
    if (maxId.id !== null) state.ids.observe(maxId.id);
    setMeta(db, 'seeded', '1');
    setMeta(db, 'seed_scale', String(ctx.scale));
  })();
}
