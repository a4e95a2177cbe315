import type { Ctx, Reply, Route } from '../http';
import { HttpError, readBody } from '../http';
import { getMeta } from '../db';
import type { FaultSpec } from '../faults';
import { emptyWav, mixedWav, musicWav, silenceWav, truncatedWav, videoOnlyWebm } from '../audio';
import { standInVerdict } from './detector';
import { waitingChecks } from './search';
import type { LookupKind, SearchResponse } from '../seed/search';
import { buildSearchResponse, insertLookup, lookupKind } from '../seed/search';

// Sandbox-only tools under /sandbox/ (no auth, never faulted): inspect and reset the data, steer fault
// injection, create Search lookups, and serve generated audio files for the detector.

export const MAX_SCALE = 50;
export const MAX_LOOKUP_DELAY_SECONDS = 600;
const MAX_LATENCY_MS = 60_000;

/** A JSON object body; an empty body counts as `{}`. */
async function optionalJsonObject(ctx: Ctx): Promise<Record<string, unknown>> {
  const text = (await readBody(ctx.req, 64 * 1024)).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'Request body must be a JSON object.');
  return value as Record<string, unknown>;
}

function tableCounts(ctx: Ctx): Record<string, number> {
  const tables = ctx.state.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'meta' ORDER BY name").all() as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const row = ctx.state.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: bigint };
    counts[name] = Number(row.n);
  }
  return counts;
}

function info(ctx: Ctx): Reply {
  const { db } = ctx.state;
  const apiKeys = db.prepare('SELECT k.token, k.key_name, o.name AS org_name FROM api_keys k JOIN orgs o ON o.org_id = k.org_id ORDER BY k.org_id, k.created_at').all() as {
    token: string;
    key_name: string;
    org_name: string;
  }[];
  const clients = db.prepare('SELECT client_id, client_secret FROM oauth_clients ORDER BY client_id').all() as { client_id: string; client_secret: string }[];
  return {
    body: {
      now: new Date(ctx.state.now()).toISOString(),
      seed_scale: Number(getMeta(db, 'seed_scale') ?? 1),
      counts: tableCounts(ctx),
      credentials: {
        discovery_api_keys: apiKeys.map((k) => ({ organisation: k.org_name, key_name: k.key_name, token: k.token })),
        detector_clients: clients,
        token_url: `${ctx.publicBase}/oauth2/token`,
      },
      faults: faultsView(ctx.state.faults.current),
      search_checks_waiting: waitingChecks(ctx.state),
    },
  };
}

async function reset(ctx: Ctx): Promise<Reply> {
  const body = await optionalJsonObject(ctx);
  const current = Number(getMeta(ctx.state.db, 'seed_scale') ?? 1);
  const scale = body.scale ?? current;
  if (typeof scale !== 'number' || !Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new HttpError(400, `Field scale must be an integer from 1 to ${MAX_SCALE}.`);
  }
  ctx.state.reseed(scale);
  return { body: { reset: true, seed_scale: scale, counts: tableCounts(ctx) } };
}

function faultsView(spec: FaultSpec) {
  return { rates: { 429: spec.rates[429] ?? 0, 500: spec.rates[500] ?? 0, 503: spec.rates[503] ?? 0 }, latencyMs: spec.latencyMs, paths: spec.paths, seed: spec.seed };
}

