// The record page of a partner application: the buyer's KRA PIN among its details, for the invoice.
import { screen } from '@testing-library/react';
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

const { default: RegistrationDetailPage } = await import('./RegistrationDetailPage.tsx');

const application = (kraPin?: string) => ({
  kind: 'booth',
  organisation: 'Pharma Access Kenya',
  contactName: 'Esther Mutua',
  email: 'esther@pharma-access.example.org',
  phone: '+254 700 000 020',
  boothType: 'standard',
  staffCount: 3,
  fee: 150000,
  currency: 'KES',
  status: 'pending',
  paymentStatus: 'unpaid',
  timestamp: new Date(Date.UTC(2027, 0, 1)),
  ...(kraPin === undefined ? {} : { kraPin }),
});

function open(id: string) {
  renderStaffScreen(RegistrationDetailPage, { path: `/admin/registrations/partners/${id}`, route: '/admin/registrations/:collection/:id' });
}

/** The details list's value under `label`, or null. */
const detail = (label: string) => screen.queryByText(label, { selector: 'dt' })?.nextElementSibling ?? null;

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/site', { capacity: 100 });
  fake.state.docs.set('partners/with-pin', application('P052987654K'));
  fake.state.docs.set('partners/no-pin', application(''));
  fake.state.docs.set('partners/older', application());
});

describe('a partner application’s KRA PIN on its record page', () => {
  it('is shown among the details when the buyer gave one', async () => {
    open('with-pin');
    await screen.findByRole('heading', { level: 1, name: 'Pharma Access Kenya' });
    expect(detail('KRA PIN')).toHaveTextContent(/^P052987654K$/);
  });

  it.each(['no-pin', 'older'])('is not listed when none was given (%s)', async (id) => {
    open(id);
    await screen.findByRole('heading', { level: 1, name: 'Pharma Access Kenya' });
    expect(detail('Phone')).toHaveTextContent('+254 700 000 020');
    expect(detail('KRA PIN')).toBeNull();
  });
});
