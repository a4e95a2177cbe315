import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseLossless, parseNumberAndBigInt } from 'lossless-json';
import { createSandbox, DEMO_API_KEY } from './app';
import { DEMO_ORG_ID } from './seed';

// Latency of the list endpoints on a large seed: `npx tsx src/server/sandbox/bench-lists.ts [--scale 30] [--requests 200]`.
// Each scenario walks its pages the way a client does (max_id for cursor lists, offset for monitoring),
// starting over when a page comes back short, and reports p50/p99 of the whole HTTP round trip (wall
// clock, client side) and of the CPU time the sandbox spent answering (server side: from the request's
// arrival to the last byte written). On a busy machine the wall clock mostly measures waiting for a
// core; the CPU time is the cost of the endpoint itself.

const { values } = parseArgs({ options: { scale: { type: 'string' }, requests: { type: 'string' } } });
const scale = Number(values.scale ?? 30);
const requests = Number(values.requests ?? 200);

const dir = mkdtempSync(join(tmpdir(), 'rights-desk-bench-'));
const seedStarted = performance.now();
const sandbox = createSandbox({ dbPath: join(dir, 'sandbox.db'), reset: true, scale, rateLimitPerSecond: 1_000_000_000 });
const seedMs = performance.now() - seedStarted;
const { db } = sandbox;
const count = (sql: string) => Number((db.prepare(sql).get() as { n: bigint }).n);
console.log(
  `Seeded scale ${scale} in ${(seedMs / 1000).toFixed(1)} s: ${count('SELECT COUNT(*) AS n FROM copies')} copies, ` +
    `${count('SELECT COUNT(*) AS n FROM monitoring_results')} monitoring results, ${count('SELECT COUNT(*) AS n FROM assets')} assets`,
);