/** Strict validation of a PUT /sandbox/faults body: every problem is a 400, nothing is clamped. */
export function validateFaultBody(body: Record<string, unknown>): FaultSpec {
  const known = new Set(['rates', 'latencyMs', 'paths', 'seed']);
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new HttpError(400, `Unknown field(s): ${unknown.join(', ')}. Allowed: rates, latencyMs, paths, seed.`);

  const rates: FaultSpec['rates'] = {};
  const rawRates = body.rates ?? {};
  if (rawRates === null || typeof rawRates !== 'object' || Array.isArray(rawRates)) throw new HttpError(400, 'Field rates must be an object such as {"429": 0.1, "500": 0.05, "503": 0}.');
  for (const [code, value] of Object.entries(rawRates)) {
    if (code !== '429' && code !== '500' && code !== '503') throw new HttpError(400, `rates.${code} is not a fault the sandbox injects; use 429, 500 or 503.`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) throw new HttpError(400, `rates.${code} must be a number from 0 to 1.`);
    if (value > 0) rates[Number(code) as 429 | 500 | 503] = value;
  }
  const total = Object.values(rates).reduce((sum, r) => sum + r, 0);
  if (total > 1 + 1e-9) throw new HttpError(400, 'The fault rates add up to more than 1.');

  const latencyMs = body.latencyMs ?? 0;
  if (typeof latencyMs !== 'number' || !Number.isInteger(latencyMs) || latencyMs < 0 || latencyMs > MAX_LATENCY_MS) {
    throw new HttpError(400, `Field latencyMs must be an integer from 0 to ${MAX_LATENCY_MS}.`);
  }
  const paths = body.paths ?? [];
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p.startsWith('/') && p.length <= 200)) {
    throw new HttpError(400, 'Field paths must be an array of path prefixes starting with "/".');
  }
  const seed = body.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) throw new HttpError(400, 'Field seed must be an integer.');
  return { rates, latencyMs, paths: paths as string[], seed };
}

async function putFaults(ctx: Ctx): Promise<Reply> {
  const spec = validateFaultBody(await optionalJsonObject(ctx));
  ctx.state.faults.set(spec);
  return { body: faultsView(spec) };
}

function listLookups(ctx: Ctx): Reply {
  const rows = ctx.state.db.prepare('SELECT lookup_id, created_at, ready_at, response FROM search_lookups ORDER BY created_at DESC, lookup_id').all() as {
    lookup_id: string;
    created_at: bigint;
    ready_at: bigint;
    response: string;
  }[];
  const now = ctx.state.now();
  return {
    body: rows.map((row) => ({
      lookup_id: row.lookup_id,
      kind: lookupKind(JSON.parse(row.response) as SearchResponse),
      created_at: new Date(Number(row.created_at)).toISOString(),
      ready_at: new Date(Number(row.ready_at)).toISOString(),
      complete: Number(row.ready_at) <= now,
    })),
  };
}

async function createLookup(ctx: Ctx): Promise<Reply> {
  const body = await optionalJsonObject(ctx);
  const kind = body.kind;
  if (kind !== 'matching' && kind !== 'classification' && kind !== 'both') throw new HttpError(400, 'Field kind must be matching, classification or both.');
  const delay = body.delay_seconds ?? 0;
  if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0 || delay > MAX_LOOKUP_DELAY_SECONDS) {
    throw new HttpError(400, `Field delay_seconds must be a number from 0 to ${MAX_LOOKUP_DELAY_SECONDS}.`);
  }
  const now = ctx.state.now();
  const lookupId = `lk_${kind}_${ctx.state.ids.next()}`;
  const readyAt = now + Math.round(delay * 1000);
  insertLookup(ctx.state.db, lookupId, now, readyAt, buildSearchResponse(lookupId, kind as LookupKind));
  return { status: 201, body: { lookup_id: lookupId, kind, ready_at: new Date(readyAt).toISOString() } };
}

// ---- generated audio ----------------------------------------------------------------------------

type AudioFile = { contentType: string; description: string; build: () => Buffer };

/** Smallest music variant of 15 s whose stand-in verdict satisfies `want`: fixtures for each verdict. */
function musicWithVerdict(want: (v: ReturnType<typeof standInVerdict>) => boolean): Buffer {
  for (let variant = 0; variant < 200; variant++) {
    const wav = musicWav(15, { variant });
    if (want(standInVerdict(wav))) return wav;
  }
  throw new Error('No music variant gives the wanted verdict.');
}

