// Check-in by day against the stack and firestore.rules: the commits the Check-in screen and the
// registration's page make (decideCheckIn, decideUndoCheckIn: the same code), by the finance and
// admin clients. Two desks scanning one ticket on the same day admit once; the next day admits
// again, adding one key and leaving the first day's stored time (microseconds) as it was; undo
// takes back the latest day, then confirms the registration again. The finance cases need the
// rules of issue 21 (finance may add or remove one day of `attendance`: H-rules' firestore.rules).
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type WithId } from '../../src/lib/db.ts';
import { checkoutOf, seatOf } from '../../src/data/registration-record.ts';
import { CheckInRefused, decideCheckIn, decideUndoCheckIn } from '../../src/features/registrations/admin/check-in-actions.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';
import { ACCOUNTS } from './support/actors.ts';
import { client, closeClients, stack } from './support/clients.ts';
import { fixture, ownerGet, unclaimedCode, uniqueId } from './support/owner.ts';
import { daysFrom, microsecondTime, serverToday, useSummit } from './support/certificates.ts';
import { dayLabel } from '../../src/data/certificates.ts';
import { nairobiDayStart, toNairobiDate } from '../../src/lib/nairobi-time.ts';

let finance: Firestore;
let admin: Firestore;
let financeAgain: Firestore;
// A check-in records today in Nairobi by the database's clock: the summit runs from yesterday
// (DAYS[0], recorded before: a fixture) over today (DAYS[1]) to tomorrow. The clock is not moved: other
// files date their fixtures by the wall clock.
let DAYS: string[] = [];
let restoreSummit: () => Promise<void>;
beforeAll(async () => {
  [finance, admin, financeAgain] = await Promise.all([client(ACCOUNTS.finance), client(ACCOUNTS.admin), client(ACCOUNTS.finance)]);
  DAYS = daysFrom(toNairobiDate(new Date(nairobiDayStart(await serverToday()).getTime() - 86_400_000)), 3);
  restoreSummit = await useSummit(DAYS);
});
afterAll(async () => {
  await restoreSummit();
  await closeClients();
});
let nextSlot = 700 + Math.floor(Math.random() * 150);

/** A confirmed, paid registration holding a taken slot, with its checkout, as the site stores one. */
async function confirmed(over: Record<string, unknown> = {}) {
  const id = uniqueId('checkin');
  const seat = String(nextSlot++);
  const claim = `c${Math.random().toString(36).slice(2)}xxxxxxxxxxxxxxxx`.slice(0, 20);
  await fixture(`registrations/${id}`, {
    ...SAMPLE_REGISTRATION,
    fullName: 'Amina Yusuf',
    email: `${id}@example.org`,
    category: 'delegate',
    fee: 15000,
    currency: 'KES',
    status: 'confirmed',
    paymentStatus: 'paid',
    searchTokens: [],
    seat,
    seatClaim: claim,
    heldSince: new Date(),
    paymentCode: await unclaimedCode(),
    ...over,
  });
  await fixture(`checkouts/${id}`, checkoutOf({ ...(await ownerGet(`registrations/${id}`))!, id }));
  await fixture(`seats/${seat}`, { state: 'taken', claim, heldSince: new Date() });
  return id;
}

/** The Check-in screen's transaction (useCheckIn without the hook), with its log entry. */
const checkIn = (db: Firestore, code: string, day: string) =>
  createDb(() => db).transact([`registrations/${code}`], async ([doc], read) => {
    const seat = seatOf(doc);
    const { writes, log, result } = decideCheckIn(doc, { code, id: code, day, days: DAYS }, seat ? await read(seat) : null);
    return { writes: [...writes, createDb(() => db).activityWrite(log, ACCOUNTS.finance.email)], result };
  });

const undo = (db: Firestore, id: string, email = ACCOUNTS.finance.email) =>
  createDb(() => db).transact([`registrations/${id}`], async ([doc], read) => {
    const seat = seatOf(doc);
    const { writes, log, result } = decideUndoCheckIn(doc as WithId<Record<string, unknown>> | null, 'Amina Yusuf', seat ? await read(seat) : null);
    return { writes: [...writes, createDb(() => db).activityWrite(log, email)], result };
  });

