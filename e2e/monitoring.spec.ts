import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, expectAccessible, screenshotBothSchemes, signIn } from './helpers';

// Monitoring review as a rights manager works it: page through the posts (the platform repeats a
// multi-match result at a page boundary; the list shows it once), filter by status and upload
// dates through the URL, set statuses by key and from the menu, and in bulk with progress. Every
// change is checked on the platform (the sandbox) through the same proxy the app uses.

const AUTH = { Authorization: `Bearer ${DEMO_KEY}` };

type Item = { result_id: string; status: string; match: { match_id: string } };

/** A monitoring page through the proxy, ids kept as text (they exceed 2^53). */
async function monitoringPage(request: APIRequestContext, query: string, offset: number): Promise<Item[]> {
  for (let attempt = 0; ; attempt++) {
    const response = await request.get(`/api/discovery/v3/drm/monitoring?limit=100&offset=${offset}&${query}`, { headers: AUTH });
    if (response.status() === 429 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    expect(response.status()).toBe(200);
    const text = (await response.text()).replace(/"(result_id|asset_id|match_id)":(\d+)/g, '"$1":"$2"');
    return JSON.parse(text) as Item[];
  }
}

async function allPages(request: APIRequestContext, query: string): Promise<Item[][]> {
  const pages: Item[][] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await monitoringPage(request, query, offset);
    pages.push(page);
    if (page.length < 100) return pages;
  }
}

async function statusOnPlatform(request: APIRequestContext, resultId: string): Promise<string> {
  for (const page of await allPages(request, '')) {
    const item = page.find((i) => i.result_id === resultId);
    if (item) return item.status;
  }
  throw new Error(`result ${resultId} not found`);
}

const cards = (page: Page) => page.locator('[data-result-id]');
const loaded = (page: Page) => page.getByTestId('loaded-count');

async function rowKeysInDom(page: Page): Promise<string[]> {
  return page.locator('[data-row-key]').evaluateAll((els) => els.map((el) => el.getAttribute('data-row-key') ?? ''));
}

test('pages across a repeated result without duplicate rows', async ({ page, request }) => {
  const pages = await allPages(request, 'status=needs_review');
  // The sandbox repeats the last (multi-match) result of page 1 at the start of page 2.
  const repeated = pages[0]!.at(-1)!.result_id;
  expect(pages[1]![0]!.result_id).toBe(repeated);
  const firstTwo = [...pages[0]!, ...pages[1]!].filter((i) => i.match.match_id !== '');
  const uniqueKeys = new Set(firstTwo.map((i) => `${i.result_id}:${i.match.match_id}`));
  const uniquePosts = new Set([...pages[0]!, ...pages[1]!].map((i) => i.result_id));
  expect(uniqueKeys.size).toBeLessThan(firstTwo.length);

  await signIn(page, '/monitoring?status=needs_review');
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
  await expect(loaded(page)).toContainText('100 posts');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(loaded(page)).toContainText(`${uniquePosts.size} posts (${uniqueKeys.size} matches) loaded`);

  // Walk down to the repeated post with j: it is there once, with each of its matches once.
  await page.getByTestId('monitoring-list').focus();
  for (let i = 0; i < 100; i++) await page.keyboard.press('j');
  const card = page.locator(`[data-result-id="${repeated}"]`);
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-focused', 'true');
  const expectedRows = pages[0]!.filter((i) => i.result_id === repeated).map((i) => `${repeated}:${i.match.match_id}`);
  expect(expectedRows.length).toBeGreaterThan(1);
  expect(await card.locator('[data-row-key]').evaluateAll((els) => els.map((el) => el.getAttribute('data-row-key')))).toEqual(expectedRows);
  const keys = await rowKeysInDom(page);
  expect(new Set(keys).size).toBe(keys.length);
  await screenshotBothSchemes(page, 'monitoring-boundary');
});

