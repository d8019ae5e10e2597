// One list of refunds due across the summit: over-payments, money received before a cancellation
// or on a record that needs none; never a record paid in part or paid exactly.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
}));

const { RefundsDue } = await import('./RefundsDue.tsx');

const registration = (fullName: string, over: Record<string, unknown>) => ({
  fullName,
  email: 'x@example.org',
  fee: 15000,
  currency: 'KES',
  paymentCode: `NCS-${fullName.slice(0, 5).toUpperCase()}`,
  timestamp: new Date(Date.UTC(2027, 0, 1)),
  ...over,
});

beforeEach(() => {
  fake.state = createFakeState();
});

describe('refunds due', () => {
  it('lists over-payments and money on cancelled or free records, largest first, and nothing paid exactly or in part', async () => {
    fake.state.docs.set('registrations/over', registration('Overpaid Wanjiru', { status: 'confirmed', paymentStatus: 'paid', receivedMinor: 2_000_000 }));
    fake.state.docs.set('registrations/cancel', registration('Cancelled Otieno', { status: 'cancelled', paymentStatus: 'paid', receivedMinor: 1_500_000 }));
    fake.state.docs.set('registrations/exact', registration('Exact Achieng', { status: 'confirmed', paymentStatus: 'paid', receivedMinor: 1_500_000 }));
    fake.state.docs.set('registrations/part', registration('Partly Kamau', { status: 'pending', paymentStatus: 'unpaid', receivedMinor: 500_000 }));
    fake.state.docs.set('registrations/none', registration('Unpaid Njeri', { status: 'pending', paymentStatus: 'unpaid' }));
    fake.state.docs.set('partners/booth', {
      kind: 'booth',
      organisation: 'Afya Labs',
      fee: 50000,
      currency: 'KES',
      status: 'confirmed',
      paymentStatus: 'paid',
      receivedMinor: 5_000_001,
      timestamp: new Date(Date.UTC(2027, 0, 1)),
    });
    renderStaffScreen(RefundsDue);
    const table = await screen.findByRole('table', { name: 'Refunds due, largest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Cancelled Otieno.*cancelled after paying.*Ksh\s15,000.*Ksh\s15,000.*Ksh\s15,000Record refund to .*No refund to /),
      expect.stringMatching(/^Overpaid Wanjiru.*paid more than the fee.*Ksh\s15,000.*Ksh\s20,000.*Ksh\s5,000Record refund to .*No refund to /),
      expect.stringMatching(/^Afya Labs.*paid more than the fee.*Ksh\s50,000.*Ksh\s50,000\.01.*Ksh\s0\.01Record refund to .*No refund to /),
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Cancelled Otieno' })).toHaveAttribute('href', '/admin/registrations/registrations/cancel');
    expect(within(rows[2]).getByRole('link', { name: 'Afya Labs' })).toHaveAttribute('href', '/admin/registrations/partners/booth');
  });

  it('says so when none is due', async () => {
    fake.state.docs.set('registrations/exact', registration('Exact Achieng', { status: 'confirmed', paymentStatus: 'paid', receivedMinor: 1_500_000 }));
    renderStaffScreen(RefundsDue);
    expect(await screen.findByText('No refunds are due: no record holds more than it owes.')).toBeInTheDocument();
  });
});

describe('recording a refund made', () => {
  it('from the list: the amount due offered, checked, then the refund recorded with its email, and the record leaves the list', async () => {
    fake.state.docs.set('registrations/over', registration('Overpaid Wanjiru', { status: 'confirmed', paymentStatus: 'paid', receivedMinor: 2_000_000 }));
    renderStaffScreen(RefundsDue);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record refund to Overpaid Wanjiru' }));
    const form = screen.getByRole('form', { name: 'Record a refund to Overpaid Wanjiru' });
    const amount = within(form).getByLabelText('Amount refunded (KES)');
    expect(amount).toHaveValue('5000');
    // More than is due, no reference: refused beside the fields, nothing written.
    await user.clear(amount);
    await user.type(amount, '5000.01');
    await user.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await within(form).findByText(/The refund due is 5,000: refund no more\./)).toBeInTheDocument();
    expect(within(form).getByText('Enter the M-Pesa, bank or cheque reference of the refund.')).toBeInTheDocument();
    expect(fake.state.commits).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '5,000');
    await user.type(within(form).getByLabelText('Refund reference'), 'TLK4H2QX9B');
    await user.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Recorded a refund of Ksh\s5,000 to Overpaid Wanjiru: they are emailed\.$/);
    const [writes] = fake.state.commits;
    expect(writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete))).toEqual([
      expect.stringMatching(/^refunds\//),
      'registrations/over',
      'checkouts/over',
      expect.stringMatching(/^mail\//),
      expect.stringMatching(/^logs\//),
    ]);
    expect(fake.state.docs.get('registrations/over')).toMatchObject({ refundedMinor: 500_000 });
    expect(await screen.findByText('No refunds are due: no record holds more than it owes.')).toBeInTheDocument();
  });
});

describe('recording that no refund is due', () => {
  it('from the list: all of the refund due offered, a reason required on one line, then the decision recorded with its email; the record leaves the list', async () => {
    fake.state.docs.set('registrations/cancel', registration('Cancelled Otieno', { status: 'cancelled', paymentStatus: 'paid', receivedMinor: 1_500_000 }));
    renderStaffScreen(RefundsDue, { role: 'finance' });
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'No refund to Cancelled Otieno' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'No refund to Cancelled Otieno' });
    const amount = within(form).getByLabelText('Amount kept, not refunded (KES)');
    expect(amount).toHaveValue('15000');
    const reason = within(form).getByLabelText('Why no refund is due');
    expect(reason).toHaveAccessibleDescription(/the payer is emailed it/);
    // Nothing typed, more than due: refused beside the fields, nothing written.
    await user.clear(amount);
    await user.type(amount, '15000.01');
    await user.click(within(form).getByRole('button', { name: 'Record no refund' }));
    expect(await within(form).findByText(/The refund due is 15,000: keep no more\./)).toBeInTheDocument();
    expect(within(form).getByText('Say why no refund is due: the payer is emailed it.')).toBeInTheDocument();
    await user.type(reason, 'x'.repeat(301));
    await user.click(within(form).getByRole('button', { name: 'Record no refund' }));
    expect(await within(form).findByText('Keep the reason to 300 characters.')).toBeInTheDocument();
    expect(fake.state.commits).toEqual([]);
    // Part of it kept (bank charges), the rest still to refund.
    await user.clear(amount);
    await user.type(amount, '500');
    await user.clear(reason);
    await user.type(reason, '  Bank charges,   under the refund policy ');
    await user.click(within(form).getByRole('button', { name: 'Record no refund' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Recorded that Ksh\s500 paid by Cancelled Otieno is kept, not refunded: they are emailed why\.$/,
    );
    const [writes] = fake.state.commits;
    expect(writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete))).toEqual([
      expect.stringMatching(/^keptMoney\//),
      expect.stringMatching(/^mail\//),
      'registrations/cancel',
      'checkouts/cancel',
      expect.stringMatching(/^logs\//),
    ]);
    expect(writes[0]).toMatchObject({ data: { amountMinor: 50_000, reason: 'Bank charges, under the refund policy', by: 'finance@summit.test' } });
    expect(fake.state.docs.get('registrations/cancel')).toMatchObject({ keptMinor: 50_000 });
    const table = await screen.findByRole('table', { name: 'Refunds due, largest first' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Ksh\s14,500/));
  });
});
