// `npm run bench [-- --scale 30 --loads 5 --presses 20 --bulk 100 --upload-mb 1024 --heap-mb 3072 --no-build
//                    --parts loads,triage,uploads,scaled,lists]`
//
// Builds the dashboard (into dist-bench/), starts the production server on a fresh sandbox on a free
// loopback port, and measures: bundle sizes, cold page loads in headless Chromium at the default
// seed and at --scale, keypress-to-repaint and a bulk run in the copies queue, upload figures (fid
// of a 2 GiB file, v3 and tus throughput against a raw loopback copy, the tab's peak JS heap during a
// tus upload through the UI) and the sandbox's list latencies. Prints a table per part and writes
// bench/results.json. It reports figures; it never fails on a time.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, ftruncateSync, mkdtempSync, openAsBlob, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { Upload as TusUpload } from 'tus-js-client';
import playwrightConfig from '../playwright.config';
import { computeFid, FID_PREFIX_BYTES } from '../src/lib/fid';
import { bytesReadByProcess, discovery, kib, measureBundle, median, mib, percentile, round, startProductionServer, DEMO_KEY } from './lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '30' },
    loads: { type: 'string', default: '5' },
    presses: { type: 'string', default: '20' },
    bulk: { type: 'string', default: '100' },
    'upload-mb': { type: 'string', default: '1024' },
    'heap-mb': { type: 'string', default: '3072' },
    'list-requests': { type: 'string', default: '100' },
    'no-build': { type: 'boolean', default: false },
    parts: { type: 'string', default: 'loads,triage,uploads,scaled,lists' },
  },
});
const scale = Number(args.scale);
const loads = Number(args.loads);
const presses = Number(args.presses);
const bulkCount = Number(args.bulk);
const uploadBytes = Number(args['upload-mb']) * 1024 * 1024;
const heapBytes = Number(args['heap-mb']) * 1024 * 1024;
// The bench server sends files of 32 MiB or more through v4 + tus (the real default is 2 GiB), so the
// UI heap figure exercises the tus engine with a file size this machine can afford.
const V4_THRESHOLD = 32 * 1024 * 1024;
const parts = new Set(String(args.parts).split(','));

const results: Record<string, unknown> = {
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', memoryGiB: round(totalmem() / 1024 ** 3, 1), node: process.version },
  startedAt: new Date().toISOString(),
  options: { scale, loads, presses, bulk: bulkCount, uploadBytes, heapBytes, v4ThresholdBytes: V4_THRESHOLD },
};
const heading = (text: string) => console.log(`\n== ${text} ${'='.repeat(Math.max(0, 70 - text.length))}`);
const row = (cells: (string | number | null)[], widths: number[]) => console.log(cells.map((cell, i) => String(cell ?? '—').padStart(i === 0 ? 0 : widths[i]!).padEnd(i === 0 ? widths[0]! : 0)).join(' '));

// ---- bundle -------------------------------------------------------------------------------------
const distDir = join(root, 'dist-bench');
if (!args['no-build']) {
  heading('Building into dist-bench/');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
}
heading('Bundle (gzip -9)');
const bundle = measureBundle(distDir);
results.bundle = bundle;
for (const chunk of bundle.entry) console.log(`entry  ${chunk.file.padEnd(48)} ${kib(chunk.gzipBytes).padStart(12)}`);
if (bundle.routeChunks.length === 0) console.log('(no build manifest: build with --manifest, or drop --no-build, to list the route chunks)');
else console.log(`\n${'route chunk (lazily loaded module)'.padEnd(62)} ${'own'.padStart(12)} ${'with imports'.padStart(14)}`);
for (const chunk of bundle.routeChunks) {
  console.log(`${chunk.source.padEnd(62)} ${kib(chunk.gzipBytes).padStart(12)} ${kib(chunk.withImportsGzipBytes).padStart(14)}`);
}
console.log(`entry script ${kib(bundle.entryGzipBytes)} against a budget of ${kib(bundle.budgetBytes)}: ${bundle.withinBudget ? 'holds' : 'OVER BUDGET'}`);
console.log(`recharts code in the entry chunk: ${bundle.rechartsInEntry ? 'yes' : 'no'}`);

