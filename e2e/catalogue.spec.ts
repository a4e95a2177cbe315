import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, expectAccessible, screenshotBothSchemes, signIn } from './helpers';

// The catalogue as a rights manager keeps it: collections (manual and automatic) and whitelists.
// Every change is checked on the platform (the sandbox) through the same proxy the app uses.

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
  await active.click({ force: true });
  await expect(page.getByRole('switch', { name: 'Inactive' })).not.toBeChecked();
  await expect.poll(async () => (await discoveryGet<WireAutoCollection>(request, `/v3/cms/collections/auto/${id}`)).is_active).toBe(false);
  await page.getByRole('switch', { name: 'Inactive' }).click({ force: true });
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
