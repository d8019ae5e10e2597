// One run on an in-memory store: who is offered what, how the offers are spaced (the count of people
// waiting is one document, written by every offer), and where a run stops to leave the rest to the next.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb, type FakeDb } from '../../../tests/fake-db.ts';
import type { Db } from '../../lib/db.ts';
import { FREE_SEAT } from '../seats.ts';
import { COUNT_SPACING_MS, runTimedWork } from './run.ts';
import { waitingEntry } from './entries.test-support.ts';

const times = { unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 24 };
let state: FakeDb;
let client: Db;

// Stored without its id, as Firestore stores a document.
const person = (email: string, minute: number) => {
  const { id: _id, ...stored } = waitingEntry(email, minute);
  return stored;
};

const offeredTo = () =>
  state.commits.flatMap((writes) =>
    writes.filter((w) => 'update' in w && w.update.startsWith('waitlist/') && w.data.status === 'offered').map((w) => ('update' in w ? w.update : '')),
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  state = createFakeState();
  client = fakeDb(state) as unknown as Db;
  state.docs.set('counters/waitlist', { waiting: 3, lastAddress: '' });
  ['a@x.org', 'b@x.org', 'c@x.org'].forEach((email, i) => state.docs.set(`waitlist/${email}`, person(email, i)));
  ['1', '2', '3'].forEach((n) => state.docs.set(`seats/${n}`, { ...FREE_SEAT }));
});
afterEach(() => vi.useRealTimers());

describe('one run of the timed work', () => {
  it('offers each person waiting a free seat in list order, COUNT_SPACING_MS apart', async () => {
    const run = runTimedWork(client, times, { who: 'schedule', by: 'schedule' });
    await vi.advanceTimersByTimeAsync(0);
    expect(offeredTo()).toEqual(['waitlist/a@x.org']);
    await vi.advanceTimersByTimeAsync(COUNT_SPACING_MS - 1);
    expect(offeredTo()).toEqual(['waitlist/a@x.org']);
    await vi.advanceTimersByTimeAsync(1);
    expect(offeredTo()).toEqual(['waitlist/a@x.org', 'waitlist/b@x.org']);
    await vi.advanceTimersByTimeAsync(COUNT_SPACING_MS);
    expect(await run).toMatchObject({ offered: 3, passed: 0, failed: 0 });
    expect(state.docs.get('counters/waitlist')).toMatchObject({ waiting: 0 });
  });

  it('starts no offer after its budget, numbers the people still waiting, and the next run offers the rest', async () => {
    const run = runTimedWork(client, times, { who: 'schedule', by: 'schedule', budgetMs: 1_500 });
    await vi.advanceTimersByTimeAsync(3 * COUNT_SPACING_MS);
    expect(await run).toMatchObject({ offered: 2, placed: 1 });
    expect(state.docs.get('waitlist/c@x.org')).toMatchObject({ status: 'waiting', place: 1 });
    const next = runTimedWork(client, times, { who: 'schedule', by: 'schedule' });
    await vi.advanceTimersByTimeAsync(0);
    expect(await next).toMatchObject({ offered: 1, placed: 0 });
    expect(state.docs.get('waitlist/c@x.org')).toMatchObject({ status: 'offered' });
  });

  it('logs each offer in the actor’s name: the schedule’s, or a staff member’s', async () => {
    await runTimedWork(client, times, { who: 'admin@summit.test', by: 'staff', spacingMs: 0 });
    const logs = [...state.docs.entries()].filter(([path]) => path.startsWith('logs/')).map(([, d]) => [d.userEmail, d.message]);
    expect(logs).toContainEqual(['admin@summit.test', 'Offered seat 1 to a@x.org from the waiting list']);
    state.docs.set('waitlist/d@x.org', person('d@x.org', 9));
    state.docs.set('seats/4', { ...FREE_SEAT });
    await runTimedWork(client, times, { who: 'schedule', by: 'schedule', spacingMs: 0 });
    expect([...state.docs.values()].filter((d) => d.userEmail === 'schedule').map((d) => d.message)).toEqual([
      'Offered (automatically) seat 4 to d@x.org from the waiting list',
    ]);
  });
});
