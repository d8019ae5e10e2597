import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../../tests/render-staff.tsx';
import { MPESA_HEADER, codeFor, csvBytes, mpesaCsv, type MpesaRow } from './statement.test-support.ts';
import { confirmDialog, docsIn, importStatement, seedSummit } from './statement-screens.test-support.ts';
import { LONG } from '../../../../../tests/lazy-wait.ts';

// Only the database is faked: the real parser, matcher and import decide and write into it.
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  // The public reads (over REST in the app) read the same documents.
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: StatementsPage } = await import('./StatementsPage.tsx');

const FINANCE = 'finance@summit.test';

/** A matched line (reg-1 in full), a partial one (reg-2), the first receipt again, and a code nobody has. */
const ROWS: MpesaRow[] = [
  { receipt: 'RKA1000001', paidIn: '15,000.00', account: codeFor(1) },
  { receipt: 'RKA1000002', paidIn: '5,000.00', account: codeFor(2) },
  { receipt: 'RKA1000001', paidIn: '15,000.00', account: codeFor(1) },
  { receipt: 'RKA1000004', paidIn: '2,000.00', account: 'ABC' },
];

const csvFile = (bytes: Uint8Array, name = 'mpesa-november.csv') => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'text/csv' });

/** A bank's layout as finance saves it in Settings (statementFormats/{id}). */
function saveKcbLayout() {
  fake.state.docs.set('statementFormats/kcb-current-account', {
    id: 'kcb-current-account',
    name: 'KCB current account',
    receiptColumn: 'Transaction Reference',
    dateColumn: 'Value Date',
    amountColumn: 'Credit',
    detailsColumns: ['Narrative'],
    payerColumn: '',
    currency: 'KES',
  });
}

beforeEach(() => {
  fake.state = createFakeState();
  seedSummit(fake.state);
});

async function openPage() {
  renderStaffScreen(StatementsPage, { role: 'finance', path: '/admin/statements' });
  return screen.findByLabelText('Statement file', {}, LONG);
}

async function previewFile(file: File | null) {
  const user = userEvent.setup();
  const input = await openPage();
  if (file) await user.upload(input, file);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  return user;
}

/** The preview table's Result cell of each line, in file order. */
async function previewResults() {
  const table = await screen.findByRole('table', { name: 'Every line, in file order' }, LONG);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
}

/** The preview's counts: "badge count" → what applying does, for each class present. */
function previewCounts() {
  const preview = screen.getByRole('region', { name: 'Preview' });
  return Object.fromEntries(
    [...preview.querySelectorAll('dl > div')].map((pair) => [pair.querySelector('dt')!.textContent!.trim(), pair.querySelector('dd')!.textContent]),
  );
}

