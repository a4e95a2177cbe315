import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, screenshotBothSchemes, signIn } from './helpers';

test('opens a matching lookup by id and reads its matches', async ({ page }) => {
  await signIn(page, '/search');
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  // On the sandbox, its lookups are offered.
  const sandboxList = page.getByRole('region', { name: 'Sandbox lookups' });
  await expect(sandboxList.getByRole('link', { name: 'lk_matching_02' })).toBeVisible();
  await screenshotBothSchemes(page, 'search');
  await expectAccessible(page);

  // An id with a space is refused before anything is asked.
  await page.getByRole('combobox', { name: 'Lookup id' }).fill('lk matching');
  await page.getByRole('button', { name: 'Open lookup' }).click();
  await expect(page.getByText('A lookup id has no spaces')).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);

  await page.getByRole('combobox', { name: 'Lookup id' }).fill('lk_matching_02');
  await page.getByRole('button', { name: 'Open lookup' }).click();
  await expect(page).toHaveURL(/\/search\/lk_matching_02$/);
  await expect(page.getByRole('heading', { name: 'Matches (4)' })).toBeVisible();
  await expect(page.getByText('Classification was not run for this lookup.')).toBeVisible();

  const glass = page.getByRole('article', { name: /Glass Cathedral/ });
  await expect(glass.getByText('GBNWR2200931')).toBeVisible();
  await expect(glass.getByText('Sonar Rights Ltd')).toBeVisible();
  await expect(glass.getByText('2022-11-25')).toBeVisible();
  // A safe streaming link opens elsewhere; the seeded javascript: link is text, not a link.
  const youtube = glass.getByRole('link', { name: 'YouTube Music' });
  await expect(youtube).toHaveAttribute('href', 'https://music.youtube.com/watch?v=Zx3c9Qm1LkE');
  await expect(youtube).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(glass.getByRole('link', { name: /Promo page/ })).toHaveCount(0);
  await expect(glass.getByText('javascript:alert(document.domain)')).toBeVisible();
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);

  // Audio: figures, chart and the segments table with pitch, speed and confidence.
  await expect(glass.getByText('Query: 2:32.4 matched (64% of the file)')).toBeVisible();
  await expect(glass.getByTestId('segment-chart')).toBeVisible();
  const audioTable = glass.getByRole('table', { name: 'Audio segments' });
  await expect(audioTable.getByRole('row')).toHaveCount(3);
  await expect(audioTable.getByRole('row').nth(1)).toContainText('0:00–1:32.4');
  await expect(audioTable.getByRole('row').nth(1)).toContainText('95.8%');

  // Phonetic and video details have no documented fields: they are shown as the data that came.
  await glass.getByRole('tab', { name: 'Phonetic' }).click();
  const phonetic = glass.getByRole('table', { name: 'Phonetic match details' });
  await expect(phonetic.getByRole('rowheader', { name: 'Matched words' })).toBeVisible();
  await expect(phonetic.getByText('under the glass we were singing')).toBeVisible();
  await glass.getByRole('tab', { name: 'Video' }).click();
  const video = glass.getByRole('table', { name: 'Video match details' });
  await expect(video.getByRole('rowheader', { name: 'Frames matched' })).toBeVisible();
  await expect(video.getByText('crop, overlay')).toBeVisible();
  await expect(video.getByRole('columnheader', { name: 'Is mirrored' })).toBeVisible();
  await expect(glass.getByTestId('segment-chart')).toBeVisible();

  // Hovering a point of the chart shows the segment's measurements.
  await glass.getByRole('tab', { name: 'Audio' }).click();
  const chart = glass.getByTestId('segment-chart');
  await chart.locator('.recharts-scatter-symbol').first().hover();
  await expect(page.getByText(/Pitch 1 · speed 1 · transposition —/).first()).toBeVisible();

  await screenshotBothSchemes(page, 'search-matching');
  await expectAccessible(page);

  // The lookup is remembered on the Search page.
  await page.goto('/search');
  await expect(page.getByRole('region', { name: 'Recent lookups' }).getByRole('link', { name: 'lk_matching_02' })).toBeVisible();
  await expect(page.getByText('4 matches · opened')).toBeVisible();
});