export const AUDIO_FILES: Record<string, AudioFile> = {
  'music-60s.wav': { contentType: 'audio/wav', description: 'ok: 60 s of music', build: () => musicWav(60) },
  'music-20s.wav': { contentType: 'audio/wav', description: 'ok: 20 s of music', build: () => musicWav(20, { variant: 1 }) },
  'clip-5s.wav': { contentType: 'audio/wav', description: 'too_short: 5 s of music', build: () => musicWav(5, { variant: 2 }) },
  'silence-40s.wav': { contentType: 'audio/wav', description: 'not_enough_music: 40 s of silence', build: () => silenceWav(40) },
  'mostly-silence.wav': { contentType: 'audio/wav', description: 'not_enough_music: 12 s of music, 28 s of silence', build: () => mixedWav([['music', 12], ['silence', 28]]) },
  'damaged.wav': { contentType: 'audio/wav', description: 'error: declares 60 s of samples, holds 20 s', build: () => truncatedWav(60, 20) },
  'no-audio.wav': { contentType: 'audio/wav', description: 'no_audio: WAV with zero channels and no samples', build: () => emptyWav() },
  'video-only.webm': { contentType: 'video/webm', description: 'no_audio: WebM with one video track', build: () => videoOnlyWebm(20) },
  'too-long.wav': { contentType: 'audio/wav', description: 'too_long: 15 min 10 s (8 kHz silence)', build: () => silenceWav(910, 8000) },
  'not-audio.txt': { contentType: 'text/plain; charset=utf-8', description: 'invalid_file: plain text', build: () => Buffer.from('This is a text file, not audio.\n') },
  'verdict-ai-model.wav': {
    contentType: 'audio/wav',
    description: 'ok: stand-in verdict is_ai with a predicted model',
    build: () => musicWithVerdict((v) => v.is_ai === true && v.predicted_model !== null),
  },
  'verdict-ai-no-model.wav': {
    contentType: 'audio/wav',
    description: 'ok: stand-in verdict is_ai with predicted_model null',
    build: () => musicWithVerdict((v) => v.is_ai === true && v.predicted_model === null),
  },
  'verdict-not-ai.wav': { contentType: 'audio/wav', description: 'ok: stand-in verdict not AI', build: () => musicWithVerdict((v) => v.is_ai === false) },
};

const audioCache = new Map<string, Buffer>();

export function audioFile(name: string): Buffer | null {
  const file = AUDIO_FILES[name];
  if (!file) return null;
  let bytes = audioCache.get(name);
  if (!bytes) {
    bytes = file.build();
    audioCache.set(name, bytes);
  }
  return bytes;
}

function listAudio(ctx: Ctx): Reply {
  return {
    body: Object.entries(AUDIO_FILES).map(([name, file]) => ({
      name,
      url: `${ctx.publicBase}/sandbox/audio/${name}`,
      content_type: file.contentType,
      expect: file.description,
    })),
  };
}

function serveAudio(ctx: Ctx): Reply {
  const name = ctx.params.name ?? '';
  const bytes = audioFile(name);
  if (!bytes) throw new HttpError(404, `No sandbox audio file ${name}; see GET /sandbox/audio.`);
  ctx.res.writeHead(200, {
    'Content-Type': AUDIO_FILES[name]!.contentType,
    'Content-Length': bytes.length,
    'Content-Disposition': `inline; filename="${name}"`,
    'Cache-Control': 'public, max-age=3600',
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : bytes);
}

export const sandboxToolRoutes: Route[] = [
  { method: 'GET', path: '/sandbox/info', auth: 'none', handler: info },
  { method: 'POST', path: '/sandbox/reset', auth: 'none', handler: reset },
  { method: 'GET', path: '/sandbox/faults', auth: 'none', handler: (ctx) => ({ body: faultsView(ctx.state.faults.current) }) },
  { method: 'PUT', path: '/sandbox/faults', auth: 'none', handler: putFaults },
  { method: 'GET', path: '/sandbox/search/lookups', auth: 'none', handler: listLookups },
  { method: 'POST', path: '/sandbox/search/lookups', auth: 'none', handler: createLookup },
  { method: 'GET', path: '/sandbox/audio', auth: 'none', handler: listAudio },
  { method: 'GET', path: '/sandbox/audio/:name', auth: 'none', handler: serveAudio },
  { method: 'HEAD', path: '/sandbox/audio/:name', auth: 'none', handler: serveAudio },
];
