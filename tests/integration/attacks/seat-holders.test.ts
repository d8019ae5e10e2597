// Attacker's suite, class 13: seat slots moved without their holder. A slot (seats/{n}) is public
// and names nobody; the registration or waiting-list offer naming its claim holds it. Finance (and
// so an administrator) could write any slot shape, and point any registration at any claim: free a
// paid registration's slot for a stranger to claim, re-claim an active hold for someone else, or
// put a second registration on an active slot's claim. A slot now changes only with the record that
// justifies it, named in the same commit by seatMoves/{n} (firestore.rules: staffMovesSeat,
// seatMovesTo), for every role. Each refusal has its control: the honest commit next to it passes.
import { doc, setDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverValues, type BatchWrite } from '../../../src/lib/db.ts';
import { checkoutOf, checkoutWrite, registrationChange, registrationHolder } from '../../../src/data/registration-record.ts';
import { FREE_SEAT, freeSeatWrite, newSeatClaim, seatMoveWrite, seatPath } from '../../../src/data/seats.ts';
import { entryHolder, joinWaitlistWrites, offerWrites } from '../../../src/data/waitlist.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { commit, fieldsOf, REGISTRATION, registrationDoc, registrationDraft, type Doc } from '../support/forms.ts';
import { ownerGet, unclaimedCode, uniqueId } from '../support/owner.ts';
import { attendee, freeSlot, LONG_AGO, seatedFixture, setSlot, slotOf } from '../support/seats.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');

type Staff = 'finance' | 'admin';
const STAFF: Staff[] = ['finance', 'admin'];

/** A registration holding its own slot (paid and taken, or unpaid and held since now), set up past the rules. */
async function seated(paid: boolean) {
  const id = uniqueId('held');
  const fields = fieldsOf(registrationDoc(id, { email: `${id}@example.org` }, await unclaimedCode()));
  const status = paid ? { status: 'confirmed', paymentStatus: 'paid' } : { status: 'pending', paymentStatus: 'unpaid' };
  const { seat, claim, stored } = await seatedFixture(id, { ...fields, ...status });
  return { id, seat, claim, record: stored as Doc & { id: string } };
}

/** The record as stored now, with its id (a change starts from it). */
const stored = async (id: string) => ({ ...(await ownerGet(`registrations/${id}`))!, id });

/** Points registration `r` at slot `seat` with `claim`: the record and its checkout in step, as finance's change would be. */
const pointAt = (r: Doc & { id: string }, seat: string, claim: string): BatchWrite[] => [
  { update: `registrations/${r.id}`, data: { seat, seatClaim: claim } },
  checkoutWrite({ ...r, seat, seatClaim: claim }),
];

/** A stranger registering on slot `n` as the register page would (the control that the slot is still up for grabs or not). */
async function strangerClaims(n: string) {
  const draft = await registrationDraft({}, await attendee(), { seat: n });
  return commit(draft.by.db, draft.writes());
}

describe.each(STAFF)('%s frees a paid seat', (who) => {
  it('refuses freeing the slot while its paid registration still names it, so no stranger claims it', async () => {
    const paid = await seated(true);
    const db = as.db[who];
    await denied(setDoc(doc(db, 'seats', paid.seat), { ...FREE_SEAT }));
    // Naming the registration as the slot's `from` does not help while it stays confirmed.
    await denied(commit(db, [freeSeatWrite(paid.seat), seatMoveWrite(paid.seat, registrationHolder(paid.id), null)]));
    // Nor naming another registration, cancelled, that never held this claim.
    const other = await seated(false);
    await commit(
      as.db.finance,
      registrationChange(await stored(other.id), { status: 'cancelled', cancelledAt: serverValues.now() }, { ...(await slotOf(other.seat))!, id: other.seat }),
    );
    await denied(commit(db, [freeSeatWrite(paid.seat), seatMoveWrite(paid.seat, registrationHolder(other.id), null)]));
    expect(await slotOf(paid.seat)).toMatchObject({ state: 'taken', claim: paid.claim });
    await denied(strangerClaims(paid.seat));
  });

  it('control: cancelling the registration in the same commit frees it, and then a stranger may claim it', async () => {
    const paid = await seated(true);
    const writes = registrationChange(
      await stored(paid.id),
      { status: 'cancelled', cancelledAt: serverValues.now() },
      { ...(await slotOf(paid.seat))!, id: paid.seat },
    );
    await allowed(commit(as.db[who], writes));
    expect(await slotOf(paid.seat)).toMatchObject({ state: 'free' });
    await allowed(strangerClaims(paid.seat));
  });

  it('refuses turning a paid slot held again (a hold that would lapse) while the registration stays paid', async () => {
    const paid = await seated(true);
    await denied(
      commit(as.db[who], [
        { set: seatPath(paid.seat), data: { state: 'held', claim: paid.claim, heldSince: serverValues.now() } },
        seatMoveWrite(paid.seat, registrationHolder(paid.id), registrationHolder(paid.id)),
      ]),
    );
  });
});