test('filters by status and upload dates through the URL', async ({ page }) => {
  await signIn(page, '/monitoring');
  await expect(loaded(page)).toContainText('posts');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Licensed' }).click();
  await page.getByLabel('Uploaded from').fill('2026-07-01');
  await page.getByLabel('Uploaded to').fill('2026-09-30');
  await expect(page).toHaveURL(/status=licensed/);
  await expect(page).toHaveURL(/from=2026-07-01/);
  await expect(page).toHaveURL(/to=2026-09-30/);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Licensed');
  await expect(page.getByLabel('Uploaded from')).toHaveValue('2026-07-01');
  await expect(cards(page).first()).toBeVisible();
  const statuses = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['licensed']));
  const dates = await cards(page).locator('p', { hasText: 'UTC' }).allInnerTexts();
  for (const date of dates) expect(date).toMatch(/(Jul|Aug|Sep) 2026/);

  // An exact day wins over the range, and the page says so.
  await page.getByLabel('Uploaded on').fill('2026-08-14');
  await expect(page.getByTestId('exact-day-wins')).toContainText('uses the exact day (2026-08-14)');
  await expect(page).toHaveURL(/date=2026-08-14/);

  // A hand-edited link with a wrong value falls back to no filter instead of breaking.
  await page.goto('/monitoring?status=approved&from=yesterday');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(loaded(page)).toContainText('posts');
  await expectAccessible(page);
});

test('sets statuses by key, from the menu and in bulk', async ({ page, request }) => {
  await signIn(page, '/monitoring?status=needs_review');
  await expect(loaded(page)).toContainText('100 posts');
  await expect(page.getByRole('group', { name: 'Status keys' })).toContainText('1Needs review');

  // Keyboard: j to the first post, 3 marks it Licensed.
  await page.getByTestId('monitoring-list').focus();
  await page.keyboard.press('j');
  const first = page.locator('[data-result-id][data-focused]');
  const firstId = (await first.getAttribute('data-result-id'))!;
  await page.keyboard.press('3');
  await expect(page.locator(`[data-result-id="${firstId}"]`)).toHaveAttribute('data-status', 'licensed');
  await expect(page.getByText(/: Licensed\.$/)).toBeVisible();
  await expect.poll(() => statusOnPlatform(request, firstId)).toBe('licensed');

  // Menu: the second post's status menu, Muted.
  const second = cards(page).nth(1);
  const secondId = (await second.getAttribute('data-result-id'))!;
  await second.getByTestId('status-menu').click();
  await page.getByRole('menuitem', { name: 'Muted' }).click();
  await expect(second).toHaveAttribute('data-status', 'muted');
  await expect.poll(() => statusOnPlatform(request, secondId)).toBe('muted');

  // Bulk: select the next three posts with x, mark them Reviewed, watch the progress finish.
  const chosen: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    chosen.push((await page.locator('[data-result-id][data-focused]').getAttribute('data-result-id'))!);
  }
  await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
  await page.getByRole('button', { name: 'Mark selected as…' }).click();
  await page.getByRole('menuitem', { name: 'Reviewed' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('3 of 3 posts marked Reviewed');
  for (const id of chosen) {
    await expect(page.locator(`[data-result-id="${id}"]`)).toHaveAttribute('data-status', 'reviewed');
    expect(await statusOnPlatform(request, id)).toBe('reviewed');
  }
  await screenshotBothSchemes(page, 'monitoring-review');
});

test('exports the filtered view to CSV, every page, each match once', async ({ page, request }) => {
  const items = (await allPages(request, 'status=removed')).flat();
  const keys = new Set(items.map((i) => `${i.result_id}:${i.match.match_id}`));
  expect(keys.size).toBeLessThanOrEqual(items.length);

  await signIn(page, '/monitoring?status=removed');
  await expect(loaded(page)).toContainText('posts');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Start export' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^monitoring-removed-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByTestId('export-done')).toContainText(`${keys.size} lines saved`);
  const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^result_id,match_id,status,platform/);
  expect(lines).toHaveLength(keys.size + 1);
  const exported = new Set(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(':')));
  expect(exported).toEqual(keys);
  for (const line of lines.slice(1)) expect(line.split(',')[2]).toBe('removed');
});
