import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, OTHER_API_KEY } from '../app';
import { SEED_NOW } from '../seed';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { v3FilePath } from '../catalogue-shared';

let sb: TestSandbox;
let clock = SEED_NOW + 86_400_000;

beforeAll(async () => {
  sb = await startTestSandbox({ now: () => clock });
});
afterAll(async () => {
  await sb.close();
});

const KiB = 1024;

function fidOf(data: Buffer): string {
  return createHash('sha256').update(data.subarray(0, 512 * KiB)).digest('hex');
}

/** A 16-bit mono PCM WAV of a sine tone. */
function wav(seconds: number, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buf.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  return buf;
}

function metadata(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { title: 'Upload test', media_type: 'audio', mime_type: 'audio/mpeg', fid: 'a'.repeat(64), production_date: '2025-06-01', ...overrides };
}

async function createV3(data: Buffer, overrides: Record<string, unknown> = {}) {
  const res = await sb.call('POST', '/v3/cms/assets/upload', { body: metadata({ fid: fidOf(data), ...overrides }) });
  expect(res.status, res.text).toBe(200);
  return res.json as { asset_id: bigint; asset_id_str: string; file_url: string };
}

async function createV4(data: Buffer, overrides: Record<string, unknown> = {}, key = DEMO_API_KEY) {
  const res = await sb.call('POST', '/v4/cms/assets/upload', { key, body: metadata({ fid: fidOf(data), ...overrides }) });
  expect(res.status, res.text).toBe(200);
  return res.json as { asset_id: bigint; asset_id_str: string; blob_id: string };
}

