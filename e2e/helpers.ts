import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';

/** The sandbox's public demo key (README); the e2e server always runs on the sandbox. */
export const DEMO_KEY = 'sandbox-demo-key';

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Opens `path` and signs in through the sign-in screen with `key`. */
export async function signIn(page: Page, path = '/', key = DEMO_KEY): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByLabel('Discovery API key').fill(key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(mainNav(page)).toBeVisible();
}

/**
 * Saves the page in the light and the dark scheme under test-results/screenshots/<name>-<scheme>.png.
 * The app follows the system scheme unless the user picked one, so emulating the media query
 * switches it without touching the page's own controls.
 */
export async function screenshotBothSchemes(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.screenshot({ path: `test-results/screenshots/${name}-${scheme}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Runs axe (WCAG 2 A and AA rules) on the page in the light and the dark scheme and returns its
 * violations as readable lines: scheme, rule, impact, the first places and axe's explanation (e.g.
 * the measured contrast). Transitions and animations are frozen while axe looks, so it measures the
 * colours the scheme settles on, not a frame of the fade between them.
 */
export async function axeViolations(
  page: Page,
  options: { label?: string; seriousOnly?: boolean; darkColoursOnly?: boolean } = {},
): Promise<string[]> {
  const found: string[] = [];
  const freeze = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
      // Only colours differ between the schemes, so a dark pass may run the colour rules alone.
      const results = await (scheme === 'dark' && options.darkColoursOnly ? builder.withRules(['color-contrast', 'link-in-text-block']) : builder).analyze();
      for (const violation of results.violations) {
        if (options.seriousOnly && violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        const where = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
        const more = violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : '';
        const why = violation.nodes[0]?.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
        const label = options.label ? `${options.label} (${scheme})` : scheme;
        found.push(`${label}: ${violation.id} (${violation.impact}) at ${where.join(', ')}${more} — ${why}`);
      }
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await freeze.evaluate((element) => (element as Element).remove());
  }
  return found;
}

/** Fails with every axe violation of the page, in either scheme (see axeViolations). */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * A Discovery GET through the proxy with the demo key, as JSON (read the *_str companions of ids:
 * JSON.parse loses digits above 2^53) or as text. Waits out the platform's rate limit like the app does.
 */
export async function discoveryGet<T>(request: APIRequestContext, path: string, as: 'json' | 'text' = 'json'): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const response = await request.get(`/api/discovery${path}`, { headers: { Authorization: `Bearer ${DEMO_KEY}` } });
    if (response.status() === 429 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (as === 'text' ? await response.text() : await response.json()) as T;
  }
}

/** Every row of a Discovery list (pages of 100, next page from the last row's `<idField>_str`). */
export async function discoveryList<T extends Record<string, unknown>>(request: APIRequestContext, path: string, idField: string): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  let maxId = '';
  for (;;) {
    const page = await discoveryGet<T[]>(request, `${path}${sep}count=100${maxId ? `&max_id=${maxId}` : ''}`);
    out.push(...page);
    if (page.length < 100) return out;
    maxId = String(page[page.length - 1]![`${idField}_str`]);
  }
}

/**
 * Pages below the navbar areas, one of each kind, with ids read from the platform: the detail pages
 * (asset, collection, copy, whitelist, Search lookup) and the sub-pages (upload, copy statuses).
 * The copy, the whitelist and the lookup are the seeded ones that carry a `javascript:` URL.
 */
export async function pagesBelowTheNavbar(request: APIRequestContext): Promise<{ name: string; path: string }[]> {
  const first = async (path: string, field: string) => String((await discoveryGet<Record<string, unknown>[]>(request, path))[0]?.[`${field}_str`] ?? '');
  const copies = await discoveryList<{ match_id_str: string; copy_media_url: string }>(request, '/v3/drm/copies?platform=youtube', 'match_id');
  const unsafeCopy = copies.find((copy) => copy.copy_media_url.startsWith('javascript:'));
  const whitelists = await discoveryList<{ whitelist_id_str: string; title: string }>(request, '/v3/cms/whitelists', 'whitelist_id');
  const unsafeWhitelist = whitelists.find((whitelist) => whitelist.title === 'Official channels');
  return [
    { name: 'asset', path: `/assets/${await first('/v3/cms/assets?count=1', 'asset_id')}` },
    { name: 'upload', path: '/assets/upload' },
    { name: 'collection', path: `/collections/${await first('/v3/cms/collections?count=1', 'collection_id')}` },
    { name: 'copy', path: `/copies/${unsafeCopy?.match_id_str ?? ''}` },
    { name: 'copy statuses', path: '/copies/statuses' },
    { name: 'whitelist', path: `/whitelists/${unsafeWhitelist?.whitelist_id_str ?? ''}` },
    { name: 'search lookup', path: '/search/lk_matching_02' },
  ];
}
