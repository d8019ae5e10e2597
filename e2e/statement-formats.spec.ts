// Finance keeps the banks' statement layouts in a real browser against the real stack (rules,
// transactions, the activity log): the demo's layout is listed, one is added, edited and deleted,
// each with its log line; an editor neither sees nor opens the screen.
import { expect, test } from './test.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { signIn } from './support.ts';

const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;
const editor = DEMO_STAFF.find((s) => s.role === 'editor')!;

test('finance adds, edits and deletes a bank’s statement format', async ({ page }) => {
  await signIn(page, finance);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Statement formats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statement formats' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bank statement formats by name' });
  await expect(table.getByRole('row', { name: /KCB current account/ })).toBeVisible();

  const name = `Equity USD ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add a bank format' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Receipt column').fill('Bank Reference');
  await page.getByLabel('Date column').fill('Transaction Date');
  await page.getByLabel('Amount column').fill('Money In');
  await page.getByLabel('Details columns').fill('Description, Remarks');
  await page.getByLabel('Currency').fill('usd');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved “${name}”.`);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Description, Remarks');
  await expect(row).toContainText('USD');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel('Payer column (optional)').fill('Sender Name');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(row).toContainText('Sender Name');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete format' }).click();
  await expect(page.getByRole('status')).toHaveText(`Deleted “${name}”.`);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'View Logs' }).click();
  for (const done of ['Added', 'Updated', 'Deleted']) await expect(page.getByText(`${done} the statement format “${name}”`)).toBeVisible();
});

test('an editor has no Statement formats in the menu and is refused at its address', async ({ page }) => {
  await signIn(page, editor);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Statement formats' })).toHaveCount(0);
  await page.goto('/admin/settings/statement-formats');
  await expect(page.getByText('Your role (editor) does not give access to this screen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a bank format' })).toHaveCount(0);
});
