import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

type Doc = Record<string, unknown> & { id: string };
type Filter = [string, string, unknown];

const fake = vi.hoisted(() => ({
  entries: [] as Array<Record<string, unknown> & { id: string }>,
  seats: [] as Array<Record<string, unknown> & { id: string }>,
  commits: [] as unknown[][],
  transactions: [] as unknown[][],
  failPage: false,
  /** counters/waitlist as stored (null: not yet created). */
  count: null as { waiting: number; lastAddress: string } | null,
  /** timedWork/schedule: the schedule's last run (null: it never ran). */
  schedule: null as Record<string, unknown> | null,
  logged: [] as string[],
}));

const matches = (d: Doc, where: Filter[] = []) =>
  where.every(([field, op, value]) => (op === 'in' ? (value as unknown[]).includes(d[field]) : op === '==' ? d[field] === value : true));

vi.mock('../../../lib/data.ts', () => {
  const db = {
    fetchDocument: async (collection: string) =>
      collection === 'settings'
        ? { capacity: 3, unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 0, categories: { delegate: { label: 'Delegate', fee: 15000 } } }
        : collection === 'counters'
          ? fake.count
          : collection === 'timedWork'
            ? fake.schedule
            : null,
    fetchPage: async (_name: string, options: { where: Filter[] }) => {
      if (fake.failPage) throw new Error('offline');
      const items = fake.entries.filter((e) => matches(e, options.where)).sort((a, b) => (a.position as Date).getTime() - (b.position as Date).getTime());
      return { items: items.map((e) => ({ ...e })), next: null };
    },
    fetchDocuments: async (name: string, options: { where?: Filter[] }) => {
      const docs = name === 'waitlist' ? fake.entries : name === 'seats' ? fake.seats : [];
      return docs.filter((d) => matches(d, options.where)).map((d) => ({ ...d }));
    },
    fetchEvery: async (name: string, options: { where?: Filter[] }) => {
      const docs = name === 'waitlist' ? fake.entries : name === 'seats' ? fake.seats : [];
      return docs.filter((d) => matches(d, options.where)).map((d) => ({ ...d }));
    },
    fetchCount: async (name: string, where: Filter[] = []) =>
      name === 'seats'
        ? fake.seats.filter((s) => matches(s, where.slice(0, 1))).length
        : name === 'waitlist'
          ? fake.entries.filter((e) => matches(e, where)).length
          : 0,
    transact: async (paths: string[], decide: (docs: unknown[], read: (p: string) => Promise<unknown>) => Promise<{ writes: unknown[] }>) => {
      const read = async (path: string) => {
        const [collection, id] = path.split('/');
        const docs = collection === 'waitlist' ? fake.entries : collection === 'seats' ? fake.seats : [];
        return docs.find((d) => d.id === id) ?? null;
      };
      const { writes } = await decide(await Promise.all(paths.map(read)), read);
      fake.transactions.push(writes);
    },
    commit: async (writes: unknown[]) => {
      fake.commits.push(writes);
    },
    activityWrite: (message: string, userEmail: string) => ({ log: message, userEmail }),
    newId: () => 'mail-1',
    recordActivity: async (message: string) => {
      fake.logged.push(message);
    },
  };
  // The public reads (over REST in the app) answer alike.
  return { db, publicReads: db };
});

const { default: WaitlistPage } = await import('./WaitlistPage.tsx');

const minute = (m: number) => new Date(Date.UTC(2027, 2, 1, 8, m));
const entry = (email: string, fullName: string, m: number, over: Record<string, unknown> = {}) => ({
  id: email,
  email,
  fullName,
  category: 'delegate',
  form: {},
  position: minute(m),
  status: 'waiting',
  offer: null,
  timestamp: minute(m),
  ...over,
});
const taken = (id: string) => ({ id, state: 'taken', claim: `c${id}`.padEnd(16, 'x'), heldSince: minute(0) });

beforeEach(() => {
  fake.entries = [entry('achieng@x.org', 'Achieng Otieno', 0), entry('baraka@x.org', 'Baraka Mwangi', 10), entry('chebet@x.org', 'Lucy Chebet', 20)];
  fake.seats = [taken('1'), taken('2'), taken('3')];
  fake.count = { waiting: 3, lastAddress: 'chebet@x.org' };
  fake.commits.length = 0;
  fake.transactions.length = 0;
  fake.failPage = false;
  fake.schedule = { lastRunAt: new Date(), offered: 0, passed: 0, reminded: 0, placed: 0, failed: 0, ms: 40 };
  fake.logged.length = 0;
});

