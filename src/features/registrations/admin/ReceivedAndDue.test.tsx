// Staff see a part payment as the payer does at checkout: what came in and what is still due, in the
// registrations list and on the record; paid, unpaid and free records read as the status says.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: RegistrationsPage } = await import('./RegistrationsPage.tsx');
const { default: RegistrationDetailPage } = await import('./RegistrationDetailPage.tsx');

// Ksh 15,000 registrations, each as a payment left it (receivedMinor: what statements brought in, in cents).
const CASES = {
  'Part Paid': { receivedMinor: 500_000, status: 'pending', paymentStatus: 'unpaid' },
  'Fully Paid': { receivedMinor: 1_500_000, status: 'confirmed', paymentStatus: 'paid' },
  'Not Yet Paid': { status: 'pending', paymentStatus: 'unpaid' },
  'Over Paid': { receivedMinor: 1_600_000, status: 'confirmed', paymentStatus: 'paid' },
  'Free Guest': { fee: 0, receivedMinor: 0, status: 'confirmed', paymentStatus: 'not-required' },
} as const;
type Case = keyof typeof CASES;

const idOf = (name: string) => name.toLowerCase().replace(' ', '-');

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/site', { capacity: 100 });
  Object.entries(CASES).forEach(([fullName, over], i) =>
    fake.state.docs.set(`registrations/${idOf(fullName)}`, {
      fullName,
      email: `${idOf(fullName)}@example.org`,
      organisation: 'Kenyatta National Hospital',
      category: 'delegate',
      fee: 15000,
      currency: 'KES',
      timestamp: new Date(Date.UTC(2027, 0, 1 + i)),
      ...over,
    }),
  );
  fake.state.docs.set('partners/alliance', {
    kind: 'partner',
    organisation: 'Oncology Alliance',
    contactName: 'Amina Otieno',
    email: 'amina@alliance.example',
    tier: 'gold',
    fee: 100000,
    currency: 'KES',
    status: 'confirmed',
    paymentStatus: 'unpaid',
    receivedMinor: 4_000_050,
    timestamp: new Date(Date.UTC(2027, 0, 1)),
  });
});

describe('the registrations list', () => {
  const paymentCell = async (name: string) => {
    const row = (await screen.findByRole('link', { name })).closest('tr')!;
    const column = within(row.closest('table')!)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Payment');
    return within(row).getAllByRole('cell')[column];
  };

  it('shows a part-paid registration’s received and due amounts under its payment status', async () => {
    renderStaffScreen(RegistrationsPage, { path: '/admin/registrations' });
    expect(await paymentCell('Part Paid')).toHaveTextContent(/^awaiting payment\s*Received Ksh 5,000 · Due Ksh 10,000$/);
  });

  it('shows only what came in when more came in than the fee: no negative due', async () => {
    renderStaffScreen(RegistrationsPage, { path: '/admin/registrations' });
    expect(await paymentCell('Over Paid')).toHaveTextContent(/^paid\s*Received Ksh 16,000 · Refund due Ksh 1,000$/);
  });

  it.each<[Case, string]>([
    ['Fully Paid', 'paid'],
    ['Not Yet Paid', 'awaiting payment'],
    ['Free Guest', 'no payment needed'],
  ])('shows %s as its payment status alone', async (name, status) => {
    renderStaffScreen(RegistrationsPage, { path: '/admin/registrations' });
    expect(await paymentCell(name)).toHaveTextContent(new RegExp(`^${status}$`));
  });

  it('shows a part-paid partner application’s amounts on the Partners tab', async () => {
    renderStaffScreen(RegistrationsPage, { path: '/admin/registrations?tab=partners' });
    expect(await paymentCell('Oncology Alliance')).toHaveTextContent('Received Ksh 40,000.50 · Due Ksh 59,999.50');
  });
});

describe('the record page', () => {
  /** The line under the record's name: its statuses, its fee, and what came in. */
  async function openRecord(collection: 'registrations' | 'partners', id: string) {
    renderStaffScreen(RegistrationDetailPage, { path: `/admin/registrations/${collection}/${id}`, route: '/admin/registrations/:collection/:id' });
    await screen.findByRole('heading', { level: 1 });
    return screen.getByRole('link', { name: 'Checkout page and ticket' }).parentElement!;
  }

  it('shows a part-paid registration’s received and due amounts after its fee', async () => {
    expect(await openRecord('registrations', 'part-paid')).toHaveTextContent('Ksh 15,000· Received Ksh 5,000 · Due Ksh 10,000');
  });

  it('shows what came in and the refund due for an over-paid registration, never a negative due', async () => {
    const line = await openRecord('registrations', 'over-paid');
    expect(line).toHaveTextContent('Ksh 15,000· Received Ksh 16,000 · Refund due Ksh 1,000');
    expect(line).not.toHaveTextContent(/(^|· )Due/);
  });

  it.each<Case>(['Fully Paid', 'Not Yet Paid', 'Free Guest'])('shows nothing received or due for %s', async (name) => {
    const line = await openRecord('registrations', idOf(name));
    expect(line).not.toHaveTextContent('Received');
    expect(line).not.toHaveTextContent('Due');
  });

  it('shows a part-paid partner application’s amounts too', async () => {
    expect(await openRecord('partners', 'alliance')).toHaveTextContent('Ksh 100,000· Received Ksh 40,000.50 · Due Ksh 59,999.50');
  });
});