async function put(fileUrl: string, body: Buffer | ReadableStream<Uint8Array>, contentType = 'audio/mpeg') {
  const url = new URL(fileUrl);
  const res = await fetch(`${sb.url}${url.pathname}${url.search}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: body as BodyInit,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, text: await res.text() };
}

async function verify(id: string): Promise<boolean> {
  const res = await sb.call('GET', `/v3/cms/assets/${id}/verify`);
  expect(res.status, res.text).toBe(200);
  expect(res.json.asset_id_str).toBe(id);
  return res.json.uploaded as boolean;
}

async function status(id: string): Promise<{ status: string; error: string }> {
  return (await sb.call('GET', `/v3/cms/assets/${id}`)).json.processing_status;
}

describe('upload metadata (v3 and v4)', () => {
  it('names the field of every invalid value', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [metadata({ title: undefined }), /title/],
      [metadata({ title: '' }), /title/],
      [metadata({ media_type: undefined }), /media_type/],
      [metadata({ media_type: 'image' }), /media_type/],
      [metadata({ mime_type: undefined }), /mime_type/],
      [metadata({ mime_type: 'audio' }), /mime_type/],
      [metadata({ mime_type: 'audio/mpeg extra' }), /mime_type/],
      [metadata({ fid: undefined }), /fid/],
      [metadata({ fid: 'a'.repeat(63) }), /fid/],
      [metadata({ fid: 'g'.repeat(64) }), /fid/],
      [metadata({ fid: 'a'.repeat(65) }), /fid/],
      [metadata({ production_date: undefined }), /production_date/],
      [metadata({ production_date: '2025-02-29' }), /production_date/],
      [metadata({ production_date: '01-06-2025' }), /production_date/],
      [metadata({ match_types: ['audio', 'text'] }), /match_types/],
      [metadata({ collection_ids: [42] }), /collection_ids/],
      [metadata({ collection_ids: 'all' }), /collection_ids/],
      [metadata({ reference_ids: [1] }), /reference_ids/],
      [metadata({ music: { isrcs: 'GBNWR2600001' } }), /music\.isrcs/],
      [metadata({ youtube_content_id: { asset_id: 5 } }), /youtube_content_id/],
    ];
    for (const path of ['/v3/cms/assets/upload', '/v4/cms/assets/upload']) {
      for (const [body, message] of cases) {
        const res = await sb.call('POST', path, { body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json.message).toMatch(message);
      }
    }
    const foreign = (await sb.call('GET', '/v3/cms/collections', { key: OTHER_API_KEY })).json as { collection_id: bigint }[];
    const res = await sb.call('POST', '/v3/cms/assets/upload', { body: metadata({ collection_ids: [foreign[0]!.collection_id] }) });
    expect(res.status).toBe(400);
  });

  it('creates a pending asset, in the default collection unless collections are given', async () => {
    const res = await sb.call('POST', '/v3/cms/assets/upload', {
      body: metadata({ match_types: ['audio'], reference_ids: ['UP-1'], music: { isrcs: ['GBNWR2600999'], artist: 'Juno Vale' }, youtube_content_id: { asset_id: 'A77' } }),
    });
    expect(res.status, res.text).toBe(200);
    const id = res.json.asset_id_str as string;
    const asset = (await sb.call('GET', `/v3/cms/assets/${id}`)).json;
    const collections = (await sb.call('GET', '/v3/cms/collections')).json as { title: string; collection_id_str: string }[];
    expect(asset).toMatchObject({
      title: 'Upload test',
      processing_status: { status: 'pending', error: '' },
      reference_ids: ['UP-1'],
      production_date: '2025-06-01T00:00:00.000Z',
      youtube_content_id: { cid_asset_id: 'A77' },
      music: { isrcs: ['GBNWR2600999'], artist: 'Juno Vale', album: '', iswcs: [] },
    });
    expect(asset.collection_ids.map(String)).toEqual([collections.find((c) => c.title === 'Default collection')!.collection_id_str]);
    expect(await verify(id)).toBe(false);
    const byIsrc = (await sb.call('GET', '/v3/cms/assets?isrc=GBNWR2600999')).json as { asset_id_str: string }[];
    expect(byIsrc.map((a) => a.asset_id_str)).toEqual([id]);
  });
});

describe('v3: PUT to file_url', () => {
  it('hands out a file_url under the origin and prefix the caller used', async () => {
    const res = await sb.call('POST', '/v3/cms/assets/upload', {
      body: metadata(),
      headers: { 'x-forwarded-host': 'desk.example', 'x-forwarded-proto': 'https', 'x-forwarded-prefix': '/api/discovery' },
    });
    expect(res.json.file_url).toMatch(new RegExp(`^https://desk\\.example/api/discovery/sandbox/uploads/${res.json.asset_id_str}\\?token=[\\w-]{20,}$`));
    const direct = await sb.call('POST', '/v3/cms/assets/upload', { body: metadata() });
    expect(direct.json.file_url.startsWith(`${sb.url}/sandbox/uploads/${direct.json.asset_id_str}?token=`)).toBe(true);
  });

  it('stores the file, checks the fid, and the asset is sampled three seconds later', async () => {
    const data = randomBytes(700 * KiB);
    const created = await createV3(data);
    const id = created.asset_id_str;
    const res = await put(created.file_url, data);
    expect(res.status, res.text).toBe(200);
    expect(await verify(id)).toBe(true);
    expect(await status(id)).toEqual({ status: 'uploaded', error: '' });
    const stored = v3FilePath(sb.sandbox.state.uploadDir, created.asset_id);
    expect(readFileSync(stored).equals(data)).toBe(true);
    const row = sb.sandbox.db.prepare('SELECT size_bytes FROM assets WHERE asset_id = ?').get(created.asset_id) as { size_bytes: bigint };
    expect(row.size_bytes).toBe(BigInt(data.length));
    clock += 3000;
    expect(await status(id)).toEqual({ status: 'sampled', error: '' });
  });

  it('refuses a wrong token (403), an unknown asset (404) and a Content-Type other than mime_type (400)', async () => {
    const data = randomBytes(10 * KiB);
    const created = await createV3(data);
    const url = new URL(created.file_url);
    expect((await put(`${url.origin}${url.pathname}?token=wrong`, data)).status).toBe(403);
    expect((await put(`${url.origin}${url.pathname}`, data)).status).toBe(403);
    expect((await put(`${url.origin}/sandbox/uploads/123${url.search}`, data)).status).toBe(404);
    const wrongType = await put(created.file_url, data, 'audio/wav');
    expect(wrongType.status).toBe(400);
    expect(wrongType.text).toContain('audio/wav');
    expect(wrongType.text).toContain('audio/mpeg');
    expect(await verify(created.asset_id_str)).toBe(false);
    // Parameters and case do not matter.
    expect((await put(created.file_url, data, 'Audio/MPEG; charset=binary')).status).toBe(200);
    expect(await verify(created.asset_id_str)).toBe(true);
  });

  it('marks a fid mismatch as failed, and a second PUT with the right bytes replaces it', async () => {
    const data = randomBytes(600 * KiB);
    const created = await createV3(data);
    const wrong = Buffer.from(data);
    wrong[100] = wrong[100]! ^ 0xff;
    expect((await put(created.file_url, wrong)).status).toBe(200);
    expect(await verify(created.asset_id_str)).toBe(false);
    const failed = await status(created.asset_id_str);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(`fid mismatch: the SHA-256 of the first 512 KiB is ${fidOf(wrong)}, the metadata said ${fidOf(data)}`);
    expect((await sb.call('GET', '/v3/cms/assets?status=failed')).json.some((a: { asset_id_str: string }) => a.asset_id_str === created.asset_id_str)).toBe(true);

    // Bytes after the first 512 KiB do not enter the fid.
    const sameHead = Buffer.concat([data.subarray(0, 512 * KiB), randomBytes(88 * KiB)]);
    expect((await put(created.file_url, sameHead)).status).toBe(200);
    expect(await verify(created.asset_id_str)).toBe(true);
    expect(await status(created.asset_id_str)).toEqual({ status: 'uploaded', error: '' });
  });

  it('streams a body of unknown length (chunked) of several MiB', async () => {
    const chunk = randomBytes(256 * KiB);
    const chunks = 24; // 6 MiB
    const whole = Buffer.concat(Array.from({ length: chunks }, () => chunk));
    const created = await createV3(whole);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === chunks) controller.close();
        else {
          controller.enqueue(new Uint8Array(chunk));
          sent++;
        }
      },
    });
    const res = await put(created.file_url, stream);
    expect(res.status, res.text).toBe(200);
    expect(await verify(created.asset_id_str)).toBe(true);
    const row = sb.sandbox.db.prepare('SELECT size_bytes FROM assets WHERE asset_id = ?').get(created.asset_id) as { size_bytes: bigint };
    expect(row.size_bytes).toBe(BigInt(whole.length));
  });

  it('reads the duration of a media file it can parse', async () => {
    const data = wav(12);
    const created = await createV3(data, { mime_type: 'audio/wav' });
    expect((await put(created.file_url, data, 'audio/wav')).status).toBe(200);
    const asset = (await sb.call('GET', `/v3/cms/assets/${created.asset_id_str}`)).json;
    expect(asset.duration).toBe(12n);
    const beyond = await sb.call('PATCH', `/v3/cms/assets/${created.asset_id_str}`, { body: { excluded_segments: [{ lower: 0, upper: 13 }] } });
    expect(beyond.status).toBe(400);
  });

  it('has no file_url for a v4 asset, and a deleted asset loses its bytes', async () => {
    const data = randomBytes(KiB);
    const v4 = await createV4(data);
    expect((await put(`${sb.url}/sandbox/uploads/${v4.asset_id_str}?token=${v4.blob_id}`, data)).status).toBe(404);
    const v3 = await createV3(data);
    await put(v3.file_url, data);
    const stored = v3FilePath(sb.sandbox.state.uploadDir, v3.asset_id);
    expect(existsSync(stored)).toBe(true);
    expect((await sb.call('DELETE', `/v3/cms/assets/${v3.asset_id_str}`)).status).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect((await put(v3.file_url, data)).status).toBe(404);
  });
});