describe('importing a statement: preview, then apply', () => {
  it('previews each line’s class and the counts without writing, then applies on confirmation', async () => {
    const user = await previewFile(csvFile(mpesaCsv(ROWS)));
    const results = await previewResults();
    expect(results).toHaveLength(4);
    expect(results[0]).toBe('matchedPays the KES 15,000.00 due on Delegate 1 (' + codeFor(1) + ').');
    expect(results[1]).toMatch(/^partialPays KES 5,000\.00 of the KES 15,000\.00 due on Delegate 2/);
    expect(results[2]).toBe('duplicateReceipt RKA1000001 appears earlier in this file.');
    expect(results[3]).toMatch(/^unknown codeThe line quotes "ABC", not a payment code anyone was given/);
    expect(previewCounts()).toEqual({
      'matched 1': 'verified: the record becomes paid',
      'partial 1': 'counted: the record keeps the rest due',
      'duplicate 1': 'skipped: already imported',
      'unknown code 1': 'queued: no record found',
    });
    expect(screen.queryByText(/This very file was imported/)).not.toBeInTheDocument();
    // Previewing reads only.
    expect(fake.state.commits).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Apply statement' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Apply mpesa-november.csv? 2 payments are verified or counted');
    // Cancelling the question commits nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.state.commits).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Apply statement' }));
    await confirmDialog(user, 'Apply statement');

    const done = await screen.findByText(/^Imported:/, {}, LONG);
    expect(done).toHaveTextContent('Imported: 2 applied, 1 queued for a decision, 1 already imported.');
    expect(done).toHaveAttribute('role', 'status');
    expect(done.closest('[aria-live="polite"]')).not.toBeNull();
    const [importRecord] = docsIn(fake.state, 'statementImports');
    expect(within(done).getByRole('link', { name: 'See this import' })).toHaveAttribute('href', `/admin/statements/${importRecord.id}`);
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();

    expect(importRecord).toMatchObject({
      fileName: 'mpesa-november.csv',
      format: 'mpesa',
      by: FINANCE,
      lineCount: 4,
      errorCount: 0,
      counts: expect.objectContaining({ matched: 1, partial: 1, duplicate: 1, unknown: 1 }),
      status: 'done',
      results: { applied: 2, queued: 1, skipped: 1 },
    });
    expect(importRecord.checksum).toMatch(/^[0-9a-f]{64}$/);

    // The matched registration is paid and confirmed, its checkout in step and its seat taken.
    expect(fake.state.docs.get('registrations/reg-1')).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', receivedMinor: 1_500_000 });
    expect(fake.state.docs.get('checkouts/reg-1')).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    expect(fake.state.docs.get('seats/1')).toMatchObject({ state: 'taken' });
    // The partial one has its money counted and the rest still due.
    expect(fake.state.docs.get('registrations/reg-2')).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', receivedMinor: 500_000 });
    const payments = docsIn(fake.state, 'payments');
    expect(payments.map((p) => [p.reference, p.status, p.amountMinor, p.targetId]).sort()).toEqual([
      ['RKA1000001', 'verified', 1_500_000, 'reg-1'],
      ['RKA1000002', 'verified', 500_000, 'reg-2'],
    ]);
    // The paid one hears it is verified; the part-paid one what came in and what is still due.
    const mail = docsIn(fake.state, 'mail').map((m) => m.template as { name: string; data: Record<string, unknown> });
    expect(mail.map((m) => m.name).sort()).toEqual(['payment-partial', 'payment-verified']);
    expect(mail.find((m) => m.name === 'payment-partial')!.data).toMatchObject({ amount: 'KES 5,000', due: 'KES 10,000' });
    // Each line once, by receipt: two applied, the unknown queued with its reason; the duplicate stores nothing.
    const lines = Object.fromEntries(docsIn(fake.state, 'statementLines').map((l) => [l.receipt, l]));
    expect(Object.keys(lines).sort()).toEqual(['RKA1000001', 'RKA1000002', 'RKA1000004']);
    expect(lines.RKA1000001).toMatchObject({ state: 'applied', class: 'matched', targetId: 'reg-1', importId: importRecord.id });
    expect(lines.RKA1000002).toMatchObject({ state: 'applied', class: 'partial', targetId: 'reg-2' });
    expect(lines.RKA1000004).toMatchObject({
      state: 'queued',
      class: 'unknown',
      reason: 'The line quotes "ABC", not a payment code anyone was given, and no visitor submitted its receipt.',
      amountMinor: 200_000,
    });
    expect(docsIn(fake.state, 'logs').map((l) => l.message)).toContain('Imported statement mpesa-november.csv (4 lines)');

    // The queue and the imports list are read again: the unknown line waits, the import is listed.
    const queue = await screen.findByRole('table', { name: /Lines waiting for a decision/ }, LONG);
    expect(await within(queue).findByText('RKA1000004', {}, LONG)).toBeInTheDocument();
    const imports = await screen.findByRole('table', { name: /Statement imports/ }, LONG);
    expect(await within(imports).findByRole('link', { name: 'mpesa-november.csv' }, LONG)).toHaveAttribute('href', `/admin/statements/${importRecord.id}`);
    expect(within(imports).getByText('2 applied, 1 queued, 1 already imported')).toBeInTheDocument();
  });

  it('recognises the very same file imported again, and every line as a duplicate', async () => {
    const bytes = mpesaCsv(ROWS);
    const user = await previewFile(csvFile(bytes));
    await previewResults();
    await user.click(screen.getByRole('button', { name: 'Apply statement' }));
    await confirmDialog(user, 'Apply statement');
    await screen.findByText(/^Imported:/, {}, LONG);
    const commits = fake.state.commits.length;

    await user.upload(screen.getByLabelText('Statement file'), csvFile(bytes, 'same-again.csv'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const results = await previewResults();
    expect(results.every((r) => r!.startsWith('duplicate'))).toBe(true);
    expect(results[0]).toBe('duplicateReceipt RKA1000001 was imported before.');
    expect(previewCounts()).toEqual({ 'duplicate 4': 'skipped: already imported' });
    const earlier = screen.getByText(/This very file was imported on/);
    expect(earlier).toHaveTextContent(`by ${FINANCE}. Its lines already imported are skipped`);
    expect(earlier).toHaveAttribute('role', 'status');
    expect(earlier.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Apply statement' })).toBeEnabled();
    expect(fake.state.commits).toHaveLength(commits);
  });

  it('says applying stopped part-way when a commit fails, keeping the preview to try again', async () => {
    const user = await previewFile(csvFile(mpesaCsv(ROWS)));
    await previewResults();
    fake.state.failCommits = new Error('The connection dropped.');
    await user.click(screen.getByRole('button', { name: 'Apply statement' }));
    await confirmDialog(user, 'Apply statement');
    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent(
      'Applying stopped part-way: The connection dropped. What was applied stays applied; preview the file again to apply the rest.',
    );
    expect(screen.queryByText(/^Imported:/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preview' })).toBeInTheDocument();
    expect(fake.state.docs.get('registrations/reg-1')).toMatchObject({ paymentStatus: 'unpaid' });
  });

  it('shows why a file cannot be a statement in an alert, with no preview', async () => {
    const header = MPESA_HEADER.filter((h) => h !== 'Receipt No.');
    await previewFile(csvFile(csvBytes([header, ['x']]), 'wrong.csv'));
    const alert = await screen.findByRole('alert', {}, LONG);
    expect(alert).toHaveTextContent('The file has no column "Receipt No." (the layout needs "Receipt No.", "Completion Time"');
    expect(alert.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(fake.state.commits).toHaveLength(0);
  });

  it('refuses an empty file in words, with no preview', async () => {
    await previewFile(csvFile(new Uint8Array(), 'empty.csv'));
    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent(/^The file is empty\.$/);
    expect(fake.state.commits).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('asks for the file before previewing', async () => {
    await previewFile(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the statement file first.');
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('offers each bank layout finance saved, besides M-Pesa', async () => {
    saveKcbLayout();
    await openPage();
    const layout = screen.getByLabelText('Layout');
    expect(await within(layout).findByRole('option', { name: 'KCB current account (bank CSV)' }, LONG)).toHaveValue('kcb-current-account');
    expect(within(layout).getByRole('option', { name: 'M-Pesa Paybill statement' })).toBeInTheDocument();
  });

  it('imports a bank statement in the layout chosen, as bank transfers', async () => {
    saveKcbLayout();
    const user = userEvent.setup();
    const input = await openPage();
    await within(screen.getByLabelText('Layout')).findByRole('option', { name: 'KCB current account (bank CSV)' }, LONG);
    await user.selectOptions(screen.getByLabelText('Layout'), 'KCB current account (bank CSV)');
    const rows = [
      ['Value Date', 'Transaction Reference', 'Narrative', 'Credit'],
      ['20/11/2026', 'FT2632400001', `EFT from Aga Khan Hospital ${codeFor(3)}`, '15,000.00'],
    ];
    await user.upload(input, csvFile(csvBytes(rows), 'kcb-november.csv'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await previewResults()).toEqual([`matchedPays the KES 15,000.00 due on Delegate 3 (${codeFor(3)}).`]);
    await user.click(screen.getByRole('button', { name: 'Apply statement' }));
    await confirmDialog(user, 'Apply statement');
    expect(await screen.findByText(/^Imported:/, {}, LONG)).toHaveTextContent('Imported: 1 applied, 0 queued for a decision, 0 already imported.');
    expect(docsIn(fake.state, 'statementImports')[0]).toMatchObject({ fileName: 'kcb-november.csv', format: 'kcb-current-account' });
    expect(docsIn(fake.state, 'payments')[0]).toMatchObject({ method: 'bank-transfer', reference: 'FT2632400001', status: 'verified', targetId: 'reg-3' });
    expect(fake.state.docs.get('registrations/reg-3')).toMatchObject({ paymentStatus: 'paid', receivedMinor: 1_500_000 });
  });

  it('labels the file input and describes it by its hint', async () => {
    const input = await openPage();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('CSV or Excel (.xlsx), as exported from the M-Pesa organisation portal or the bank.');
    expect(screen.getByRole('heading', { name: 'Import a statement' })).toBeInTheDocument();
  });
});

describe('the queue of lines waiting for a decision', () => {
  it('lists the queued lines and, once one is put aside, drops it and says so', async () => {
    await importStatement(ROWS, FINANCE);
    await openPage();
    const queue = await screen.findByRole('table', { name: /Lines waiting for a decision/ }, LONG);
    const row = (await within(queue).findByText('RKA1000004', {}, LONG)).closest('tr')!;
    expect(within(queue).queryByText('RKA1000001')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /^Put aside\s*receipt RKA1000004$/ }));
    await confirmDialog(user, 'Put aside', { label: 'Reason', text: 'A test payment' });
    expect(await screen.findByText('No line is waiting for a decision.', {}, LONG)).toBeInTheDocument();
    const done = await screen.findByText('Put aside receipt RKA1000004.', {}, LONG);
    expect(done).toHaveAttribute('role', 'status');
    expect(fake.state.docs.get('statementLines/RKA1000004')).toMatchObject({ state: 'dismissed', note: 'A test payment' });
  });
});
