// The check-in desk by day: today in Nairobi during the summit (no other day: the rules record
// today's), kept from one attendee to the next; each day written as its own key; the same day refused.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { newPaymentCode } from '../../../data/payment-codes.ts';
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

const { default: CheckInPage } = await import('./CheckInPage.tsx');
const { default: RegistrationDetailPage } = await import('./RegistrationDetailPage.tsx');

// Wed 10 to Fri 12 March 2027 (Nairobi).
const START = new Date('2027-03-10T06:00:00Z');
const END = new Date('2027-03-12T14:00:00Z');

function registration(id: string, over: Record<string, unknown> = {}) {
  fake.state.docs.set(`registrations/${id}`, {
    id,
    fullName: `Attendee ${id}`,
    email: `${id}@example.org`,
    category: 'delegate',
    fee: 15000,
    currency: 'KES',
    status: 'confirmed',
    paymentStatus: 'paid',
    ...over,
  });
}

const stored = (id: string) => fake.state.docs.get(`registrations/${id}`)!;
const logs = () => [...fake.state.docs.entries()].filter(([p]) => p.startsWith('logs/')).map(([, d]) => d.message);

/** The desk's clock: only Date is faked, so the screen's timers and the user's typing run as usual. */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  fake.state.now = () => new Date();
}

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/site', { startDate: START, endDate: END, capacity: 100 });
});
afterEach(() => vi.useRealTimers());

async function openDesk() {
  renderStaffScreen(CheckInPage, { role: 'finance', path: '/admin/check-in' });
  return screen.findByLabelText('Day');
}

async function checkIn(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.clear(screen.getByLabelText('Ticket code'));
  await user.type(screen.getByLabelText('Ticket code'), `${code}{Enter}`);
}

