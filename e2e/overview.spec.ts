import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, screenshotBothSchemes, signIn } from './helpers';

// The overview as a rights manager opens it: every chart drawn from the scans with real data, each
// with a table alternative, and a click on a chart leading to the filtered list it summarises.

const CHARTS = ['platform', 'category', 'weeks', 'statuses', 'reviewed', 'monitoring-status', 'monitoring-weeks', 'top-copies', 'top-views'];

test('the overview draws every chart and leads into the filtered lists', async ({ page }) => {
  // Two scans, nine charts and axe in both schemes over a page of SVG take their time.
  test.setTimeout(180_000);
  await signIn(page, '/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('data-active', 'true');
  await expect(mainNav(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'Copies' })).not.toHaveAttribute('data-active', 'true');

  // The scans report progress, then every chart has drawn marks.
  await expect(page.getByTestId('overview-basis')).toContainText(/Based on (all|the newest) [\d,]+ copies/, { timeout: 60_000 });
  for (const id of CHARTS) {
    const chart = page.getByTestId(`svg-${id}`);
    await expect(chart.locator('svg').first(), id).toBeVisible({ timeout: 30_000 });
    await expect(chart.locator('path.recharts-rectangle, path.recharts-sector').first(), id).toBeVisible();
    // The table alternative holds the same figures, with at least one non-zero count.
    const counts = await page.getByTestId(`table-${id}`).locator('tbody tr td:last-child').allInnerTexts();
    expect(counts.length, id).toBeGreaterThan(0);
    expect(counts.some((c) => c !== '0'), id).toBe(true);
  }
  await expect(page.getByTestId('reviewed-share')).toContainText(/hold at least one status/);

  // The table view of a chart, with its links.
  const platform = page.getByTestId('chart-platform');
  await platform.getByText('Table', { exact: true }).click();
  await expect(page.getByTestId('table-platform')).toBeVisible();
  await expect(page.getByTestId('table-platform').getByRole('link', { name: 'youtube' })).toBeVisible();
  await platform.getByText('Chart', { exact: true }).click();

  await screenshotBothSchemes(page, 'overview');
  await expectAccessible(page);

  // A click on the platform chart's first bar opens the copies of that platform.
  const firstPlatform = (await page.getByTestId('table-platform').locator('tbody tr td:first-child').first().innerText()).trim();
  await page.getByTestId('svg-platform').locator('path.recharts-rectangle').first().click();
  await expect(page).toHaveURL(new RegExp(`/copies\\?platform=${firstPlatform}$`));
  // Only the area shown is marked current: the overview's `/` does not match every page.
  await expect(mainNav(page).getByRole('link', { name: 'Copies' })).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('data-active', 'true');
  await expect(page.locator('[role=row][data-match-id]').first()).toBeVisible();

  // Back on the overview the cached figures show at once; a monitoring status bar opens that status.
  await page.goBack();
  await expect(page.getByTestId('overview-basis')).toBeVisible();
  await page.getByTestId('chart-monitoring-status').getByText('Table', { exact: true }).click();
  await page.getByTestId('table-monitoring-status').getByRole('link', { name: 'Licensed' }).click();
  await expect(page).toHaveURL(/\/monitoring\?status=licensed$/);
  await expect(page.locator('[data-result-id]').first()).toHaveAttribute('data-status', 'licensed');

  // A status slice opens the copies holding that status (the figures are cached: no new scan).
  await mainNav(page).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('scan-copies')).toHaveCount(0);
  await page.getByTestId('svg-statuses').locator('path.recharts-sector').first().click();
  await expect(page).toHaveURL(/\/copies\?status=\d+$/);
});
