import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({
  site: null as Record<string, unknown> | null,
  invoices: null as { last: number } | null,
  commits: [] as unknown[][],
  seats: [] as Array<{ id: string; state: string; claim: string; heldSince: Date }>,
  slotCommits: [] as unknown[][],
  moves: [] as unknown[][],
  registrations: [] as Array<Record<string, unknown>>,
  logs: [] as string[],
}));

/** What Firestore's count would say of the fake slots under `filters` (state ==, heldSince < or >=). */
function countSlots(filters: Array<[string, string, unknown]>) {
  return fake.seats.filter((s) =>
    filters.every(([field, op, value]) => {
      const v = s[field as 'state' | 'heldSince'];
      if (op === '==') return v === value;
      const [a, b] = [(v as Date).getTime(), (value as Date).getTime()];
      return op === '<' ? a < b : a >= b;
    }),
  ).length;
}

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchDocument: async (collection: string) => (collection === 'settings' ? fake.site : fake.invoices),
    activityWrite: (message: string) => ({ log: message }),
    transact: async (paths: string[], decide: (docs: unknown[]) => Promise<{ writes: unknown[] }>) => {
      if (paths[0] === 'settings/site') return void fake.commits.push((await decide([fake.site])).writes);
      // A seat held above a lowered capacity, moved below it: the two slots and the holder.
      const read = (path: string) =>
        fake.seats.find((s) => `seats/${s.id}` === path) ?? fake.registrations.find((r) => `registrations/${r.id}` === path) ?? null;
      fake.moves.push((await decide(paths.map(read))).writes);
    },
    // The seat slots a capacity change brings in step (and their holders), and the log line that follows.
    fetchDocuments: async (collection: string) => (collection === 'seats' ? fake.seats : collection === 'registrations' ? fake.registrations : []),
    fetchCount: async (_collection: string, filters: Array<[string, string, unknown]>) => countSlots(filters),
    commit: async (writes: unknown[]) => {
      fake.slotCommits.push(writes);
    },
    recordActivity: async (message: string) => {
      fake.logs.push(message);
    },
  },
}));

const { default: SettingsPage } = await import('./SettingsPage.tsx');

beforeEach(() => {
  fake.site = { ...new Map(demoDocuments()).get('settings/site')! };
  fake.invoices = null;
  fake.commits.length = 0;
  fake.slotCommits.length = 0;
  fake.moves.length = 0;
  fake.logs.length = 0;
  fake.seats = [];
  fake.registrations = [];
});

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

/** Opens Settings, types a capacity and saves; the field and the user, to go on. */
async function saveCapacity(value: string) {
  renderStaffScreen(SettingsPage);
  const user = userEvent.setup();
  const capacity = await screen.findByLabelText('Capacity (seats)');
  await user.clear(capacity);
  await user.type(capacity, value);
  await save();
  return { user, capacity };
}

