// Attendees, their seats and the waiting list (issue 18), by role and by hostile commit: seat
// slots (who moves them, which may be claimed, in which shapes), one active registration per
// address, who reads a registration (its owner; the reference alone opens only its checkout), the
// owner's cancel and payment, registration drafts, and the waiting list with its offers.
import { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, serverValues, writePath, type BatchWrite } from '../../src/lib/db.ts';
import { attendeePath } from '../../src/data/attendees.ts';
import { checkoutOf, checkoutWrite, registrationChange, registrationHolder } from '../../src/data/registration-record.ts';
import { EPOCH, FREE_SEAT, freeSeatWrite, newSeatClaim, seatMoveWrite, seatPath } from '../../src/data/seats.ts';
import { claimedWrite, joinWaitlistWrites, offerWrites, REJOIN_MINUTES, waitlistPath, withdrawWrites } from '../../src/data/waitlist.ts';
import { throttleWrite, type ThrottleEntry } from '../../src/data/visitor-throttle.ts';
import { registrationCancelledMail, registrationCancelledMailId, waitlistJoinedMail, waitlistJoinedMailId } from '../../src/data/mail.ts';
import { signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, connect, visitor } from './support/clients.ts';
import {
  commit,
  dropWrite,
  FORMS,
  paymentCommit,
  paymentDoc,
  REGISTRATION,
  registrationDraft,
  registrationDraftForm,
  replaceWrite,
  type Doc,
  type Draft,
} from './support/forms.ts';
import { ownerDelete, ownerGet, uniqueId, withSettings } from './support/owner.ts';
import { attendee, freeSlot, LONG_AGO, ownerWrite, setSlot, slotOf, type Attendee } from './support/seats.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');
const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

/** Registers `who` (a fresh attendee unless given) on `seat` (a free slot of its own unless given): the draft and the verdict. */
async function register(who?: Attendee, seat?: string, change: Record<string, unknown> = {}) {
  const draft = await registrationDraft(change, who, { seat });
  return { draft, result: await verdict(commit(draft.by.db, draft.writes())) };
}

/** A registration that went through, with its owner. */
async function registered(change: Record<string, unknown> = {}) {
  const who = await attendee();
  const { draft, result } = await register(who, undefined, change);
  expect(result).toBe('allowed');
  return { who, draft, id: draft.id, seat: draft.seat!.seat, claim: draft.seat!.claim };
}

/** The stored registration and its slot, as a change to it starts from (read through the SDK, as staff). */
async function current(id: string) {
  const r = (await getDoc(doc(as.db.admin, 'registrations', id))).data()!;
  const seat = (await getDoc(doc(as.db.admin, 'seats', String(r.seat)))).data();
  return { r: { ...r, id }, seat: seat ? { ...seat, id: String(r.seat) } : null };
}

/** The owner's cancel as the data layer builds it: the record, its checkout, its slot freed. */
async function cancelWrites(id: string) {
  const { r, seat } = await current(id);
  return registrationChange(r, { status: 'cancelled', cancelledAt: serverValues.now() }, seat, { byOwner: true });
}

/** Lets a hold lapse: its slot held since long ago (owner write; the shared clock stays put). */
const lapse = async (seat: string) => {
  const s = (await slotOf(seat))!;
  await ownerWrite([seatPath(seat), { ...s, heldSince: LONG_AGO }]);
};