const table = async () => screen.findByRole('table', { name: 'Waiting list, first in line first' });
const pathOf = (w: unknown) => (w as { update?: string; set?: string }).update ?? (w as { set: string }).set;

describe('the waiting list screen', () => {
  it('lists the people waiting in order, with their category and status, and the seat figures', async () => {
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([
      'Achieng Otienoachieng@x.org',
      'Baraka Mwangibaraka@x.org',
      'Lucy Chebetchebet@x.org',
    ]);
    expect(rows[0]).toHaveTextContent('Delegate');
    expect(rows[0]).toHaveTextContent('waiting');
    const seats = screen.getByRole('region', { name: 'Seats' });
    expect(await within(seats).findByText('Taken')).toBeInTheDocument();
    // Nothing is free: the automatic pass offers nothing.
    expect(fake.transactions).toEqual([]);
  });

  it('moves someone up between their neighbours, logged with the change', async () => {
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    await table();
    expect(screen.queryByRole('button', { name: 'Move up: Achieng Otieno' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move up: Lucy Chebet' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Moved Lucy Chebet up the waiting list.');
    expect(fake.commits[0]).toEqual([
      { update: 'waitlist/chebet@x.org', data: { position: minute(5) } },
      { log: 'Moved chebet@x.org up the waiting list', userEmail: 'finance@summit.test' },
    ]);
  });

  it('offers a seat by hand when one is free, with the email, in one transaction with its log entry', async () => {
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await table();
    // A seat frees up while the screen is open (the next pass would offer it to Achieng; staff choose Baraka).
    fake.seats[2] = { id: '3', state: 'free', claim: '', heldSince: new Date(0) };
    await userEvent.click(screen.getByRole('button', { name: 'Offer a seat to Baraka Mwangi' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Offered a seat to Baraka Mwangi: they have been emailed.');
    const writes = fake.transactions.at(-1)!;
    expect(writes.map(pathOf)).toEqual(['seats/3', 'waitlist/baraka@x.org', 'seatMoves/3', 'counters/waitlist', 'mail/mail-1', undefined]);
    expect(writes.at(-1)).toEqual({ log: 'Offered seat 3 to baraka@x.org from the waiting list', userEmail: 'admin@summit.test' });
  });

  it('says so when no seat is free', async () => {
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Offer a seat to Baraka Mwangi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No seat is free: every seat is held, taken or offered.');
    expect(fake.transactions).toEqual([]);
  });

  it('offers nothing by itself: the schedule does, and says when it last ran', async () => {
    fake.seats[2] = { id: '3', state: 'free', claim: '', heldSince: new Date(0) };
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/^Last ran /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
    expect(fake.transactions).toEqual([]);
  });

  it('flags a schedule that has not run for five minutes, or never ran', async () => {
    fake.schedule = { ...fake.schedule, lastRunAt: new Date(Date.now() - 6 * 60_000) };
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/^The schedule has not run since /)).toHaveTextContent('or ask an administrator to run it now.');
    cleanup();
    fake.schedule = null;
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/^The schedule has never run\./)).toBeInTheDocument();
  });

  it('does not flag a run four minutes ago', async () => {
    fake.schedule = { ...fake.schedule, lastRunAt: new Date(Date.now() - 4 * 60_000) };
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/^Last ran /)).toBeInTheDocument();
    expect(screen.queryByText(/has not run since/)).toBeNull();
  });

  it('lets an administrator run it now: free seats offered in order, each step and the run logged', async () => {
    fake.seats[2] = { id: '3', state: 'free', claim: '', heldSince: new Date(0) };
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/^Offered 1 seat to the waiting list/)).toBeInTheDocument();
    expect(fake.transactions[0].map(pathOf)).toEqual(['seats/3', 'waitlist/achieng@x.org', 'seatMoves/3', 'counters/waitlist', 'mail/mail-1', undefined]);
    expect(fake.transactions[0].at(-1)).toEqual({ log: 'Offered seat 3 to achieng@x.org from the waiting list', userEmail: 'admin@summit.test' });
    expect(fake.logged.at(-1)).toMatch(/^Ran the timed work by hand: Offered 1 seat to the waiting list/);
  });

  it('numbers the places of the people waiting; run again, says it had nothing to do, and logs that too', async () => {
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Renumbered 3 places in the waiting list.')).toBeInTheDocument();
    expect(fake.commits).toEqual([
      [
        { update: 'waitlist/achieng@x.org', data: { place: 1 } },
        { update: 'waitlist/baraka@x.org', data: { place: 2 } },
        { update: 'waitlist/chebet@x.org', data: { place: 3 } },
      ],
    ]);
    cleanup();
    fake.entries = fake.entries.map((e, i) => ({ ...e, place: i + 1 }));
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Nothing was due.')).toBeInTheDocument();
    expect(fake.logged).toContain('Ran the timed work by hand: nothing was due.');
  });

  it('shows a lapsed offer with a Pass button, which passes it to the next person waiting', async () => {
    const claim = 'lapsedclaim12345';
    fake.entries[0] = entry('achieng@x.org', 'Achieng Otieno', 0, {
      status: 'offered',
      offer: { seat: '2', claim, at: new Date(Date.now() - 50 * 3_600_000) },
    });
    fake.seats[1] = { id: '2', state: 'offered', claim, heldSince: new Date(Date.now() - 50 * 3_600_000) };
    renderStaffScreen(WaitlistPage, { role: 'editor' });
    // An editor may read the list (the rules let staff read it) but the pass does not run for them.
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('offer lapsed');
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Pass: the lapsed offer of Achieng Otieno' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Passed the lapsed offer of Achieng Otieno.');
    expect(fake.transactions[0].map(pathOf)).toEqual([
      'waitlist/achieng@x.org',
      'seats/2',
      'waitlist/baraka@x.org',
      'seatMoves/2',
      'counters/waitlist',
      'mail/mail-1',
      undefined,
    ]);
  });

  it('says how many wait, and that free seats go to them first', async () => {
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/^3 people are waiting\./)).toHaveTextContent('Free seats go to them first: nobody can register until they are offered.');
    expect(screen.queryByRole('button', { name: 'Recount the waiting list' })).toBeNull();
  });

  it('lets an administrator recount when the stored count differs from the list, with a log line; finance are told to ask one', async () => {
    fake.count = { waiting: 1, lastAddress: 'baraka@x.org' }; // entries older than the count
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/The register form counts 1 waiting, not 3\./)).toHaveTextContent('An administrator can recount it.');
    expect(screen.queryByRole('button', { name: 'Recount the waiting list' })).toBeNull();
    cleanup();

    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Recount the waiting list' }));
    await vi.waitFor(() => expect(fake.commits.at(-1)).toBeDefined());
    expect(fake.commits.at(-1)).toEqual([
      { set: 'counters/waitlist', data: { waiting: 3, lastAddress: '' } },
      { log: 'Recounted the waiting list: 3 waiting', userEmail: 'admin@summit.test' },
    ]);
  });

  it('lets an administrator create the count in a new project', async () => {
    fake.entries = [];
    fake.count = null;
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    expect(await screen.findByText('The register form has no count of people waiting yet.', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Recount the waiting list' }));
    await vi.waitFor(() => expect(fake.commits.at(-1)?.[0]).toEqual({ set: 'counters/waitlist', data: { waiting: 0, lastAddress: '' } }));
  });

  it('says when nobody waits that free seats are open to anyone', async () => {
    fake.entries = fake.entries.map((e) => ({ ...e, status: 'withdrawn' }));
    fake.count = { waiting: 0, lastAddress: 'chebet@x.org' };
    renderStaffScreen(WaitlistPage, { role: 'finance' });
    expect(await screen.findByText(/^0 people are waiting\./)).toHaveTextContent('Free seats are open to anyone registering.');
  });

  it('has loading, empty and error states', async () => {
    fake.entries = [];
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    expect(screen.getByText('Loading waiting list…')).toBeInTheDocument();
    expect(await screen.findByText('Nobody is waiting for a seat.')).toBeInTheDocument();
  });

  it('says when the list cannot be read, with a way to try again', async () => {
    fake.failPage = true;
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    expect(await screen.findByText('We could not load the waiting list. Check your connection, then try again.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('has no accessibility violations', async () => {
    renderStaffScreen(WaitlistPage, { role: 'admin' });
    await table();
    // jsdom has no layout: contrast is checked by the e2e accessibility pass (e2e/admin-a11y.spec.ts).
    // The landmarks are the layout's (region): this renders the screen alone.
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
