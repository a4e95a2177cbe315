import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseLossless, parseNumberAndBigInt } from 'lossless-json';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET } from '../app';
import { emptyWav, mixedWav, musicWav, silenceWav, truncatedWav, videoOnlyWebm } from '../audio';
import { MAX_DETECT_BYTES, STAND_IN_MODELS, standInVerdict, urlFetchSettings } from './detector';

let sb: TestSandbox;
let token: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  const res = await sb.call('POST', '/oauth2/token', {
    key: null,
    headers: {
      authorization: `Basic ${Buffer.from(`${DETECTOR_CLIENT_ID}:${DETECTOR_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    rawBody: 'grant_type=client_credentials',
  });
  token = res.json.access_token;
});
afterAll(() => sb.close());

type DetectJson = {
  request_id: bigint;
  status: string;
  message: string;
  is_ai?: boolean;
  ai_score?: number;
  predicted_model?: string | null;
  predicted_model_score?: number;
};
type Result = { status: number; json: DetectJson; text: string };

async function parse(res: Response): Promise<Result> {
  const text = await res.text();
  let json = {} as DetectJson;
  try {
    json = parseLossless(text, null, parseNumberAndBigInt) as DetectJson;
  } catch {
    // Not JSON: the assertions on json fail with the text in view.
  }
  return { status: res.status, json, text };
}

async function upload(bytes: Uint8Array, opts: { field?: string; filename?: string; auth?: string | null } = {}): Promise<Result> {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(bytes)]), opts.filename ?? 'upload.bin');
  const headers: Record<string, string> = {};
  const auth = opts.auth === undefined ? `Bearer ${token}` : opts.auth;
  if (auth !== null) headers.authorization = auth;
  return parse(await fetch(`${sb.url}/v1/ai-detector/detect`, { method: 'POST', headers, body: form }));
}

async function detectUrl(body: string, contentType = 'application/x-www-form-urlencoded', auth: string | null = `Bearer ${token}`): Promise<Result> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (auth !== null) headers.authorization = auth;
  return parse(await fetch(`${sb.url}/v1/ai-detector/detect-url`, { method: 'POST', headers, body }));
}
const urlForm = (url: string) => new URLSearchParams({ url }).toString();

/** A local HTTP server for detect-url to download from. */
async function withServer(handler: Parameters<typeof createServer>[1], run: (base: string) => Promise<void>): Promise<void> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const STATUS_ONLY_KEYS = ['message', 'request_id', 'status'];