describe('seat slots', () => {
  it('control: a free slot of the capacity is claimed by a registration created with it', async () => {
    const { result, draft } = await register();
    expect(result).toBe('allowed');
    expect(await slotOf(draft.seat!.seat)).toMatchObject({ state: 'held', claim: draft.seat!.claim });
  });

  it.each([
    ['0', 'zero'],
    ['01', 'a leading zero (a second name for slot 1)'],
    ['-1', 'negative'],
    ['1e3', 'in exponent notation'],
    ['1200000', 'beyond six digits'],
    ['abc', 'not a number'],
    ['1.5', 'a fraction'],
    [' 7', 'with a space'],
  ])('refuses claiming a slot named %s (%s), even when such a document exists free', async (n) => {
    await ownerWrite([seatPath(n), { ...FREE_SEAT }]);
    try {
      const { result } = await register(undefined, n);
      expect(result).toBe('denied');
      await ownerDelete(seatPath(n));
      await expectDenied(setDoc(doc(as.db.admin, 'seats', n), { ...FREE_SEAT }));
    } finally {
      await ownerDelete(seatPath(n));
    }
  });

  it('refuses claiming a slot above the capacity, and an administrator creating one', async () => {
    const n = await freeSlot();
    await withSettings({ capacity: Number(n) - 1 }, async () => {
      expect((await register(undefined, n)).result).toBe('denied');
      await ownerDelete(seatPath(n));
      await expectDenied(setDoc(doc(as.db.admin, 'seats', n), { ...FREE_SEAT }));
    });
    await expectAllowed(setDoc(doc(as.db.admin, 'seats', n), { ...FREE_SEAT }));
  });

  it.each([
    ['a live hold', (n: string) => setSlot(n, 'held')],
    ['a taken slot', (n: string) => setSlot(n, 'taken')],
    ['a taken slot held long ago (paid seats never lapse)', (n: string) => setSlot(n, 'taken', newSeatClaim(), LONG_AGO)],
    ['a live offer to someone on the waiting list', (n: string) => setSlot(n, 'offered')],
    ['a missing slot', (n: string) => ownerDelete(seatPath(n))],
  ])('refuses claiming %s', async (_, arrange) => {
    const n = await freeSlot();
    await arrange(n);
    const before = await slotOf(n);
    expect((await register(undefined, n)).result).toBe('denied');
    expect(await slotOf(n)).toEqual(before);
  });

  it.each([
    ['a hold that lapsed', (n: string) => setSlot(n, 'held', newSeatClaim(), LONG_AGO)],
    ['an offer that lapsed', (n: string) => setSlot(n, 'offered', newSeatClaim(), LONG_AGO)],
  ])('allows claiming %s', async (_, arrange) => {
    const n = await freeSlot();
    await arrange(n);
    expect((await register(undefined, n)).result).toBe('allowed');
  });

  it('refuses claiming a lapsed hold under the claim it already had (a new claim, or the old holder could pay for it)', async () => {
    const n = await freeSlot();
    const { claim } = await setSlot(n, 'held', newSeatClaim(), LONG_AGO);
    const draft = await registrationDraft({}, await attendee(), { seat: n, claim: claim as string });
    await expectDenied(commit(draft.by.db, draft.writes()));
  });

  it.each([
    ['16 letters and digits (the shortest)', 'A1'.repeat(8), 'allowed'],
    ['40 letters and digits (the longest)', 'b2'.repeat(20), 'allowed'],
    ['15 characters', 'C'.repeat(15), 'denied'],
    ['41 characters', 'D'.repeat(41), 'denied'],
    ['an empty claim', '', 'denied'],
    ['a hyphen', 'ABCDEFGH-1234567', 'denied'],
    ['a space', 'ABCDEFGH 1234567', 'denied'],
    ['a slash', 'ABCDEFGH/1234567', 'denied'],
    ['non-ASCII letters', 'ÄBCDEFGH12345678', 'denied'],
  ])('a registration claiming with %s is %s', async (_, claim, expected) => {
    const draft = await registrationDraft({}, await attendee(), { claim });
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe(expected);
  });

  it('refuses a registration claiming two slots (the second with the same claim)', async () => {
    const draft = await registrationDraft({}, await attendee());
    const other = await freeSlot();
    const second: BatchWrite = { set: seatPath(other), data: { state: 'held', claim: draft.seat!.claim, heldSince: serverTimestamp() } };
    await expectDenied(commit(draft.by.db, [...draft.writes(), second]));
    expect(await slotOf(other)).toMatchObject({ state: 'free' });
  });

  it('refuses an attendee freeing, holding or lapsing a slot by hand', async () => {
    const who = await attendee();
    const { seat } = await registered();
    await expectDenied(setDoc(doc(who.db, 'seats', seat), { ...FREE_SEAT }));
    await expectDenied(setDoc(doc(who.db, 'seats', seat), { state: 'held', claim: newSeatClaim(), heldSince: LONG_AGO }));
    await expectDenied(setDoc(doc(who.db, 'seats', await freeSlot()), { state: 'held', claim: newSeatClaim(), heldSince: serverTimestamp() }));
  });

  it('refuses moving a slot to the claim of a registration made earlier (only one created in the same commit claims)', async () => {
    const { who, claim, id } = await registered();
    const n = await freeSlot();
    await expectDenied(setDoc(doc(who.db, 'seats', n), { state: 'held', claim, heldSince: serverTimestamp() }));
    // Nor with a throttle entry naming that earlier registration again.
    await expectDenied(
      commit(who.db, [{ set: seatPath(n), data: { state: 'held', claim, heldSince: serverTimestamp() } }, throttleWrite(who.uid, 'registrations', id, null)]),
    );
    expect(await slotOf(n)).toMatchObject({ state: 'free' });
  });

  // Each on a lapsed hold (nobody holds it), in a commit with its seat move naming no record: a
  // claimed slot needs the record that names its claim after the commit (attacks/seat-holders.test.ts).
  describe('the shapes finance may give a slot', () => {
    it.each([
      ['free', () => ({ ...FREE_SEAT }), 'allowed'],
      ['held, with a claim nobody names', () => ({ state: 'held', claim: newSeatClaim(), heldSince: serverTimestamp() }), 'denied'],
      ['taken, with a claim nobody names', () => ({ state: 'taken', claim: newSeatClaim(), heldSince: serverTimestamp() }), 'denied'],
      ['offered, with a claim nobody names', () => ({ state: 'offered', claim: newSeatClaim(), heldSince: serverTimestamp() }), 'denied'],
      ['free but naming a claim', () => ({ state: 'free', claim: newSeatClaim(), heldSince: EPOCH }), 'denied'],
      ['free since now (a free slot is held since the epoch)', () => ({ state: 'free', claim: '', heldSince: serverTimestamp() }), 'denied'],
      ['held without a claim', () => ({ state: 'held', claim: '', heldSince: serverTimestamp() }), 'denied'],
      ['held with a short claim', () => ({ state: 'held', claim: 'SHORT', heldSince: serverTimestamp() }), 'denied'],
      ['a state the policy does not know', () => ({ state: 'reserved', claim: newSeatClaim(), heldSince: serverTimestamp() }), 'denied'],
      ['an extra field', () => ({ ...FREE_SEAT, holder: 'someone@example.org' }), 'denied'],
      ['a time that is not a time', () => ({ state: 'held', claim: newSeatClaim(), heldSince: 'yesterday' }), 'denied'],
      ['no time', () => ({ state: 'held', claim: newSeatClaim() }), 'denied'],
    ])('%s: %s', async (_, data, expected) => {
      const n = await freeSlot();
      await setSlot(n, 'held', newSeatClaim(), LONG_AGO);
      expect(await verdict(commit(as.db.finance, [{ set: seatPath(n), data: data() }, seatMoveWrite(n, null, null)]))).toBe(expected);
    });

    it('finance may not free a slot without its seat move, even a lapsed one', async () => {
      const n = await freeSlot();
      await setSlot(n, 'held', newSeatClaim(), LONG_AGO);
      await expectDenied(setDoc(doc(as.db.finance, 'seats', n), { ...FREE_SEAT }));
    });

    it('an editor may not move a slot; finance may not create or delete one', async () => {
      await expectDenied(setDoc(doc(as.db.editor, 'seats', await freeSlot()), { state: 'held', claim: newSeatClaim(), heldSince: serverTimestamp() }));
      await expectDenied(deleteDoc(doc(as.db.finance, 'seats', await freeSlot())));
      const n = await freeSlot();
      await ownerDelete(seatPath(n));
      await expectDenied(setDoc(doc(as.db.finance, 'seats', n), { ...FREE_SEAT }));
    });

    it.each([
      ['a live hold', (n: string) => setSlot(n, 'held'), 'denied'],
      ['a taken slot', (n: string) => setSlot(n, 'taken'), 'denied'],
      ['a live offer', (n: string) => setSlot(n, 'offered'), 'denied'],
      ['a lapsed hold', (n: string) => setSlot(n, 'held', newSeatClaim(), LONG_AGO), 'allowed'],
      ['a free slot', (n: string) => setSlot(n, 'free'), 'allowed'],
    ])('an administrator deleting %s is %s', async (_, arrange, expected) => {
      const n = await freeSlot();
      await arrange(n);
      expect(await verdict(deleteDoc(doc(as.db.admin, 'seats', n)))).toBe(expected);
    });

    it('an administrator creates only free slots', async () => {
      const n = await freeSlot();
      await ownerDelete(seatPath(n));
      await expectDenied(setDoc(doc(as.db.admin, 'seats', n), { state: 'taken', claim: newSeatClaim(), heldSince: serverTimestamp() }));
      await expectAllowed(setDoc(doc(as.db.admin, 'seats', n), { ...FREE_SEAT }));
    });
  });
});