// ---- server and browser -------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'rights-desk-bench-'));
const server = await startProductionServer(root, distDir, { SANDBOX_DB: join(dataDir, 'sandbox.db'), UPLOAD_V4_THRESHOLD_BYTES: String(V4_THRESHOLD) });
const { origin } = server;
const launch = playwrightConfig.use?.launchOptions ?? {};
const browser: Browser = await chromium.launch({ ...launch, headless: true });
console.log(`\nProduction server ${origin} on a fresh sandbox; Chromium ${browser.version()}`);

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((key) => sessionStorage.setItem('rights-desk.api-key', key), DEMO_KEY);
  return context.newPage();
}

/** The navbar's areas as the shell registers them (label → path). */
async function navAreas(): Promise<Map<string, string>> {
  const page = await signedInPage();
  await page.goto(`${origin}/api-keys`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  const links = await nav.getByRole('link').evaluateAll((anchors) => anchors.map((a) => [(a.textContent ?? '').trim(), a.getAttribute('href') ?? ''] as const));
  await page.context().close();
  return new Map(links);
}

type LoadFigures = { page: string; path: string; lcpMs: number | null; cls: number | null; transferKiB: number | null; runs: number };

/** Median of `loads` cold loads (a new context each): LCP, CLS and bytes transferred. */
async function coldLoads(label: string, path: string): Promise<LoadFigures> {
  const lcp: number[] = [];
  const cls: number[] = [];
  const transfer: number[] = [];
  for (let i = 0; i < loads; i++) {
    const page = await signedInPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(300);
    const figures = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return { lcp: w.__lcp, cls: w.__cls, transfer: (nav?.transferSize ?? 0) + resources.reduce((sum, r) => sum + r.transferSize, 0) };
    });
    lcp.push(figures.lcp);
    cls.push(figures.cls);
    transfer.push(figures.transfer);
    await page.context().close();
  }
  return { page: label, path, lcpMs: round(median(lcp), 0), cls: round(median(cls), 3), transferKiB: round(median(transfer) / 1024, 1), runs: loads };
}

async function pageLoads(areas: Map<string, string>, seed: string): Promise<LoadFigures[]> {
  heading(`Cold page loads, median of ${loads} (${seed})`);
  const widths = [14, 10, 8, 14];
  row(['page', 'LCP ms', 'CLS', 'transfer KiB'], widths);
  const out: LoadFigures[] = [];
  for (const label of ['Overview', 'Copies', 'Assets', 'Monitoring']) {
    const path = areas.get(label);
    if (!path) {
      console.log(`${label.padEnd(14)} not registered in the navbar yet: skipped`);
      continue;
    }
    const figures = await coldLoads(label, path);
    out.push(figures);
    row([label, figures.lcpMs, figures.cls, figures.transferKiB], widths);
  }
  return out;
}

// ---- copies triage ------------------------------------------------------------------------------
const KEY_CODES: [string, string][] = [
  ['1', '40'],
  ['2', '50'],
  ['3', '60'],
];

