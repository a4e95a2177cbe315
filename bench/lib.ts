// Helpers of the benchmark (bench/run.ts): statistics, the production server on a fresh sandbox,
// a Discovery client with the demo key, and the bundle measurement. Figures only: nothing here
// asserts a time.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DEMO_KEY = 'sandbox-demo-key';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: number[]) => percentile(values, 50);

export const round = (value: number, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

export type RunningServer = { origin: string; stop: () => Promise<void> };

/** The production server (src/server/main.ts) serving `distDir` on a free loopback port. */
export async function startProductionServer(root: string, distDir: string, env: Record<string, string>): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DISCOVERY_BASE_URL: '',
      DISCOVERY_API_KEY: '',
      DETECTOR_BASE_URL: '',
      SEARCH_BASE_URL: '',
      SANDBOX_FAULTS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Rights Desk on (http:\/\/\S+),/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`production server exited with ${code}:\n${out}`)));
  });
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A Discovery call through the proxy with the demo key; waits out 429s. JSON text is returned raw. */
export async function discovery(origin: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${origin}/api/discovery${path}`, {
      method,
      headers: { Authorization: `Bearer ${DEMO_KEY}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 429 && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      continue;
    }
    return { status: response.status, text };
  }
}

/** A lazily loaded route chunk: its own gzip size, and with the chunks it needs that the entry has not loaded. */
export type RouteChunk = { source: string; file: string; gzipBytes: number; withImportsGzipBytes: number };

export type BundleFigures = {
  routeChunks: RouteChunk[];
  entry: { file: string; gzipBytes: number }[];
  entryGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
  rechartsInEntry: boolean;
  chunks: { file: string; bytes: number; gzipBytes: number }[];
};

/**
 * Gzip sizes of the build: the entry (the scripts and styles index.html loads) and every other chunk.
 * recharts is recognised by its class names (`recharts-wrapper`, `recharts-surface`), which survive
 * minification.
 */
export function measureBundle(distDir: string, budgetBytes = 200 * 1024): BundleFigures {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(static\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(js|css)$/.test(name)) files.push(full.slice(distDir.length + 1));
    }
  };
  walk(join(distDir, 'static'));
  const chunks = files.map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const entry = chunks.filter((chunk) => entryFiles.includes(chunk.file)).map(({ file, gzipBytes }) => ({ file, gzipBytes }));
  // The budget is for the entry script(s); the entry stylesheet is listed beside it.
  const entryGzipBytes = entry.filter((chunk) => chunk.file.endsWith('.js')).reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const rechartsInEntry = entryFiles.some((file) => file.endsWith('.js') && /recharts-(wrapper|surface)/.test(readFileSync(join(distDir, file), 'utf8')));
  const routeChunks = measureRouteChunks(distDir, entryFiles, chunks);
  return { routeChunks, entry, entryGzipBytes, budgetBytes, withinBudget: entryGzipBytes <= budgetBytes, rechartsInEntry, chunks };
}

type ManifestChunk = { file: string; src?: string; isDynamicEntry?: boolean; imports?: string[] };

/** Route chunks from the build manifest (`vite build --manifest`): every dynamically imported module. */
function measureRouteChunks(distDir: string, entryFiles: string[], chunks: { file: string; gzipBytes: number }[]): RouteChunk[] {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const gzipOf = new Map(chunks.map((chunk) => [chunk.file, chunk.gzipBytes]));
  const routeChunks: RouteChunk[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const needed = new Set<string>();
    const visit = (name: string) => {
      const file = manifest[name]?.file;
      if (!file || needed.has(file) || entryFiles.includes(file)) return;
      needed.add(file);
      for (const imported of manifest[name]?.imports ?? []) visit(imported);
    };
    visit(key);
    const own = gzipOf.get(chunk.file) ?? 0;
    const withImports = [...needed].reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);
    routeChunks.push({ source: chunk.src ?? key, file: chunk.file, gzipBytes: own, withImportsGzipBytes: withImports });
  }
  return routeChunks.sort((a, b) => a.source.localeCompare(b.source));
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Bytes this process has read through system calls so far (Linux /proc/self/io `rchar`). */
export function bytesReadByProcess(): number | null {
  try {
    const match = /rchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
