// The abstract book's PDF in a real browser against the stack (firestore.rules and storage.rules
// enforced): the administrator regenerates it from the published abstracts; the browser loads
// pdf-lib on the click, builds the PDF, uploads it through the app's own Cloud Storage client and
// saves the record; the link then serves a PDF anyone can download, holding the abstracts with
// their authors. Regenerating again replaces the file and deletes the previous one.
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './test.ts';
import { DEMO_BUCKET, DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { deleteFile, listFiles } from '../emulator/seed/rest.ts';
import { commitDocuments, readCollection, readDocument, stack } from './records.ts';
import { signIn } from './support.ts';
import { pdfTexts } from '../src/lib/pdf-text.test-support.ts';

const admin = DEMO_STAFF.find((s) => s.role === 'admin')!;
const IDS = ['e2e-book-1', 'e2e-book-2'];
const TITLES = ['Community outreach doubles cervical screening in Kisumu', 'Survival after breast cancer surgery in Eldoret'];

async function publish() {
  await commitDocuments(
    IDS.flatMap((id, i) => [
      {
        path: `publishedAbstracts/${id}`,
        data: {
          id,
          title: TITLES[i],
          authors: ['Nyambura Wanjirũ', 'Brian Kiprono'],
          affiliations: ['Kenyatta National Hospital, Nairobi', 'Moi University, Eldoret'],
          presenting: 0,
          track: i === 0 ? 'prevention' : 'treatment',
          presentation: i === 0 ? 'oral' : 'poster',
          keywords: 'screening, outreach',
          sessionId: '',
          sessionOrder: 0,
          publishedAt: new Date(),
        },
      },
      {
        path: `publishedAbstractTexts/${id}`,
        data: { id, background: 'Background words.', methods: 'Methods words.', results: 'Results words.', conclusions: 'Conclusions words.' },
      },
    ]),
  );
}

test('the administrator regenerates the abstract book; its link serves the PDF, and the previous file goes', async ({ page }) => {
  const before = await readDocument('settings/abstractBook');
  await publish();
  const made: string[] = [];
  try {
    await signIn(page, admin);
    await page.goto('/admin/abstracts/book');
    await expect(page.getByRole('heading', { name: 'Abstract book' })).toBeVisible();
    await page.getByRole('button', { name: 'Regenerate the PDF' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^The abstract book now holds \d+ abstracts? on \d+ pages?/ })).toBeVisible({ timeout: 30_000 });

    const first = (await readDocument('settings/abstractBook'))!;
    made.push(first.file as string);
    expect(first.file).toMatch(/^settings\/abstract-book\/[a-z0-9]{20}\.pdf$/);
    const link = page.getByRole('link', { name: /Open the current PDF/ });
    await expect(link).toHaveAttribute('href', new RegExp(`${encodeURIComponent(first.file as string)}\\?alt=media$`));

    // Anyone downloads it (no token): a PDF of the size the record states, with our abstracts in it.
    const response = await fetch((await link.getAttribute('href'))!);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(first.bytes);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
    const texts = pdfTexts(bytes).join(' ');
    for (const title of TITLES) expect(texts).toContain(title);
    expect(texts).toContain('Nyambura Wanjiru');

    // Again: a new file, and the first one deleted.
    await page.getByRole('button', { name: 'Regenerate the PDF' }).click();
    await expect.poll(async () => (await readDocument('settings/abstractBook'))?.file, { timeout: 30_000 }).not.toBe(first.file);
    const second = (await readDocument('settings/abstractBook'))!;
    made.push(second.file as string);
    await expect.poll(() => listFiles(stack, DEMO_BUCKET, 'settings/abstract-book/')).not.toContain(first.file);
    expect(await listFiles(stack, DEMO_BUCKET, 'settings/abstract-book/')).toContain(second.file);
  } finally {
    const logs = (await readCollection('logs'))
      .filter(([, d]) => String(d.message).startsWith('Regenerated the abstract book'))
      .map(([id]) => ({ delete: `logs/${id}` }));
    await commitDocuments([
      ...IDS.flatMap((id) => [{ delete: `publishedAbstracts/${id}` }, { delete: `publishedAbstractTexts/${id}` }]),
      ...logs,
      before ? { path: 'settings/abstractBook', data: before } : { delete: 'settings/abstractBook' },
    ]);
    for (const name of made) await deleteFile(stack, DEMO_BUCKET, name);
  }
});
