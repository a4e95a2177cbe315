import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { discoveryGet, discoveryList, expectAccessible, screenshotBothSchemes, signIn } from './helpers';

// Copy triage as a rights manager works it: filters in the URL, keyboard review with undo, bulk
// changes in the background, release and exclude, custom statuses and the CSV export. Every
// change is checked on the platform (the sandbox) through the same proxy the app uses.

type WireCopy = {
  match_id_str: string;
  asset_id_str: string;
  platform: string;
  copy_title: string;
  user_actions: { statuses: number[] };
  match_data: { matching_segments_in_asset: number[] };
};

async function statusesOf(request: APIRequestContext, matchId: string): Promise<number[]> {
  const body = await discoveryGet<{ user_actions: { statuses: number[] } }>(request, `/v3/drm/copies/${matchId}/status`);
  return body.user_actions.statuses;
}

function allCopies(request: APIRequestContext, query: string): Promise<WireCopy[]> {
  return discoveryList<WireCopy>(request, `/v3/drm/copies?${query}`, 'match_id');
}

const rows = (page: Page) => page.locator('[role=row][data-match-id]');
const focusedRow = (page: Page) => page.locator('[role=row][data-focused]');

async function focusedId(page: Page): Promise<string> {
  const id = await focusedRow(page).getAttribute('data-match-id');
  expect(id).toBeTruthy();
  return id!;
}

async function badgeCodes(row: Locator): Promise<string[]> {
  return row.locator('[data-testid=row-statuses] [data-status-code]').evaluateAll((els) => els.map((el) => el.getAttribute('data-status-code') ?? ''));
}