describe('one active registration per address', () => {
  it('refuses a second registration under the same address', async () => {
    const { who } = await registered();
    expect((await register(who)).result).toBe('denied');
  });

  it('refuses it with the address typed in another letter case (stored, and keyed, in lower case)', async () => {
    const { who } = await registered();
    expect((await register(who, undefined, { email: who.email.toUpperCase() })).result).toBe('denied');
  });

  it('refuses a hand-made commit that keeps the typed case to dodge the entry', async () => {
    const { who } = await registered();
    const draft = await registrationDraft({}, who);
    const shouted = who.email.replace(/^./, (c) => c.toUpperCase());
    const writes = draft
      .writes({ ...draft.doc, email: shouted })
      .map((w): BatchWrite =>
        writePath(w) === attendeePath(shouted) ? { set: `attendees/${shouted}`, data: { registrationId: draft.id, heldSince: serverValues.now() } } : w,
      );
    await expectDenied(commit(who.db, writes));
  });

  it('refuses registering under someone else’s address, or without a verified one', async () => {
    const someone = await attendee();
    const draft = await registrationDraft({ email: `${uniqueId('victim')}@example.org` }, someone);
    await expectDenied(commit(someone.db, draft.writes()));
    const unverified = await attendee(undefined, false);
    const theirs = await registrationDraft({}, unverified);
    await expectDenied(commit(unverified.db, theirs.writes()));
    const anonymous = await visitor();
    const nobody = await registrationDraft({ email: `${uniqueId('anon')}@example.org` }, anonymous);
    await expectDenied(commit(anonymous.db, nobody.writes()));
  });

  it('allows registering again once the first is cancelled (by its owner, who frees the slot)', async () => {
    const { who, id, seat } = await registered();
    await expectAllowed(commit(who.db, await cancelWrites(id)));
    expect(await slotOf(seat)).toMatchObject({ state: 'free', claim: '' });
    expect((await register(who)).result).toBe('allowed');
  });

  it('allows registering again once the unpaid hold lapsed and its slot went to someone else', async () => {
    const { who, seat } = await registered();
    await lapse(seat);
    expect((await register(undefined, seat)).result).toBe('allowed');
    expect((await register(who)).result).toBe('allowed');
  });

  it('allows registering again once the unpaid hold lapsed (the slot is anyone’s to claim)', async () => {
    const { who, seat } = await registered();
    await lapse(seat);
    expect((await register(who)).result).toBe('allowed');
  });

  it('allows registering again once the unpaid hold lapsed and its slot was removed (a capacity lowered)', async () => {
    const { who, seat } = await registered();
    await lapse(seat);
    await ownerDelete(seatPath(seat));
    try {
      expect((await register(who)).result).toBe('allowed');
    } finally {
      await ownerWrite([seatPath(seat), { ...FREE_SEAT }]);
    }
  });

  it('refuses registering again while a free-of-charge or paid registration holds the slot, however old', async () => {
    const { who, seat } = await registered({ category: 'survivor' });
    await ownerWrite([seatPath(seat), { ...(await slotOf(seat))!, heldSince: LONG_AGO }]);
    expect((await register(who)).result).toBe('denied');
  });

  it('refuses an attendee pointing their entry at another registration, or deleting it', async () => {
    const { who } = await registered();
    const other = await registered();
    await expectDenied(setDoc(doc(who.db, 'attendees', who.email), { registrationId: other.id }));
    await expectDenied(deleteDoc(doc(who.db, 'attendees', who.email)));
    await expectAllowed(getDoc(doc(who.db, 'attendees', who.email)));
    await expectDenied(getDoc(doc(who.db, 'attendees', other.who.email)));
  });
});

