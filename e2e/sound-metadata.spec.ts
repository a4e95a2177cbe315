import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_KEY, expectAccessible, mainNav, screenshotBothSchemes, signIn } from './helpers';

type CopyRow = { platform: string; copy_sound_id: string | number | null };

/** Real sounds from the sandbox: the sound ids its copies use, with their platforms. */
async function realSounds(request: APIRequestContext): Promise<{ sound_id: string; platform: string }[]> {
  const response = await request.get('/api/discovery/v3/drm/copies?count=100', { headers: { Authorization: `Bearer ${DEMO_KEY}` } });
  expect(response.status()).toBe(200);
  const copies = (await response.json()) as CopyRow[];
  const sounds = new Map<string, { sound_id: string; platform: string }>();
  for (const copy of copies) {
    if (copy.copy_sound_id === null || copy.copy_sound_id === undefined) continue;
    const sound = { sound_id: String(copy.copy_sound_id), platform: copy.platform };
    sounds.set(`${sound.platform}/${sound.sound_id}`, sound);
  }
  return [...sounds.values()];
}

test('looks up one sound, then a pasted batch with an unknown sound', async ({ page, request }) => {
  const sounds = await realSounds(request);
  expect(sounds.length).toBeGreaterThan(3);

  await signIn(page, '/');
  await mainNav(page).getByRole('link', { name: 'Sound metadata' }).click();
  await expect(page.getByRole('heading', { name: 'Sound metadata', level: 1 })).toBeVisible();
  await screenshotBothSchemes(page, 'sound-metadata');
  await expectAccessible(page);

  // One sound.
  const [first] = sounds;
  await page.getByLabel('Sound id').fill(first!.sound_id);
  await page.getByRole('combobox', { name: 'Platform' }).fill(first!.platform);
  await page.getByRole('button', { name: 'Look up sound', exact: true }).click();
  await expect(page.getByText('Looked up 1 sound: 1 found, 0 not found.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Sounds found' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(first!.sound_id);
  await expect(table.getByRole('row').nth(1)).toContainText(/Original|Library/);
  const link = table.getByRole('link', { name: `Open sound ${first!.sound_id} on ${first!.platform}` });
  await expect(link).toHaveAttribute('href', /^https:\/\//);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // An unknown single sound is reported as not found, and the form keeps what was typed.
  await page.getByLabel('Sound id').fill('999000111');
  await page.getByRole('button', { name: 'Look up sound', exact: true }).click();
  await expect(page.getByText('Looked up 1 sound: 0 found, 1 not found.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sounds not found' })).toContainText('999000111 on');
  await expect(page.getByLabel('Sound id')).toHaveValue('999000111');

  // A batch: tab- and comma-separated lines, one unknown sound, a blank line.
  const batch = sounds.slice(0, 4);
  const text = [
    `${batch[0]!.sound_id}, ${batch[0]!.platform}`,
    `${batch[1]!.sound_id}\t${batch[1]!.platform.toUpperCase()}`,
    '',
    `${batch[2]!.sound_id},${batch[2]!.platform}`,
    `${batch[3]!.sound_id}, ${batch[3]!.platform}`,
    '123456789000, tiktok',
  ].join('\n');
  const area = page.getByLabel('Sounds, one a line');
  await area.fill(text);
  await expect(page.getByTestId('batch-count')).toHaveText('5 sounds');
  await page.getByRole('button', { name: 'Look up sounds', exact: true }).click();
  await expect(page.getByText('Looked up 5 sounds: 4 found, 1 not found.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(5);
  for (const sound of batch) await expect(table.getByText(sound.sound_id, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sounds not found' })).toContainText('123456789000 on tiktok');
  await screenshotBothSchemes(page, 'sound-metadata-results');
  await expectAccessible(page);
});

test('refuses bad lines and more than 100 sounds before calling Discovery', async ({ page }) => {
  await signIn(page, '/sound-metadata');
  await expect(page.getByRole('heading', { name: 'Sound metadata', level: 1 })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/discovery/') && request.url().includes('sound-metadata')) calls.push(request.url());
  });

  const area = page.getByLabel('Sounds, one a line');
  await area.fill('7301, tiktok\n7302\n7303, tiktok');
  await expect(page.getByTestId('batch-count')).toHaveText('2 sounds · 1 bad line (2)');
  await page.getByRole('button', { name: 'Look up sounds', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('One line is not "sound id, platform" (line 2: expected "sound id, platform"');

  const lines = Array.from({ length: 101 }, (_, i) => `${7_300_000 + i}, tiktok`).join('\n');
  await area.fill(lines);
  await expect(page.getByTestId('batch-count')).toHaveText('101 sounds');
  await page.getByRole('button', { name: 'Look up sounds', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('That is 101 sounds; one lookup takes at most 100.');
  // Nothing typed is lost, and Discovery was never asked.
  await expect(area).toHaveValue(lines);
  expect(calls).toEqual([]);
  await screenshotBothSchemes(page, 'sound-metadata-refused');
  await expectAccessible(page);
});
