import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../../tests/render-staff.tsx';
import { codeFor, type MpesaRow } from './statement.test-support.ts';
import { confirmDialog, docsIn, importStatement, seedSummit } from './statement-screens.test-support.ts';
import { LONG } from '../../../../../tests/lazy-wait.ts';

// Only the database is faked: the import and finance's decisions on its lines are the real ones.
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
}));

const { default: ImportPage } = await import('./ImportPage.tsx');

const FINANCE = 'finance@summit.test';

/** reg-1 paid in full by its code, reg-2 over-paid; a payment quoting no code, queued. */
const ROWS: MpesaRow[] = [
  { receipt: 'RKA1000001', paidIn: '15,000.00', account: codeFor(1) },
  { receipt: 'RKA1000002', paidIn: '16,000.00', account: codeFor(2) },
  { receipt: 'RKA1000004', paidIn: '15,000.00', account: 'ABC' },
];

let importId = '';

beforeEach(async () => {
  fake.state = createFakeState();
  seedSummit(fake.state);
  importId = await importStatement(ROWS, FINANCE);
  fake.state.commits.length = 0;
});

const line = (receipt: string) => fake.state.docs.get(`statementLines/${receipt}`)!;
const logs = () => docsIn(fake.state, 'logs').map((l) => l.message);

/** The import's page, and the table row of one receipt's line once it is read. */
async function openImport() {
  renderStaffScreen(ImportPage, { role: 'finance', path: `/admin/statements/${importId}`, route: '/admin/statements/:id' });
  await screen.findByRole('table', { name: 'Lines stored by this import, in file order' }, LONG);
}
/**
 * A line's action button, named with its receipt for screen readers (the receipt is visually
 * hidden; jsdom's name computation drops the space before it, which browsers keep).
 */
const action = (verb: string, receipt: string) => new RegExp(`^${verb}\\s*receipt ${receipt}$`);
const rowOf = (receipt: string) => screen.getByText(receipt).closest('tr')!;

/** The status line a decision leaves, read in a polite live region. */
async function statusSays(text: string) {
  const status = await screen.findByText(text, {}, LONG);
  expect(status).toHaveAttribute('role', 'status');
  expect(status.closest('[aria-live="polite"]')).not.toBeNull();
}

describe('an import’s page', () => {
  it('shows the file, its checksum, who imported it and each line with what became of it', async () => {
    await openImport();
    expect(screen.getByText('mpesa-november.csv')).toBeInTheDocument();
    expect(screen.getByText(/^[0-9a-f]{64}$/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`by ${FINANCE}$`))).toBeInTheDocument();
    expect(screen.getByText('3 read, 0 unreadable')).toBeInTheDocument();
    expect(within(rowOf('RKA1000001')).getByRole('link', { name: 'reg-1' })).toHaveAttribute('href', '/admin/registrations/registrations/reg-1');
    expect(rowOf('RKA1000001')).toHaveTextContent('applied matched');
    expect(rowOf('RKA1000002')).toHaveTextContent('applied over-paid');
    expect(rowOf('RKA1000002')).toHaveTextContent('Refund due: KES 1,000.00');
    expect(rowOf('RKA1000001')).not.toHaveTextContent('Refund due');
    expect(rowOf('RKA1000004')).toHaveTextContent('queued unknown code');
    expect(rowOf('RKA1000004')).toHaveTextContent('The line quotes "ABC", not a payment code anyone was given, and no visitor submitted its receipt.');
  });

  it('says so for an id no import has', async () => {
    renderStaffScreen(ImportPage, { role: 'finance', path: '/admin/statements/nope', route: '/admin/statements/:id' });
    expect(await screen.findByText('No import has this id.', {}, LONG)).toBeInTheDocument();
  });
});

