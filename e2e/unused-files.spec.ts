// Unused files in a real browser against the stack's Storage emulator (storage.rules enforced): a
// file a closed tab left in a speaker's folder, named by no record, is listed for the administrator,
// who deletes it with its button (the owner's listing shows it gone); the speaker's own photo stays.
import sharp from 'sharp';
import { expect, test } from './test.ts';
import { DEMO_BUCKET, DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { deleteFile, listFiles, uploadFile } from '../emulator/seed/rest.ts';
import { stack } from './records.ts';
import { signIn } from './support.ts';

const admin = DEMO_STAFF.find((s) => s.role === 'admin')!;

/** The names under a folder of the bucket, as the owner lists them. */
const objectsUnder = (folder: string) => listFiles(stack, DEMO_BUCKET, folder);

test('a file no record names is listed for the administrator and deleted by its button', async ({ page }) => {
  const folder = 'content/speakers/amina-otieno/';
  const before = await objectsUnder(folder);
  const id = Array.from({ length: 20 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
  const file = `${id}-960.webp`;
  const bytes = await sharp({ create: { width: 96, height: 72, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
  await uploadFile(stack, DEMO_BUCKET, { name: `${folder}${file}`, contentType: 'image/webp', bytes });
  try {
    await signIn(page, admin);
    await page.goto('/admin/files');
    const table = page.getByRole('table', { name: 'Files no record names' });
    const row = table.getByRole('row').filter({ hasText: file });
    await expect(row).toContainText('speakers / amina-otieno');
    // Just uploaded: it may be in an editor not saved yet, so it is marked and left out of "Delete all".
    await expect(row).toContainText('In the last day: may be in an editor not saved yet.');
    await expect(row.getByRole('link', { name: `Open ${file}` })).toHaveAttribute('href', new RegExp(`${encodeURIComponent(`${folder}${file}`)}\\?alt=media$`));
    // The speaker's own photo is named by its record: not listed.
    for (const name of before) await expect(table.getByText(name.slice(folder.length), { exact: true })).toHaveCount(0);

    await row.getByRole('button', { name: `Delete ${file} (speakers / amina-otieno)` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete file' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Deleted ${folder}${file}.` })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: file })).toHaveCount(0);
    expect(await objectsUnder(folder)).toEqual(before);
  } finally {
    await deleteFile(stack, DEMO_BUCKET, `${folder}${file}`);
  }
});