describe('the check-in desk by day', () => {
  it("starts on today's summit day in Nairobi, records the day and keeps it for the next attendee", async () => {
    at('2027-03-11T05:30:00Z'); // 08:30 on Thu 11 March in Nairobi
    registration('r1', { status: 'checked-in', attendance: { '2027-03-10': new Date('2027-03-10T06:10:00Z') }, checkedInAt: new Date('2027-03-10T06:10:00Z') });
    registration('r2');
    const user = userEvent.setup();
    const day = await openDesk();
    expect(day).toHaveValue('2027-03-11');
    expect(within(day).getByRole('option', { selected: true })).toHaveTextContent(/11 March 2027 — day 2 of 3 \(today\)/);
    expect(screen.getByLabelText('Ticket code')).toHaveFocus();

    await checkIn(user, 'r1');
    expect(await screen.findByText(/Checked in: Attendee r1, for .*11 March 2027 — day 2 of 3; attended: Wed 10, Thu 11\./)).toBeVisible();
    const r1 = stored('r1').attendance as Record<string, Date>;
    expect(Object.keys(r1).sort()).toEqual(['2027-03-10', '2027-03-11']);
    // The earlier day is left exactly as it was stored.
    expect(r1['2027-03-10']).toEqual(new Date('2027-03-10T06:10:00Z'));
    expect(stored('r1').checkedInAt).toEqual(new Date('2027-03-11T05:30:00Z'));
    expect(fake.state.docs.get('checkouts/r1')).toMatchObject({ status: 'checked-in' });
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');
    expect(screen.getByLabelText('Ticket code')).toHaveFocus();

    // The next attendee, the same day without choosing it again.
    await checkIn(user, 'r2');
    expect(await screen.findByText(/Checked in: Attendee r2, for .*11 March 2027 — day 2 of 3; attended: Thu 11\./)).toBeVisible();
    expect(screen.getByLabelText('Day')).toHaveValue('2027-03-11');
    expect(stored('r2')).toMatchObject({ status: 'checked-in', attendance: { '2027-03-11': expect.any(Date) } });
    expect(logs()).toEqual(['Checked in Attendee r1 (r1) for 2027-03-11', 'Checked in Attendee r2 (r2) for 2027-03-11']);

    // The same ticket again that day: refused, with when they came in, and nothing written.
    const commits = fake.state.commits.length;
    await checkIn(user, 'r2');
    expect(await screen.findByText(/Attendee r2 is already checked in for .*11 March 2027 at 08:30\. A ticket admits once a day\./)).toBeVisible();
    expect(fake.state.commits).toHaveLength(commits);
  });

  it('checks nobody in when today is not a summit day, and says so before sending anything', async () => {
    at('2027-03-09T20:59:00Z'); // 23:59 on Tue 9 March in Nairobi: the eve of the summit
    registration('r1');
    const user = userEvent.setup();
    const day = await openDesk();
    expect(day).toHaveValue('');
    expect(
      screen.getByText(/^Today \(.*9 March 2027\) is not a day of the summit: attendees are checked in on each summit day, on the day itself\./),
    ).toBeVisible();
    // The summit's days are listed, none of them to be chosen: the server records today's date only.
    expect(
      within(day)
        .getAllByRole('option')
        .filter((o) => !(o as HTMLOptionElement).disabled),
    ).toHaveLength(1);

    await checkIn(user, 'r1');
    expect(await screen.findByText(/Today \(.*9 March 2027\) is not a day of the summit, so nobody can be checked in/)).toBeVisible();
    expect(screen.getByLabelText('Day')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(screen.queryByLabelText('Camera view')).toBeNull();
    expect(fake.state.commits).toHaveLength(0);
  });

  it("offers today's summit day only: the others are listed but cannot be chosen", async () => {
    at('2027-03-11T07:00:00Z');
    const day = await openDesk();
    expect(day).toHaveValue('2027-03-11');
    const options = within(day).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.disabled])).toEqual([
      ['2027-03-10', true],
      ['2027-03-11', false],
      ['2027-03-12', true],
    ]);
    expect(screen.getByText('Each attendee is checked in once a day, for today.')).toBeVisible();
  });

  it('a desk left open overnight moves to the new day before checking anyone in for the old one', async () => {
    at('2027-03-10T15:00:00Z'); // 18:00 on day 1 in Nairobi
    registration('r1');
    const user = userEvent.setup();
    expect(await openDesk()).toHaveValue('2027-03-10');
    vi.setSystemTime(new Date('2027-03-11T05:00:00Z')); // 08:00 the next morning, same page
    await checkIn(user, 'r1');
    expect(
      await screen.findByText(/A new day has started \(.*11 March 2027\)\. The desk now checks in for .*11 March 2027, then check in again\./),
    ).toBeVisible();
    expect(screen.getByLabelText('Day')).toHaveValue('2027-03-11');
    expect(screen.getByLabelText('Day')).toHaveFocus();
    expect(fake.state.commits).toHaveLength(0);
    await checkIn(user, 'r1');
    expect(await screen.findByText(/Checked in: Attendee r1, for .*11 March 2027/)).toBeVisible();
    expect(Object.keys(stored('r1').attendance as object)).toEqual(['2027-03-11']);
  });

  it("a desk left open after the summit's last day checks nobody in the next morning", async () => {
    at('2027-03-12T15:00:00Z'); // 18:00 on the last day
    registration('r1');
    const user = userEvent.setup();
    expect(await openDesk()).toHaveValue('2027-03-12');
    vi.setSystemTime(new Date('2027-03-13T05:00:00Z'));
    await checkIn(user, 'r1');
    expect(await screen.findByText(/Today \(.*13 March 2027\) is not a day of the summit, so nobody can be checked in/)).toBeVisible();
    expect(screen.getByLabelText('Day')).toHaveValue('');
    expect(fake.state.commits).toHaveLength(0);
  });

  it('checks in by the payment code on the ticket, typed in lower case without its dash; an unknown code is refused as typed', async () => {
    at('2027-03-10T07:00:00Z');
    const code = newPaymentCode(() => new Uint8Array([0, 4, 22, 3]));
    registration('r1', { paymentCode: code });
    fake.state.docs.set(`paymentCodes/${code}`, { collection: 'registrations', recordId: 'r1' });
    const other = newPaymentCode(() => new Uint8Array([9, 9, 9, 9]));
    fake.state.docs.set(`paymentCodes/${other}`, { collection: 'partners', recordId: 'p1' });
    const user = userEvent.setup();
    await openDesk();
    await checkIn(user, code.replace('-', '').toLowerCase());
    expect(await screen.findByText(/Checked in: Attendee r1, for .*10 March 2027/)).toBeVisible();
    expect(stored('r1')).toMatchObject({ status: 'checked-in', attendance: { '2027-03-10': expect.any(Date) } });
    // A code no registration was given (an application's, here) names no ticket.
    await checkIn(user, other.toLowerCase());
    expect(
      await screen.findByText(`✗ No registration has the code ${other.toLowerCase()}. Check the code or send the attendee to the registration desk.`),
    ).toBeVisible();
  });

  it('refuses unpaid and cancelled tickets on a summit day as before', async () => {
    at('2027-03-10T07:00:00Z');
    registration('unpaid', { status: 'pending', paymentStatus: 'unpaid' });
    registration('gone', { status: 'cancelled' });
    const user = userEvent.setup();
    await openDesk();
    await checkIn(user, 'unpaid');
    expect(await screen.findByText('✗ Attendee unpaid is not confirmed yet: it is not paid. Send them to the registration desk.')).toBeVisible();
    await checkIn(user, 'gone');
    expect(await screen.findByText('✗ The registration of Attendee gone is cancelled.')).toBeVisible();
    expect(fake.state.commits).toHaveLength(0);
  });

  it("says so, with the way to Settings, when the summit's dates are not set", async () => {
    fake.state.docs.set('settings/site', { capacity: 100 });
    renderStaffScreen(CheckInPage, { role: 'finance', path: '/admin/check-in' });
    expect(await screen.findByText(/The summit's dates are not set/)).toBeVisible();
    expect(screen.getByRole('link', { name: "Set the summit's dates in Settings" })).toHaveAttribute('href', '/admin/settings');
    expect(screen.queryByLabelText('Ticket code')).toBeNull();
  });

  it('has no accessibility violations', async () => {
    at('2027-03-09T12:00:00Z');
    await openDesk();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe("a registration's attendance on its page", () => {
  async function openRecord(id: string, role: 'admin' | 'finance' | 'editor' = 'finance') {
    renderStaffScreen(RegistrationDetailPage, { role, path: `/admin/registrations/registrations/${id}`, route: '/admin/registrations/:collection/:id' });
    return screen.findByRole('region', { name: 'Attendance' });
  }

  it('lists the summit days with the time of each check-in, and undoes the latest day first', async () => {
    at('2027-03-12T09:00:00Z');
    registration('r1', {
      status: 'checked-in',
      attendance: { '2027-03-10': new Date('2027-03-10T06:05:00Z'), '2027-03-11': new Date('2027-03-11T07:15:00Z') },
    });
    const user = userEvent.setup();
    const section = await openRecord('r1');
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/10 March 2027checked in at 09:05$/),
      expect.stringMatching(/11 March 2027checked in at 10:15$/),
      expect.stringMatching(/12 March 2027not checked in$/),
    ]);
    expect(within(section).getByText('Attended 2 of 3 days.')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Undo check-in' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(/Undo the check-in of Attendee r1 for .*11 March 2027\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }));
    expect(await within(section).findByText(/Check-in for .*11 March 2027 undone\./)).toBeVisible();
    expect(stored('r1')).toMatchObject({ status: 'checked-in', attendance: { '2027-03-10': new Date('2027-03-10T06:05:00Z') } });
    expect(Object.keys(stored('r1').attendance as object)).toEqual(['2027-03-10']);
    expect(logs()).toEqual(['Undid the check-in of Attendee r1 (r1) for 2027-03-11']);
  });

  it('confirms the registration again when its only day is undone, and checks it in for today', async () => {
    at('2027-03-12T09:00:00Z');
    registration('r1', { status: 'checked-in', attendance: { '2027-03-10': new Date('2027-03-10T06:05:00Z') } });
    const user = userEvent.setup();
    let section = await openRecord('r1');
    await user.click(within(section).getByRole('button', { name: 'Undo check-in' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('It was their only day: the registration is confirmed again.');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Undo check-in' }));
    expect(await within(section).findByText(/undone: the registration is confirmed again\./)).toBeVisible();
    expect(stored('r1')).toMatchObject({ status: 'confirmed', attendance: {} });
    expect(fake.state.docs.get('checkouts/r1')).toMatchObject({ status: 'confirmed' });

    // A desk's missed scan, entered from the record: today (the last day) only; a past day cannot be chosen.
    section = await screen.findByRole('region', { name: 'Attendance' });
    expect(within(section).getByLabelText('Day')).toHaveValue('2027-03-12');
    expect(within(section).getByRole('option', { name: /11 March 2027/ })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'Check in for this day' }));
    expect(await within(section).findByText(/Checked in: Attendee r1, for .*12 March 2027 — day 3 of 3; attended: Fri 12\./)).toBeVisible();
    expect(stored('r1')).toMatchObject({ status: 'checked-in', attendance: { '2027-03-12': expect.any(Date) } });
  });

  it('says why undoing is refused while a certificate counts the days', async () => {
    registration('r1', { status: 'checked-in', attendance: { '2027-03-10': new Date() }, certificateId: 'c'.repeat(20) });
    const user = userEvent.setup();
    const section = await openRecord('r1');
    fake.state.failCommits = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    await user.click(within(section).getByRole('button', { name: 'Undo check-in' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Undo check-in' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/a CPD certificate has been issued for this registration .* Revoke it/);
  });

  it('shows an editor the days but no way to change them', async () => {
    registration('r1', { status: 'checked-in', attendance: { '2027-03-10': new Date('2027-03-10T06:05:00Z') } });
    const section = await openRecord('r1', 'editor');
    expect(within(section).getByText('Attended 1 of 3 days.')).toBeVisible();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('offers no check-in to an unpaid registration', async () => {
    registration('r1', { status: 'pending', paymentStatus: 'unpaid' });
    const section = await openRecord('r1');
    expect(within(section).getByText('Not checked in on any day.')).toBeVisible();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