describe('matching a queued line by hand', () => {
  /** The queued line's match form, and filling it in (an empty field left empty) and submitting it. */
  async function matchForm() {
    await openImport();
    const user = userEvent.setup();
    await user.click(within(rowOf('RKA1000004')).getByText('Match by hand'));
    const form = screen.getByRole('form', { name: 'Match receipt RKA1000004' });
    const match = async (typed: string, note: string) => {
      if (typed) await user.type(within(form).getByLabelText('Payment code or reference'), typed);
      if (note) await user.type(within(form).getByLabelText('Note'), note);
      await user.click(within(form).getByRole('button', { name: 'Match' }));
    };
    return { form, match };
  }

  it('asks for the record and a note before matching', async () => {
    const { form, match } = await matchForm();
    await match('', '');
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the payment code or reference of the record it pays for.');
    await match('reg-3', '');
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a note: why this line belongs to it.');
    expect(within(form).getByRole('alert').closest('[aria-live="polite"]')).not.toBeNull();
    expect(fake.state.commits).toHaveLength(0);
  });

  it('pays the record it names, with the note kept on the line and in the log', async () => {
    const { match } = await matchForm();
    await match(` ${codeFor(3)} `, 'Payer phoned: paid for Delegate 3');
    await statusSays(`Matched receipt RKA1000004 to ${codeFor(3)}.`);
    expect(line('RKA1000004')).toMatchObject({
      state: 'matched-manually',
      class: 'matched',
      targetId: 'reg-3',
      note: 'Payer phoned: paid for Delegate 3',
      by: FINANCE,
    });
    expect(fake.state.docs.get('registrations/reg-3')).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', receivedMinor: 1_500_000 });
    expect(fake.state.docs.get('checkouts/reg-3')).toMatchObject({ paymentStatus: 'paid' });
    const payment = fake.state.docs.get(`payments/${String(line('RKA1000004').paymentId)}`);
    expect(payment).toMatchObject({ status: 'verified', reference: 'RKA1000004', targetId: 'reg-3', note: 'Payer phoned: paid for Delegate 3' });
    expect(logs()).toContain(
      'Matched by hand statement receipt RKA1000004 (KES 15,000) to registration reg-3: paid in full — Payer phoned: paid for Delegate 3',
    );
    // Read again, the line is matched and offers reversing instead.
    expect(await within(rowOf('RKA1000004')).findByRole('button', { name: action('Reverse', 'RKA1000004') }, LONG)).toBeInTheDocument();
  });

  it('says no record has what was typed, and changes nothing', async () => {
    const { form, match } = await matchForm();
    await match('NOSUCHREF', 'Guess');
    expect(await within(form).findByRole('alert', {}, LONG)).toHaveTextContent('No registration or application has the code or reference "NOSUCHREF".');
    expect(line('RKA1000004')).toMatchObject({ state: 'queued' });
    expect(fake.state.commits).toHaveLength(0);
  });

  it('refuses a record already paid, in words', async () => {
    const { form, match } = await matchForm();
    await match('reg-1', 'Same payer');
    expect(await within(form).findByRole('alert', {}, LONG)).toHaveTextContent('The registration reg-1 is already paid: refund the payer.');
    expect(line('RKA1000004')).toMatchObject({ state: 'queued' });
  });
});

describe('putting a queued line aside', () => {
  it('asks for a reason, then marks the line put aside with it', async () => {
    await openImport();
    const user = userEvent.setup();
    await user.click(within(rowOf('RKA1000004')).getByRole('button', { name: action('Put aside', 'RKA1000004') }));
    const dialog = screen.getByRole('alertdialog', { name: /Put aside receipt RKA1000004 \(KES 15,000\.00\)\?/ });
    await confirmDialog(user, 'Put aside');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter reason.');
    expect(fake.state.commits).toHaveLength(0);

    await confirmDialog(user, 'Put aside', { label: 'Reason', text: 'Transfer between our own accounts' });
    await statusSays('Put aside receipt RKA1000004.');
    expect(line('RKA1000004')).toMatchObject({ state: 'dismissed', note: 'Transfer between our own accounts', by: FINANCE });
    expect(logs()).toContain('Put aside statement receipt RKA1000004: Transfer between our own accounts');
    expect(await within(rowOf('RKA1000004')).findByText('put aside', {}, LONG)).toBeInTheDocument();
    expect(rowOf('RKA1000004')).toHaveTextContent('Note: Transfer between our own accounts');
    expect(within(rowOf('RKA1000004')).queryByRole('button', { name: /Put aside/ })).not.toBeInTheDocument();
  });
});

describe('a decision that cannot be saved', () => {
  it('says to check the connection, and the line stays queued', async () => {
    await openImport();
    const user = userEvent.setup();
    fake.state.failCommits = Object.assign(new Error('Failed to get document because the client is offline.'), { code: 'unavailable' });
    await user.click(within(rowOf('RKA1000004')).getByRole('button', { name: action('Put aside', 'RKA1000004') }));
    await confirmDialog(user, 'Put aside', { label: 'Reason', text: 'A test payment' });
    expect(await within(rowOf('RKA1000004')).findByRole('alert', {}, LONG)).toHaveTextContent(
      'We could not save the decision. Check your connection and try again.',
    );
    expect(line('RKA1000004')).toMatchObject({ state: 'queued' });
  });
});

describe('reversing an applied line', () => {
  it('asks for a reason, reverses the payment and takes the money off the record', async () => {
    const paymentId = String(line('RKA1000001').paymentId);
    expect(fake.state.docs.get('registrations/reg-1')).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    await openImport();
    const user = userEvent.setup();
    expect(within(rowOf('RKA1000004')).queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    await user.click(within(rowOf('RKA1000001')).getByRole('button', { name: action('Reverse', 'RKA1000001') }));
    await confirmDialog(user, 'Reverse', { label: 'Reason for reversing', text: 'Safaricom reversed the transaction' });
    await statusSays('Reversed receipt RKA1000001.');

    expect(fake.state.docs.get(`payments/${paymentId}`)).toMatchObject({
      status: 'reversed',
      reversedBy: FINANCE,
      reversalNote: 'Safaricom reversed the transaction',
    });
    expect(fake.state.docs.get('registrations/reg-1')).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', receivedMinor: 0 });
    expect(fake.state.docs.get('checkouts/reg-1')).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
    expect(line('RKA1000001')).toMatchObject({ state: 'reversed', note: 'Safaricom reversed the transaction' });
    // The receipt is free again to pay for the right record.
    expect(fake.state.docs.has('paymentReferences/RKA1000001')).toBe(false);
    expect(logs()).toContain('Reversed statement receipt RKA1000001 (KES 15,000) on registration reg-1: Safaricom reversed the transaction');
    // A reversed line can be matched by hand again.
    expect(await within(rowOf('RKA1000001')).findByText('Match by hand', {}, LONG)).toBeInTheDocument();
  });
});
