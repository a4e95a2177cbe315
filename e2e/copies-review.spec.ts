import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { discoveryGet, expectAccessible, screenshotBothSchemes, signIn } from './helpers';

// The parts of copy review a manager leans on when things are not simple: what a match category
// means, who the uploader is, the sound and whitelists behind a copy, a copy with half its data
// missing, a change the platform refuses, and bulk runs that are cancelled or meet failures. Faults
// come from the sandbox (scoped to the per-copy paths, cleared after each test); results are checked
// on the platform through the proxy.

type WireCopy = {
  match_id_str: string;
  platform: string;
  copy_title: string;
  copy_sound_id: string | null;
  copy_user_is_verified: boolean;
  copy_user_name: string;
  whitelist_ids_str: string[];
  asset_id_str: string;
  match_data: { matching_segments_in_asset: number[] };
  user_actions: { statuses: number[] };
};

async function firstPage(request: APIRequestContext, query: string): Promise<WireCopy[]> {
  return discoveryGet<WireCopy[]>(request, `/v3/drm/copies?count=100&${query}`);
}

async function statusesOf(request: APIRequestContext, matchId: string): Promise<number[]> {
  const body = await discoveryGet<{ user_actions: { statuses: number[] } }>(request, `/v3/drm/copies/${matchId}/status`);
  return body.user_actions.statuses;
}

/** PUT /sandbox/faults; a kept-alive socket the server has closed meanwhile is retried on a new one. */
async function putFaults(request: APIRequestContext, data: object): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await request.put('/api/discovery/sandbox/faults', { data, headers: { Connection: 'close' } });
      expect(response.status(), await response.text()).toBe(200);
      return;
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('ECONNRESET')) throw error;
    }
  }
}

/** Faults on the per-copy paths by default (status changes and re-reads); the list itself stays healthy. */
async function setFaults(request: APIRequestContext, spec: { rates?: Record<number, number>; latencyMs?: number }, paths = ['/v3/drm/copies/']): Promise<void> {
  await putFaults(request, { ...spec, paths, seed: 3 });
}

async function clearFaults(request: APIRequestContext): Promise<void> {
  await putFaults(request, {});
}

const rows = (page: Page) => page.locator('[role=row][data-match-id]');
const row = (page: Page, matchId: string) => page.locator(`[role=row][data-match-id="${matchId}"]`);

/** Selects the first `count` rows from the keyboard (j moves, x selects) and returns their ids. */
async function selectFirst(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  await page.keyboard.press('j');
  for (let i = 0; i < count; i++) {
    const id = await page.locator('[role=row][data-focused]').getAttribute('data-match-id');
    ids.push(id!);
    await page.keyboard.press('x');
    await page.keyboard.press('j');
  }
  await expect(page.getByTestId('selected-count')).toHaveText(`${count} selected`);
  return ids;
}

async function applyToSelection(page: Page, statusTitle: string, count: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Status for the selected copies' }).click();
  await page.getByRole('option', { name: statusTitle, exact: true }).click();
  await page.getByRole('button', { name: `Apply to ${count}` }).click();
}

test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

test('the queue explains a match category on hover and marks verified uploaders', async ({ page, request }) => {
  const copies = await firstPage(request, 'platform=twitch');
  const verified = copies.find((c) => c.copy_user_is_verified)!;
  const unverified = copies.find((c) => !c.copy_user_is_verified)!;
  expect(verified).toBeTruthy();

  await signIn(page, '/copies?platform=twitch');
  await expect(rows(page).first()).toBeVisible();
  const badge = rows(page).first().getByRole('gridcell').nth(4).locator('.mantine-Badge-root');
  const category = (await badge.textContent())!.trim();
  await badge.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  const meanings: Record<string, RegExp> = {
    EC: /entire asset/,
    FC: /more than 98%/,
    PC: /less than 98%/,
    SN: /part of the asset/,
    SN30: /under 30 seconds/,
    SN10: /under 10 seconds/,
    SN5: /under 5 seconds/,
  };
  await expect(tooltip).toHaveText(meanings[category]!);

  // The verified mark sits next to the uploader's name, and only there.
  const grid = page.getByTestId('copies-grid');
  for (const copy of [verified, unverified]) {
    const index = copies.indexOf(copy);
    await grid.evaluate((el, top) => el.scrollTo({ top }), Math.max(0, index - 3) * 60);
    const target = row(page, copy.match_id_str);
    await expect(target).toBeVisible();
    await expect(target.getByRole('img', { name: 'Verified uploader' })).toHaveCount(copy.copy_user_is_verified ? 1 : 0);
  }
});

