import { createHash } from 'node:crypto';
import type { Ctx, Reply, Route } from '../http';
import { HttpError, readBody } from '../http';
import type { DetectorStatus } from '../audio';
import { analyseAudio } from '../audio';

/** Files over 100 MB are refused with 413 (spec 8). */
export const MAX_DETECT_BYTES = 100 * 1024 * 1024;
/** Room for multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_FORM_BODY = 64 * 1024;
/** detect-url gives a download 10 s in all; tests shorten it to exercise the timeout quickly. */
export const urlFetchSettings = { timeoutMs: 10_000 };

export type DetectionResult = {
  request_id: bigint;
  status: DetectorStatus;
  message: string;
  is_ai?: boolean;
  ai_score?: number;
  predicted_model?: string | null;
  predicted_model_score?: number;
};

export const STAND_IN_MODELS = ['Suno', 'Udio', 'Stable Audio'] as const;

/**
 * SANDBOX STAND-IN, NOT AI DETECTION. The verdict of an `ok` file is derived from the SHA-256 of its
 * bytes so that the same file always gets the same answer and every shape of answer occurs:
 * - ai_score: the first 4 digest bytes as a fraction of 2^32 (4 decimals); is_ai when ai_score ≥ 0.5;
 * - when is_ai, digest byte 4 modulo 4 picks the platform: 0 → null (not confident about the
 *   platform), 1–3 → one of STAND_IN_MODELS, with predicted_model_score from digest bytes 5–6 in [0.5, 1).
 */
export function standInVerdict(content: Uint8Array): Pick<DetectionResult, 'is_ai' | 'ai_score' | 'predicted_model' | 'predicted_model_score'> {
  const digest = createHash('sha256').update(content).digest();
  const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
  const aiScore = round4(digest.readUInt32BE(0) / 2 ** 32);
  const isAi = aiScore >= 0.5;
  const pick = digest[4]! % 4;
  if (!isAi || pick === 0) return { is_ai: isAi, ai_score: aiScore, predicted_model: null };
  return {
    is_ai: true,
    ai_score: aiScore,
    predicted_model: STAND_IN_MODELS[pick - 1]!,
    predicted_model_score: round4(0.5 + (0.5 * digest.readUInt16BE(5)) / 65536),
  };
}

async function detectContent(ctx: Ctx, content: Uint8Array): Promise<Reply> {
  const analysis = await analyseAudio(content);
  const result: DetectionResult = { request_id: ctx.state.ids.next(), status: analysis.status, message: analysis.message };
  if (analysis.status === 'ok') Object.assign(result, standInVerdict(content));
  return { body: result };
}

function mediaType(ctx: Ctx): string {
  return (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function tooLarge(): HttpError {
  return new HttpError(413, `The file is larger than 100 MB (${MAX_DETECT_BYTES} bytes).`);
}

/** Parses a multipart/form-data body with the platform's own Fetch implementation. */
async function parseMultipart(ctx: Ctx, body: Buffer): Promise<FormData> {
  try {
    // A Buffer is a view on a plain ArrayBuffer; passing it as is avoids another copy of up to 100 MB.
    return await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': String(ctx.req.headers['content-type']) } }).formData();
  } catch (error) {
    throw new HttpError(400, `The multipart/form-data body could not be parsed: ${(error as Error).message}`);
  }
}

async function detect(ctx: Ctx): Promise<Reply> {
  if (mediaType(ctx) !== 'multipart/form-data') {
    ctx.req.resume();
    throw new HttpError(400, 'Send the audio as multipart/form-data with a part named "file".');
  }
  let body: Buffer;
  try {
    body = await readBody(ctx.req, MAX_DETECT_BYTES + MULTIPART_OVERHEAD);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw tooLarge();
    throw error;
  }
  const form = await parseMultipart(ctx, body);
  const file = form.get('file');
  if (file === null) {
    const names = new Set<string>();
    form.forEach((_value, name) => names.add(name));
    throw new HttpError(400, names.size === 0 ? 'The form has no part named "file".' : `The form has no part named "file" (received: ${[...names].join(', ')}).`);
  }
  if (typeof file === 'string') throw new HttpError(400, 'The part "file" must be a file upload (with a filename), not a text field.');
  if (file.size > MAX_DETECT_BYTES) throw tooLarge();
  return detectContent(ctx, new Uint8Array(await file.arrayBuffer()));
}

/** The `url` field of a form-urlencoded (or multipart) body. */
async function readUrlField(ctx: Ctx): Promise<string> {
  const type = mediaType(ctx);
  let value: FormDataEntryValue | null;
  if (type === 'application/x-www-form-urlencoded') {
    const body = await readBody(ctx.req, MAX_FORM_BODY);
    value = new URLSearchParams(body.toString('utf8')).get('url');
  } else if (type === 'multipart/form-data') {
    const body = await readBody(ctx.req, MAX_FORM_BODY);
    value = (await parseMultipart(ctx, body)).get('url');
  } else {
    ctx.req.resume();
    throw new HttpError(400, 'Send the URL as application/x-www-form-urlencoded with a field named "url".');
  }
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, 'The form has no field named "url".');
  return value.trim();
}

type Download = { ok: true; content: Uint8Array } | { ok: false; reason: string };

/** Downloads a public http(s) URL: 10 s for the whole transfer, at most 100 MB (413 beyond). */
export async function download(raw: string): Promise<Download> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'it is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `the ${url.protocol} scheme is not supported; use http or https` };
  const timeoutMs = urlFetchSettings.timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { signal, redirect: 'follow', headers: { accept: '*/*' } });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      return { ok: false, reason: `the server answered HTTP ${res.status}` };
    }
    if (Number(res.headers.get('content-length') ?? 0) > MAX_DETECT_BYTES) {
      await res.body.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_DETECT_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
    return { ok: true, content: Buffer.concat(chunks) };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = signal.aborted ? `the download took longer than ${timeoutMs / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { ok: false, reason: `the download failed (${reason})` };
  }
}

async function detectUrl(ctx: Ctx): Promise<Reply> {
  const url = await readUrlField(ctx);
  const fetched = await download(url);
  if (!fetched.ok) {
    const result: DetectionResult = {
      request_id: ctx.state.ids.next(),
      status: 'not_found',
      message: `The URL could not be opened or the file could not be retrieved: ${fetched.reason}.`,
    };
    return { body: result };
  }
  return detectContent(ctx, fetched.content);
}

export const detectorRoutes: Route[] = [
  { method: 'POST', path: '/v1/ai-detector/detect', auth: 'token', handler: detect },
  { method: 'POST', path: '/v1/ai-detector/detect-url', auth: 'token', handler: detectUrl },
];
