import { expect, test } from '@playwright/test';
import { DEMO_KEY, expectAccessible, mainNav, screenshotBothSchemes, signIn } from './helpers';

test('signs in with the demo key, shows the sandbox and walks every area in the navbar', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await screenshotBothSchemes(page, 'sign-in');
  await expectAccessible(page);
  await expect(page).toHaveTitle('Sign in · Rights Desk');

  // A refused key is explained next to the field, and what was typed stays.
  const keyField = page.getByLabel('Discovery API key');
  await keyField.fill('not-a-real-key');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('That key was refused by Discovery')).toBeVisible();
  await expect(keyField).toHaveValue('not-a-real-key');

  // The sandbox hint comes from the server's configuration.
  await expect(page.getByText(DEMO_KEY, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Use demo key' }).click();
  await expect(mainNav(page)).toBeVisible();

  const header = page.getByRole('banner');
  const badge = header.getByRole('button', { name: /Connection: Sandbox/ });
  await expect(badge).toBeVisible();
  await badge.click();
  const popover = page.getByRole('dialog');
  for (const name of ['Discovery', 'AI song detector', 'Search']) await expect(popover.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);

  await screenshotBothSchemes(page, 'shell');

  const links = mainNav(page).getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const link = links.nth(index);
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${(await link.innerText()).trim()} · Rights Desk`);
    await expect(page.getByText('This page could not be shown')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  }
});

test('an unknown address shows a helpful 404 inside the shell', async ({ page }) => {
  await signIn(page, '/no-such-area/42');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByText('/no-such-area/42')).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await screenshotBothSchemes(page, 'not-found');
  await expectAccessible(page);
  await expect(page).toHaveTitle('Page not found · Rights Desk');
  await page.getByRole('main').getByRole('link', { name: 'Go to the start page' }).click();
  const first = await mainNav(page).getByRole('link').first().getAttribute('href');
  await expect(page).toHaveURL((url) => url.pathname === first);
});

test('a malformed search param falls back to the default instead of breaking the page', async ({ page }) => {
  await signIn(page, '/api-keys?sort=sideways&q=%7B%22nested%22%3Atrue%7D');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Newest first' })).toBeChecked();
  await expect(page.getByLabel('Filter by name')).toHaveValue('');
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
});

test('the colour scheme choice survives a reload', async ({ page }) => {
  await signIn(page);
  const schemeOption = (name: string) => page.getByRole('banner').locator('label').filter({ hasText: name });
  await schemeOption('Dark').click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await schemeOption('Same as system').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('signing out returns to the sign-in screen and forgets the key', async ({ page }) => {
  await signIn(page, '/api-keys?sort=name');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/api-keys\?sort=name$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  const storedKeys = await page.evaluate(() => Object.keys(sessionStorage));
  expect(storedKeys.filter((name) => name.startsWith('rights-desk'))).toEqual([]);
});

test('a key revoked elsewhere asks to sign in again over the page and keeps what was typed', async ({ page, context }) => {
  // This tab signs in with a key of its own, made for the purpose.
  await signIn(page, '/api-keys');
  await page.getByLabel('New key name').fill('E2E short-lived session key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const token = (await page.getByTestId('new-key-token').textContent())?.trim() ?? '';
  expect(token).not.toBe('');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Discovery API key').fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Used by this tab')).toBeVisible();

  // Another tab revokes that key.
  const other = await context.newPage();
  await signIn(other, '/api-keys');
  await other.getByRole('button', { name: 'Revoke E2E short-lived session key' }).click();
  await other.getByRole('button', { name: 'Revoke key' }).click();
  await expect(other.getByRole('button', { name: 'Revoke E2E short-lived session key' })).toHaveCount(0);
  await other.close();

  // Back here, the next Discovery call is refused: sign-in opens over the page.
  await page.getByLabel('New key name').fill('Typed before the refusal');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Discovery API key').fill(DEMO_KEY);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('New key name')).toHaveValue('Typed before the refusal');
  await expect(page).toHaveURL(/\/api-keys$/);
});

test('on a phone-sized screen the navbar opens from the header and closes after choosing an area', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/api-keys');
  await expect(mainNav(page)).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(mainNav(page)).toBeInViewport();
  await screenshotBothSchemes(page, 'shell-mobile');
  await mainNav(page).getByRole('link', { name: 'API keys' }).click();
  await expect(mainNav(page)).not.toBeInViewport();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
});