test('a copy’s page names its platform sound and the whitelists it is on', async ({ page, request }) => {
  const tiktok = await firstPage(request, 'platform=tiktok');
  const withSound = tiktok.find((c) => c.copy_sound_id && c.whitelist_ids_str.length > 0) ?? tiktok.find((c) => c.copy_sound_id)!;
  const sound = await discoveryGet<{ title: string; artist: string; is_original: boolean; video_count: number; url: string }>(
    request,
    `/drm/sound-metadata/${withSound.copy_sound_id}?platform=tiktok`,
  );

  await signIn(page, `/copies/${withSound.match_id_str}`);
  const section = page.getByTestId('sound-section');
  await expect(section.getByRole('link', { name: sound.title })).toHaveAttribute('href', sound.url);
  await expect(section).toContainText(sound.artist);
  await expect(section).toContainText(sound.is_original ? 'Original (uploaded by a user)' : 'From the platform’s library');
  await expect(section).toContainText(sound.video_count.toLocaleString('en-US'));
  await expectAccessible(page);

  // A copy on a whitelist shows the whitelist by title.
  const listed = (await firstPage(request, '')).concat(tiktok).find((c) => c.whitelist_ids_str.length > 0)!;
  expect(listed, 'the seed whitelists some recent copies').toBeTruthy();
  const whitelist = await discoveryGet<{ title: string }>(request, `/v3/cms/whitelists/${listed.whitelist_ids_str[0]}`);
  await page.goto(`/copies/${listed.match_id_str}`);
  const whitelistLink = page.getByTestId('whitelists-section').getByRole('link', { name: whitelist.title });
  await expect(whitelistLink).toHaveAttribute('href', `/whitelists/${listed.whitelist_ids_str[0]}`);
  await screenshotBothSchemes(page, 'copy-detail-whitelisted');
});