describe('who reads a registration', () => {
  it('its owner gets it and lists their own; a stranger with the reference does not', async () => {
    const { who, id } = await registered();
    const stranger = await attendee();
    await expectAllowed(getDoc(doc(who.db, 'registrations', id)));
    const mine = await getDocs(query(collection(who.db, 'registrations'), where('email', '==', who.email)));
    expect(mine.docs.map((d) => d.id)).toEqual([id]);
    await expectDenied(getDoc(doc(stranger.db, 'registrations', id)));
    await expectDenied(getDoc(doc(as.db.anonymous, 'registrations', id)));
    await expectDenied(getDocs(query(collection(stranger.db, 'registrations'), where('email', '==', who.email))));
    await expectDenied(getDocs(collection(who.db, 'registrations')));
  });

  it('the same address, signed in once it is no longer verified, reads nothing', async () => {
    const { who, id } = await registered();
    const unverified = await connect({ email: who.email, password: 'attendee-password-1', emailVerified: false });
    await expectDenied(getDoc(doc(unverified.db, 'registrations', id)));
    await expectDenied(getDoc(doc(unverified.db, 'attendees', who.email)));
  });

  it('anyone reads its checkout projection, in step with the registration', async () => {
    const { id, draft } = await registered();
    const checkout = (await getDoc(doc(as.db.anonymous, 'checkouts', id))).data()!;
    expect(checkout).toEqual({
      id,
      fullName: draft.doc.fullName,
      email: draft.doc.email,
      category: draft.doc.category,
      fee: draft.doc.fee,
      currency: draft.doc.currency,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentNote: '',
      seat: draft.seat!.seat,
      seatClaim: draft.seat!.claim,
      paymentCode: draft.doc.paymentCode,
      receivedMinor: 0,
    });
  });

  it('refuses staff changing a registration without its checkout, or with a wrong one', async () => {
    const { id } = await registered();
    const { r, seat } = await current(id);
    const writes = registrationChange(r, { paymentStatus: 'paid', status: 'confirmed' }, seat);
    await expectDenied(commit(as.db.finance, dropWrite(writes, `checkouts/${id}`)));
    await expectDenied(
      commit(as.db.finance, replaceWrite(writes, `checkouts/${id}`, { ...checkoutOf({ ...r, id }), status: 'confirmed', paymentStatus: 'unpaid' })),
    );
    await expectDenied(commit(as.db.admin, dropWrite(writes, `checkouts/${id}`)));
    await expectAllowed(commit(as.db.finance, writes));
  });

  it('refuses an administrator deleting a registration and leaving its checkout behind', async () => {
    const { id, seat } = await registered();
    const slotBack = [freeSeatWrite(seat), seatMoveWrite(seat, registrationHolder(id), null)];
    await expectDenied(commit(as.db.admin, [{ delete: `registrations/${id}` }, ...slotBack]));
    await expectAllowed(commit(as.db.admin, [{ delete: `registrations/${id}` }, { delete: `checkouts/${id}` }, ...slotBack]));
  });
});

describe('an active registration keeps its slot (staff changes)', () => {
  it('refuses finance confirming an unpaid registration without taking its slot', async () => {
    const { id } = await registered();
    const { r, seat } = await current(id);
    const writes = registrationChange(r, { status: 'confirmed', paymentStatus: 'not-required' }, seat);
    await expectDenied(commit(as.db.finance, dropWrite(writes, seatPath(String((r as Doc).seat)))));
    await expectAllowed(commit(as.db.finance, writes));
  });

  it('refuses finance reinstating a cancelled registration without claiming a slot for it', async () => {
    const { who, id } = await registered();
    await commit(who.db, await cancelWrites(id));
    const { r } = await current(id);
    await expectDenied(commit(as.db.finance, [{ update: `registrations/${id}`, data: { status: 'pending' } }, checkoutWrite({ ...r, status: 'pending' })]));
  });

  it('refuses finance recording a payment for a registration whose lapsed hold went to someone else', async () => {
    const d = await registered();
    await lapse(d.seat);
    expect((await register(undefined, d.seat)).result).toBe('allowed');
    const { r } = await current(d.id);
    await expectDenied(
      commit(as.db.finance, [
        { update: `registrations/${d.id}`, data: { paymentStatus: 'paid', status: 'confirmed' } },
        checkoutWrite({ ...r, paymentStatus: 'paid', status: 'confirmed' }),
      ]),
    );
  });
});

