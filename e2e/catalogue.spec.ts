import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, expectAccessible, screenshotBothSchemes, signIn } from './helpers';

// The catalogue as a rights manager keeps it: assets uploaded (v3 and resumable v4/tus, across a
// reload), linked, edited, tracked, trimmed and deleted; collections (manual and automatic) and
// whitelists. Every change is checked on the platform (the sandbox) through the same proxy the app uses.
// The journey server lowers the v4 threshold to 1 MiB, so a few MiB take the tus path.

const AUTH = { Authorization: `Bearer ${DEMO_KEY}` };

/** A Discovery GET through the proxy; waits out the platform's rate limit like the app does. Returns status and body. */
async function discovery<T>(request: APIRequestContext, path: string): Promise<{ status: number; body: T }> {
  for (let attempt = 0; ; attempt++) {
    const response = await request.get(`/api/discovery${path}`, { headers: AUTH });
    if (response.status() === 429 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    // Ids above 2^53 lose digits in JSON.parse; the tests only read the *_str companions.
    return { status: response.status(), body: (await response.json()) as T };
  }
}

async function discoveryGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await discovery<T>(request, path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** The id at the end of the page's path (/collections/<id>, /whitelists/<id>). */
async function idFromPath(page: Page, area: string): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`/${area}/\\d+$`));
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function confirmDialog(page: Page, title: RegExp, expectedText: RegExp, confirm: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(expectedText);
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

type WireCollection = { collection_id_str: string; title: string; reference_id: string; is_autocollection: boolean; assets_count?: number };
type WireAutoCollection = { collection_id_str: string; title: string; source_url: string; is_active: boolean };
type WireWhitelist = { whitelist_id_str: string; title: string; dates_limit: { start_date: string; end_date: string }; url_stats?: { failed: number; succeed: number } };
type WireWhitelistUrl = { url_id_str: string; source_url: string; processing_status: { status: string; error: string } };

test('creates, edits and deletes a collection; its assets are reachable from it', async ({ page, request }) => {
  await signIn(page, '/collections');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Collections' });
  const album = table.getByRole('row').filter({ hasText: 'Harbour Lights (album)' });
  await expect(album).toContainText('NW-ALB-014');
  // The count comes from the detail (the list does not carry it).
  const seeded = (await discoveryGet<WireCollection[]>(request, '/v3/cms/collections')).find((c) => c.title === 'Harbour Lights (album)')!;
  const seededDetail = await discoveryGet<WireCollection>(request, `/v3/cms/collections/${seeded.collection_id_str}`);
  expect(seededDetail.assets_count).toBeGreaterThan(0);
  await expect(album.getByRole('cell').nth(3)).toHaveText(String(seededDetail.assets_count));
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-collections-list');

  // A seeded collection lists its assets, and each leads to the asset.
  await album.getByRole('link', { name: 'Harbour Lights (album)' }).click();
  const assets = page.getByRole('table', { name: 'Assets in this collection' });
  await expect(assets.getByRole('row')).toHaveCount(seededDetail.assets_count! + 1);
  await expect(page.getByText(`found of ${seededDetail.assets_count}`)).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-collection-detail');
  const firstAsset = assets.getByRole('link').first();
  const assetTitle = (await firstAsset.textContent())!;
  await firstAsset.click();
  await expect(page.getByRole('heading', { name: assetTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbour Lights (album)' })).toBeVisible();

  // Create.
  await page.goto('/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  const create = page.getByRole('dialog', { name: 'New collection' });
  await create.getByRole('button', { name: 'Create collection' }).click();
  await expect(create.getByText('Give the collection a title.')).toBeVisible();
  await create.getByLabel('Title').fill('Tour 2026 stems');
  await create.getByLabel('Reference id').fill('NW-TOUR-26');
  await create.getByRole('button', { name: 'Create collection' }).click();
  await expect(page.getByRole('heading', { name: 'Tour 2026 stems', level: 1 })).toBeVisible();
  const id = await idFromPath(page, 'collections');
  expect(await discoveryGet<WireCollection>(request, `/v3/cms/collections/${id}`)).toMatchObject({ title: 'Tour 2026 stems', reference_id: 'NW-TOUR-26', is_autocollection: false });
  await expect(page.getByText('No assets are in this collection.')).toBeVisible();

  // Edit.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit collection' });
  await expect(edit.getByLabel('Title')).toHaveValue('Tour 2026 stems');
  await edit.getByLabel('Title').fill('Tour 2026 stems (final)');
  await edit.getByLabel('Reference id').fill('NW-TOUR-26F');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Tour 2026 stems (final)', level: 1 })).toBeVisible();
  expect(await discoveryGet<WireCollection>(request, `/v3/cms/collections/${id}`)).toMatchObject({ title: 'Tour 2026 stems (final)', reference_id: 'NW-TOUR-26F' });

  // Delete: the assets move to the default collection.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirmDialog(page, /Delete "Tour 2026 stems \(final\)"/, /move to the default collection/, 'Delete collection');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tour 2026 stems (final)' })).toHaveCount(0);
  expect((await discovery(request, `/v3/cms/collections/${id}`)).status).toBe(404);
});

test('an auto collection: created from a source, deactivated and activated, deleted only with its assets', async ({ page, request }) => {
  await signIn(page, '/collections');
  await page.getByRole('button', { name: 'New auto collection' }).click();
  const create = page.getByRole('dialog', { name: 'New auto collection' });
  await create.getByLabel('Title').fill('Harbour channel uploads');
  await create.getByLabel('Source URL').fill('youtube.com/@harbour');
  await create.getByRole('button', { name: 'Create auto collection' }).click();
  await expect(create.getByText('Give the full address, starting with https://')).toBeVisible();
  await expect(create.getByLabel('Title')).toHaveValue('Harbour channel uploads');
  await create.getByLabel('Source URL').fill('https://www.youtube.com/@harbourchannel');
  await create.getByRole('button', { name: 'Create auto collection' }).click();

  await expect(page.getByRole('heading', { name: 'Harbour channel uploads', level: 1 })).toBeVisible();
  const id = await idFromPath(page, 'collections');
  expect(await discoveryGet<WireAutoCollection>(request, `/v3/cms/collections/auto/${id}`)).toMatchObject({
    source_url: 'https://www.youtube.com/@harbourchannel',
    is_active: true,
  });
  await expect(page.getByRole('link', { name: 'https://www.youtube.com/@harbourchannel' })).toHaveAttribute('rel', 'noopener noreferrer');

  // The plain delete (and edit) is never offered on an auto collection.
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const active = page.getByRole('switch', { name: 'Active' });
  await expect(active).toBeChecked();
  await expect(active).toBeEnabled();
  await active.click({ force: true });
  await expect(page.getByRole('switch', { name: 'Inactive' })).not.toBeChecked();
  await expect.poll(async () => (await discoveryGet<WireAutoCollection>(request, `/v3/cms/collections/auto/${id}`)).is_active).toBe(false);
  // The switch is held while the change is saved; a manager (and this test) waits for it to be free.
  const inactive = page.getByRole('switch', { name: 'Inactive' });
  await expect(inactive).toBeEnabled();
  await inactive.click({ force: true });
  await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
  await expect.poll(async () => (await discoveryGet<WireAutoCollection>(request, `/v3/cms/collections/auto/${id}`)).is_active).toBe(true);

  await page.getByRole('button', { name: 'Delete with its assets' }).click();
  await confirmDialog(page, /Delete the auto collection "Harbour channel uploads" and its assets/, /assets of this auto collection are removed/, 'Delete collection and assets');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
  expect((await discovery(request, `/v3/cms/collections/auto/${id}`)).status).toBe(404);

  // The seeded auto collection shows its source and its assets.
  await page.getByRole('link', { name: 'Northwind Records on YouTube' }).click();
  await expect(page.getByRole('link', { name: 'https://www.youtube.com/@northwindrecords' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assets in this collection' }).getByRole('link').first()).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-auto-collection-detail');
});

test('creates a whitelist with an open end, adds and removes URLs, then deletes it with its URLs', async ({ page, request }) => {
  await signIn(page, '/whitelists');
  await expect(page.getByRole('heading', { name: 'Whitelists', level: 1 })).toBeVisible();
  const seeded = await discoveryGet<WireWhitelist[]>(request, '/v3/cms/whitelists');
  await expect(page.getByRole('table', { name: 'Whitelists' }).getByRole('row')).toHaveCount(seeded.length + 1);
  await page.mouse.move(0, 0); // no row under the pointer: axe judges the resting colours
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-whitelists-list');

  await page.getByRole('button', { name: 'New whitelist' }).click();
  const create = page.getByRole('dialog', { name: 'New whitelist' });
  await create.getByRole('button', { name: 'Create whitelist' }).click();
  await expect(create.getByText('Give the whitelist a title.')).toBeVisible();
  await create.getByLabel('Title').fill('Harbour tour partners');
  await create.getByLabel('Start date').fill('2026-03-01');
  await create.getByLabel('Title').click();
  await create.getByLabel('End date').fill('2026-02-01');
  await create.getByLabel('Title').click();
  await create.getByRole('button', { name: 'Create whitelist' }).click();
  await expect(create.getByText('The end date is before the start date.')).toBeVisible();
  // Clearing the end leaves it open.
  await create.getByLabel('End date').fill('');
  await create.getByLabel('Title').click();
  await create.getByRole('button', { name: 'Create whitelist' }).click();

  await expect(page.getByRole('heading', { name: 'Harbour tour partners', level: 1 })).toBeVisible();
  const id = await idFromPath(page, 'whitelists');
  const created = await discoveryGet<WireWhitelist>(request, `/v3/cms/whitelists/${id}`);
  expect(created.dates_limit).toEqual({ start_date: '2026-03-01', end_date: 'infinity' });
  await expect(page.getByText('From 1 Mar 2026, no end')).toBeVisible();
  await expect(page.getByText('No URLs yet.')).toBeVisible();

  // A malformed URL is refused before any call.
  const urlInput = page.getByRole('textbox', { name: 'URL to whitelist' });
  await urlInput.fill('www.youtube.com/@partner');
  await page.getByRole('button', { name: 'Add URL' }).click();
  await expect(page.getByText('Give the full address of the page, starting with https://')).toBeVisible();
  await expect(urlInput).toHaveValue('www.youtube.com/@partner');
  expect(await discoveryGet<WireWhitelistUrl[]>(request, `/v3/cms/whitelists/${id}/urls`)).toEqual([]);

  await urlInput.fill('https://www.youtube.com/@harbourpartner');
  await page.getByRole('button', { name: 'Add URL' }).click();
  await expect(urlInput).toHaveValue('');
  await urlInput.fill('https://example.com/not-a-platform');
  await page.getByRole('button', { name: 'Add URL' }).click();
  await expect(urlInput).toHaveValue('');

  const urls = page.getByRole('table', { name: 'Whitelisted URLs' });
  const good = urls.getByRole('row').filter({ hasText: 'https://www.youtube.com/@harbourpartner' });
  const bad = urls.getByRole('row').filter({ hasText: 'https://example.com/not-a-platform' });
  await expect(good).toContainText('ok');
  await expect(bad).toContainText('failed');
  await expect(bad).toContainText('Unsupported platform: example.com');
  await expect(page.getByTestId('url-stats')).toHaveText(/1 succeeded\s*1 failed/);
  expect((await discoveryGet<WireWhitelist>(request, `/v3/cms/whitelists/${id}`)).url_stats).toEqual({ failed: 1, succeed: 1 });
  // Reloaded so the notifications are gone from the picture.
  await page.reload();
  await expect(good).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-whitelist-detail');

  await bad.getByRole('button', { name: 'Remove https://example.com/not-a-platform' }).click();
  await confirmDialog(page, /Remove this URL/, /example\.com\/not-a-platform/, 'Remove URL');
  await expect(bad).toHaveCount(0);
  await expect(page.getByTestId('url-stats')).toHaveText(/1 succeeded\s*0 failed/);
  const left = await discoveryGet<WireWhitelistUrl[]>(request, `/v3/cms/whitelists/${id}/urls`);
  expect(left.map((url) => url.source_url)).toEqual(['https://www.youtube.com/@harbourpartner']);

  await page.getByRole('button', { name: 'Delete with its URLs' }).click();
  await confirmDialog(page, /Delete the whitelist "Harbour tour partners" and its URLs/, /Its one URL is deleted with it/, 'Delete whitelist and URLs');
  await expect(page.getByRole('heading', { name: 'Whitelists', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbour tour partners' })).toHaveCount(0);
  expect((await discovery(request, `/v3/cms/whitelists/${id}`)).status).toBe(404);
});

// ---- Assets -------------------------------------------------------------------------------------

const KiB = 1024;

/** A mono 16-bit PCM WAV of `seconds` (a gliding tone, so it is not silence), built in the test. */
function wav(seconds: number, rate = 22_050): Buffer {
  const samples = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    out.writeInt16LE(Math.round(12_000 * Math.sin(2 * Math.PI * (330 + 40 * Math.sin(t)) * t)), 44 + i * 2);
  }
  return out;
}

/** The fid as the spec defines it, computed here independently of the app. */
const fidOf = (bytes: Buffer) => createHash('sha256').update(bytes.subarray(0, 512 * KiB)).digest('hex');

type WireAsset = {
  asset_id_str: string;
  title: string;
  is_tracked: boolean;
  tracked_from: string;
  duration: number;
  music: { artist: string };
  excluded_segments: Array<{ lower: number; upper: number }>;
  processing_status: { status: string; error: string };
};

const uploadItem = (page: Page, fileName: string) => page.getByRole('region', { name: 'Uploads' }).locator(`[data-testid=upload-item][aria-label="Upload of ${fileName}"]`);

async function chooseFiles(page: Page, files: Array<{ name: string; buffer: Buffer }>): Promise<void> {
  await page.locator('input[type=file]').first().setInputFiles(files.map((file) => ({ ...file, mimeType: 'audio/wav' })));
}

/** The asset id behind a finished upload (its title links to the asset). */
async function assetIdOfUpload(page: Page, fileName: string): Promise<string> {
  const href = await uploadItem(page, fileName).getByRole('link').first().getAttribute('href');
  expect(href).toMatch(/^\/assets\/\d+$/);
  return href!.split('/').pop()!;
}

async function expectVerifiedOnPlatform(request: APIRequestContext, assetId: string): Promise<void> {
  expect((await discoveryGet<{ uploaded: boolean }>(request, `/v3/cms/assets/${assetId}/verify`)).uploaded).toBe(true);
  // The sandbox hashed the first 512 KiB it received; a different fid would have failed the asset with both hashes.
  const asset = await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`);
  expect(asset.processing_status.error).toBe('');
  expect(['uploaded', 'sampled']).toContain(asset.processing_status.status);
}

test('uploads a WAV with v3: fid computed in the browser, verified by the platform', async ({ page, request }) => {
  const file = { name: 'harbour-lights-demo.wav', buffer: wav(16) };
  expect(file.buffer.length).toBeGreaterThan(512 * KiB);
  expect(file.buffer.length).toBeLessThan(1024 * KiB);
  const registrations: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/v[34]\/cms\/assets\/upload$/.test(req.url())) registrations.push(new URL(req.url()).pathname);
  });

  await signIn(page, '/assets/upload');
  await expect(page.getByRole('heading', { name: 'Upload files', level: 1 })).toBeVisible();

  // Refused before any call: an empty file and a file that is not audio or video.
  await page.locator('input[type=file]').first().setInputFiles([
    { name: 'empty.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(0) },
    { name: 'liner-notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  const refused = page.getByRole('alert').filter({ hasText: 'Not added' });
  await expect(refused).toContainText('"empty.wav" is empty (0 bytes)');
  await expect(refused).toContainText('"liner-notes.pdf" is application/pdf, not an audio or video file');
  await expect(page.getByTestId('upload-draft')).toHaveCount(0);

  await chooseFiles(page, [file]);
  const draft = page.getByRole('region', { name: 'Details of harbour-lights-demo.wav' });
  await expect(draft.getByLabel('Title')).toHaveValue('harbour-lights-demo');
  await expect(draft).toContainText('single upload');
  await draft.getByLabel('Title').fill('Harbour Lights (demo, v3)');
  await draft.getByLabel('Artist').fill('Northwind Quartet');
  await page.getByRole('button', { name: 'Upload 1 file' }).click();

  const item = uploadItem(page, file.name);
  await expect(item).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(item.getByTestId('upload-fid')).toHaveText(fidOf(file.buffer));
  await expect(item).toContainText('single PUT');
  expect(registrations).toEqual(['/api/discovery/v3/cms/assets/upload']);
  const assetId = await assetIdOfUpload(page, file.name);
  await expectVerifiedOnPlatform(request, assetId);
  const asset = await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`);
  expect(asset).toMatchObject({ title: 'Harbour Lights (demo, v3)', music: { artist: 'Northwind Quartet' } });
  expect(asset.duration).toBe(16);

  // The queue survives navigation within the app.
  await page.getByRole('link', { name: 'Assets', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  await expect(uploadItem(page, file.name)).toHaveAttribute('data-phase', 'done');
  await page.goto('/assets/upload');
  await chooseFiles(page, [{ name: 'second-take.wav', buffer: wav(3) }]);
  await expect(page.getByRole('region', { name: 'Details of second-take.wav' })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-upload-with-queue');
});

test('uploads with tus, survives a reload mid-transfer and resumes from the platform offset', async ({ page, request }) => {
  const file = { name: 'harbour-lights-master.wav', buffer: wav(95) };
  expect(file.buffer.length).toBeGreaterThan(4 * 1024 * KiB - 200 * KiB);
  const registrations: string[] = [];
  let blobId = '';
  let uploadUrl = '';
  let sentOffset = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/v[34]\/cms\/assets\/upload$/.test(req.url())) registrations.push(new URL(req.url()).pathname);
  });
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (res.request().method() === 'POST' && url.pathname.endsWith('/v4/cms/assets/upload')) blobId = ((await res.json()) as { blob_id: string }).blob_id;
    if (res.request().method() === 'POST' && url.pathname.endsWith('/file-upload/') && res.status() === 201) uploadUrl = new URL(res.headers()['location']!, res.url()).href;
    if (res.request().method() === 'PATCH' && res.status() === 204) sentOffset = Math.max(sentOffset, Number(res.headers()['upload-offset']));
  });
  // A slow connection: every chunk takes a while, so there is time to reload half-way.
  await page.route('**/v4/cms/assets/file-upload/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue().catch(() => undefined);
  });

  await signIn(page, '/assets/upload');
  await chooseFiles(page, [file]);
  const draft = page.getByRole('region', { name: `Details of ${file.name}` });
  await expect(draft).toContainText('resumable upload');
  await draft.getByLabel('Title').fill('Harbour Lights (master, tus)');
  await page.getByRole('button', { name: 'Upload 1 file' }).click();

  const item = uploadItem(page, file.name);
  await expect(item).toHaveAttribute('data-phase', 'transferring', { timeout: 30_000 });
  await expect(item).toContainText('resumable (tus)');
  await expect.poll(() => sentOffset, { timeout: 30_000 }).toBeGreaterThanOrEqual(512 * KiB);
  expect(sentOffset).toBeLessThan(file.buffer.length);
  expect(registrations).toEqual(['/api/discovery/v4/cms/assets/upload']);

  await page.reload();
  await page.unroute('**/v4/cms/assets/file-upload/**');
  const restored = uploadItem(page, file.name);
  await expect(restored).toHaveAttribute('data-phase', 'paused');
  await expect(restored).toContainText('The page was reloaded. Choose the same file to resume the transfer.');

  // What the platform holds now: the offset the transfer must continue from.
  const head = await request.fetch(uploadUrl, { method: 'HEAD', headers: { ...AUTH, 'Tus-Resumable': '1.0.0', 'Blob-ID': blobId } });
  expect(head.status()).toBe(200);
  const serverOffset = Number(head.headers()['upload-offset']);
  expect(serverOffset).toBeGreaterThan(0);
  expect(serverOffset).toBeLessThan(file.buffer.length);

  const firstPatch = page.waitForRequest((req) => req.method() === 'PATCH' && req.url() === uploadUrl);
  const chooser = page.waitForEvent('filechooser');
  await restored.getByRole('button', { name: 'Choose the file to resume' }).click();
  await (await chooser).setFiles({ name: file.name, mimeType: 'audio/wav', buffer: file.buffer });
  expect(Number((await firstPatch).headers()['upload-offset'])).toBe(serverOffset);

  await expect(restored).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(restored.getByTestId('upload-fid')).toHaveText(fidOf(file.buffer));
  // One asset registered across the reload: the same blob was continued, not started again.
  expect(registrations).toEqual(['/api/discovery/v4/cms/assets/upload']);
  const assetId = await assetIdOfUpload(page, file.name);
  await expectVerifiedOnPlatform(request, assetId);
  expect((await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`)).duration).toBe(95);
});

test('links an asset from a page, edits it, tracks it, excludes a segment and deletes it', async ({ page, request }) => {
  await signIn(page, '/assets');
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-assets-list');

  await page.getByRole('button', { name: 'Add from a link' }).click();
  const link = page.getByRole('dialog', { name: 'Add an asset from a link' });
  await link.getByLabel('Page link').fill('soundcloud.com/northwind/harbour-lights-live');
  await link.getByRole('button', { name: 'Add asset' }).click();
  await expect(link.getByText('Give the full address of the page, starting with https://')).toBeVisible();
  await link.getByLabel('Page link').fill('https://soundcloud.com/northwind/harbour-lights-live');
  await link.getByRole('button', { name: 'Add asset' }).click();
  await expect(link).toBeHidden();
  await expect(page).toHaveURL(/\/assets\/\d+$/);
  const assetId = new URL(page.url()).pathname.split('/').pop()!;
  const linked = await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`);
  expect(linked.duration).toBeGreaterThan(60);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(linked.title || `Asset ${assetId}`);

  // Edit: only the changed fields are sent.
  const edit = page.getByRole('region', { name: 'Edit asset' });
  await edit.getByLabel('Title').fill('Harbour Lights (live at the Quay)');
  await edit.getByLabel('Artist').fill('Northwind Quartet');
  await expect(edit).toContainText('Changed: title, music');
  const patch = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().endsWith(`/v3/cms/assets/${assetId}`));
  await edit.getByRole('button', { name: 'Save changes' }).click();
  // Only the changed fields go out; music travels as one object (the platform replaces it whole).
  const sent = JSON.parse((await patch).postData() ?? '{}') as { title?: string; music?: { artist?: string } };
  expect(Object.keys(sent).sort()).toEqual(['music', 'title']);
  expect(sent).toMatchObject({ title: 'Harbour Lights (live at the Quay)', music: { artist: 'Northwind Quartet' } });
  await expect(page.getByRole('heading', { name: 'Harbour Lights (live at the Quay)', level: 1 })).toBeVisible();
  expect(await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`)).toMatchObject({ title: 'Harbour Lights (live at the Quay)', music: { artist: 'Northwind Quartet' } });

  // Track.
  await page.getByRole('switch', { name: 'Not tracked' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Tracked' })).toBeChecked();
  await expect(page.getByText(/Copies are looked for since/)).toBeVisible();
  const tracked = await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`);
  expect(tracked.is_tracked).toBe(true);
  expect(tracked.tracked_from).not.toBe('');

  // Exclude a segment; a range past the end is refused before anything is sent.
  const segments = page.getByRole('region', { name: 'Excluded segments' });
  await segments.getByRole('button', { name: 'Add range' }).click();
  await segments.getByLabel('Range 1 from, seconds').fill('20');
  await segments.getByLabel('Range 1 to, seconds').fill(String(linked.duration + 5));
  await segments.getByRole('button', { name: 'Save excluded segments' }).click();
  await expect(segments.getByText(`The asset is only ${linked.duration} s`, { exact: false })).toBeVisible();
  expect((await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`)).excluded_segments).toEqual([]);
  await segments.getByLabel('Range 1 to, seconds').fill('45');
  await segments.getByRole('button', { name: 'Save excluded segments' }).click();
  await expect.poll(async () => (await discoveryGet<WireAsset>(request, `/v3/cms/assets/${assetId}`)).excluded_segments).toEqual([{ lower: 20, upper: 45 }]);
  await expect(segments.getByRole('button', { name: 'Save excluded segments' })).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Harbour Lights (live at the Quay)', level: 1 })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await screenshotBothSchemes(page, 'catalogue-asset-detail');

  // Delete, after a confirmation.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirmDialog(page, /Delete "Harbour Lights \(live at the Quay\)"/, /cannot be undone/, 'Delete asset');
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  expect((await discovery(request, `/v3/cms/assets/${assetId}`)).status).toBe(404);
});
