import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible, mainNav, screenshotBothSchemes, signIn } from './helpers';

/** Generated test audio served by the sandbox, fetched through the proxy like any other file. */
async function sandboxFile(page: Page, name: string, mimeType: string) {
  const response = await page.request.get(`/api/discovery/sandbox/audio/${name}`);
  expect(response.status(), `GET /sandbox/audio/${name}: ${response.ok() ? '' : await response.text()}`).toBe(200);
  return { name, mimeType, buffer: await response.body() };
}

const submission = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const historyRows = (page: Page) => page.getByTestId('history-table').locator('tbody tr');

/** Splits the simple CSV this page writes (no line breaks inside fields here). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.slice(0, -1).map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')));
}

test('checks files and links, explains every answer and keeps them in the history', async ({ page }) => {
  // A long walk: five detections, filters, sorting, export, delete and undo, reloads, both schemes.
  test.setTimeout(240_000);
  await signIn(page, '/detector');
  await expect(page.getByRole('heading', { name: 'AI detection', level: 1 })).toBeVisible();
  await expect(page.getByText('No results yet')).toBeVisible();

  const files = await Promise.all([
    sandboxFile(page, 'music-60s.wav', 'audio/wav'),
    sandboxFile(page, 'verdict-ai-no-model.wav', 'audio/wav'),
    sandboxFile(page, 'clip-5s.wav', 'audio/wav'),
    sandboxFile(page, 'not-audio.txt', 'text/plain'),
  ]);
  await page.locator('input[type="file"]').setInputFiles(files);

  // A generated song: the verdict as the detector gave it, the score as a bar, the request id.
  const song = submission(page, 'music-60s.wav');
  await expect(song.getByTestId('submission-phase')).toHaveText('Done');
  await expect(song.getByText(/^(AI-generated|Not AI-generated)$/)).toBeVisible();
  await expect(song.getByRole('progressbar', { name: 'AI score of music-60s.wav' })).toBeVisible();
  await expect(song.getByText('1 min', { exact: false })).toBeVisible();
  await expect(song.getByText(/^Request id \d+$/)).toBeVisible();

  // An AI verdict whose platform the detector could not name.
  const unnamed = submission(page, 'verdict-ai-no-model.wav');
  await expect(unnamed.getByTestId('submission-phase')).toHaveText('Done');
  await expect(unnamed.getByText('AI-generated', { exact: true })).toBeVisible();
  await expect(unnamed.getByText('Platform not identified')).toBeVisible();

  // The score's caveat sits behind the info button, for the keyboard too.
  const about = unnamed.getByRole('button', { name: 'About the AI score' });
  await about.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(about).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('not a calibrated probability');

  // A 5 s clip: warned in the browser, sent anyway, and the detector's too_short explained.
  const clip = submission(page, 'clip-5s.wav');
  await expect(clip.getByText(/Only 5 s of audio.*most likely answer too_short/)).toBeVisible();
  await expect(clip.getByTestId('submission-phase')).toHaveText('Done');
  await expect(clip.getByText('Too short (too_short)')).toBeVisible();
  await expect(clip.getByText('Submit at least 30 seconds of the song')).toBeVisible();

  // A text file: warned, sent, and invalid_file explained.
  const text = submission(page, 'not-audio.txt');
  await expect(text.getByText(/does not look like an audio or video file \(text\/plain\)/)).toBeVisible();
  await expect(text.getByText('Not a usable file (invalid_file)')).toBeVisible();

  // Links: a bad line stays in the box with its reason; the good one is sent and comes back not_found.
  const links = page.getByLabel('Public links to audio files');
  await links.fill('http://127.0.0.1:9/nothing.wav\nftp://example.com/song.mp3');
  await page.getByRole('button', { name: 'Check links' }).click();
  await expect(page.getByText('Line 1, “ftp://example.com/song.mp3”: only http and https links can be fetched.')).toBeVisible();
  await expect(links).toHaveValue('ftp://example.com/song.mp3');
  const link = submission(page, 'http://127.0.0.1:9/nothing.wav');
  await expect(link.getByTestId('submission-phase')).toHaveText('Done', { timeout: 30_000 });
  await expect(link.getByText('URL not reachable (not_found)')).toBeVisible();
  await expect(link.getByText(/needs no sign-in and downloads the file directly/)).toBeVisible();
  await links.fill('');

  // Every answer is in the history.
  await expect(page.getByTestId('history-count')).toHaveText('5 results in this browser');
  await expect(historyRows(page)).toHaveCount(5);
  await screenshotBothSchemes(page, 'detector-results');
  await expectAccessible(page);

  // Filters live in the URL.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Too short (too_short)' }).click();
  await expect(page).toHaveURL(/status=too_short/);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText('clip-5s.wav');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Any status' }).click();
  await page.getByRole('combobox', { name: 'Verdict' }).click();
  await page.getByRole('option', { name: 'AI-generated', exact: true }).click();
  await expect(page).toHaveURL(/verdict=ai/);
  await expect(historyRows(page).filter({ hasText: 'verdict-ai-no-model.wav' })).toHaveCount(1);
  await expect(historyRows(page).filter({ hasText: 'clip-5s.wav' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Verdict' }).click();
  await page.getByRole('option', { name: 'Any verdict' }).click();
  await expect(historyRows(page)).toHaveCount(5);

  // Sorted by score, highest first: the two scored rows lead, in score order.
  await page.getByRole('button', { name: 'AI score', exact: true }).click();
  await expect(page).toHaveURL(/sort=score-desc/);
  const scores = (await historyRows(page).locator('td:nth-child(6)').allInnerTexts()).map((cell) => cell.trim()).filter(Boolean).map(Number);
  expect(scores).toHaveLength(2);
  expect(scores[0]).toBeGreaterThanOrEqual(scores[1]!);
  await expect(page.getByRole('columnheader', { name: 'AI score' })).toHaveAttribute('aria-sort', 'descending');

  // The CSV holds one row per result, the verdicts as the detector gave them.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^ai-detection-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = csvRows(readFileSync(await download.path(), 'utf8'));
  const header = rows[0]!;
  expect(header).toEqual(['submitted_at', 'source', 'file_or_url', 'size_bytes', 'status', 'is_ai', 'ai_score', 'predicted_model', 'predicted_model_score', 'request_id', 'message']);
  const byName = new Map(rows.slice(1).map((row) => [row[2], row]));
  expect(rows).toHaveLength(6);
  expect(byName.get('music-60s.wav')?.[4]).toBe('ok');
  expect(byName.get('music-60s.wav')?.[3]).toBe(String(files[0]!.buffer.length));
  expect(['true', 'false']).toContain(byName.get('music-60s.wav')?.[5]);
  expect(byName.get('verdict-ai-no-model.wav')?.slice(4, 8)).toEqual(['ok', 'true', expect.stringMatching(/^0\.\d+$/), '']);
  expect(byName.get('clip-5s.wav')?.[4]).toBe('too_short');
  expect(byName.get('not-audio.txt')?.[4]).toBe('invalid_file');
  expect(byName.get('http://127.0.0.1:9/nothing.wav')?.slice(1, 6)).toEqual(['url', 'http://127.0.0.1:9/nothing.wav', '', 'not_found', '']);
  for (const row of rows.slice(1)) expect(row[9]).toMatch(/^\d+$/);

  // One result can be deleted, and put back from the notification.
  await page.getByRole('button', { name: 'Delete the result of not-audio.txt' }).click();
  await expect(historyRows(page)).toHaveCount(4);
  await expect(historyRows(page).filter({ hasText: 'not-audio.txt' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(historyRows(page)).toHaveCount(5);
  await expect(historyRows(page).filter({ hasText: 'not-audio.txt' })).toHaveCount(1);

  // The history survives a reload (IndexedDB); the session's submissions do not.
  await page.reload();
  await expect(historyRows(page)).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Submissions' })).toHaveCount(0);
  await screenshotBothSchemes(page, 'detector-history');

  // Clearing asks first.
  await page.getByRole('button', { name: 'Clear history' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear the detection history?' });
  await confirm.getByRole('button', { name: 'Keep history' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(historyRows(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Clear history' }).click();
  await confirm.getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByText('No results yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No results yet')).toBeVisible();
});

async function setDetectorFaults(request: APIRequestContext, data: object): Promise<void> {
  const response = await request.put('/api/discovery/sandbox/faults', { data, headers: { Connection: 'close' } });
  expect(response.status(), await response.text()).toBe(200);
}

test('shows each retry of an overloaded detector, then explains the failure and keeps it in the history', async ({ page, request }) => {
  await signIn(page, '/detector');
  // Every detect-url call answers 503 until the faults are cleared.
  await setDetectorFaults(request, { rates: { 503: 1 }, paths: ['/v1/ai-detector/detect-url'] });
  try {
    await page.getByLabel('Public links to audio files').fill('https://example.com/overloaded.mp3');
    await page.getByRole('button', { name: 'Check links' }).click();
    const item = submission(page, 'https://example.com/overloaded.mp3');
    await expect(item.getByTestId('submission-phase')).toHaveText('Retrying 1/3 after HTTP 503');
    await expect(item.getByTestId('submission-phase')).toHaveText('Retrying 2/3 after HTTP 503');
    await expect(item.getByTestId('submission-phase')).toHaveText('Retrying 3/3 after HTTP 503', { timeout: 20_000 });
    await expect(item.getByTestId('submission-phase')).toHaveText('Failed', { timeout: 30_000 });
    await expect(item.getByText('The request failed (HTTP 503)')).toBeVisible();
    await expect(item.getByText(/automatic retries were used up/)).toBeVisible();
  } finally {
    await setDetectorFaults(request, {});
  }
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText('Request failed');
  await expect(historyRows(page).first()).toContainText('HTTP 503');
  await page.getByRole('button', { name: 'Clear history' }).click();
  await page.getByRole('dialog', { name: 'Clear the detection history?' }).getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByText('No results yet')).toBeVisible();
});

test('refuses a file over 100 MB in the browser and sends nothing', async ({ page }) => {
  await signIn(page, '/detector');
  const detectorCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/detector/')) detectorCalls.push(request.url());
  });
  // 100 MB and one byte, made in the page (too large to hand over from the test process).
  await page.locator('input[type="file"]').evaluate((input: HTMLInputElement) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(100 * 1024 * 1024 + 1)], 'huge-master.wav', { type: 'audio/wav' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const item = submission(page, 'huge-master.wav');
  await expect(item.getByTestId('submission-phase')).toHaveText('Not sent');
  await expect(item.getByText(/100\.0 MB is over the detector's 100 MB limit \(it would answer HTTP 413\), so it was not sent/)).toBeVisible();
  await expect(page.getByText('No results yet')).toBeVisible();
  expect(detectorCalls).toEqual([]);
});

test('AI detection is in the navbar under Tools', async ({ page }) => {
  await signIn(page, '/');
  await mainNav(page).getByRole('link', { name: 'AI detection' }).click();
  await expect(page).toHaveURL(/\/detector$/);
  await expect(page.getByRole('heading', { name: 'AI detection', level: 1 })).toBeVisible();

  // On a phone the two ways in stack, and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  // (Polled: the navbar slides away after the resize.)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('heading', { name: 'AI detection', level: 1 })).toBeInViewport();
  await screenshotBothSchemes(page, 'detector-phone');
});