describe('POST /v1/ai-detector/detect', () => {
  it('401 without a token or with an unknown one', async () => {
    const music = musicWav(11);
    for (const auth of [null, 'Bearer not-a-token', `Basic ${token}`]) {
      const res = await upload(music, { auth });
      expect(res.status, String(auth)).toBe(401);
      expect(res.json).toMatchObject({ status: 'error' });
    }
  });

  it('ok for music: request_id, message, and the stand-in verdict of the content', async () => {
    const music = musicWav(20, { variant: 1 });
    const res = await upload(music, { filename: 'song.wav' });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('ok');
    expect(typeof res.json.request_id).toBe('bigint');
    expect(res.json.request_id).toBeGreaterThan(2n ** 53n);
    expect(res.json.message).toMatch(/\w/);
    expect(res.json.ai_score).toBeGreaterThanOrEqual(0);
    expect(res.json.ai_score).toBeLessThanOrEqual(1);
    const { request_id: _id, status: _status, message: _message, ...verdict } = res.json;
    expect(verdict).toEqual(standInVerdict(music));
  });

  it('gives the same file the same verdict and every request its own request_id', async () => {
    const music = musicWav(10.5, { variant: 3 });
    const a = await upload(music);
    const b = await upload(music, { filename: 'renamed.mp3' });
    expect(a.json.request_id).not.toBe(b.json.request_id);
    const strip = ({ request_id: _r, ...rest }: Record<string, unknown>) => rest;
    expect(strip(a.json)).toEqual(strip(b.json));
  });

  it.each([
    ['invalid_file', 'a text file named like audio', () => Buffer.from('This is a text file, not audio.\n'), 'song.mp3'],
    ['no_audio', 'a WebM with only a video track', () => videoOnlyWebm(20), 'clip.webm'],
    ['no_audio', 'a WAV with no channels or samples', () => emptyWav(), 'empty.wav'],
    ['too_short', '5 s of music', () => musicWav(5), 'song.wav'],
    ['too_long', '15 min 1 s of audio', () => silenceWav(901, 1000), 'song.wav'],
    ['not_enough_music', '40 s of silence', () => silenceWav(40), 'song.wav'],
    ['not_enough_music', '12 s of music and 28 s of silence', () => mixedWav([['music', 12], ['silence', 28]]), 'song.wav'],
    ['error', 'a WAV cut off after 20 of 60 declared seconds', () => truncatedWav(60, 20), 'song.wav'],
    ['ok', 'music in a file named .txt', () => musicWav(12), 'notes.txt'],
  ])('HTTP 200 %s for %s', async (status, _what, build, filename) => {
    const res = await upload(build(), { filename });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(status);
    expect(res.json.message).toMatch(/\w/);
    expect(typeof res.json.request_id).toBe('bigint');
    if (status !== 'ok') expect(Object.keys(res.json).sort()).toEqual(STATUS_ONLY_KEYS);
  });

  it('reaches every verdict shape: not AI, AI with a model, AI with predicted_model null', async () => {
    const seen = new Set<string>();
    for (let variant = 0; variant < 40 && seen.size < 3; variant++) {
      const res = await upload(musicWav(10, { variant, sampleRate: 8000 }));
      expect(res.json.status).toBe('ok');
      const { is_ai, ai_score, predicted_model, predicted_model_score } = res.json;
      expect(is_ai).toBe(Number(ai_score) >= 0.5);
      if (predicted_model === null) {
        expect('predicted_model_score' in res.json).toBe(false);
        seen.add(is_ai ? 'ai-without-model' : 'not-ai');
      } else {
        expect(is_ai).toBe(true);
        expect(STAND_IN_MODELS).toContain(predicted_model);
        expect(predicted_model_score).toBeGreaterThanOrEqual(0.5);
        expect(predicted_model_score).toBeLessThan(1);
        seen.add('ai-with-model');
      }
    }
    expect([...seen].sort()).toEqual(['ai-with-model', 'ai-without-model', 'not-ai']);
  });

  it('400 when the body is not multipart, the part has another name, or "file" is a text field', async () => {
    const json = await parse(
      await fetch(`${sb.url}/v1/ai-detector/detect`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"file":"x"}' }),
    );
    expect(json.status).toBe(400);
    expect(json.json).toMatchObject({ status: 'error' });

    const wrongName = await upload(musicWav(11), { field: 'audio' });
    expect(wrongName.status).toBe(400);
    expect(wrongName.json.message).toMatch(/"file".*audio/);

    const form = new FormData();
    form.append('file', 'just text');
    const textField = await parse(await fetch(`${sb.url}/v1/ai-detector/detect`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
    expect(textField.status).toBe(400);

    const empty = await parse(await fetch(`${sb.url}/v1/ai-detector/detect`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new FormData() }));
    expect(empty.status).toBe(400);

    const broken = await parse(
      await fetch(`${sb.url}/v1/ai-detector/detect`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=abc' },
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc\r\n--xyz--\r\n',
      }),
    );
    expect(broken.status).toBe(400);
    expect(broken.json.status).toBe('error');
  });

  /** Sends a multipart body by hand: `declared` sets Content-Length, otherwise it is chunked. */
  function rawUpload(opts: { declared?: number; megabytes: number }): Promise<Result> {
    const url = new URL(sb.url);
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=B0undary' };
      if (opts.declared !== undefined) headers['content-length'] = String(opts.declared);
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/v1/ai-detector/detect', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, json: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('--B0undary\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\n\r\n');
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < opts.megabytes) {
          sent++;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (opts.declared === undefined) req.end('\r\n--B0undary--\r\n');
      };
      pump();
    });
  }

  it('413 when Content-Length announces more than 100 MB, before reading the body', async () => {
    const res = await rawUpload({ declared: MAX_DETECT_BYTES + 1024 * 1024, megabytes: 0 });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ status: 'error', message: expect.stringMatching(/100 MB/) });
  });

  it('413 when a chunked body without Content-Length grows past 100 MB', async () => {
    const res = await rawUpload({ megabytes: 101 });
    expect(res.status).toBe(413);
    expect(res.json.status).toBe('error');
    // The sandbox is still serving.
    expect((await upload(musicWav(11))).json.status).toBe('ok');
  });
});

