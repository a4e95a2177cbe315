import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { discoveryGet, discoveryList, signIn } from './helpers';

// Fault drills: the key mutations of the journeys (a bulk status run in the copies queue, v3 and tus
// uploads) run while the sandbox answers 10 % of calls with 429, 5 % with 500, 5 % with 503 and
// delays each by 200 ms. They must still finish, and the platform must hold every change exactly
// once: no status twice on a copy, no copy changed that was not selected, one asset per file.
// Faults are scoped to the paths the drill mutates and cleared afterwards, so the other journeys of
// the run see a healthy sandbox.

async function setFaults(request: APIRequestContext, paths: string[]): Promise<void> {
  const response = await request.put('/api/discovery/sandbox/faults', {
    data: { rates: { 429: 0.1, 500: 0.05, 503: 0.05 }, latencyMs: 200, paths, seed: 7 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function clearFaults(request: APIRequestContext): Promise<void> {
  const response = await request.put('/api/discovery/sandbox/faults', { data: {} });
  expect(response.status()).toBe(200);
}

type WireCopy = { match_id_str: string; user_actions: { statuses: number[] } };

const allCopies = (request: APIRequestContext, query: string) => discoveryList<WireCopy>(request, `/v3/drm/copies?${query}`, 'match_id');

/** Counts the responses by status, to show the drill really met the faults. */
function countStatuses(page: Page): Map<number, number> {
  const seen = new Map<number, number>();
  page.on('response', (response) => {
    if (response.url().includes('/api/discovery/')) seen.set(response.status(), (seen.get(response.status()) ?? 0) + 1);
  });
  return seen;
}

test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

test('a bulk status run under faults applies the status once to exactly the selected copies', async ({ page, request }) => {
  // Instagram copies and "Takedown Attempted" (71): no other journey touches this pair.
  const code = 71;
  const before = new Map((await allCopies(request, 'platform=instagram')).map((copy) => [copy.match_id_str, copy.user_actions.statuses]));
  const seen = countStatuses(page);
  await signIn(page, '/copies?platform=instagram');
  const rows = page.locator('[role=row][data-match-id]');
  await expect(rows.first()).toBeVisible();

  // Faults on the per-copy paths (status changes and re-reads); the list itself stays healthy.
  await setFaults(request, ['/v3/drm/copies/']);
  const selected: string[] = [];
  await page.keyboard.press('j');
  for (let i = 0; i < 30; i++) {
    const id = await page.locator('[role=row][data-focused]').getAttribute('data-match-id');
    selected.push(id!);
    await page.keyboard.press('x');
    await page.keyboard.press('j');
  }
  await expect(page.getByTestId('selected-count')).toHaveText('30 selected');
  await page.getByRole('combobox', { name: 'Status for the selected copies' }).click();
  await page.getByRole('option', { name: 'Takedown Attempted' }).click();
  await page.getByRole('button', { name: 'Apply to 30' }).click();

  const job = page.getByTestId('bulk-job').first();
  await expect(job).toBeVisible();
  // A run that ends with failures offers a retry of just those, as a manager would use it.
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  for (let pass = 0; pass < 3; pass++) {
    const retry = job.getByRole('button', { name: /^Retry/ });
    if ((await retry.count()) === 0) break;
    await retry.click();
    await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  }
  await expect(job.getByTestId('bulk-summary')).not.toContainText('failed');
  await clearFaults(request);
  console.log(`[drill] ${test.info().title}: responses by status ${JSON.stringify(Object.fromEntries(seen))}`);
  expect(seen.get(429) ?? 0, 'the drill met 429s').toBeGreaterThan(0);
  expect((seen.get(500) ?? 0) + (seen.get(503) ?? 0), 'the drill met 500/503s').toBeGreaterThan(0);

  const after = await allCopies(request, 'platform=instagram');
  const changed = after.filter((copy) => {
    const old = before.get(copy.match_id_str) ?? [];
    return JSON.stringify(old) !== JSON.stringify(copy.user_actions.statuses);
  });
  const newlyHolding = selected.filter((id) => !(before.get(id) ?? []).includes(code));
  expect(changed.map((copy) => copy.match_id_str).sort()).toEqual([...newlyHolding].sort());
  for (const copy of after.filter((c) => selected.includes(c.match_id_str))) {
    expect(copy.user_actions.statuses.filter((status) => status === code), `copy ${copy.match_id_str}`).toHaveLength(1);
  }
});

type WireAsset = { asset_id_str: string; title: string };

/** Bytes that differ per run, so the fid (hash of the first 512 KiB) is new each time. */
function fileBytes(size: number, salt: string): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + salt.charCodeAt(i % salt.length)) & 0xff;
  return bytes;
}

test('v3 and tus uploads under faults register exactly one asset per file and verify', async ({ page, request }) => {
  const salt = `${Date.now()}`;
  // The journey server sends files of 1 MiB or more through v4 + tus.
  const files = [
    { name: `Drill single ${salt}.mp3`, title: `Drill single ${salt}`, size: 300 * 1024 },
    { name: `Drill resumable ${salt}.mp3`, title: `Drill resumable ${salt}`, size: 3 * 1024 * 1024 + 17 },
  ];
  const seen = countStatuses(page);
  await signIn(page, '/assets/upload');
  await expect(page.getByRole('heading', { name: 'Upload files', level: 1 })).toBeVisible();
  await setFaults(request, ['/v3/cms/assets', '/v4/cms/assets']);

  await page.locator('input[type=file]').setInputFiles(files.map((file) => ({ name: file.name, mimeType: 'audio/mpeg', buffer: fileBytes(file.size, file.name) })));
  await expect(page.getByTestId('upload-draft')).toHaveCount(2);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();

  const queue = page.getByRole('region', { name: 'Uploads' });
  for (const file of files) {
    const item = queue.locator(`[data-testid=upload-item][aria-label="Upload of ${file.name}"]`);
    await expect(item).toBeVisible();
    // A failed step offers Retry, which continues from what the platform already holds.
    await expect
      .poll(
        async () => {
          const phase = await item.getAttribute('data-phase');
          if (phase === 'failed') await item.getByRole('button', { name: /Retry/ }).click();
          return phase;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe('done');
  }
  await clearFaults(request);
  console.log(`[drill] ${test.info().title}: responses by status ${JSON.stringify(Object.fromEntries(seen))}`);
  expect(seen.get(429) ?? 0, 'the drill met 429s').toBeGreaterThan(0);

  for (const file of files) {
    const assets = (await discoveryList<WireAsset>(request, '/v3/cms/assets', 'asset_id')).filter((asset) => asset.title === file.title);
    expect(assets, `one asset for ${file.name}`).toHaveLength(1);
    const verify = await discoveryGet<{ uploaded: boolean }>(request, `/v3/cms/assets/${assets[0]!.asset_id_str}/verify`);
    expect(verify.uploaded).toBe(true);
  }
});

type WireResult = { result_id: string; status: string };

/** Every monitoring result's status (ids as text: they exceed 2^53), deduplicated across pages. */
async function monitoringStatuses(request: APIRequestContext): Promise<Map<string, string>> {
  const statuses = new Map<string, string>();
  for (let offset = 0; ; offset += 100) {
    const text = await discoveryGet<string>(request, `/v3/drm/monitoring?limit=100&offset=${offset}`, 'text');
    const page = JSON.parse(text.replace(/"result_id":(\d+)/g, '"result_id":"$1"')) as WireResult[];
    for (const item of page) statuses.set(item.result_id, item.status);
    if (page.length < 100) return statuses;
  }
}

test('a bulk monitoring status run under faults marks exactly the selected posts', async ({ page, request }) => {
  // Removed posts marked Reviewed: the monitoring journey works on other statuses.
  const before = await monitoringStatuses(request);
  const seen = countStatuses(page);
  await signIn(page, '/monitoring?status=removed');
  await expect(page.locator('[data-result-id]').first()).toBeVisible();
  await setFaults(request, ['/v3/drm/monitoring/result/']);

  await page.getByTestId('monitoring-list').focus();
  const chosen: string[] = [];
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    chosen.push((await page.locator('[data-result-id][data-focused]').getAttribute('data-result-id'))!);
  }
  await expect(page.getByTestId('selected-count')).toHaveText('10 selected');
  await page.getByRole('button', { name: 'Mark selected as…' }).click();
  await page.getByRole('menuitem', { name: 'Reviewed' }).click();
  const done = page.getByTestId('bulk-done');
  await expect(done).toBeVisible({ timeout: 60_000 });
  for (let pass = 0; pass < 3; pass++) {
    const retry = done.getByRole('button', { name: /^Retry/ });
    if ((await retry.count()) === 0) break;
    await retry.click();
    await expect(done.getByRole('button', { name: /^Retry/ }).or(done.getByText('10 of 10'))).toBeVisible({ timeout: 60_000 });
  }
  await clearFaults(request);
  console.log(`[drill] ${test.info().title}: responses by status ${JSON.stringify(Object.fromEntries(seen))}`);
  expect((seen.get(429) ?? 0) + (seen.get(500) ?? 0) + (seen.get(503) ?? 0), 'the drill met faults').toBeGreaterThan(0);

  const after = await monitoringStatuses(request);
  const changed = [...after].filter(([id, status]) => before.get(id) !== status).map(([id]) => id);
  expect(changed.sort()).toEqual([...new Set(chosen)].sort());
  for (const id of chosen) expect(after.get(id), `post ${id}`).toBe('reviewed');
});