test('a classification-only lookup shows its timeline and no matching', async ({ page }) => {
  await signIn(page, '/search/lk_classification_01');
  await expect(page.getByRole('heading', { name: 'Search lookup', level: 1 })).toBeVisible();
  await expect(page.getByText('Matching was not run for this lookup (classification only).')).toBeVisible();
  const timeline = page.getByTestId('classification-timeline');
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  const speech = timeline.getByRole('listitem', { name: /^Speech 0:32.4–0:51/ });
  await expect(speech).toHaveAccessibleName('Speech 0:32.4–0:51, confidence 91%; male voice 84.6%, narration 61%');
  // Reaching a segment with the keyboard shows its subclasses; so does hovering one.
  await timeline.getByRole('listitem', { name: /^Music 0:51/ }).focus();
  await page.keyboard.press('Tab');
  await expect(speech).toBeFocused();
  await expect(page.getByRole('tooltip').filter({ hasText: 'narration: 61%' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await timeline.getByRole('listitem', { name: /^Music 0:00/ }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'instrumental: 88.1%' })).toBeVisible();
  await screenshotBothSchemes(page, 'search-classification');
  await expectAccessible(page);
});

test('a lookup with both matching and classification', async ({ page }) => {
  await signIn(page, '/search/lk_both_01');
  await expect(page.getByRole('heading', { name: 'Matches (1)' })).toBeVisible();
  await expect(page.getByTestId('classification-timeline').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('article', { name: /Midnight Harbour/ }).getByRole('tab', { name: 'Melody' })).toBeVisible();
  await screenshotBothSchemes(page, 'search-both');
});

test('a matching lookup whose response has no content_classification key at all', async ({ page }) => {
  await signIn(page, '/search/lk_matching_01');
  await expect(page.getByRole('heading', { name: 'Matches (2)' })).toBeVisible();
  await expect(page.getByText('Classification was not run for this lookup.')).toBeVisible();
  const paper = page.getByRole('article', { name: /Paper Satellites/ });
  await expect(paper.getByRole('table', { name: 'Audio segments' }).getByRole('row')).toHaveCount(2);
  await paper.getByRole('tab', { name: 'Melody' }).click();
  await expect(paper.getByRole('table', { name: 'Melody match details' }).getByRole('rowheader', { name: 'Transposition semitones' })).toBeVisible();
});

test('waits for a lookup that is still running, with elapsed time and cancel', async ({ page, request }) => {
  await signIn(page, '/search');
  await expect(mainNav(page).getByRole('link', { name: 'Search' })).toBeVisible();

  // A lookup that completes in 4 s, started with the sandbox's tool.
  const started = await request.post('/api/search/sandbox/search/lookups', { data: { kind: 'both', delay_seconds: 4 } });
  expect(started.status()).toBe(201);
  const { lookup_id: lookupId } = (await started.json()) as { lookup_id: string };

  await page.goto(`/search/${lookupId}`);
  const waiting = page.getByTestId('lookup-waiting');
  await expect(waiting.getByText(`Waiting for lookup ${lookupId} to complete`)).toBeVisible();
  await expect(waiting.getByTestId('lookup-elapsed')).toHaveText(/Waiting for [1-3] s/);
  await screenshotBothSchemes(page, 'search-waiting');
  await expect(page.getByRole('heading', { name: 'Matches (1)' })).toBeVisible({ timeout: 10_000 });
  await expect(waiting).toHaveCount(0);

  // Cancel: a lookup that takes a minute; stop waiting, then check again.
  const slow = await request.post('/api/search/sandbox/search/lookups', { data: { kind: 'matching', delay_seconds: 60 } });
  const { lookup_id: slowId } = (await slow.json()) as { lookup_id: string };
  await page.goto(`/search/${slowId}`);
  await expect(page.getByTestId('lookup-waiting')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`You stopped waiting for lookup ${slowId}`)).toBeVisible();
  // The sandbox no longer holds the request open.
  await expect.poll(async () => ((await (await request.get('/api/search/sandbox/info')).json()) as { search_checks_waiting?: number }).search_checks_waiting ?? -1).toBe(0);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('lookup-waiting')).toBeVisible();
});

test('an unknown lookup id says so and keeps the id to correct', async ({ page }) => {
  await signIn(page, '/search/lk_does_not_exist');
  await expect(page.getByRole('alert')).toContainText('Lookup lk_does_not_exist not found.');
  await expect(page.getByRole('combobox', { name: 'Lookup id' })).toHaveValue('lk_does_not_exist');
});
