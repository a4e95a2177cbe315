import { createReadStream, existsSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Settings } from './config';
import { ConfigError, PROJECT_ROOT, loadSettings, sandboxedInterfaces } from './config';
import type { ProxyRuntime } from './proxy/runtime';
import { startProxyRuntime } from './proxy/runtime';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

/**
 * The page policy. connect-src adds the configured Discovery origin because a v3 `file_url` may
 * send the browser's PUT straight to the platform rather than through the proxy. Thumbnails come
 * from the platforms (https: images). media-src allows blob: so a picked file can be previewed.
 */
export function contentSecurityPolicy(settings: Settings): string {
  const connect = ["'self'"];
  if (settings.discovery.baseUrl) connect.push(settings.discovery.baseUrl.origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src ${connect.join(' ')}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(settings: Settings): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

export type ProductionServer = { server: Server; runtime: ProxyRuntime; url: string; close: () => Promise<void> };

/** Serves dist/ (with the SPA fallback) and the proxy, every response with the security headers. */
export async function startProductionServer(settings: Settings, distDir: string): Promise<ProductionServer> {
  const runtime = await startProxyRuntime(settings);
  const headers = securityHeaders(settings);
  const root = realpathSync(distDir);

  const server = createServer({ requestTimeout: 0 }, (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    try {
      if (runtime.handle(req, res)) return;
      serveStatic(root, req, res);
    } catch (error) {
      console.error('[server] request failed', error);
      if (!res.headersSent) sendText(res, 500, 'Internal server error.');
      else res.destroy();
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;

  let closing: Promise<void> | null = null;
  return {
    server,
    runtime,
    url: `http://${host}:${port}`,
    close: () => {
      closing ??= new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
        // Blocking Search lookups or uploads in flight: give them a moment, then cut them.
        setTimeout(() => server.closeAllConnections(), 3000).unref();
      }).then(() => runtime.close());
      return closing;
    },
  };
}

function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  req.resume();
  if (method !== 'GET' && method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    return;
  }
  const url = req.url ?? '/';
  const rawPath = url.split('?')[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    sendText(res, 400, 'Bad request path.');
    return;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) {
    sendText(res, 400, 'Bad request path.');
    return;
  }

  const file = resolveFile(root, path);
  if (file) {
    sendFile(req, res, method, file, path.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    return;
  }
  // Missing files with an extension, and anything under /static/ (the build's files), are real 404s; other paths are
  // routes of the single-page app.
  if (path.startsWith('/static/') || extname(path) !== '') {
    sendText(res, 404, 'Not found.');
    return;
  }
  sendFile(req, res, method, resolve(root, 'index.html'), 'no-cache');
}

/** A regular file inside root for this URL path, or null (directories are never listed). */
function resolveFile(root: string, path: string): string | null {
  const candidate = resolve(root, `.${path}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    if (!statSync(candidate).isFile()) return null;
    // A symbolic link must not lead out of dist/ either.
    const real = realpathSync(candidate);
    return real.startsWith(root + sep) ? real : null;
  } catch {
    return null;
  }
}

/** Text files worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);
/** Gzipped bodies by file, made once per version of the file (the build's files never change under a name). */
const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

function acceptsGzip(req: IncomingMessage): boolean {
  const header = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim() !== 'gzip') return false;
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return quality === undefined || Number(quality) > 0;
  });
}

function gzipped(file: string, mtimeMs: number): Buffer {
  const cached = gzipCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  gzipCache.set(file, { mtimeMs, body });
  return body;
}

function sendFile(req: IncomingMessage, res: ServerResponse, method: string, file: string, cacheControl: string): void {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    sendText(res, 404, 'Not found.');
    return;
  }
  const extension = file.endsWith('index.html') ? '.html' : extname(file).toLowerCase();
  const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  const headers: Record<string, string | number> = { 'Content-Type': type, 'Cache-Control': cacheControl };
  if (COMPRESSIBLE.has(extension)) {
    headers['Vary'] = 'Accept-Encoding';
    if (acceptsGzip(req)) {
      let body: Buffer;
      try {
        body = gzipped(file, stats.mtimeMs);
      } catch {
        sendText(res, 404, 'Not found.');
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      res.end(method === 'HEAD' ? undefined : body);
      return;
    }
  }
  res.writeHead(200, { ...headers, 'Content-Length': stats.size });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.once('error', () => res.destroy());
  stream.pipe(res);
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...extra });
  res.end(text);
}

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // DIST_DIR lets parallel builds (e.g. one per working copy) each be served by their own server.
  const distDir = resolve(PROJECT_ROOT, process.env.DIST_DIR || 'dist');
  if (!existsSync(resolve(distDir, 'index.html'))) {
    console.error(`No built dashboard in ${distDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const app = await startProductionServer(settings, distDir);
  const sandboxed = sandboxedInterfaces(settings);
  const mode =
    sandboxed.length === 0 ? 'the platform' : sandboxed.length === 3 ? 'the embedded sandbox' : `the platform, with the embedded sandbox for ${sandboxed.join(' and ')}`;
  console.log(`Rights Desk on ${app.url}, talking to ${mode}`);
  for (const line of app.runtime.describe()) console.log(line);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`Rights Desk stopping (${signal}).`);
      void app.close().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