const TUS_ENDPOINT = () => `${sb.url}/v4/cms/assets/file-upload/`;

function tusHeaders(blobId: string, key = DEMO_API_KEY): Record<string, string> {
  return { Authorization: `Bearer ${key}`, 'Blob-ID': blobId };
}

/** Runs a tus-js-client upload to the end; resolves with its upload URL. */
function tusUpload(data: Buffer, blobId: string, options: { chunkSize?: number; uploadUrl?: string; patches?: { n: number } } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: TUS_ENDPOINT(),
      uploadUrl: options.uploadUrl ?? null,
      headers: tusHeaders(blobId),
      chunkSize: options.chunkSize ?? 128 * KiB,
      retryDelays: null,
      metadata: { filename: 'take.mp3', filetype: 'audio/mpeg' },
      onChunkComplete: () => {
        if (options.patches) options.patches.n++;
      },
      onError: reject,
      onSuccess: () => resolve(upload.url!),
    });
    upload.start();
  });
}

async function tusHead(uploadUrl: string, blobId: string): Promise<Response> {
  return fetch(uploadUrl, { method: 'HEAD', headers: { ...tusHeaders(blobId), 'Tus-Resumable': '1.0.0' } });
}

describe('v4: tus resumable upload', () => {
  it('uploads with tus-js-client in several PATCHes; verify reports uploaded', async () => {
    const data = randomBytes(900 * KiB);
    const created = await createV4(data);
    expect(created.blob_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await verify(created.asset_id_str)).toBe(false);
    const patches = { n: 0 };
    const url = await tusUpload(data, created.blob_id, { chunkSize: 200 * KiB, patches });
    expect(patches.n).toBe(5);
    expect(url.startsWith(TUS_ENDPOINT())).toBe(true);
    expect(await verify(created.asset_id_str)).toBe(true);
    expect(await status(created.asset_id_str)).toEqual({ status: 'uploaded', error: '' });
    clock += 3000;
    expect(await status(created.asset_id_str)).toEqual({ status: 'sampled', error: '' });
  });

  it('resumes an upload aborted after its first chunk, from the offset HEAD reports', async () => {
    const data = randomBytes(700 * KiB);
    const created = await createV4(data);
    const chunkSize = 160 * KiB;
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: TUS_ENDPOINT(),
        headers: tusHeaders(created.blob_id),
        chunkSize,
        retryDelays: null,
        onChunkComplete: () => {
          void upload.abort().then(() => resolve(upload.url!));
        },
        onError: reject,
        onSuccess: () => reject(new Error('the upload should have been interrupted')),
      });
      upload.start();
    });
    const head = await tusHead(uploadUrl, created.blob_id);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(chunkSize));
    expect(head.headers.get('upload-length')).toBe(String(data.length));
    expect(await verify(created.asset_id_str)).toBe(false);

    const patches = { n: 0 };
    const finished = await tusUpload(data, created.blob_id, { uploadUrl, chunkSize, patches });
    expect(finished).toBe(uploadUrl);
    expect(patches.n).toBe(4); // the remaining 540 KiB, not the whole file again
    expect(await verify(created.asset_id_str)).toBe(true);
    expect(await status(created.asset_id_str)).toEqual({ status: 'uploaded', error: '' });
  });

  it('keeps the bytes of a PATCH cut off mid-body; the client resumes from there', async () => {
    const data = randomBytes(600 * KiB);
    const created = await createV4(data);
    const post = await fetch(TUS_ENDPOINT(), {
      method: 'POST',
      headers: { ...tusHeaders(created.blob_id), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(data.length) },
    });
    expect(post.status).toBe(201);
    const uploadUrl = post.headers.get('location')!;

    // Send half of the body, then drop the connection.
    const half = 300 * KiB;
    await new Promise<void>((resolve) => {
      const req = request(uploadUrl, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(created.blob_id),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(data.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(data.subarray(0, half), () => setTimeout(() => req.destroy(), 150));
    });

    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset === 0; attempt++) {
      const head = await tusHead(uploadUrl, created.blob_id);
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
      if (offset === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    const patches = { n: 0 };
    await tusUpload(data, created.blob_id, { uploadUrl, chunkSize: 1024 * KiB, patches });
    expect(patches.n).toBe(1);
    expect(await verify(created.asset_id_str)).toBe(true);
  });

  it('checks the fid of the finished file', async () => {
    const data = randomBytes(300 * KiB);
    const created = await createV4(data, { fid: 'b'.repeat(64) });
    await tusUpload(data, created.blob_id);
    expect(await verify(created.asset_id_str)).toBe(false);
    const failed = await status(created.asset_id_str);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(`fid mismatch: the SHA-256 of the first 512 KiB is ${fidOf(data)}, the metadata said ${'b'.repeat(64)}`);
  });

  it('requires a Blob-ID of the caller’s v4 asset, and an upload URL only serves its own blob', async () => {
    const data = randomBytes(50 * KiB);
    const created = await createV4(data);
    const create = (headers: Record<string, string>) =>
      fetch(TUS_ENDPOINT(), { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(data.length), ...headers } });

    const missing = await create({ Authorization: `Bearer ${DEMO_API_KEY}` });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/Blob-ID/);
    expect((await create(tusHeaders('no-such-blob'))).status).toBe(404);
    expect((await create(tusHeaders(created.blob_id, OTHER_API_KEY))).status).toBe(404);
    expect((await create({ 'Blob-ID': created.blob_id })).status).toBe(401);

    const v3 = await sb.call('POST', '/v3/cms/assets/upload', { body: metadata() });
    const v3Blob = sb.sandbox.db.prepare('SELECT blob_id FROM assets WHERE asset_id = ?').get(v3.json.asset_id) as { blob_id: string | null };
    expect(v3Blob.blob_id).toBeNull();

    const first = await tusUpload(data, created.blob_id);
    const otherAsset = await createV4(data);
    const cross = await tusHead(first, otherAsset.blob_id);
    expect(cross.status).toBe(404);
    expect((await tusHead(first, created.blob_id)).status).toBe(200);
  });

  it('answers upload URLs under the forwarded origin and prefix, so the proxy path reaches it', async () => {
    const data = randomBytes(KiB);
    const created = await createV4(data);
    const res = await fetch(TUS_ENDPOINT(), {
      method: 'POST',
      headers: {
        ...tusHeaders(created.blob_id),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(data.length),
        'X-Forwarded-Host': 'desk.example:8443',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Prefix': '/api/discovery',
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^https:\/\/desk\.example:8443\/api\/discovery\/v4\/cms\/assets\/file-upload\/[\w-]+$/);
  });

  it('a new upload for the same blob replaces an abandoned one', async () => {
    const data = randomBytes(200 * KiB);
    const created = await createV4(data);
    const abandoned = await fetch(TUS_ENDPOINT(), {
      method: 'POST',
      headers: { ...tusHeaders(created.blob_id), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(data.length) },
    });
    const abandonedUrl = abandoned.headers.get('location')!;
    await tusUpload(data, created.blob_id);
    expect(await verify(created.asset_id_str)).toBe(true);
    expect((await tusHead(abandonedUrl, created.blob_id)).status).toBe(404);
  });
});