test('a copy lacking optional fields still renders, from the seed and from a terse platform answer', async ({ page, request }) => {
  const sparse = (await firstPage(request, 'platform=tiktok')).find((c) => c.copy_title === '' && c.copy_user_name === '')!;
  expect(sparse, 'the seed has an untitled copy without an uploader').toBeTruthy();
  await signIn(page, `/copies/${sparse.match_id_str}`);
  await expect(page.getByRole('heading', { name: 'Untitled copy', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sound-section')).toContainText('does not use a platform sound');
  await expect(page.getByTestId('match-section')).toBeVisible();

  // The platform may leave optional fields out altogether: the page says what is not reported.
  const full = await discoveryGet<Record<string, unknown>>(request, `/v3/drm/copies/${sparse.match_id_str}`);
  const terse: Record<string, unknown> = {
    match_id: full.match_id_str,
    asset_id: full.asset_id_str,
    created_at: full.created_at,
    platform: full.platform,
    match_category: full.match_category,
    // The match itself is the copy's reason to exist; everything else about it is left out.
    match_data: Object.fromEntries(Object.entries(full.match_data as Record<string, unknown>).filter(([key]) => key !== 'is_audio_modified')),
  };
  await page.route(`**/api/discovery/v3/drm/copies/${sparse.match_id_str}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(terse) }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Untitled copy', level: 1 })).toBeVisible();
  await expect(page.getByTestId('stats-section')).toContainText('Not reported');
  await expect(page.getByTestId('whitelists-section')).toContainText('on no whitelist');
  await expect(page.getByTestId('statuses-section')).toContainText('No status yet.');
  await expect(page.getByTestId('match-section')).toContainText('Not reported');
  await expect(page.getByRole('button', { name: 'Release and exclude' })).toBeEnabled();
});

test('a status change the platform refuses rolls back in the row, with a message naming the copy', async ({ page, request }) => {
  await signIn(page, '/copies?platform=twitch');
  await expect(rows(page).first()).toBeVisible();
  await page.keyboard.press('j');
  const focused = page.locator('[role=row][data-focused]');
  let codes = await focused.locator('[data-testid=row-statuses] [data-status-code]').evaluateAll((els) => els.map((el) => el.getAttribute('data-status-code')));
  while (codes.includes('40')) {
    await page.keyboard.press('j');
    codes = await focused.locator('[data-testid=row-statuses] [data-status-code]').evaluateAll((els) => els.map((el) => el.getAttribute('data-status-code')));
  }
  const matchId = (await focused.getAttribute('data-match-id'))!;
  const target = row(page, matchId);

  await setFaults(request, { rates: { 503: 1 } });
  await page.keyboard.press('1');
  // Optimistic: the badge is there at once, then goes when the platform keeps refusing.
  await expect(target.locator('[data-testid=row-statuses] [data-status-code="40"]')).toBeVisible();
  await expect(page.getByText(/Could not add “Infringing” to “/)).toBeVisible({ timeout: 30_000 });
  await expect(target.locator('[data-testid=row-statuses] [data-status-code="40"]')).toHaveCount(0);
  await expect(page.getByTestId('undo-hint').filter({ hasText: 'Infringing' })).toHaveCount(0);
  await clearFaults(request);
  expect(await statusesOf(request, matchId)).not.toContain(40);
});

test('a bulk run can be cancelled and resumed, and each copy holds the status once', async ({ page, request }) => {
  const before = new Map((await firstPage(request, 'platform=soundcloud')).map((c) => [c.match_id_str, c.user_actions.statuses]));
  await signIn(page, '/copies?platform=soundcloud');
  await expect(rows(page).first()).toBeVisible();
  const selected = await selectFirst(page, 40);
  await screenshotBothSchemes(page, 'copies-queue-selection');

  // Slow calls, so the run is still going when the manager cancels it.
  await setFaults(request, { latencyMs: 1500 });
  await applyToSelection(page, 'Externally Actioned', 40);
  const job = page.getByTestId('bulk-job').first();
  await expect(job.getByTestId('bulk-progress')).toContainText(/^([1-9]|[1-3]\d) of 40 done/, { timeout: 20_000 });
  await job.getByRole('button', { name: 'Cancel' }).click();
  await expect(job).toHaveAttribute('data-status', 'cancelled', { timeout: 20_000 });
  await expect(job.getByTestId('bulk-summary')).toContainText(/^Cancelled\. \d+ applied, \d+ not started\.$/);
  await screenshotBothSchemes(page, 'copies-bulk-cancelled');
  await expectAccessible(page);

  await clearFaults(request);
  await job.getByRole('button', { name: 'Resume' }).click();
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(job.getByTestId('bulk-summary')).toHaveText('Finished. 40 applied.');

  const after = await firstPage(request, 'platform=soundcloud');
  for (const copy of after) {
    const old = before.get(copy.match_id_str) ?? [];
    if (selected.includes(copy.match_id_str)) {
      expect(copy.user_actions.statuses.filter((code) => code === 30), `copy ${copy.match_id_str}`).toHaveLength(1);
      expect(copy.user_actions.statuses.filter((code) => code !== 30)).toEqual(old.filter((code) => code !== 30));
    } else {
      expect(copy.user_actions.statuses, `unselected copy ${copy.match_id_str}`).toEqual(old);
    }
  }
});

test('bulk failures are listed by copy and a retry of just those lands them once', async ({ page, request }) => {
  await signIn(page, '/copies?platform=dailymotion');
  await expect(rows(page).first()).toBeVisible();
  const selected = await selectFirst(page, 5);

  await setFaults(request, { rates: { 503: 1 } });
  await applyToSelection(page, 'For Further Review', 5);
  const job = page.getByTestId('bulk-job').first();
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(job.getByTestId('bulk-summary')).toHaveText('Finished. 0 applied, 5 failed.');
  await expect(job.getByRole('listitem')).toHaveCount(5);
  await expect(job.getByRole('listitem').first()).toContainText('HTTP 503');
  await expect(job.getByRole('listitem').first()).not.toContainText('..');
  await screenshotBothSchemes(page, 'copies-bulk-failed');
  await expectAccessible(page);

  await clearFaults(request);
  await job.getByRole('button', { name: 'Retry 5 failed' }).click();
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(job.getByTestId('bulk-summary')).toHaveText('Finished. 5 applied.');
  for (const id of selected) {
    expect((await statusesOf(request, id)).filter((code) => code === 60), `copy ${id}`).toHaveLength(1);
    await expect(row(page, id).locator('[data-testid=row-statuses] [data-status-code="60"]')).toBeVisible();
  }
});

test('release and exclude shows which of its two calls failed and retries only that one', async ({ page, request }) => {
  const copy = (await firstPage(request, 'platform=facebook')).find(
    (c) => c.match_data.matching_segments_in_asset.length >= 2 && !c.user_actions.statuses.includes(13),
  )!;
  expect(copy).toBeTruthy();
  await signIn(page, `/copies/${copy.match_id_str}`);
  await expect(page.getByTestId('asset-excluded')).toBeVisible();

  // The asset calls fail; marking the copy still goes through.
  await setFaults(request, { rates: { 503: 1 } }, ['/v3/cms/assets/']);
  await page.getByRole('button', { name: 'Release and exclude' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release and exclude' });
  await dialog.getByRole('button', { name: 'Release and exclude' }).click();
  await expect(dialog.getByTestId('release-step-status')).toHaveAttribute('data-state', 'done');
  await expect(dialog.getByTestId('release-step-exclude')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(dialog.getByTestId('release-step-exclude')).toContainText('HTTP 503');
  await screenshotBothSchemes(page, 'copy-release-failed-step');
  await expectAccessible(page);

  await clearFaults(request);
  await dialog.getByRole('button', { name: 'Retry failed step' }).click();
  await expect(dialog.getByTestId('release-step-exclude')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(dialog.getByTestId('release-done')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  expect((await statusesOf(request, copy.match_id_str)).filter((code) => code === 13)).toHaveLength(1);
  const asset = await discoveryGet<{ excluded_segments: Array<{ lower: number; upper: number }> }>(request, `/v3/cms/assets/${copy.asset_id_str}`);
  const flat = copy.match_data.matching_segments_in_asset;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    expect(asset.excluded_segments.some((s) => s.lower <= flat[i]! && s.upper >= flat[i + 1]!), `${flat[i]}–${flat[i + 1]} excluded`).toBe(true);
  }
});