describe('the owner cancels', () => {
  it('their own, freeing the slot, with the checkout in step', async () => {
    const { who, id, seat } = await registered();
    await expectAllowed(commit(who.db, await cancelWrites(id)));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ status: 'cancelled' });
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ status: 'cancelled' });
    expect(await slotOf(seat)).toEqual({ ...FREE_SEAT });
  });

  it('not someone else’s', async () => {
    const { id } = await registered();
    const stranger = await attendee();
    await expectDenied(commit(stranger.db, await cancelWrites(id)));
    await expectDenied(commit(as.db.signedIn, await cancelWrites(id)));
  });

  it.each([
    ['keeping the slot', (w: BatchWrite[], d: { seat: string }) => dropWrite(w, seatPath(d.seat))],
    [
      'handing the slot to a claim of their own',
      (w: BatchWrite[], d: { seat: string }) => replaceWrite(w, seatPath(d.seat), { state: 'held', claim: newSeatClaim(), heldSince: serverTimestamp() }),
    ],
    ['without the checkout', (w: BatchWrite[], d: { id: string }) => dropWrite(w, `checkouts/${d.id}`)],
    [
      'with a cancel time of their own',
      (w: BatchWrite[], d: { id: string }) =>
        w.map((x) => (writePath(x) === `registrations/${d.id}` ? { update: writePath(x), data: { status: 'cancelled', cancelledAt: new Date() } } : x)),
    ],
    [
      'changing their name while at it',
      (w: BatchWrite[], d: { id: string }) =>
        w.map((x) =>
          writePath(x) === `registrations/${d.id}`
            ? { update: writePath(x), data: { status: 'cancelled', cancelledAt: serverTimestamp(), fullName: 'Someone' } }
            : x,
        ),
    ],
  ])('refuses a cancel %s', async (_, tamper) => {
    const d = await registered();
    await expectDenied(commit(d.who.db, tamper(await cancelWrites(d.id), d)));
    expect(await slotOf(d.seat)).toMatchObject({ state: 'held', claim: d.claim });
  });

  it('refuses them freeing the slot of a registration they cancelled earlier, now someone else’s', async () => {
    const d = await registered();
    await commit(d.who.db, await cancelWrites(d.id));
    const { draft } = await register(undefined, d.seat);
    await expectDenied(setDoc(doc(d.who.db, 'seats', d.seat), { ...FREE_SEAT }));
    expect(await slotOf(d.seat)).toMatchObject({ state: 'held', claim: draft.seat!.claim });
  });
});

// The app's Db (src/lib/db.ts) reads times as Dates (milliseconds): a change built from such a
// read must still be in step with the stored record (the checkout copies no time).
describe('changes built from what the app’s Db reads', () => {
  it('the owner cancels their registration as read through db.fetchDocument', async () => {
    const { who, id, seat } = await registered();
    const db = createDb(() => who.db);
    const r = (await db.fetchDocument('registrations', id))!;
    const slot = await db.fetchDocument('seats', String(r.seat));
    await expectAllowed(commit(who.db, registrationChange(r, { status: 'cancelled', cancelledAt: serverValues.now() }, slot, { byOwner: true })));
    expect(await slotOf(seat)).toEqual({ ...FREE_SEAT });
  });

  it('the owner’s cancel tells them by email, as "my registration" commits it; a stranger cannot send that message', async () => {
    const { who, id } = await registered();
    const db = createDb(() => who.db);
    const r = (await db.fetchDocument('registrations', id))!;
    const slot = await db.fetchDocument('seats', String(r.seat));
    const mail = registrationCancelledMail(r);
    const stranger = await attendee();
    await expectDenied(commit(stranger.db, [mail]));
    await expectAllowed(commit(who.db, [...registrationChange(r, { status: 'cancelled', cancelledAt: serverValues.now() }, slot, { byOwner: true }), mail]));
    expect(await ownerGet(`mail/${registrationCancelledMailId(id, null)}`)).toMatchObject({ to: who.email, template: { name: 'registration-cancelled' } });
  });
});

