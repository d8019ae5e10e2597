// One list of refunds due across the summit: over-payments, money received before a cancellation
// or on a record that needs none; never a record paid in part or paid exactly.
import { screen, within } from '@testing-library/react';
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
      expect.stringMatching(/^Cancelled Otieno.*cancelled after paying.*Ksh\s15,000.*Ksh\s15,000.*Ksh\s15,000$/),
      expect.stringMatching(/^Overpaid Wanjiru.*paid more than the fee.*Ksh\s15,000.*Ksh\s20,000.*Ksh\s5,000$/),
      expect.stringMatching(/^Afya Labs.*paid more than the fee.*Ksh\s50,000.*Ksh\s50,000\.01.*Ksh\s0\.01$/),
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