describe('POST /v1/ai-detector/detect-url', () => {
  it('401 without a valid token', async () => {
    expect((await detectUrl(urlForm(`${sb.url}/sandbox/audio/music-20s.wav`), undefined, null)).status).toBe(401);
    expect((await detectUrl(urlForm(`${sb.url}/sandbox/audio/music-20s.wav`), undefined, 'Bearer nope')).status).toBe(401);
  });

  it('downloads the file and decides on its content', async () => {
    const cases: [string, string][] = [
      ['music-20s.wav', 'ok'],
      ['music-60s.wav', 'ok'],
      ['clip-5s.wav', 'too_short'],
      ['silence-40s.wav', 'not_enough_music'],
      ['mostly-silence.wav', 'not_enough_music'],
      ['damaged.wav', 'error'],
      ['no-audio.wav', 'no_audio'],
      ['video-only.webm', 'no_audio'],
      ['not-audio.txt', 'invalid_file'],
    ];
    for (const [name, status] of cases) {
      const res = await detectUrl(urlForm(`${sb.url}/sandbox/audio/${name}`));
      expect(res.status, name).toBe(200);
      expect(res.json.status, name).toBe(status);
      expect(typeof res.json.request_id).toBe('bigint');
    }
  });

  it('gives a downloaded file the same verdict as the same file uploaded', async () => {
    const fetched = await detectUrl(urlForm(`${sb.url}/sandbox/audio/music-20s.wav`));
    const bytes = new Uint8Array(await (await fetch(`${sb.url}/sandbox/audio/music-20s.wav`)).arrayBuffer());
    const uploaded = await upload(bytes);
    const strip = ({ request_id: _r, ...rest }: Record<string, unknown>) => rest;
    expect(strip(fetched.json)).toEqual(strip(uploaded.json));
  });

  it('also accepts the url field in multipart/form-data', async () => {
    const form = new FormData();
    form.append('url', `${sb.url}/sandbox/audio/clip-5s.wav`);
    const res = await parse(await fetch(`${sb.url}/v1/ai-detector/detect-url`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
    expect(res.json.status).toBe('too_short');
  });

  it('follows redirects', async () => {
    await withServer(
      (_req, res) => {
        res.writeHead(302, { location: `${sb.url}/sandbox/audio/clip-5s.wav` });
        res.end();
      },
      async (base) => {
        expect((await detectUrl(urlForm(`${base}/moved`))).json.status).toBe('too_short');
      },
    );
  });

  it.each([
    ['a 404 answer', (base: string) => `${base}/sandbox/audio/no-such-file.wav`],
    ['a refused connection', () => 'http://127.0.0.1:9/song.wav'],
    ['an unsupported scheme', () => 'ftp://example.com/song.wav'],
    ['a javascript: URL', () => 'javascript:alert(1)'],
    ['text that is not a URL', () => 'not a url at all'],
  ])('200 not_found for %s', async (_what, url) => {
    const res = await detectUrl(urlForm(url(sb.url)));
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('not_found');
    expect(res.json.message).toMatch(/could not be opened or the file could not be retrieved/);
    expect(Object.keys(res.json).sort()).toEqual(STATUS_ONLY_KEYS);
  });

  it('200 not_found when the download takes longer than the timeout (10 s by default)', async () => {
    expect(urlFetchSettings.timeoutMs).toBe(10_000);
    urlFetchSettings.timeoutMs = 300;
    try {
      await withServer(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'audio/wav' });
          res.write(musicWav(1).subarray(0, 100));
          // ...and never finish.
        },
        async (base) => {
          const started = Date.now();
          const res = await detectUrl(urlForm(`${base}/slow.wav`));
          expect(res.json.status).toBe('not_found');
          expect(res.json.message).toMatch(/longer than 0.3 s/);
          expect(Date.now() - started).toBeLessThan(5_000);
        },
      );
    } finally {
      urlFetchSettings.timeoutMs = 10_000;
    }
  });

  it('413 when the file behind the URL is over 100 MB (declared or counted)', async () => {
    await withServer(
      (req, res) => {
        if (req.url === '/declared') {
          res.writeHead(200, { 'content-length': String(MAX_DETECT_BYTES + 1) });
          res.write(Buffer.alloc(1024));
          return;
        }
        // No Content-Length: stream 101 MB.
        res.writeHead(200, { 'content-type': 'audio/wav' });
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 101) {
            sent++;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('close', () => (sent = 101));
        pump();
      },
      async (base) => {
        const declared = await detectUrl(urlForm(`${base}/declared`));
        expect(declared.status).toBe(413);
        expect(declared.json.status).toBe('error');
        const counted = await detectUrl(urlForm(`${base}/streamed`));
        expect(counted.status).toBe(413);
      },
    );
  });

  it('400 when the url field is missing, empty, misnamed or not form data', async () => {
    for (const [body, type] of [
      ['', 'application/x-www-form-urlencoded'],
      ['url=', 'application/x-www-form-urlencoded'],
      [urlForm(`${sb.url}/x`).replace('url=', 'link='), 'application/x-www-form-urlencoded'],
      [JSON.stringify({ url: `${sb.url}/sandbox/audio/music-20s.wav` }), 'application/json'],
    ] as const) {
      const res = await detectUrl(body, type);
      expect(res.status, body).toBe(400);
      expect(res.json).toMatchObject({ status: 'error', message: expect.any(String) });
    }
  });
});

describe('standInVerdict', () => {
  it('is a pure function of the content', () => {
    const a = Buffer.from('same bytes');
    expect(standInVerdict(a)).toEqual(standInVerdict(Buffer.from('same bytes')));
    expect(standInVerdict(a)).not.toEqual(standInVerdict(Buffer.from('other bytes')));
  });

  it('sets predicted_model_score exactly when predicted_model is set, and a model only for AI', () => {
    let models = 0;
    for (let i = 0; i < 500; i++) {
      const v = standInVerdict(Buffer.from(`content ${i}`));
      expect(v.ai_score).toBeGreaterThanOrEqual(0);
      expect(v.ai_score).toBeLessThanOrEqual(1);
      expect(v.is_ai).toBe(v.ai_score! >= 0.5);
      expect('predicted_model_score' in v).toBe(v.predicted_model !== null);
      if (v.predicted_model !== null) {
        models++;
        expect(v.is_ai).toBe(true);
      }
    }
    // About 3/8 of contents get a model (half are AI, three quarters of those name one).
    expect(models).toBeGreaterThan(130);
    expect(models).toBeLessThan(250);
  });
});