describe.each(STAFF)('%s re-claims an active hold for another registration', (who) => {
  it('refuses a new claim on a live hold, even with the other registration pointed at it and named as the holder', async () => {
    const held = await seated(false);
    const other = await seated(false);
    const claim = newSeatClaim();
    const steal = [
      { set: seatPath(held.seat), data: { state: 'held', claim, heldSince: serverValues.now() } },
      ...pointAt(await stored(other.id), held.seat, claim),
      seatMoveWrite(held.seat, null, registrationHolder(other.id)),
    ];
    await denied(commit(as.db[who], steal));
    // Naming the current holder as `from` while it stays active changes nothing.
    await denied(commit(as.db[who], [...steal.slice(0, -1), seatMoveWrite(held.seat, registrationHolder(held.id), registrationHolder(other.id))]));
    expect(await slotOf(held.seat)).toMatchObject({ state: 'held', claim: held.claim });
  });

  it('refuses renewing a live hold from now (the same claim, a later heldSince) without a payment state to match', async () => {
    const held = await seated(false);
    await denied(
      commit(as.db[who], [
        { set: seatPath(held.seat), data: { state: 'held', claim: held.claim, heldSince: serverValues.now() } },
        seatMoveWrite(held.seat, registrationHolder(held.id), registrationHolder(held.id)),
      ]),
    );
  });

  it('control: once the hold has lapsed, the slot may be claimed for the other registration, named as its holder', async () => {
    const held = await seated(false);
    const other = await seated(false);
    await setSlot(held.seat, 'held', held.claim, LONG_AGO);
    const claim = newSeatClaim();
    const slotWrite = { set: seatPath(held.seat), data: { state: 'held', claim, heldSince: serverValues.now() } };
    // Not for a record that does not name the claim after the commit.
    await denied(commit(as.db[who], [slotWrite, seatMoveWrite(held.seat, null, registrationHolder(other.id))]));
    await allowed(
      commit(as.db[who], [slotWrite, ...pointAt(await stored(other.id), held.seat, claim), seatMoveWrite(held.seat, null, registrationHolder(other.id))]),
    );
    expect(await slotOf(held.seat)).toMatchObject({ state: 'held', claim });
  });
});

describe.each(STAFF)('%s points a second registration at an active slot’s claim', (who) => {
  it('refuses the pointer alone, and with the slot rewritten in the same commit', async () => {
    const paid = await seated(true);
    const other = await seated(true);
    const r = await stored(other.id);
    await denied(commit(as.db[who], pointAt(r, paid.seat, paid.claim)));
    await denied(
      commit(as.db[who], [
        ...pointAt(r, paid.seat, paid.claim),
        { set: seatPath(paid.seat), data: { state: 'taken', claim: paid.claim, heldSince: serverValues.now() } },
        seatMoveWrite(paid.seat, null, registrationHolder(other.id)),
      ]),
    );
    // Nor dropping its own seat while its slot stays claimed (the seat would be held by nobody for ever).
    await denied(
      commit(as.db[who], [{ update: `registrations/${other.id}`, data: { seat: '', seatClaim: '' } }, checkoutWrite({ ...r, seat: '', seatClaim: '' })]),
    );
  });
});