describe('paying for a registration', () => {
  /** The owner's payment for their registration, as the checkout page commits it. */
  async function payment(d: { who: Attendee; id: string }) {
    const id = uniqueId('pay');
    const { r } = await current(d.id);
    const doc_ = paymentDoc(id, 'registrations', d.id, { amount: (r as Doc).fee as number });
    const throttle = throttleWrite(d.who.uid, 'payments', id, (await ownerGet(`throttles/${d.who.uid}`))?.payments as ThrottleEntry | undefined);
    return [...paymentCommit(id, doc_, { collection: 'registrations', id: d.id, record: r }), throttle];
  }

  it('takes the slot with the same claim, the checkout in step', async () => {
    const d = await registered();
    await expectAllowed(commit(d.who.db, await payment(d)));
    expect(await slotOf(d.seat)).toMatchObject({ state: 'taken', claim: d.claim });
  });

  it.each([
    ['without taking the slot', (w: BatchWrite[], d: { seat: string }) => dropWrite(w, seatPath(d.seat))],
    [
      'taking the slot under another claim',
      (w: BatchWrite[], d: { seat: string }) => replaceWrite(w, seatPath(d.seat), { state: 'taken', claim: newSeatClaim(), heldSince: serverTimestamp() }),
    ],
    ['freeing the slot instead', (w: BatchWrite[], d: { seat: string }) => replaceWrite(w, seatPath(d.seat), { ...FREE_SEAT })],
    ['without the checkout', (w: BatchWrite[], d: { id: string }) => dropWrite(w, `checkouts/${d.id}`)],
  ])('refuses a payment %s', async (_, tamper) => {
    const d = await registered();
    await expectDenied(commit(d.who.db, tamper(await payment(d), d)));
  });

  it('refuses a payment once the hold lapsed and another registration claimed the slot', async () => {
    const d = await registered();
    await lapse(d.seat);
    expect((await register(undefined, d.seat)).result).toBe('allowed');
    await expectDenied(commit(d.who.db, await payment(d)));
  });

  it('refuses a payment for a registration the address has since replaced', async () => {
    const d = await registered();
    await lapse(d.seat);
    expect((await register(d.who)).result).toBe('allowed');
    await expectDenied(commit(d.who.db, await payment(d)));
  });
});

describe('registration drafts', () => {
  const draftOf = async (email: string, change: (doc: Doc) => Doc = (d) => d) => {
    const draft = await registrationDraftForm.draft({ email });
    return { draft, writes: draft.writes(change(draft.doc)) };
  };

  it('a visitor stores one under the throttle; only whoever signs in with that address reads or deletes it', async () => {
    const owner = await attendee();
    const { draft, writes } = await draftOf(owner.email.toUpperCase());
    await expectAllowed(commit(draft.by.db, writes));
    const stranger = await attendee();
    await expectDenied(getDoc(doc(draft.by.db, 'registrationDrafts', draft.id)));
    await expectDenied(getDoc(doc(stranger.db, 'registrationDrafts', draft.id)));
    await expectDenied(getDoc(doc(as.db.admin, 'registrationDrafts', draft.id)));
    await expectDenied(deleteDoc(doc(stranger.db, 'registrationDrafts', draft.id)));
    await expectDenied(getDocs(query(collection(owner.db, 'registrationDrafts'), where('email', '==', owner.email.toUpperCase()))));
    await expectAllowed(getDoc(doc(owner.db, 'registrationDrafts', draft.id)));
    await expectAllowed(deleteDoc(doc(owner.db, 'registrationDrafts', draft.id)));
  });

  it('the address signed in without verification reads nothing', async () => {
    const owner = await attendee();
    const { draft, writes } = await draftOf(owner.email);
    await commit(draft.by.db, writes);
    const unverified = await connect({ email: owner.email, password: 'attendee-password-1', emailVerified: false });
    await expectDenied(getDoc(doc(unverified.db, 'registrationDrafts', draft.id)));
    await expectDenied(deleteDoc(doc(unverified.db, 'registrationDrafts', draft.id)));
  });

  it.each([
    ['without its throttle', (w: BatchWrite[]) => w.filter((x) => !writePath(x).startsWith('throttles/')), (d: Doc) => d],
    ['expiring in nine days', (w: BatchWrite[]) => w, (d: Doc) => ({ ...d, expiresAt: new Date(Date.now() + 9 * 86_400_000) })],
    ['already expired', (w: BatchWrite[]) => w, (d: Doc) => ({ ...d, expiresAt: new Date(Date.now() - 60_000) })],
    ['with a time of its own', (w: BatchWrite[]) => w, (d: Doc) => ({ ...d, timestamp: new Date() })],
    ['with a form of thirteen fields', (w: BatchWrite[]) => w, (d: Doc) => ({ ...d, form: { ...REGISTRATION, a: 1, b: 2 } })],
    ['with an address that is not one', (w: BatchWrite[]) => w, (d: Doc) => ({ ...d, email: 'not-an-address' })],
    ['with an extra field', (w: BatchWrite[]) => w, (d: Doc) => ({ ...d, status: 'confirmed' })],
  ])('refuses a draft %s', async (_, writes, change) => {
    const { draft, writes: w } = await draftOf(`${uniqueId('draft')}@example.org`, change);
    await expectDenied(commit(draft.by.db, writes(w)));
  });

  it('refuses rewriting a stored draft, even by its owner', async () => {
    const owner = await attendee();
    const { draft, writes } = await draftOf(owner.email);
    await commit(draft.by.db, writes);
    await expectDenied(updateDoc(doc(owner.db, 'registrationDrafts', draft.id), { email: `${uniqueId('x')}@example.org` }));
  });
});