describe('cancelling a record that holds money', () => {
  /** The cancel dialog of a record: its question and what it says of the money (its description). */
  async function cancelDialog(id: string, role: 'admin' | 'finance' = 'admin', collection: 'registrations' | 'partners' = 'registrations') {
    renderStaffScreen(RegistrationDetailPage, { role, path: `/admin/registrations/${collection}/${id}`, route: '/admin/registrations/:collection/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    return screen.getByRole('alertdialog', { name: /^Cancel the (registration|application) of / });
  }
  const paths = () => fake.state.commits.flat().map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete));
  const stored = (prefix: string) => [...fake.state.docs.entries()].filter(([path]) => path.startsWith(prefix)).map(([, data]) => data);

  it('asks finance whether a refund is due: yes by default, which cancels and lists it under Refunds due', async () => {
    const dialog = await cancelDialog('part-paid', 'finance');
    expect(dialog).toHaveAccessibleDescription(/^Ksh\s5,000 was received for it\.$/);
    const question = within(dialog).getByRole('group', { name: 'Is a refund due?' });
    expect(within(question).getByRole('radio', { name: /^Yes: Ksh\s5,000 goes under Refunds due/ })).toBeChecked();
    expect(within(question).getByRole('radio', { name: /^No: Ksh\s5,000 is kept, not refunded/ })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
    expect(await screen.findByText(/^Saved: now/)).toBeInTheDocument();
    expect(fake.state.docs.get('registrations/part-paid')).toMatchObject({ status: 'cancelled' });
    expect(fake.state.docs.get('registrations/part-paid')).not.toHaveProperty('keptMinor');
    expect(paths().filter((p) => p.startsWith('keptMoney/'))).toEqual([]);
    expect(stored('mail/').map((m) => (m as { template: { name: string } }).template.name)).toEqual(['registration-cancelled']);
  });

  it('“No”: asks why, on one line, before anything is written, then keeps all of it in the cancelling commit and tells the attendee why', async () => {
    const dialog = await cancelDialog('part-paid', 'finance');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^No:/ }));
    const reason = within(dialog).getByRole('textbox', { name: 'Why no refund is due' });
    expect(reason).toHaveAccessibleDescription(/the attendee is emailed it\.$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why no refund is due: the attendee is emailed it.');
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'x'.repeat(301));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Keep the reason to 300 characters.');
    expect(fake.state.commits).toEqual([]);
    await userEvent.clear(reason);
    await userEvent.type(reason, '  Cancelled   10 days before the summit: see the refund policy.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
    expect(await screen.findByText(/^Saved: now/)).toBeInTheDocument();
    const [kept] = stored('keptMoney/');
    expect(kept).toMatchObject({
      targetCollection: 'registrations',
      targetId: 'part-paid',
      amountMinor: 500_000,
      currency: 'KES',
      reason: 'Cancelled 10 days before the summit: see the refund policy.',
      by: 'finance@summit.test',
    });
    expect(fake.state.docs.get('registrations/part-paid')).toMatchObject({ status: 'cancelled', keptMinor: 500_000, keptVia: (kept as { id: string }).id });
    expect(stored('mail/').map((m) => (m as { template: { name: string } }).template)).toEqual([
      expect.objectContaining({ name: 'registration-cancelled' }),
      {
        name: 'money-kept',
        data: expect.objectContaining({ amount: 'KES 5,000', reason: 'Cancelled 10 days before the summit: see the refund policy.' }),
      },
    ]);
    expect(stored('logs/')).toEqual([
      expect.objectContaining({
        message:
          'Set registration part-paid (Part Paid) to cancelled; kept KES 5,000, not refunded: Cancelled 10 days before the summit: see the refund policy.',
      }),
    ]);
    // Nothing is due any more: the record says what was kept.
    expect(await screen.findByText('Kept, not refunded Ksh 5,000')).toBeInTheDocument();
    expect(screen.queryByText(/Refund due/)).not.toBeInTheDocument();
  });

  it('“Keep the registration” writes nothing and forgets the answer', async () => {
    let dialog = await cancelDialog('part-paid', 'finance');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^No:/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Why no refund is due' }), 'Late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the registration' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('radio', { name: /^Yes:/ })).toBeChecked();
    expect(fake.state.commits).toEqual([]);
  });

  it('an application declined is not asked: it is listed where finance decides', async () => {
    const dialog = await cancelDialog('alliance', 'finance', 'partners');
    expect(dialog).toHaveAccessibleDescription(
      /^Ksh\s40,000\.50 was received for it: cancelled, it is listed under Refunds due on the Payments screen, where finance records the refund or that none is due\.$/,
    );
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('money refunded or kept already is not asked about again', async () => {
    fake.state.docs.set('registrations/part-paid', { ...fake.state.docs.get('registrations/part-paid'), refundedMinor: 200_000, keptMinor: 300_000 });
    const dialog = await cancelDialog('part-paid', 'finance');
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says a record marked paid without money counted is finance’s to refund by hand', async () => {
    fake.state.docs.set('registrations/fully-paid', { ...fake.state.docs.get('registrations/fully-paid'), receivedMinor: 0 });
    expect(await cancelDialog('fully-paid')).toHaveAccessibleDescription(/^It is marked paid, with no money counted against it/);
  });

  it('nothing about money for one that received none', async () => {
    expect(await cancelDialog(idOf('Not Yet Paid'))).not.toHaveAttribute('aria-describedby');
  });
});