describe('an administrator deletes a registration', () => {
  it('refuses leaving its slot claimed by nobody (a seat nobody could free again); control: giving it back in the same commit', async () => {
    const paid = await seated(true);
    const gone: BatchWrite[] = [{ delete: `registrations/${paid.id}` }, { delete: `checkouts/${paid.id}` }];
    await denied(commit(as.db.admin, gone));
    await allowed(commit(as.db.admin, [...gone, freeSeatWrite(paid.seat), seatMoveWrite(paid.seat, registrationHolder(paid.id), null)]));
    expect(await slotOf(paid.seat)).toMatchObject({ state: 'free' });
  });
});

describe('an administrator creates a registration', () => {
  it('refuses one on an active slot’s claim; control: the same without a seat', async () => {
    const paid = await seated(true);
    const id = uniqueId('second');
    const code = await unclaimedCode();
    const record: Doc & { id: string } = { ...(await stored(paid.id)), id, email: `${id}@example.org`, paymentCode: code };
    const create = (r: Doc & { id: string }) =>
      commit(as.db.admin, [
        { set: `registrations/${id}`, data: r },
        { set: `checkouts/${id}`, data: checkoutOf(r) },
        { set: `paymentCodes/${code}`, data: { collection: 'registrations', recordId: id } },
      ]);
    await denied(create(record));
    const { seat: _seat, seatClaim: _claim, ...unseated } = record;
    await allowed(create(unseated as Doc & { id: string }));
  });
});

describe.each(STAFF)('%s offers a held seat to the waiting list', (who) => {
  async function waiting() {
    const person = await attendee();
    await allowed(commit(person.db, joinWaitlistWrites({ ...REGISTRATION, email: person.email })));
    return person.email;
  }

  it('refuses offering a taken slot while its registration is active, and naming it as `from` does not help', async () => {
    const paid = await seated(true);
    const email = await waiting();
    await denied(commit(as.db[who], offerWrites(email, paid.seat)));
    await denied(commit(as.db[who], offerWrites(email, paid.seat, { from: registrationHolder(paid.id) })));
    expect(await slotOf(paid.seat)).toMatchObject({ state: 'taken', claim: paid.claim });
  });

  it('refuses an entry naming an active slot’s claim as its offer', async () => {
    const paid = await seated(true);
    const email = await waiting();
    await denied(
      commit(as.db[who], [{ update: `waitlist/${email}`, data: { status: 'offered', offer: { seat: paid.seat, claim: paid.claim, at: serverValues.now() } } }]),
    );
  });

  it('refuses re-offering a live offer while its entry still holds it; passes it on once the entry withdraws in the same commit', async () => {
    const first = await waiting();
    const slot = await freeSlot();
    await allowed(commit(as.db[who], offerWrites(first, slot)));
    const second = await waiting();
    await denied(commit(as.db[who], offerWrites(second, slot, { from: entryHolder(first) })));
    await allowed(
      commit(as.db[who], [
        { update: `waitlist/${first}`, data: { status: 'withdrawn', offer: null } },
        ...offerWrites(second, slot, { from: entryHolder(first) }),
      ]),
    );
    expect(await ownerGet(`waitlist/${second}`)).toMatchObject({ status: 'offered', offer: { seat: slot } });
  });
});

describe('the seat move itself', () => {
  it('is written and read by finance only, stamped now', async () => {
    const n = (await seated(false)).seat;
    await denied(commit(as.db.editor, [seatMoveWrite(n, null, null)]));
    await denied(commit(as.db.signedIn, [seatMoveWrite(n, null, null)]));
    await denied(setDoc(doc(as.db.finance, 'seatMoves', n), { from: null, to: null, at: new Date('2020-01-01') }));
    await allowed(commit(as.db.finance, [seatMoveWrite(n, null, null)]));
  });
});