describe('settings', () => {
  it('saves only the changed fields, logged in the same commit as "Updated settings: capacity, venue"', async () => {
    const { client } = renderStaffScreen(SettingsPage);
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    const user = userEvent.setup();
    const venue = await screen.findByLabelText('Venue');
    expect(venue).toHaveValue('Kenyatta International Convention Centre, Nairobi');
    await user.clear(venue);
    await user.type(venue, 'Safari Park Hotel');
    await user.clear(screen.getByLabelText('Capacity (seats)'));
    await user.type(screen.getByLabelText('Capacity (seats)'), '1500');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    // The public content version moves in the same commit: prerendered pages learn they are out of date.
    // The emails' partials are rebuilt from the settings as saved, in the same transaction.
    expect(fake.commits[0]).toEqual([
      { update: 'settings/site', data: { venue: 'Safari Park Hotel', capacity: 1500, summitDays: expect.any(Array) } },
      { set: 'templates/siteUrl', data: { partial: true, html: 'http://localhost:5173', text: 'http://localhost:5173' } },
      { set: 'templates/contacts', data: expect.objectContaining({ partial: true, text: expect.stringContaining('National Cancer Institute') }) },
      { set: 'templates/howToPay', data: expect.objectContaining({ partial: true, text: expect.stringContaining('Paybill number: 000000') }) },
      { set: 'counters/content', data: { version: expect.anything() }, merge: true },
      { log: 'Updated settings: capacity, venue' },
    ]);
    // Public pages read ['settings', 'site']: invalidating ['settings'] refreshes them at once.
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['settings'] });
  });

  it('a higher capacity creates the missing seat slots after the save, logged as "Seat slots: N created"', async () => {
    fake.site = { ...fake.site, capacity: 2 };
    fake.seats = [
      { id: '1', state: 'taken', claim: 'a'.repeat(16), heldSince: new Date() },
      { id: '2', state: 'free', claim: '', heldSince: new Date(0) },
    ];
    await saveCapacity('4');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. The public site now shows the new value. Seat slots: 2 created.');
    expect(fake.slotCommits).toEqual([
      [
        { set: 'seats/3', data: { state: 'free', claim: '', heldSince: new Date(0) } },
        { set: 'seats/4', data: { state: 'free', claim: '', heldSince: new Date(0) } },
      ],
    ]);
    expect(fake.logs).toEqual(['Seat slots: 2 created']);
  });

  it('a lower capacity moves the seats held above it below it and removes the slots above, saying so', async () => {
    fake.site = { ...fake.site, capacity: 3 };
    fake.seats = [
      { id: '1', state: 'free', claim: '', heldSince: new Date(0) },
      { id: '2', state: 'free', claim: '', heldSince: new Date(0) },
      { id: '3', state: 'held', claim: 'b'.repeat(16), heldSince: new Date() },
    ];
    fake.registrations = [{ id: 'R3', seat: '3', seatClaim: 'b'.repeat(16), status: 'pending', paymentStatus: 'unpaid' }];
    await saveCapacity('1');
    expect(await screen.findByRole('status')).toHaveTextContent('Seat slots: 2 removed; 1 seat held above the new capacity moved below it.');
    expect(fake.moves).toHaveLength(1);
    expect(fake.moves[0]).toContainEqual({ update: 'registrations/R3', data: { seat: '1' } });
    expect(fake.slotCommits).toEqual([[{ delete: 'seats/2' }, { delete: 'seats/3' }]]);
    expect(fake.logs).toEqual(['Seat slots: 2 removed; 1 seat held above the new capacity moved below it']);
  });

  it('with nothing changed, a seat still held above the capacity (its move failed before) is moved below it, and said', async () => {
    fake.site = { ...fake.site, capacity: 1 };
    fake.seats = [
      { id: '1', state: 'free', claim: '', heldSince: new Date(0) },
      { id: '2', state: 'taken', claim: 'b'.repeat(16), heldSince: new Date() },
    ];
    fake.registrations = [{ id: 'R2', seat: '2', seatClaim: 'b'.repeat(16), status: 'confirmed', paymentStatus: 'paid' }];
    renderStaffScreen(SettingsPage);
    await screen.findByLabelText('Venue');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nothing to save: no field has changed. Seat slots: 1 removed; 1 seat held above the new capacity moved below it.',
    );
    expect(fake.moves[0]).toContainEqual({ update: 'registrations/R2', data: { seat: '1' } });
    expect(fake.commits).toEqual([]);
  });

  it('a capacity below the seats in use is refused beside the field, and nothing is saved or moved', async () => {
    fake.site = { ...fake.site, capacity: 3 };
    fake.seats = [
      { id: '1', state: 'taken', claim: 'a'.repeat(16), heldSince: new Date() },
      { id: '2', state: 'offered', claim: 'b'.repeat(16), heldSince: new Date() },
      // A hold that lapsed 100 hours ago is free: it does not count.
      { id: '3', state: 'held', claim: 'c'.repeat(16), heldSince: new Date(Date.now() - 200 * 3_600_000) },
    ];
    const { user, capacity } = await saveCapacity('1');
    expect(await screen.findByText(/^2 seats are taken, held unpaid or offered: the capacity cannot be lower than that\./)).toBeInTheDocument();
    expect(capacity).toHaveFocus();
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(fake.commits).toEqual([]);
    expect(fake.slotCommits).toEqual([]);
    // At exactly the seats in use it is saved.
    await user.clear(capacity);
    await user.type(capacity, '2');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.commits).toHaveLength(1);
  });

  it('the hold, reminder and offer times are edited with their hints, and a reminder after the hold is refused', async () => {
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    const hold = await screen.findByLabelText('Unpaid hold (hours)');
    expect(hold).toHaveAccessibleDescription(/How long an unpaid registration keeps its seat/);
    expect(screen.getByLabelText('Waiting-list offer (hours)')).toHaveAccessibleDescription(/stays theirs to take/);
    await user.clear(hold);
    await user.type(hold, '12');
    const reminder = screen.getByLabelText('Reminder before the hold ends (hours)');
    await user.clear(reminder);
    await user.type(reminder, '12');
    await save();
    expect(await screen.findByText('The reminder must come before the hold ends: at most 11 hours before, or 0 for no reminder.')).toBeInTheDocument();
    expect(fake.commits).toHaveLength(0);
    await user.clear(reminder);
    await user.type(reminder, '6');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.commits[0]).toContainEqual({ log: 'Updated settings: hold reminder, unpaid hold' });
    // No capacity change: the slots are left alone.
    expect(fake.slotCommits).toEqual([]);
  });

  it('says when there is nothing to save', async () => {
    renderStaffScreen(SettingsPage);
    await screen.findByLabelText('Venue');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing to save: no field has changed.');
    expect(fake.commits).toHaveLength(0);
  });

  it("saves the summit's days with no field changed when the stored settings lack them (the one save after deploying)", async () => {
    const { summitDays: days, ...before } = fake.site!;
    fake.site = before;
    renderStaffScreen(SettingsPage);
    await screen.findByLabelText('Venue');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent("Saved the summit's days");
    expect(fake.commits[0]).toContainEqual({ update: 'settings/site', data: { summitDays: days } });
    expect(fake.commits[0]).toContainEqual({ log: "Updated settings: the summit's days" });
    // Saved once: the next save with nothing changed writes nothing.
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing to save: no field has changed.');
    expect(fake.commits).toHaveLength(1);
  });

  it('shows errors beside their fields, focuses the first, keeps the input and writes nothing', async () => {
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Summit name'));
    await user.clear(screen.getByLabelText('Capacity (seats)'));
    await user.type(screen.getByLabelText('Venue'), ' — Hall B');
    await save();
    expect(await screen.findByText('Enter the summit name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the capacity as a number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Summit name')).toHaveFocus();
    expect(screen.getByLabelText('Summit name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Venue')).toHaveValue('Kenyatta International Convention Centre, Nairobi — Hall B');
    expect(fake.commits).toHaveLength(0);
  });

  it('adds a registration category and removes another; saved keys are read-only', async () => {
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    const categories = within(await screen.findByRole('group', { name: 'Registration categories' }));
    expect(within(categories.getByRole('group', { name: 'Category 1' })).getByLabelText(/^Key/)).toHaveAttribute('readonly');
    await user.click(categories.getByRole('button', { name: 'Remove category 2' }));
    await user.click(categories.getByRole('button', { name: 'Add a category' }));
    const added = within(categories.getByRole('group', { name: 'Category 5' }));
    await user.type(added.getByLabelText(/^Key/), 'early-bird');
    await user.type(added.getByLabelText('Name'), 'Early bird delegate');
    await user.clear(added.getByLabelText('Fee (KES)'));
    await user.type(added.getByLabelText('Fee (KES)'), '12000');
    await save();
    await screen.findByRole('status');
    const [write, , , , , log] = fake.commits[0] as [{ data: { categories: Record<string, unknown> } }, unknown, unknown, unknown, unknown, { log: string }];
    expect(Object.keys(write.data)).toEqual(['categories', 'summitDays']);
    expect(write.data.categories).toEqual({
      delegate: { label: 'Delegate', fee: 15000 },
      survivor: { label: 'Survivor or caregiver', fee: 0 },
      international: { label: 'International delegate', fee: 30000 },
      presenter: { label: 'Abstract presenter', fee: 15000 },
      'early-bird': { label: 'Early bird delegate', fee: 12000 },
    });
    expect(log.log).toBe('Updated settings: registration categories');
  });

  it('locks the invoice prefix and start number once invoices exist, and says why', async () => {
    fake.invoices = { last: 3 };
    renderStaffScreen(SettingsPage);
    const prefix = await screen.findByLabelText('Invoice prefix');
    expect(prefix).toBeDisabled();
    expect(prefix).toHaveValue('INV-2027-');
    expect(screen.getByLabelText('First invoice number')).toBeDisabled();
    expect(prefix).toHaveAccessibleDescription(/Locked: invoices have been issued \(the last is number 3\)/);
  });

  it('the first save on a new project writes the whole document', async () => {
    fake.site = null;
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Venue'), 'KICC');
    // Emails need the site's address: it is asked for with the rest (a trailing slash is dropped).
    await user.type(screen.getByLabelText('Public site address'), 'https://summit.example.org/');
    await user.click(screen.getByRole('button', { name: 'Add a category' }));
    const added = within(screen.getByRole('group', { name: 'Category 1' }));
    await user.type(added.getByLabelText(/^Key/), 'delegate');
    await user.type(added.getByLabelText('Name'), 'Delegate');
    await save();
    await screen.findByRole('status');
    const [write, siteUrl, , , , log] = fake.commits[0] as [
      { set: string; data: Record<string, unknown> },
      { data: unknown },
      unknown,
      unknown,
      unknown,
      { log: string },
    ];
    expect(write.set).toBe('settings/site');
    expect(siteUrl.data).toEqual({ partial: true, html: 'https://summit.example.org', text: 'https://summit.example.org' });
    expect(write.data).toMatchObject({ venue: 'KICC', summitName: 'National Cancer Summit', categories: { delegate: { label: 'Delegate', fee: 0 } } });
    expect(log.log).toBe('Created the site settings');
  });

  it('does not open registration while the payment details are the demo placeholders: the switch says why and gets focus', async () => {
    fake.site = { ...fake.site, registrationOpen: false };
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    const open = await screen.findByRole('checkbox', { name: /Registration is open/ });
    await user.click(open);
    await save();
    expect(open).toHaveFocus();
    expect(open).toHaveAttribute('aria-invalid', 'true');
    expect(open).toHaveAccessibleDescription(/Registration cannot be open while payment details are demo values or missing \(Paybill number, Account number/);
    expect(fake.commits).toHaveLength(0);

    const real = {
      'Paybill number': '522533',
      'Account number': '1234567890',
      'Account name': 'National Cancer Institute of Kenya',
      'Bank name': 'Kenya Commercial Bank',
    };
    for (const [label, value] of Object.entries(real)) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    }
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.commits[0][0]).toEqual({ update: 'settings/site', data: expect.objectContaining({ registrationOpen: true }) });
  });

  it('the institute’s KRA PIN: says what it looks like, refuses another shape beside the field, saves it normalised', async () => {
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    const pin = await screen.findByLabelText('Institute KRA PIN');
    expect(pin).toHaveValue('P000000000X');
    expect(pin).toHaveAccessibleDescription(/A or P, nine digits and a letter, like P051234567X/);
    await user.clear(pin);
    await user.type(pin, 'P05123456789X');
    await save();
    expect(await screen.findByText('Enter the KRA PIN as A or P, nine digits and a letter, like P051234567X, or leave it empty.')).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(pin).toHaveFocus();
    expect(fake.commits).toEqual([]);
    await user.clear(pin);
    await user.type(pin, ' a123 456 789b ');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.commits[0][0]).toEqual({ update: 'settings/site', data: { instituteKraPin: 'A123456789B', summitDays: expect.any(Array) } });
    expect(fake.commits[0].at(-1)).toEqual({ log: 'Updated settings: institute KRA PIN' });
  });

  it('the months personal data is kept: says when anonymising starts, holds the bounds, and never brings it within a week', async () => {
    const month = 43_830 * 60_000;
    // The summit ended 23 months ago: with 24 months kept, anonymising starts in about a month.
    const endDate = new Date(Date.now() - 23 * month);
    fake.site = { ...fake.site, startDate: new Date(endDate.getTime() - 86_400_000), endDate, retentionMonths: 24 };
    renderStaffScreen(SettingsPage);
    const user = userEvent.setup();
    const months = await screen.findByLabelText('Personal data: months kept after the summit');
    expect(months).toHaveValue(24);
    expect(months).toHaveAccessibleDescription(/Then the timed work anonymises them.*anonymised from \d{1,2} \w+ \d{4}\./);
    await user.clear(months);
    await user.type(months, '2');
    await save();
    expect(await screen.findByText('The months personal data is kept must be at least 3.')).toBeInTheDocument();
    // 23 months: anonymising would start now, inside the week's notice.
    await user.clear(months);
    await user.type(months, '23');
    await save();
    expect(await screen.findByText(/^This would start anonymising attendees' personal data on .+, less than 7 days from now/)).toBeInTheDocument();
    expect(months).toHaveFocus();
    expect(fake.commits).toEqual([]);
    // Kept longer: saved, and logged by name.
    await user.clear(months);
    await user.type(months, '36');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(fake.commits[0][0]).toMatchObject({ update: 'settings/site', data: { retentionMonths: 36 } });
    expect(fake.commits[0].at(-1)).toEqual({ log: 'Updated settings: personal data keeping time' });
  });
});