async function triage(): Promise<Record<string, unknown>> {
  heading('Copies triage');
  const page = await signedInPage();
  await page.goto(`${origin}/copies?platform=youtube`);
  const rows = page.locator('[role=row][data-match-id]');
  await rows.first().waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __keydown: number };
    window.addEventListener('keydown', () => (w.__keydown = performance.now()), { capture: true });
  });
  const times: number[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('j');
    const focused = page.locator('[role=row][data-focused]');
    const held = await focused.locator('[data-status-code]').evaluateAll((els) => els.map((el) => el.getAttribute('data-status-code') ?? ''));
    const choice = KEY_CODES.find(([, code]) => !held.includes(code));
    if (!choice) continue;
    const [key, code] = choice;
    const id = await focused.getAttribute('data-match-id');
    // Resolves on the first frame painted after the badge for `code` appears in that row.
    const painted = page.evaluate(
      ({ id, code }) =>
        new Promise<number>((resolve) => {
          const w = window as unknown as { __keydown: number };
          // No named helpers in here: the bundler's name-keeping wrapper does not exist in the page.
          const observer = new MutationObserver(() => {
            if (document.querySelector(`[role=row][data-match-id="${id}"] [data-status-code="${code}"]`) === null) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - w.__keydown));
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        }),
      { id, code },
    );
    await page.waitForTimeout(50);
    await page.keyboard.press(key);
    times.push(await painted);
  }
  const keypress = { presses: times.length, medianMs: round(median(times), 1), p95Ms: round(percentile(times, 95), 1) };
  console.log(`keypress to repaint of the status badge: median ${keypress.medianMs} ms, p95 ${keypress.p95Ms} ms over ${keypress.presses} presses`);

  // Bulk: select `bulkCount` rows from the keyboard and apply one status.
  await page.goto(`${origin}/copies?platform=tiktok`);
  await rows.first().waitFor();
  let tooMany = 0;
  page.on('response', (response) => {
    if (response.status() === 429) tooMany += 1;
  });
  await page.keyboard.press('j');
  for (let i = 0; i < bulkCount; i++) {
    await page.keyboard.press('x');
    await page.keyboard.press('j');
  }
  await page.getByRole('combobox', { name: 'Status for the selected copies' }).click();
  await page.getByRole('option', { name: 'Takedown Attempted' }).click();
  const job = page.getByTestId('bulk-job').first();
  const started = performance.now();
  await page.getByRole('button', { name: `Apply to ${bulkCount}` }).click();
  await job.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=bulk-job]')?.getAttribute('data-status') === 'done', undefined, { timeout: 300_000, polling: 50 });
  const wallMs = performance.now() - started;
  const floorMs = (bulkCount / 16) * 1000;
  const summary = (await job.getByTestId('bulk-summary').textContent())?.trim() ?? '';
  const bulk = { statuses: bulkCount, wallMs: round(wallMs, 0), floorMs, ratioToFloor: round(wallMs / floorMs, 2), responses429: tooMany, summary };
  console.log(`bulk ${bulkCount} statuses: ${(wallMs / 1000).toFixed(2)} s = ${bulk.ratioToFloor}× the ${(floorMs / 1000).toFixed(2)} s floor (16/s); 429s seen: ${tooMany}; "${summary}"`);
  await page.context().close();
  return { keypress, bulk };
}

// ---- uploads ------------------------------------------------------------------------------------
function sparseFile(dir: string, name: string, bytes: number): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return path;
}

/** A file of `bytes` whose first 512 KiB are random (a fid of its own), the rest a hole. */
function uploadFile(dir: string, name: string, bytes: number): string {
  const path = sparseFile(dir, name, bytes);
  const fd = openSync(path, 'r+');
  const head = createHash('sha256').update(name + Date.now()).digest();
  const prefix = Buffer.alloc(FID_PREFIX_BYTES);
  for (let i = 0; i < prefix.length; i++) prefix[i] = head[i % head.length]! ^ (i & 0xff);
  writeFileSync(fd, prefix);
  closeSync(fd);
  return path;
}

/** A plain streamed HTTP PUT of the file (node:http, so the client is not the bottleneck); milliseconds. */
async function timedPut(url: string, path: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const target = new URL(url);
  const status = await new Promise<number>((done, fail) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'PUT', headers: { ...headers, 'Content-Length': statSync(path).size } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), req).catch(fail);
  });
  if (status < 200 || status >= 300) throw new Error(`PUT ${url}: HTTP ${status}`);
  return performance.now() - started;
}

async function register(version: 'v3' | 'v4', title: string, fid: string): Promise<Record<string, string>> {
  const answer = await discovery(origin, 'POST', `/${version}/cms/assets/upload`, { title, media_type: 'audio', mime_type: 'audio/mpeg', fid, production_date: '2025-06-01' });
  if (answer.status !== 200) throw new Error(`register ${version}: HTTP ${answer.status} ${answer.text}`);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  return { assetId: String(body.asset_id_str), fileUrl: String(body.file_url ?? ''), blobId: String(body.blob_id ?? '') };
}

