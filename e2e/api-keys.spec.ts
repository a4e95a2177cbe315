import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothSchemes, signIn } from './helpers';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('New key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key created' });
  await expect(dialog).toBeVisible();
  const token = (await dialog.getByTestId('new-key-token').textContent())?.trim() ?? '';
  return token;
}

test('creates a key and shows its token in full once', async ({ page }) => {
  await signIn(page, '/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await screenshotBothSchemes(page, 'api-keys');
  await expectAccessible(page);

  // An empty name is refused before anything is sent.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Give the key a name')).toBeVisible();

  const name = 'E2E reporting export';
  const token = await createKey(page, name);
  expect(token.length).toBeGreaterThan(11);
  const dialog = page.getByRole('dialog', { name: 'API key created' });
  await expect(dialog.getByRole('button', { name: `Copy token of ${name}` })).toBeVisible();
  await expect(dialog.getByText('only time Rights Desk shows it in full')).toBeVisible();
  await screenshotBothSchemes(page, 'api-keys-created');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('New key name')).toHaveValue('');

  // In the list the token is masked until revealed.
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByText(token, { exact: true })).toHaveCount(0);
  await expect(row.getByText(`${token.slice(0, 4)}••••••${token.slice(-3)}`)).toBeVisible();
  await row.getByRole('button', { name: `Show token of ${name}` }).click();
  await expect(row.getByText(token, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Hide token of ${name}` }).click();
  await expect(row.getByText(token, { exact: true })).toHaveCount(0);

  // The filter narrows the list and lives in the URL.
  await page.getByLabel('Filter by name').fill('reporting');
  await expect(page).toHaveURL(/q=reporting/);
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('revokes a key only after confirmation', async ({ page }) => {
  await signIn(page, '/api-keys');
  const name = 'E2E key to revoke';
  await createKey(page, name);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke "${name}"?` });
  await expect(confirm).toBeVisible();
  await screenshotBothSchemes(page, 'api-keys-revoke-confirm');
  await confirm.getByRole('button', { name: 'Keep key' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rowOf(page, name)).toHaveCount(1);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: `Revoke "${name}"?` }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(rowOf(page, name)).toHaveCount(0);
  await expect(page.getByText(`"${name}" no longer works.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
});

test('revoking the key this tab uses warns first, then signs out', async ({ page }) => {
  await signIn(page, '/api-keys');
  const name = 'E2E own session key';
  const token = await createKey(page, name);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Discovery API key').fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(rowOf(page, name).getByText('Used by this tab')).toBeVisible();

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke "${name}"?` });
  await expect(confirm.getByText('revoking it signs you out')).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke and sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in again' })).toHaveCount(0);
});

test('refuses to revoke the organisation\'s last key, without asking the platform', async ({ page }) => {
  await signIn(page, '/api-keys');
  await expect(page.getByText('Used by this tab')).toBeVisible();

  // Revoke every key but the one this tab uses.
  const others = page.getByRole('row').filter({ hasNot: page.getByText('Used by this tab') }).getByRole('button', { name: /^Revoke / });
  while ((await others.count()) > 0) {
    const before = await others.count();
    await others.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(others).toHaveCount(before - 1);
  }
  await expect(page.getByText('1 key', { exact: true })).toBeVisible();

  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  const last = page.getByRole('row').filter({ has: page.getByText('Used by this tab') });
  await last.getByRole('button', { name: /^Revoke / }).click();
  const refusal = page.getByRole('dialog');
  await expect(refusal).toContainText('cannot be revoked');
  await expect(refusal).toContainText('does not allow revoking the last key');
  await screenshotBothSchemes(page, 'api-keys-last-key');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(last).toHaveCount(1);
  expect(deletes).toEqual([]);
});