/** A small RFC 4180 reader for the exported file. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return out;
}

test('filters live in the URL: platform and status survive a reload, bad values fall back', async ({ page, request }) => {
  await signIn(page, '/copies?platform=tiktok&status=40');
  await expect(page.getByRole('heading', { name: 'Copies', level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-note')).toHaveText('Newest first — the platform offers no other order.');
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveValue('tiktok');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(/Infringing/);

  const expected = await allCopies(request, 'platform=tiktok&status=40');
  expect(expected.length).toBeGreaterThan(0);
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first()).toHaveAttribute('data-match-id', expected[0]!.match_id_str);
  const shown = Math.min(5, expected.length);
  for (let i = 0; i < shown; i++) {
    const row = rows(page).nth(i);
    await expect(row.getByRole('gridcell').nth(2)).toHaveText('tiktok');
    await expect(row.locator('[data-testid=row-statuses] [data-status-code="40"]')).toBeVisible();
  }

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveValue('tiktok');
  await expect(rows(page).first()).toHaveAttribute('data-match-id', expected[0]!.match_id_str);
  expect(new URL(page.url()).searchParams.get('platform')).toBe('tiktok');

  // Picking another platform rewrites the URL; a nonsense parameter is dropped, not fatal.
  await page.goto('/copies?platform=youtube&status=not-a-code&taken=maybe&since=2026-02-31');
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveValue('youtube');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('');
  await expect(rows(page).first().getByRole('gridcell').nth(2)).toHaveText('youtube');
});

test('keeps thousands of loaded copies in a short DOM and renders hostile data as text', async ({ page }) => {
  await signIn(page, '/copies');
  const grid = page.getByTestId('copies-grid');
  await expect(rows(page).first()).toBeVisible();

  // Shift+click extends the selection from the last clicked row.
  await rows(page).nth(0).getByRole('checkbox').click();
  await rows(page).nth(4).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selected-count')).toHaveText('5 selected');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('No copies selected');

  for (let i = 0; i < 40; i++) {
    const loaded = Number((await page.getByTestId('loaded-count').textContent())?.match(/\d+/)?.[0] ?? 0);
    if (loaded >= 1500) break;
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForTimeout(150);
  }
  await expect(page.getByTestId('loaded-count')).toContainText(/^(1[5-9]\d\d|[2-9]\d\d\d) loaded/);
  expect(await rows(page).count()).toBeLessThan(100);

  // The seeded copy whose media URL is `javascript:…` is shown, but never as a link.
  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  const hostile = rows(page).filter({ hasText: 'Totally normal video (click me)' });
  await expect(hostile).toBeVisible();
  await expect(hostile.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(hostile.getByRole('link', { name: 'Totally normal video (click me)', exact: true })).toHaveCount(0);
  // A title with markup stays text.
  await expect(rows(page).filter({ hasText: '<img src=x onerror=alert(1)>' }).first()).toBeVisible();
});

test('triages five copies from the keyboard, with one undo, and the platform agrees', async ({ page, request }) => {
  await signIn(page, '/copies?platform=youtube');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status keys' })).toContainText('Infringing');

  // Keys 1–3 are Infringing (40), Fair Use (50), For Further Review (60).
  const keyCodes: Array<[string, string]> = [
    ['1', '40'],
    ['2', '50'],
    ['3', '60'],
  ];
  const applied: Array<{ id: string; code: string }> = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('j');
    const id = await focusedId(page);
    const row = focusedRow(page);
    const held = await badgeCodes(row);
    const [key, code] = keyCodes.find(([, c]) => !held.includes(c))!;
    await page.keyboard.press(key);
    await expect(row.locator(`[data-testid=row-statuses] [data-status-code="${code}"]`)).toBeVisible();
    applied.push({ id, code });
  }
  expect(new Set(applied.map((a) => a.id)).size).toBe(5);

  // u takes back the last change.
  const last = applied[4]!;
  await expect(page.getByTestId('undo-hint')).toContainText('add');
  await page.keyboard.press('u');
  await expect(page.locator(`[role=row][data-match-id="${last.id}"] [data-testid=row-statuses] [data-status-code="${last.code}"]`)).toHaveCount(0);

  for (const { id, code } of applied.slice(0, 4)) {
    await expect.poll(() => statusesOf(request, id), { message: `copy ${id} holds ${code}` }).toContain(Number(code));
  }
  await expect.poll(() => statusesOf(request, last.id)).not.toContain(Number(last.code));

  // The palette (Ctrl+K) reaches every status, here one without a number key.
  await page.keyboard.press('k');
  const openId = await focusedId(page);
  const heldBefore = await badgeCodes(focusedRow(page));
  const paletteCode = heldBefore.includes('71') ? '72' : '71';
  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search statuses' });
  await expect(search).toBeFocused();
  await search.fill(paletteCode === '71' ? 'Takedown Attempted' : 'Takedown Retraction');
  await page.keyboard.press('Enter');
  await expect(search).toBeHidden();
  await expect(focusedRow(page).locator(`[data-testid=row-statuses] [data-status-code="${paletteCode}"], [data-hidden-codes~="${paletteCode}"]`)).toHaveCount(1);
  await expect.poll(() => statusesOf(request, openId)).toContain(Number(paletteCode));

  // Enter opens the focused copy.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/copies/${openId}$`));
  await expect(page.getByTestId('match-section')).toBeVisible();
});

test('applies a status to 40 selected copies in the background and shows the progress to the end', async ({ page, request }) => {
  await signIn(page, '/copies?platform=tiktok');
  await expect(rows(page).first()).toBeVisible();

  const selected: string[] = [];
  await page.keyboard.press('j');
  for (let i = 0; i < 40; i++) {
    selected.push(await focusedId(page));
    await page.keyboard.press('x');
    await page.keyboard.press('j');
  }
  await expect(page.getByTestId('selected-count')).toHaveText('40 selected');

  await page.getByRole('combobox', { name: 'Status for the selected copies' }).click();
  await page.getByRole('option', { name: 'Claim Attempted' }).click();
  await page.getByRole('button', { name: 'Apply to 40' }).click();

  const job = page.getByTestId('bulk-job').first();
  await expect(job).toBeVisible();
  await expect(job.getByTestId('bulk-progress')).toContainText('of 40 done');
  await screenshotBothSchemes(page, 'copies-bulk-progress');
  await expect(job.getByTestId('bulk-progress')).toContainText('40 of 40 done', { timeout: 30_000 });
  await expect(job).toHaveAttribute('data-status', 'done');
  await expect(job.getByTestId('bulk-summary')).toContainText('40 applied');

  // The job card floats over the bottom of the list; moving on from the keyboard keeps the focused row clear of it.
  for (let i = 0; i < 3; i++) await page.keyboard.press('j');
  await expect
    .poll(async () => {
      const [row, card] = await Promise.all([focusedRow(page).boundingBox(), job.boundingBox()]);
      return row && card ? Math.round(card.y - (row.y + row.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);

  const withStatus = new Set((await allCopies(request, 'platform=tiktok&status=70')).map((c) => c.match_id_str));
  for (const id of selected) expect(withStatus.has(id), `copy ${id} holds Claim Attempted`).toBe(true);
  // The rows repaint as results arrive.
  await page.getByTestId('copies-grid').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.locator(`[role=row][data-match-id="${selected[0]}"] [data-status-code="70"]`)).toBeVisible();
});

test('release and exclude marks a false positive and extends the asset’s excluded segments', async ({ page, request }) => {
  // A snippet on a platform with few copies: its matched segment is unlikely to be excluded already.
  const candidates = await allCopies(request, 'platform=vimeo');
  const copy = candidates.find((c) => c.match_data.matching_segments_in_asset.length >= 2 && !c.user_actions.statuses.includes(13))!;
  expect(copy).toBeTruthy();
  const assetBefore = await discoveryGet<{ excluded_segments: Array<{ lower: number; upper: number }> }>(request, `/v3/cms/assets/${copy.asset_id_str}`);

  await signIn(page, `/copies/${copy.match_id_str}`);
  await expect(page.getByTestId('match-section')).toBeVisible();
  await expect(page.getByTestId('asset-excluded')).toBeVisible();
  const excludedTextBefore = await page.getByTestId('asset-excluded').textContent();
  await screenshotBothSchemes(page, 'copy-detail');

  await page.getByRole('button', { name: 'Release and exclude' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release and exclude' });
  await expect(dialog.getByRole('radio', { name: /Not My Content/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Release and exclude' }).click();
  await expect(dialog.getByTestId('release-step-status')).toHaveAttribute('data-state', 'done');
  await expect(dialog.getByTestId('release-step-exclude')).toHaveAttribute('data-state', 'done');
  await expect(dialog.getByTestId('release-done')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('asset-excluded')).not.toHaveText(excludedTextBefore ?? '');
  await expect(page.getByTestId('statuses-section').locator('[data-status-code="13"]')).toBeVisible();

  const assetAfter = await discoveryGet<{ excluded_segments: Array<{ lower: number; upper: number }> }>(request, `/v3/cms/assets/${copy.asset_id_str}`);
  const flat = copy.match_data.matching_segments_in_asset;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [start, end] = [flat[i]!, flat[i + 1]!];
    expect(assetAfter.excluded_segments.some((s) => s.lower <= start && s.upper >= end), `${start}–${end} excluded`).toBe(true);
  }
  for (const old of assetBefore.excluded_segments) {
    expect(assetAfter.excluded_segments.some((s) => s.lower <= old.lower && s.upper >= old.upper)).toBe(true);
  }
  expect(await statusesOf(request, copy.match_id_str)).toContain(13);
});

test('an unknown copy id gets a not-found view', async ({ page }) => {
  await signIn(page, '/copies/123456789');
  await expect(page.getByTestId('copy-not-found')).toBeVisible();
  await expect(page.getByText('123456789')).toBeVisible();
  await page.goto('/copies/not-a-number');
  await expect(page.getByTestId('copy-not-found')).toBeVisible();
});

test('creates and deletes a custom status; a sixth is refused before any call', async ({ page, request }) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/v3/drm/copies/status')) posts.push(req.url());
  });
  await signIn(page, '/copies/statuses');
  await expect(page.getByRole('heading', { name: 'Copy statuses', level: 1 })).toBeVisible();
  await expect(page.getByTestId('builtin-statuses')).toContainText('False Positive - Not My Content');
  const existing = await page.getByTestId('custom-status-row').count();
  expect(existing).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('custom-count')).toHaveText(`${existing} of 5 used`);

  const titles = Array.from({ length: 5 - existing }, (_, i) => `E2E status ${i + 1}`);
  for (const title of titles) {
    await page.getByLabel('New custom status').fill(title);
    await page.getByRole('button', { name: 'Create status' }).click();
    await expect(page.getByTestId('custom-status-row').filter({ hasText: title })).toBeVisible();
  }
  await expect(page.getByTestId('custom-count')).toHaveText('5 of 5 used');
  expect(posts).toHaveLength(titles.length);
  // The confirmations go, so the picture shows the page itself.
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await dismiss.click();
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
  await screenshotBothSchemes(page, 'copies-statuses');
  await expectAccessible(page);

  await page.getByLabel('New custom status').fill('One too many');
  await page.getByRole('button', { name: 'Create status' }).click();
  await expect(page.getByTestId('status-refusal')).toContainText('already has 5 custom statuses');
  expect(posts).toHaveLength(titles.length);

  // Delete the first one created here, with confirmation.
  const doomed = titles[0]!;
  await page.getByRole('button', { name: `Delete ${doomed}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete status' }).click();
  await expect(page.getByTestId('custom-status-row').filter({ hasText: doomed })).toHaveCount(0);
  await expect(page.getByTestId('custom-count')).toHaveText('4 of 5 used');
  const onPlatform = await discoveryGet<Array<{ title: string }>>(request, '/v3/drm/copies/statuses');
  expect(onPlatform.map((s) => s.title)).not.toContain(doomed);
  expect(onPlatform.map((s) => s.title)).toContain(titles[titles.length - 1]);
});

test('exports the filtered view to CSV with every page', async ({ page, request }) => {
  const query = 'platform=youtube&status=40';
  const expected = await allCopies(request, query);
  expect(expected.length).toBeGreaterThan(0);

  await signIn(page, `/copies?${query}`);
  await expect(rows(page).first()).toBeVisible();
  await screenshotBothSchemes(page, 'copies-queue');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export copies to CSV' });
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^copies-youtube-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(dialog.getByTestId('export-done')).toContainText(`${expected.length} copies`);
  await expectAccessible(page);

  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const table = parseCsv(text);
  const header = table[0]!;
  expect(header.slice(0, 3)).toEqual(['match_id', 'copy_title', 'platform']);
  const body = table.slice(1);
  expect(body).toHaveLength(expected.length);
  expect(body.map((r) => r[0])).toEqual(expected.map((c) => c.match_id_str));
  const platformColumn = header.indexOf('platform');
  const statusColumn = header.indexOf('status_codes');
  for (const record of body) {
    expect(record[platformColumn]).toBe('youtube');
    expect(record[statusColumn]!.split(' ')).toContain('40');
  }
  const titleColumn = header.indexOf('asset_title');
  expect(body.every((r) => r[titleColumn]!.length > 0)).toBe(true);
});
