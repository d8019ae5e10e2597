import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
}));

const { default: DataRequestsPage } = await import('./DataRequestsPage.tsx');

const DAY = 86_400_000;
const request = (id: string, over: Record<string, unknown>) => ({
  id,
  kind: 'erasure',
  address: 'jane@example.org',
  email: 'jane@example.org',
  channel: 'online',
  keepCertificate: false,
  status: 'received',
  days: 14,
  createdAt: new Date(Date.now() - 20 * DAY),
  enteredBy: '',
  actedBy: '',
  actedAt: null,
  reason: '',
  round: 1,
  ...over,
});

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('dataRequests/erasure-A', request('erasure-A', {}));
  fake.state.docs.set('dataRequests/acc1', request('acc1', { kind: 'access', email: 'otieno@example.org', channel: 'letter', createdAt: new Date() }));
  fake.state.docs.set('registrations/r1', { fullName: 'Jane Doe', email: 'jane@example.org', phone: '+254 700 000 001', fee: 100, paymentStatus: 'paid' });
  fake.state.docs.set('mail/r1', { to: 'jane@example.org', template: { name: 'registration-pending', data: { name: 'Jane Doe' } } });
  fake.state.docs.set('settings/site', { dataRequestDays: 7 });
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('data requests', () => {
  it('shows the schedule’s retention erasures as such, with nothing for staff to press', async () => {
    fake.state.docs.set(
      'dataRequests/erasure-R',
      request('erasure-R', { email: 'kept@example.org', channel: 'retention', status: 'approved', actedBy: 'schedule', actedAt: new Date(), days: 0 }),
    );
    renderStaffScreen(DataRequestsPage);
    const row = await rowOf('kept@example.org');
    expect(row).toHaveTextContent('erasure (keeping time passed)');
    expect(row).toHaveTextContent('The schedule is erasing it.');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('lists each request with its due date, an overdue one flagged, and who acted', async () => {
    renderStaffScreen(DataRequestsPage);
    const jane = await rowOf('jane@example.org');
    expect(within(jane).getByText('overdue')).toBeInTheDocument();
    expect(within(await rowOf('otieno@example.org')).queryByText('overdue')).toBeNull();
    expect(within(await rowOf('otieno@example.org')).getByText('access (by letter)')).toBeInTheDocument();
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations).toEqual([]);
  });

  it('approves an erasure, then carries it out: the record anonymised, the email deleted, the request done with its email', async () => {
    renderStaffScreen(DataRequestsPage);
    await userEvent.click(within(await rowOf('jane@example.org')).getByRole('button', { name: /^Approve/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve erasure' }));
    await waitFor(() => expect(fake.state.docs.get('dataRequests/erasure-A')).toMatchObject({ status: 'approved', actedBy: 'admin@summit.test' }));
    await userEvent.click(await within(await rowOf('jane@example.org')).findByRole('button', { name: /^Erase now/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Erase now' }));
    await waitFor(() => expect(fake.state.docs.get('dataRequests/erasure-A')).toMatchObject({ status: 'done' }));
    expect(fake.state.docs.get('registrations/r1')).toMatchObject({ fullName: 'Erased', email: '', phone: '', fee: 100, erasedBy: 'erasure-A' });
    expect(fake.state.docs.has('mail/r1')).toBe(false);
    expect(fake.state.docs.get('mail/erasure-A-1-done')).toMatchObject({ to: 'jane@example.org', template: { name: 'data-request-done' } });
    expect(await screen.findByText(/Erased \d+ documents for erasure-A/)).toBeInTheDocument();
    // The log names the request, never the address.
    const logged = [...fake.state.docs.entries()].filter(([p]) => p.startsWith('logs/')).map(([, d]) => String(d.message));
    expect(logged.join('\n')).not.toContain('jane@example.org');
  });

  it('refuses with a reason the requester is emailed; a refusal needs one', async () => {
    renderStaffScreen(DataRequestsPage);
    await userEvent.click(within(await rowOf('otieno@example.org')).getByRole('button', { name: /^Refuse/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(fake.state.docs.get('dataRequests/acc1')).toMatchObject({ status: 'received' });
    await userEvent.type(screen.getByLabelText(/Reason \(sent to the requester\)/), 'We hold nothing about this address.');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(fake.state.docs.get('dataRequests/acc1')).toMatchObject({ status: 'refused', reason: 'We hold nothing about this address.' }));
    expect(fake.state.docs.get('mail/acc1-1-refused')).toMatchObject({
      to: 'otieno@example.org',
      template: { data: { reason: 'We hold nothing about this address.' } },
    });
  });

  it('enters a request received by email with the settings’ response time; a bad address is refused', async () => {
    renderStaffScreen(DataRequestsPage);
    await screen.findByText('jane@example.org');
    await userEvent.type(screen.getByLabelText('Requester’s email address'), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Enter request' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.org.')).toBeInTheDocument();
    expect([...fake.state.docs.keys()].filter((p) => p.startsWith('dataRequests/'))).toHaveLength(2);
    await userEvent.clear(screen.getByLabelText('Requester’s email address'));
    await userEvent.type(screen.getByLabelText('Requester’s email address'), 'Baraka@Example.org');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'correction');
    await userEvent.click(screen.getByRole('button', { name: 'Enter request' }));
    expect(await screen.findByText(/Entered the correction request of Baraka@Example.org/)).toBeInTheDocument();
    const entered = [...fake.state.docs.entries()].find(([p, d]) => p.startsWith('dataRequests/') && d.email === 'baraka@example.org')![1];
    expect(entered).toMatchObject({ kind: 'correction', channel: 'email', days: 7, enteredBy: 'admin@summit.test', address: 'baraka@example.org' });
  });
});
