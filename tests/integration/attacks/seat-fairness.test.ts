// Attacker's suite: seat fairness (issue 32, item 3). An unpaid hold cannot be renewed for ever by
// cancelling and registering again: a slot freed while anyone waits goes to the waiting list first
// (the rules decide, from the count of people waiting, not whoever is quickest), and the same
// address registering again keeps its earlier hold's start. The count itself moves only with the
// entry that justifies it.
import { doc, setDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverValues, writePath, type BatchWrite, type ServerValue } from '../../../src/lib/db.ts';
import { attendeePath } from '../../../src/data/attendees.ts';
import { registrationChange } from '../../../src/data/registration-record.ts';
import { seatPath } from '../../../src/data/seats.ts';
import { claimedWrite, joinWaitlistWrites, offerWrites, waitingCountWrite, waitlistPath, withdrawWrites } from '../../../src/data/waitlist.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { commit, REGISTRATION, registrationDraft } from '../support/forms.ts';
import { ownerGet } from '../support/owner.ts';
import { attendee, freeSlot, LONG_AGO, ownerWrite, slotOf, type Attendee } from '../support/seats.ts';
import { waitingCount, WAITING_COUNT_PATH } from '../support/waiting.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');
const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

/** `who` registers on `seat` (a free slot of their own unless given), their hold starting at `heldSince` when given. */
async function register(who: Attendee, seat?: string, heldSince?: Date | ServerValue) {
  const draft = await registrationDraft({}, who, { seat, heldSince });
  return { draft, result: await verdict(commit(who.db, draft.writes())) };
}

/** The owner's cancel as "my registration" sends it: the record, its checkout, its slot freed. */
async function cancel(who: Attendee, id: string) {
  const r = (await ownerGet(`registrations/${id}`))!;
  const seat = await ownerGet(seatPath(String(r.seat)));
  await expectAllowed(
    commit(
      who.db,
      registrationChange({ ...r, id }, { status: 'cancelled', cancelledAt: serverValues.now() }, seat && { ...seat, id: String(r.seat) }, { byOwner: true }),
    ),
  );
}

/** Someone on the waiting list, joined as the register page joins (the count moved with them). */
async function waiter() {
  const who = await attendee();
  await expectAllowed(commit(who.db, joinWaitlistWrites({ ...REGISTRATION, email: who.email })));
  return who;
}

describe('a freed seat goes to the waiting list first', () => {
  it('refuses the holder registering again on the slot they just freed, and anyone else, while someone waits; the waiting person gets it', async () => {
    const holder = await attendee();
    const first = await register(holder);
    expect(first.result).toBe('allowed');
    const seat = first.draft.seat!.seat;
    const next = await waiter();
    expect(await waitingCount()).toBe(1);

    await cancel(holder, first.draft.id);
    expect(await slotOf(seat)).toMatchObject({ state: 'free' });
    expect((await register(holder, seat)).result).toBe('denied');
    expect((await register(await attendee(), seat)).result).toBe('denied');

    // Staff offer it to the first in line (the count moves with the entry), who claims it.
    await expectAllowed(commit(as.db.finance, offerWrites(next.email, seat)));
    expect(await waitingCount()).toBe(0);
    const claim = await registrationDraft({}, next, { seat });
    await expectAllowed(commit(next.db, [...claim.writes(), claimedWrite(next.email)]));
  });

  it('refuses claiming a hold that lapsed while someone waits; allows it once nobody does', async () => {
    const holder = await attendee();
    const first = await register(holder);
    const seat = first.draft.seat!.seat;
    const s = (await slotOf(seat))!;
    await ownerWrite([seatPath(seat), { ...s, heldSince: LONG_AGO }]);
    const next = await waiter();
    expect((await register(await attendee(), seat)).result).toBe('denied');
    await expectAllowed(commit(next.db, withdrawWrites({ email: next.email, status: 'waiting' })));
    expect(await waitingCount()).toBe(0);
    expect((await register(await attendee(), seat)).result).toBe('allowed');
  });
});