/** The stored attendance as the REST API holds it: exact times, microseconds and all. */
async function storedAttendance(id: string): Promise<Record<string, string>> {
  const { firestore, projectId } = stack();
  const res = await fetch(`http://${firestore}/v1/projects/${projectId}/databases/(default)/documents:batchGet`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ documents: [`projects/${projectId}/databases/(default)/documents/registrations/${id}`] }),
  });
  const [{ found }] = (await res.json()) as Array<{
    found: { fields: { attendance?: { mapValue: { fields?: Record<string, { timestampValue: string }> } } } };
  }>;
  return Object.fromEntries(Object.entries(found.fields.attendance?.mapValue.fields ?? {}).map(([day, v]) => [day, v.timestampValue]));
}

describe('check-in by day, by finance at the desk', () => {
  it('two desks scanning one ticket on the same day admit once; the other hears when', async () => {
    const id = await confirmed();
    const outcomes = await Promise.allSettled([checkIn(finance, id, DAYS[1]), checkIn(financeAgain, id, DAYS[1])]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(CheckInRefused);
    expect(refused.reason.message).toMatch(
      new RegExp(`^Amina Yusuf is already checked in for ${dayLabel(DAYS[1])} at \\d\\d:\\d\\d\\. A ticket admits once a day\\.$`),
    );
    expect(Object.keys(await storedAttendance(id))).toEqual([DAYS[1]]);
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ status: 'checked-in' });
  });

  it('admits again on the next day with one more key, the first day kept to the microsecond', async () => {
    // Admitted yesterday (at a time with microseconds, as the server stamps it), and today again.
    const id = await confirmed({
      status: 'checked-in',
      attendance: { [DAYS[0]]: microsecondTime(new Date(nairobiDayStart(DAYS[0]).getTime() + 9 * 3_600_000)) },
    });
    const first = await storedAttendance(id);
    expect(first[DAYS[0]]).toMatch(/\.\d{3}456Z$/);
    const [d0, d1] = [DAYS[0], DAYS[1]].map((d) => Number(d.slice(8)));
    expect(await checkIn(finance, id, DAYS[1])).toMatch(new RegExp(`— day 2 of 3; attended: \\w{3} ${d0}, \\w{3} ${d1}\\.$`));
    const both = await storedAttendance(id);
    expect(both).toEqual({ ...first, [DAYS[1]]: expect.any(String) });
    const stored = (await ownerGet(`registrations/${id}`))!;
    expect(stored).toMatchObject({ status: 'checked-in' });
    // checkedInAt is the latest admission: the same server time as the day just added.
    expect((stored.checkedInAt as Date).toISOString().slice(0, 23)).toBe(both[DAYS[1]].slice(0, 23));
  });

  it('undo takes back the latest day, then the last one, confirming the registration again', async () => {
    const id = await confirmed({
      status: 'checked-in',
      attendance: { [DAYS[0]]: microsecondTime(new Date(nairobiDayStart(DAYS[0]).getTime() + 9 * 3_600_000)) },
    });
    await checkIn(finance, id, DAYS[1]);
    const before = await storedAttendance(id);
    await undo(finance, id);
    expect(await storedAttendance(id)).toEqual({ [DAYS[0]]: before[DAYS[0]] });
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ status: 'checked-in' });
    await undo(admin, id, ACCOUNTS.admin.email);
    expect(await storedAttendance(id)).toEqual({});
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ status: 'confirmed' });
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ status: 'confirmed' });
    // Nothing left to undo.
    await expect(undo(finance, id)).rejects.toThrow(/is not checked in \(now confirmed\)/);
  });

  it('an unpaid registration is refused before anything is written', async () => {
    const id = await confirmed({ status: 'pending', paymentStatus: 'unpaid' });
    await expect(checkIn(finance, id, DAYS[1])).rejects.toThrow(/not confirmed yet: it is not paid/);
    expect(await storedAttendance(id)).toEqual({});
  });
});