describe('the waiting list', () => {
  const join = (who: Attendee, change: Record<string, unknown> = {}) => commit(who.db, joinWaitlistWrites({ ...REGISTRATION, email: who.email, ...change }));
  const entry = (email: string) => ownerGet(waitlistPath(email));

  /** An attendee on the list with a live offer of a slot (made by finance as the back office does). */
  async function offered() {
    const who = await attendee();
    await expectAllowed(join(who));
    const seat = await freeSlot();
    await expectAllowed(commit(as.db.finance, offerWrites(who.email, seat)));
    return { who, seat, offer: (await entry(who.email))!.offer as { seat: string; claim: string } };
  }

  it('an attendee joins as themselves, reads their own entry and withdraws; strangers read nothing', async () => {
    const who = await attendee();
    await expectAllowed(join(who));
    expect(await entry(who.email)).toMatchObject({ status: 'waiting', offer: null, email: who.email });
    const stranger = await attendee();
    await expectDenied(getDoc(doc(stranger.db, 'waitlist', who.email)));
    await expectDenied(getDoc(doc(as.db.anonymous, 'waitlist', who.email)));
    await expectDenied(getDocs(collection(who.db, 'waitlist')));
    await expectAllowed(getDoc(doc(who.db, 'waitlist', who.email)));
    await expectDenied(commit(stranger.db, withdrawWrites({ email: who.email, status: 'waiting' })));
    await expectAllowed(commit(who.db, withdrawWrites({ email: who.email, status: 'waiting' })));
    // Back on the list later (REJOIN_MINUTES after joining: attacks/volume), at its end.
    const joined = new Date(Date.now() - (REJOIN_MINUTES + 1) * 60_000);
    await ownerWrite([waitlistPath(who.email), { ...(await ownerGet(waitlistPath(who.email)))!, timestamp: joined, position: joined }]);
    await expectAllowed(join(who));
    expect(await entry(who.email)).toMatchObject({ status: 'waiting' });
  });

  describe('the "you are on the list" email', () => {
    const joinWithMail = (who: Attendee, previous: Date | null, mail = waitlistJoinedMail({ ...REGISTRATION, email: who.email }, previous)) =>
      commit(who.db, [...joinWaitlistWrites({ ...REGISTRATION, email: who.email }), mail]);
    type MailWrite = { set: string; data: Doc };
    const mailOf = (who: Attendee, previous: Date | null = null) => waitlistJoinedMail({ ...REGISTRATION, email: who.email }, previous) as MailWrite;

    it('goes with each join, once, to the joiner with their name; a join after leaving sends another', async () => {
      const who = await attendee();
      await expectAllowed(joinWithMail(who, null));
      const first = await ownerGet(`mail/${waitlistJoinedMailId(who.email, null)}`);
      expect(first).toMatchObject({ to: who.email, template: { name: 'waitlist-joined', data: { name: REGISTRATION.fullName } }, recordId: who.email });
      await expectAllowed(commit(who.db, withdrawWrites({ email: who.email, status: 'waiting' })));
      const joined = new Date(Date.now() - (REJOIN_MINUTES + 1) * 60_000);
      await ownerWrite([waitlistPath(who.email), { ...(await ownerGet(waitlistPath(who.email)))!, timestamp: joined, position: joined }]);
      // The id of the first join's message is taken: joining again names the join before it.
      await expectDenied(joinWithMail(who, null));
      await expectAllowed(joinWithMail(who, joined));
      expect(await ownerGet(`mail/${waitlistJoinedMailId(who.email, joined)}`)).toMatchObject({ template: { name: 'waitlist-joined' } });
    });

    it.each([
      ['without a join in the same commit', 'alone'],
      ['to another address', 'to'],
      ['in words of the sender’s (another name)', 'name'],
      ['with data of its own', 'data'],
      ['under an id of its own (a second message for one join)', 'id'],
      ['about another person’s entry', 'record'],
    ])('is refused %s', async (_, how) => {
      const who = await attendee();
      const mail = mailOf(who);
      const changed: Record<string, MailWrite> = {
        to: { ...mail, data: { ...mail.data, to: 'victim@example.org' } },
        name: { ...mail, data: { ...mail.data, template: { name: 'waitlist-joined', data: { name: 'Click https://evil.example now' } } } },
        data: { ...mail, data: { ...mail.data, template: { name: 'waitlist-joined', data: { name: REGISTRATION.fullName, link: 'x' } } } },
        id: { ...mail, set: `mail/waitlist-joined-${who.email}-1` },
        record: { ...mail, data: { ...mail.data, recordId: `${uniqueId('other')}@example.org` } },
      };
      if (how === 'alone') {
        await expectAllowed(join(who));
        await expectDenied(commit(who.db, [mail]));
      } else {
        await expectDenied(joinWithMail(who, null, changed[how]));
      }
    });

    it('is refused twice in one join (volume)', async () => {
      const who = await attendee();
      const mail = mailOf(who);
      await expectDenied(commit(who.db, [...joinWaitlistWrites({ ...REGISTRATION, email: who.email }), mail, { ...mail, set: `mail/${uniqueId('mail')}` }]));
    });
  });

  it('refuses joining for someone else, anonymously, unverified, twice, or while registration is closed', async () => {
    const who = await attendee();
    await expectDenied(commit(who.db, joinWaitlistWrites({ ...REGISTRATION, email: `${uniqueId('other')}@example.org` })));
    await expectDenied(commit((await visitor()).db, joinWaitlistWrites({ ...REGISTRATION, email: `${uniqueId('anon')}@example.org` })));
    const unverified = await attendee(undefined, false);
    await expectDenied(join(unverified));
    await withSettings({ registrationOpen: false }, async () => expectDenied(join(who)));
    await expectAllowed(join(who));
    await expectDenied(join(who));
  });

  it.each([
    ['a position of its own (jumping the queue)', { position: new Date('2020-01-01') }],
    ['already offered', { status: 'offered' }],
    ['an offer of its own', { offer: { seat: '1', claim: newSeatClaim(), at: new Date() } }],
  ])('refuses joining with %s', async (_, change) => {
    const who = await attendee();
    const [write, count] = joinWaitlistWrites({ ...REGISTRATION, email: who.email }) as [{ set: string; data: Doc }, BatchWrite];
    await expectDenied(commit(who.db, [{ ...write, data: { ...write.data, ...change } }, count]));
  });

  it('refuses joining while holding an active registration; allows it once that registration is cancelled', async () => {
    const { who, id } = await registered();
    await expectDenied(join(who));
    await commit(who.db, await cancelWrites(id));
    await expectAllowed(join(who));
  });

  it('staff offer a slot: finance only, the entry naming the slot’s own claim', async () => {
    const who = await attendee();
    await join(who);
    await expectDenied(commit(as.db.editor, offerWrites(who.email, await freeSlot())));
    await expectDenied(commit(who.db, offerWrites(who.email, await freeSlot())));
    const seat = await freeSlot();
    const [slotWrite, entryWrite, ...rest] = offerWrites(who.email, seat);
    await expectDenied(
      commit(as.db.finance, [
        slotWrite,
        { ...entryWrite, data: { ...(entryWrite as { data: Doc }).data, offer: { seat, claim: newSeatClaim(), at: serverTimestamp() } } },
        ...rest,
      ]),
    );
    await expectAllowed(commit(as.db.finance, offerWrites(who.email, seat)));
    expect(await slotOf(seat)).toMatchObject({ state: 'offered' });
  });

  it('the offered person turns the offer into a registration on the offered slot', async () => {
    const { who, seat } = await offered();
    const draft = await registrationDraft({}, who, { seat });
    await expectAllowed(commit(who.db, [...draft.writes(), claimedWrite(who.email)]));
    expect(await entry(who.email)).toMatchObject({ status: 'registered' });
    expect(await slotOf(seat)).toMatchObject({ state: 'held', claim: draft.seat!.claim });
  });

  it('refuses the offered person claiming without saying the entry became the registration', async () => {
    const { who, seat } = await offered();
    const draft = await registrationDraft({}, who, { seat });
    await expectDenied(commit(who.db, draft.writes()));
  });

  it('refuses anyone else claiming a slot while its offer is open, and the offered person a slot offered to another', async () => {
    const { seat } = await offered();
    expect((await register(undefined, seat)).result).toBe('denied');
    const other = await offered();
    const draft = await registrationDraft({}, other.who, { seat });
    await expectDenied(commit(other.who.db, [...draft.writes(), claimedWrite(other.who.email)]));
  });

  it('refuses the offered person marking the entry registered without a registration', async () => {
    const { who } = await offered();
    await expectDenied(commit(who.db, [claimedWrite(who.email)]));
  });

  it('once the offer lapsed, the slot is anyone’s', async () => {
    const { seat } = await offered();
    await lapse(seat);
    expect((await register(undefined, seat)).result).toBe('allowed');
  });

  it('refuses a stranger withdrawing or claiming someone else’s offer', async () => {
    const { who, seat } = await offered();
    const stranger = await attendee();
    await expectDenied(commit(stranger.db, withdrawWrites({ email: who.email, status: 'waiting' })));
    const draft = await registrationDraft({}, stranger, { seat });
    await expectDenied(commit(stranger.db, [...draft.writes(), claimedWrite(who.email)]));
  });

  it('staff reorder the list; the person may not move themselves', async () => {
    const who = await attendee();
    await join(who);
    await expectDenied(updateDoc(doc(who.db, 'waitlist', who.email), { position: new Date('2020-01-01') }));
    await expectAllowed(updateDoc(doc(as.db.finance, 'waitlist', who.email), { position: new Date('2020-01-01') }));
    await expectDenied(updateDoc(doc(as.db.editor, 'waitlist', who.email), { position: new Date('2020-01-02') }));
  });
});

// Keep an eye on the shapes the tests build: a slot id from FORMS.registration is one of ours.
it('the registration form in these tests claims a slot of the seeded capacity', async () => {
  const draft: Draft = await FORMS.registration.draft();
  expect(Number(draft.seat!.seat)).toBeGreaterThan(600);
  expect(checkoutWrite({ ...draft.doc, id: draft.id })).toMatchObject({ set: `checkouts/${draft.id}` });
});