async function uploads(): Promise<Record<string, unknown>> {
  heading('Uploads');
  const dir = mkdtempSync(join(tmpdir(), 'rights-desk-bench-files-'));
  try {
    // fid of a 2 GiB file with the app's own code: only the first 512 KiB are read.
    const big = sparseFile(dir, 'two-gib.wav', 2 * 1024 ** 3);
    const blob = await openAsBlob(big);
    const readBefore = bytesReadByProcess();
    const fidStarted = performance.now();
    await computeFid(blob);
    const fidMs = performance.now() - fidStarted;
    const readAfter = bytesReadByProcess();
    const fid = { fileBytes: 2 * 1024 ** 3, ms: round(fidMs, 1), bytesRead: readBefore !== null && readAfter !== null ? readAfter - readBefore : null };
    console.log(`fid of a 2 GiB file: ${fid.ms} ms, ${fid.bytesRead ?? 'unknown'} bytes read by the process (prefix ${FID_PREFIX_BYTES})`);

    // Raw loopback copy: a plain PUT of the same bytes to a server that only drains them.
    const file = uploadFile(dir, 'throughput.mp3', uploadBytes);
    const fileFid = await computeFid(await openAsBlob(file));
    const sink = createServer((req, res) => {
      req.on('data', () => undefined);
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((done) => sink.listen(0, '127.0.0.1', done));
    // The better of two copies, so a cold start of the client does not flatter the ratios.
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
    const rawMs = Math.min(await timedPut(sinkUrl, file, { 'Content-Type': 'audio/mpeg' }), await timedPut(sinkUrl, file, { 'Content-Type': 'audio/mpeg' }));
    sink.close();

    // v3: metadata, then one PUT of the file to file_url through the proxy.
    const v3 = await register('v3', 'Bench v3 throughput', fileFid);
    const fileUrl = new URL(v3.fileUrl!, origin);
    const v3Ms = await timedPut(`${origin}${fileUrl.pathname}${fileUrl.search}`, file, { 'Content-Type': 'audio/mpeg', Authorization: `Bearer ${DEMO_KEY}` });

    // tus (v4) through the proxy, 8 MiB chunks as the app sends them, paced under 16 calls/s.
    const v4 = await register('v4', 'Bench tus throughput', fileFid);
    let lastCall = 0;
    const tusStarted = performance.now();
    await new Promise<void>((done, fail) => {
      const upload = new TusUpload(createReadStream(file), {
        endpoint: `${origin}/api/discovery/v4/cms/assets/file-upload/`,
        headers: { Authorization: `Bearer ${DEMO_KEY}`, 'Blob-ID': v4.blobId! },
        chunkSize: 8 * 1024 * 1024,
        uploadSize: uploadBytes,
        retryDelays: [250, 500, 1000, 2000],
        onShouldRetry: () => true,
        onBeforeRequest: async () => {
          const wait = lastCall + 1000 / 15 - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          lastCall = performance.now();
        },
        onSuccess: () => done(),
        onError: fail,
      });
      upload.start();
    });
    const tusMs = performance.now() - tusStarted;
    const mbps = (ms: number) => round(uploadBytes / 1024 / 1024 / (ms / 1000), 1);
    const throughput = {
      bytes: uploadBytes,
      rawMs: round(rawMs, 0),
      rawMiBps: mbps(rawMs),
      v3Ms: round(v3Ms, 0),
      v3MiBps: mbps(v3Ms),
      v3Ratio: round(rawMs / v3Ms, 2),
      tusMs: round(tusMs, 0),
      tusMiBps: mbps(tusMs),
      tusRatio: round(rawMs / tusMs, 2),
    };
    console.log(
      `${mib(uploadBytes)} file: raw loopback ${throughput.rawMiBps} MiB/s; v3 ${throughput.v3MiBps} MiB/s (${throughput.v3Ratio}× raw); tus ${throughput.tusMiBps} MiB/s (${throughput.tusRatio}× raw)`,
    );
    for (const asset of [v3, v4]) {
      const verify = await discovery(origin, 'GET', `/v3/cms/assets/${asset.assetId}/verify`);
      console.log(`  verify ${asset.assetId}: ${verify.text.includes('"uploaded":true') ? 'uploaded' : verify.text}`);
    }

    // The tab's JS heap during a tus upload through the UI (CDP JSHeapUsedSize every 200 ms).
    const heapFile = uploadFile(dir, 'Bench heap.mp3', heapBytes);
    const page = await signedInPage();
    await page.goto(`${origin}/assets/upload`);
    await page.getByRole('heading', { name: 'Upload files', level: 1 }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heapNow = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    const baseline = await heapNow();
    await page.locator('input[type=file]').setInputFiles(heapFile);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    let peak = baseline;
    const item = page.locator('[data-testid=upload-item][aria-label="Upload of Bench heap.mp3"]');
    const uiStarted = performance.now();
    for (;;) {
      peak = Math.max(peak, await heapNow());
      const phase = await item.getAttribute('data-phase').catch(() => null);
      if (phase === 'done' || phase === 'failed' || performance.now() - uiStarted > 30 * 60_000) break;
      await page.waitForTimeout(200);
    }
    const uiMs = performance.now() - uiStarted;
    const phase = await item.getAttribute('data-phase');
    await page.context().close();
    const heap = { fileBytes: heapBytes, baselineMiB: round(baseline / 1024 / 1024, 1), peakMiB: round(peak / 1024 / 1024, 1), seconds: round(uiMs / 1000, 1), phase };
    console.log(`tus upload of ${mib(heapBytes)} through the UI: ${phase} in ${heap.seconds} s; JS heap ${heap.baselineMiB} MiB before, peak ${heap.peakMiB} MiB`);
    return { fid, throughput, heap };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- sandbox lists ------------------------------------------------------------------------------
function listLatencies(): Record<string, unknown> {
  heading(`Sandbox list latencies at scale ${scale} (src/server/sandbox/bench-lists.ts)`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'sandbox', 'bench-lists.ts'), '--scale', String(scale), '--requests', String(args['list-requests'])], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 10 * 1024 * 1024,
  });
  process.stdout.write(run.stdout);
  if (run.status !== 0) process.stdout.write(run.stderr);
  const rows = run.stdout
    .split('\n')
    .map((line) => /^(.{44}) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+) +(\d+)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ scenario: match[1]!.trim(), p50Ms: Number(match[2]), p99Ms: Number(match[3]), maxMs: Number(match[4]), cpuP50Ms: Number(match[5]), cpuP99Ms: Number(match[6]), itemsPerPage: Number(match[7]) }));
  return { scale, requests: Number(args['list-requests']), rows };
}

/** Ends the browser part early when --parts leaves out the scaled page loads. */
class Skip extends Error {}

try {
  const areas = await navAreas();
  if (parts.has('loads')) results.pageLoadsDefault = await pageLoads(areas, 'default seed');
  if (parts.has('triage')) results.triage = await triage();
  if (parts.has('uploads')) results.uploads = await uploads();
  if (!parts.has('scaled')) throw new Skip();

  heading(`Re-seeding the sandbox at scale ${scale}`);
  const seedStarted = performance.now();
  const reset = await fetch(`${origin}/api/discovery/sandbox/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scale }) });
  const resetBody = (await reset.json()) as { counts?: Record<string, number> };
  console.log(`HTTP ${reset.status} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${resetBody.counts?.copies ?? '?'} copies, ${resetBody.counts?.monitoring_results ?? '?'} monitoring results`);
  results.pageLoadsScaled = await pageLoads(areas, `scale ${scale}`);
} catch (error) {
  if (!(error instanceof Skip)) throw error;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (parts.has('lists')) results.sandboxLists = listLatencies();
results.finishedAt = new Date().toISOString();
writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nWrote bench/results.json (machine: ${cpus().length} cores). Figures only: read them against README's Performance section.`);