let lastCpuMicros = 0;
const server = createServer((req, res) => {
  const before = process.cpuUsage();
  res.on('finish', () => {
    const spent = process.cpuUsage(before);
    lastCpuMicros = spent.user + spent.system;
  });
  sandbox.handle(req, res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;
const popularAsset = one<{ asset_id: bigint }>('SELECT asset_id FROM copies WHERE org_id = ? GROUP BY asset_id ORDER BY COUNT(*) DESC LIMIT 1', DEMO_ORG_ID).asset_id;
const rareAsset = one<{ asset_id: bigint }>('SELECT asset_id FROM copies WHERE org_id = ? GROUP BY asset_id ORDER BY COUNT(*) ASC LIMIT 1', DEMO_ORG_ID).asset_id;
const bigCollection = one<{ collection_id: bigint } | undefined>(
  'SELECT ac.collection_id FROM asset_collections ac JOIN collections c ON c.collection_id = ac.collection_id WHERE c.org_id = ? GROUP BY ac.collection_id ORDER BY COUNT(*) DESC LIMIT 1',
  DEMO_ORG_ID,
)?.collection_id;
const smallCollection = one<{ collection_id: bigint } | undefined>(
  'SELECT ac.collection_id FROM asset_collections ac JOIN collections c ON c.collection_id = ac.collection_id WHERE c.org_id = ? GROUP BY ac.collection_id ORDER BY COUNT(*) ASC LIMIT 1',
  DEMO_ORG_ID,
)?.collection_id;
const isrc = one<{ isrc: string } | undefined>('SELECT i.isrc FROM asset_isrcs i JOIN copies c ON c.asset_id = i.asset_id WHERE c.org_id = ? LIMIT 1', DEMO_ORG_ID)?.isrc;
const custom = one<{ status: bigint } | undefined>('SELECT status FROM custom_statuses WHERE org_id = ? ORDER BY status DESC LIMIT 1', DEMO_ORG_ID)?.status;

type Scenario = { name: string; path: string; paging: 'max_id' | 'offset' | 'none' };
const scenarios: Scenario[] = [
  { name: 'copies', path: '/v3/drm/copies', paging: 'max_id' },
  { name: 'copies platform=tiktok', path: '/v3/drm/copies?platform=tiktok', paging: 'max_id' },
  { name: 'copies platform=Vimeo (rare, any case)', path: '/v3/drm/copies?platform=Vimeo', paging: 'max_id' },
  { name: 'copies status=60', path: '/v3/drm/copies?status=60', paging: 'max_id' },
  { name: 'copies status=72 (rare)', path: '/v3/drm/copies?status=72', paging: 'max_id' },
  ...(custom !== undefined ? [{ name: `copies status=${custom} (custom)`, path: `/v3/drm/copies?status=${custom}`, paging: 'max_id' as const }] : []),
  { name: 'copies asset_id (popular)', path: `/v3/drm/copies?asset_id=${popularAsset}`, paging: 'max_id' },
  { name: 'copies asset_id (rare)', path: `/v3/drm/copies?asset_id=${rareAsset}`, paging: 'max_id' },
  { name: 'copies is_taken_down=true', path: '/v3/drm/copies?is_taken_down=true', paging: 'max_id' },
  { name: 'copies start=recent', path: '/v3/drm/copies?start=11-01-2026', paging: 'max_id' },
  { name: 'copies start=future (empty)', path: '/v3/drm/copies?start=01-01-2030', paging: 'max_id' },
  ...(bigCollection !== undefined ? [{ name: 'copies collection (largest)', path: `/v3/drm/copies?collection=${bigCollection}`, paging: 'max_id' as const }] : []),
  ...(smallCollection !== undefined ? [{ name: 'copies collection (smallest)', path: `/v3/drm/copies?collection=${smallCollection}`, paging: 'max_id' as const }] : []),
  ...(isrc !== undefined ? [{ name: 'copies isrc', path: `/v3/drm/copies?isrc=${isrc}`, paging: 'max_id' as const }] : []),
  { name: 'copies platform+status+taken_down', path: '/v3/drm/copies?platform=youtube&status=71&is_taken_down=true', paging: 'max_id' },
  { name: 'monitoring', path: '/v3/drm/monitoring?limit=100', paging: 'offset' },
  { name: 'monitoring status=removed', path: '/v3/drm/monitoring?limit=100&status=removed', paging: 'offset' },
  { name: 'monitoring music-detected=false', path: '/v3/drm/monitoring?limit=100&music-detected=false', paging: 'offset' },
  { name: 'monitoring date range (old)', path: '/v3/drm/monitoring?limit=100&date_uploaded_from=2026-07-01&date_uploaded_to=2026-07-31', paging: 'offset' },
  { name: 'assets', path: '/v3/cms/assets', paging: 'max_id' },
  { name: 'collections', path: '/v3/cms/collections', paging: 'max_id' },
  { name: 'whitelists', path: '/v3/cms/whitelists', paging: 'max_id' },
  { name: 'copy statuses', path: '/v3/drm/copies/statuses', paging: 'none' },
];

const idField: Record<string, string> = { '/v3/drm/copies': 'match_id', '/v3/cms/assets': 'asset_id', '/v3/cms/collections': 'collection_id', '/v3/cms/whitelists': 'whitelist_id' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

console.log(`\n${''.padEnd(44)} ${'round trip (wall)'.padStart(23)}   ${'sandbox CPU'.padStart(15)}`);
console.log(`${'scenario'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}   ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  items/page`);
for (const scenario of scenarios) {
  const [pathname] = scenario.path.split('?') as [string];
  const sep = scenario.path.includes('?') ? '&' : '?';
  const times: number[] = [];
  const cpu: number[] = [];
  let cursor = '';
  let offset = 0;
  let items = 0;
  let status = 200;
  // A few warm-up calls, as a running server would have had.
  for (let i = -5; i < requests; i++) {
    const url = base + scenario.path + (scenario.paging === 'max_id' && cursor ? `${sep}max_id=${cursor}` : scenario.paging === 'offset' && offset ? `${sep}offset=${offset}` : '');
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
    const text = await res.text();
    const elapsed = performance.now() - started;
    status = res.status;
    if (res.status !== 200) break;
    if (i >= 0) {
      times.push(elapsed);
      cpu.push(lastCpuMicros / 1000);
    }
    const page = parseLossless(text, null, parseNumberAndBigInt) as Record<string, unknown>[];
    items += page.length;
    const field = idField[pathname];
    if (scenario.paging === 'max_id' && field) {
      const full = page.length === 100;
      cursor = full ? String(page[page.length - 1]![field]) : '';
    } else if (scenario.paging === 'offset') {
      offset = page.length < 100 ? 0 : offset + 100;
    }
  }
  if (status !== 200) {
    console.log(`${scenario.name.padEnd(44)} not available (HTTP ${status})`);
    continue;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(2).padStart(7);
  console.log(
    `${scenario.name.padEnd(44)} ${fmt(percentile(times, 50))} ${fmt(percentile(times, 99))} ${fmt(times[times.length - 1]!)}   ` +
      `${fmt(percentile(cpu, 50))} ${fmt(percentile(cpu, 99))}  ${(items / (requests + 5)).toFixed(0)}`,
  );
}

server.close();
server.closeAllConnections();
await sandbox.close();
rmSync(dir, { recursive: true, force: true });