describe('registering again keeps the earlier hold', () => {
  it('refuses a fresh hold for an address whose earlier hold still runs; allows the earlier start, to the millisecond', async () => {
    const holder = await attendee();
    const first = await register(holder);
    const started = (await ownerGet(attendeePath(holder.email)))!.heldSince as Date;
    await cancel(holder, first.draft.id);

    expect((await register(holder, undefined, serverValues.now())).result).toBe('denied');
    expect((await register(holder, undefined, new Date(started.getTime() + 60_000))).result).toBe('denied');
    expect((await register(holder, undefined, new Date(started.getTime() - 1))).result).toBe('denied');
    const again = await register(holder, undefined, started);
    expect(again.result).toBe('allowed');
    expect(await slotOf(again.draft.seat!.seat)).toMatchObject({ state: 'held', heldSince: started });
    expect(await ownerGet(`registrations/${again.draft.id}`)).toMatchObject({ heldSince: started });
  });

  it('starts a fresh hold once the earlier one has ended, and refuses carrying the ended one', async () => {
    const holder = await attendee();
    const first = await register(holder);
    await cancel(holder, first.draft.id);
    const entry = (await ownerGet(attendeePath(holder.email)))!;
    await ownerWrite([attendeePath(holder.email), { ...entry, heldSince: LONG_AGO }]);
    expect((await register(holder, undefined, LONG_AGO)).result).toBe('denied');
    expect((await register(holder, undefined, serverValues.now())).result).toBe('allowed');
  });

  it('refuses an address entry whose start differs from its registration’s', async () => {
    const holder = await attendee();
    const draft = await registrationDraft({}, holder);
    const writes = draft
      .writes()
      .map((w): BatchWrite =>
        writePath(w) === attendeePath(holder.email) ? { set: writePath(w), data: { registrationId: draft.id, heldSince: LONG_AGO } } : w,
      );
    await expectDenied(commit(holder.db, writes));
  });
});

describe('the count of people waiting moves only with its entry', () => {
  it('refuses anyone but an administrator setting it, and an administrator naming an entry that did not move', async () => {
    const next = await waiter();
    for (const db of [next.db, as.db.finance, as.db.editor, (await attendee()).db]) {
      await expectDenied(setDoc(doc(db, 'counters', 'waitlist'), { waiting: 0, lastAddress: '' }));
      await expectDenied(setDoc(doc(db, 'counters', 'waitlist'), { waiting: 0, lastAddress: next.email }));
    }
    await expectDenied(setDoc(doc(as.db.admin, 'counters', 'waitlist'), { waiting: 0, lastAddress: next.email }));
    await expectDenied(setDoc(doc(as.db.admin, 'counters', 'waitlist'), { waiting: -1, lastAddress: '' }));
    await expectDenied(setDoc(doc(as.db.admin, 'counters', 'waitlist'), { waiting: 1, lastAddress: '', note: 'x' }));
    await expectAllowed(setDoc(doc(as.db.admin, 'counters', 'waitlist'), { waiting: 1, lastAddress: '' }));
  });

  it('refuses joining without moving it, or moving it by two', async () => {
    const who = await attendee();
    const [entry] = joinWaitlistWrites({ ...REGISTRATION, email: who.email });
    await expectDenied(commit(who.db, [entry]));
    await expectDenied(commit(who.db, [entry, { ...waitingCountWrite(who.email, 1), data: { waiting: serverValues.increment(2), lastAddress: who.email } }]));
    await expectDenied(commit(who.db, [entry, waitingCountWrite('someone.else@example.org', 1)]));
    expect(await ownerGet(waitlistPath(who.email))).toBeNull();
  });

  it('refuses one move of the count for two entries, and leaving or an offer that leaves it', async () => {
    const [a, b] = [await waiter(), await waiter()];
    expect(await waitingCount()).toBe(2);
    await expectDenied(commit(a.db, withdrawWrites({ email: a.email, status: 'offered' })));
    const [seatWrite, entryWrite, moveWrite, countWrite] = offerWrites(a.email, await freeSlot());
    await expectDenied(commit(as.db.finance, [seatWrite, entryWrite, moveWrite]));
    // One offered and another withdrawn by staff in one commit with one move: the count names one entry only.
    await expectDenied(commit(as.db.finance, [seatWrite, entryWrite, moveWrite, countWrite, { update: waitlistPath(b.email), data: { status: 'withdrawn' } }]));
    await expectAllowed(commit(as.db.finance, [seatWrite, entryWrite, moveWrite, countWrite]));
    expect(await waitingCount()).toBe(1);
    await expectAllowed(commit(b.db, withdrawWrites({ email: b.email, status: 'waiting' })));
    expect(await waitingCount()).toBe(0);
  });

  it('an administrator removing a waiting entry moves it too', async () => {
    const who = await waiter();
    await expectDenied(commit(as.db.admin, [{ delete: waitlistPath(who.email) }]));
    await expectAllowed(commit(as.db.admin, [{ delete: waitlistPath(who.email) }, waitingCountWrite(who.email, -1)]));
    expect(await ownerGet(WAITING_COUNT_PATH)).toMatchObject({ waiting: 0, lastAddress: who.email });
  });
});
