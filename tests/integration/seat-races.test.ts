// No over-booking under any interleaving (issue 18): real concurrent clients, each its own browser
// signed in as its own attendee, registering through the app's own path (registerWithFreeSeat /
// decideRegistration inside submitAs's throttled transaction), against the whole stack with
// firestore.rules enforced. Each race runs several rounds, and some force the worst interleaving
// (the other side commits between a transaction's reads and its commit).
import { doc, getDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, serverValues, type BatchWrite, type Db, type ReadInTransaction } from '../../src/lib/db.ts';
import { submitAs } from '../../src/data/visitor-submit.ts';
import { decideRegistration, registerWithFreeSeat, type RegistrationSettings } from '../../src/features/registrations/submit.ts';
import { SummitFullError } from '../../src/features/registrations/errors.ts';
import { registrationChange } from '../../src/data/registration-record.ts';
import { DEFAULT_SEAT_TIMES, seatPath } from '../../src/data/seats.ts';
import { claimedWrite, joinWaitlistWrites, offerWrites } from '../../src/data/waitlist.ts';
import { signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { commit, paymentCommit, paymentDoc, REGISTRATION, registrationDraft } from './support/forms.ts';
import { ownerGet, uniqueId } from './support/owner.ts';
import { allSlots, attendee, freeSlot, LONG_AGO, ownerWrite, slotOf, withOnlyFree, type Attendee } from './support/seats.ts';
import { findDocuments } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { stack } from './support/clients.ts';

let as: Actors;
let settings: RegistrationSettings;

beforeAll(async () => {
  as = await signInActors();
  const site = (await ownerGet('settings/site'))!;
  settings = {
    categories: site.categories as RegistrationSettings['categories'],
    currency: String(site.currency),
    capacity: Number(site.capacity),
    unpaidHoldHours: Number(site.unpaidHoldHours ?? DEFAULT_SEAT_TIMES.unpaidHoldHours),
    offerHours: Number(site.offerHours ?? DEFAULT_SEAT_TIMES.offerHours),
  };
});
afterAll(closeClients);

type Decide = (read: ReadInTransaction) => Promise<BatchWrite[]>;

/** One attendee's browser: the app's Db over their own client. */
const browserOf = (who: Attendee): Db => createDb(() => who.db);

/** The registration form as the attendee sent it (their proven address). */
const formOf = (who: Attendee) => ({ ...REGISTRATION, email: who.email, fullName: `Racer ${who.email.slice(0, 12)}` });

/**
 * The register page's submission for `who`: their throttled transaction (submitAs) running the
 * decision it is given. `meanwhile` runs inside each attempt after its decision, before its commit;
 * `afterRead(path)` right after each document the decision reads.
 */
function submitFor(
  who: Attendee,
  id: string,
  meanwhile: () => Promise<unknown> = async () => {},
  afterRead: (path: string) => Promise<unknown> = async () => {},
) {
  const db = browserOf(who);
  return (decide: Decide) =>
    submitAs(
      db,
      who.uid,
      'registrations',
      id,
      async (read) => {
        const writes = await decide(async (path) => {
          const data = await read(path);
          await afterRead(path);
          return data;
        });
        await meanwhile();
        return writes;
      },
      () => db.fetchDocument('registrations', id).then(Boolean),
    );
}

/** Registers as the register page does: a free slot found by the app, retried when taken meanwhile. */
async function registerAsPage(who: Attendee, meanwhile?: () => Promise<unknown>) {
  const id = createDb(() => who.db).newId('registrations');
  return registerWithFreeSeat(browserOf(who), submitFor(who, id, meanwhile), id, formOf(who), settings);
}

/** Claims one named slot as the register page's decision does (SeatGoneError when it is not free). */
function claimSlot(
  who: Attendee,
  seat: string,
  options: { extra?: BatchWrite[]; offered?: boolean; meanwhile?: () => Promise<unknown>; afterRead?: (path: string) => Promise<unknown> } = {},
) {
  const id = createDb(() => who.db).newId('registrations');
  return submitFor(who, id, options.meanwhile, options.afterRead)(decideRegistration(id, formOf(who), settings, seat, options.extra, options.offered));
}

/** What a racer was told: its reference, or the error's name. */
const outcome = (p: Promise<string>) =>
  p.then(
    (id) => ({ ok: true as const, id }),
    (error: unknown) => ({
      ok: false as const,
      error: (error as Error).constructor.name,
      code: (error as { code?: string }).code,
      message: (error as Error).message,
    }),
  );

/** Registrations naming slot `n` (owner query). */
async function registrationsOn(n: string) {
  return (await findDocuments(stack(), 'registrations', 'seat', n)).map((d) => decodeFields(d.fields as Parameters<typeof decodeFields>[0]));
}

/**
 * The invariant: a slot is held by at most one registration that is not cancelled and names the
 * slot's claim, and every registration a racer was told went through holds its slot.
 */
async function expectNoOverbooking(slots: string[], told: string[]) {
  for (const n of slots) {
    const slot = (await slotOf(n))!;
    const holders = (await registrationsOn(n)).filter((r) => r.status !== 'cancelled' && r.seatClaim === slot.claim);
    expect(holders.length, `slot ${n}`).toBeLessThanOrEqual(1);
    if (slot.state === 'free') expect(holders, `slot ${n} is free`).toEqual([]);
  }
  for (const id of told) {
    const r = (await ownerGet(`registrations/${id}`))!;
    expect((await slotOf(String(r.seat)))?.claim, `registration ${id} holds its slot`).toBe(r.seatClaim);
  }
}

describe('twenty attendees racing for the last three slots', () => {
  it('(the tests’ parking of the other slots puts each back exactly as it was)', async () => {
    const slot = await freeSlot();
    const before = (await allSlots()).filter(([path]) => path !== seatPath(slot));
    await withOnlyFree([slot], async () => expect((await slotOf('1'))?.claim).toBe('PARKEDBYTHETESTS1'));
    expect((await allSlots()).filter(([path]) => path !== seatPath(slot))).toEqual(before);
  });

  it.each([1, 2, 3, 4, 5])('exactly three register, one per slot; the others are told the summit is full (round %i)', async () => {
    const slots = [await freeSlot(), await freeSlot(), await freeSlot()];
    const racers = await Promise.all(Array.from({ length: 20 }, () => attendee()));
    await withOnlyFree(slots, async () => {
      const results = await Promise.all(racers.map((who) => outcome(registerAsPage(who))));
      const won = results.filter((r) => r.ok).map((r) => (r as { id: string }).id);
      expect(results.filter((r) => !r.ok).map((r) => (r as { error: string }).error)).toEqual(Array(17).fill(SummitFullError.name));
      expect(won).toHaveLength(3);
      const seats = await Promise.all(won.map(async (id) => String((await ownerGet(`registrations/${id}`))!.seat)));
      expect(seats.sort()).toEqual([...slots].sort());
      await expectNoOverbooking(slots, won);
    });
  });

  it('two attendees reaching for the one last slot, the second committing between the first one’s read and commit: one registers, one is told', async () => {
    const [slot] = [await freeSlot()];
    const [first, second] = await Promise.all([attendee(), attendee()]);
    await withOnlyFree([slot], async () => {
      let secondOutcome: ReturnType<typeof outcome> | undefined;
      const firstOutcome = await outcome(
        registerAsPage(first, async () => {
          secondOutcome ??= outcome(registerAsPage(second));
          await secondOutcome;
        }),
      );
      const results = [firstOutcome, await secondOutcome!];
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ error: SummitFullError.name });
      await expectNoOverbooking(
        [slot],
        results.filter((r) => r.ok).map((r) => (r as { id: string }).id),
      );
    });
  });
});

/** A registration for a fresh attendee, through the register page's own commit, on a slot of its own. */
async function heldRegistration() {
  const who = await attendee();
  const draft = await registrationDraft({}, who);
  expect(await verdict(commit(who.db, draft.writes()))).toBe('allowed');
  return { who, id: draft.id, seat: draft.seat!.seat, claim: draft.seat!.claim };
}

/** Staff cancelling a registration as the back office does: a transaction (db.transact) reading it and its slot. */
function staffCancel(id: string) {
  return createDb(() => as.db.finance).transact([`registrations/${id}`], async ([r], read) => {
    const seat = await read(seatPath(String(r!.seat)));
    return { writes: registrationChange(r!, { status: 'cancelled', cancelledAt: serverValues.now() }, seat) };
  });
}

describe('a staff cancel freeing slot k against a new registration claiming slot k', () => {
  it('staff cancel a held registration through db.transact (the back office’s path)', async () => {
    const held = await heldRegistration();
    await staffCancel(held.id);
    expect(await slotOf(held.seat)).toMatchObject({ state: 'free' });
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('never both hold it; the newcomer gets it only once it is free (round %i)', async () => {
    const held = await heldRegistration();
    const newcomer = await attendee();
    const [cancel, claim] = await Promise.all([outcome(staffCancel(held.id).then(() => held.id)), outcome(claimSlot(newcomer, held.seat))]);
    expect(cancel).toEqual({ ok: true, id: held.id });
    // Refused only as the page's decision refuses a slot that is not free (it then tries another).
    if (!claim.ok) expect(claim.error).toBe('SeatGoneError');
    const slot = (await slotOf(held.seat))!;
    expect(slot.state).toBe(claim.ok ? 'held' : 'free');
    await expectNoOverbooking([held.seat], claim.ok ? [claim.id] : []);
  });

  it('a newcomer whose read saw the slot held while the cancel lands is told the slot is gone (the page tries another); never both', async () => {
    const held = await heldRegistration();
    const newcomer = await attendee();
    let cancelled: Promise<unknown> | undefined;
    const claim = await outcome(
      claimSlot(newcomer, held.seat, {
        afterRead: async (path) => {
          if (path !== seatPath(held.seat)) return;
          cancelled ??= staffCancel(held.id);
          await cancelled;
        },
      }),
    );
    expect(claim).toMatchObject({ ok: false, error: 'SeatGoneError' });
    expect((await ownerGet(`registrations/${held.id}`))?.status).toBe('cancelled');
    expect(await slotOf(held.seat)).toMatchObject({ state: 'free' });
  });

  it('a blind commit (no transaction, built before the cancel) is refused while the hold stands', async () => {
    const held = await heldRegistration();
    const newcomer = await attendee();
    const blind = await registrationDraft({}, newcomer, { seat: held.seat });
    const [cancel, claim] = await Promise.all([outcome(staffCancel(held.id).then(() => held.id)), verdict(commit(newcomer.db, blind.writes()))]);
    expect(cancel).toEqual({ ok: true, id: held.id });
    await expectNoOverbooking([held.seat], claim === 'allowed' ? [blind.id] : []);
  });
});

/**
 * The owner's payment submission, as the checkout page sends it (submitAs: throttled, one
 * transaction), built from the record as the page read it; `beforeSending` runs in between.
 */
async function payFor(held: { who: Attendee; id: string }, beforeSending: () => Promise<unknown> = async () => {}) {
  const r = (await getDoc(doc(held.who.db, 'registrations', held.id))).data()!;
  const id = uniqueId('pay');
  const payment = paymentDoc(id, 'registrations', held.id, { amount: r.fee });
  const writes = paymentCommit(id, payment, { collection: 'registrations', id: held.id, record: r });
  await beforeSending();
  return submitAs(browserOf(held.who), held.who.uid, 'payments', id, writes, async () => false);
}

describe('an expiry against a payment', () => {
  const pay = (held: { who: Attendee; id: string }) => payFor(held);

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'a lapsed hold: its owner’s payment and a newcomer’s claim race; exactly one wins, the loser is told (round %i)',
    async () => {
      const held = await heldRegistration();
      await ownerWrite([seatPath(held.seat), { state: 'held', claim: held.claim, heldSince: LONG_AGO }]);
      const newcomer = await attendee();
      const [paid, claimed] = await Promise.all([outcome(pay(held)), outcome(claimSlot(newcomer, held.seat))]);
      expect([paid.ok, claimed.ok].filter(Boolean)).toHaveLength(1);
      if (!paid.ok) expect(paid).toMatchObject({ code: 'permission-denied' });
      if (!claimed.ok) expect(claimed.error).toBe('SeatGoneError');
      const slot = (await slotOf(held.seat))!;
      if (paid.ok) {
        expect(slot).toMatchObject({ state: 'taken', claim: held.claim });
        expect((await ownerGet(`registrations/${held.id}`))?.paymentStatus).toBe('submitted');
      } else {
        expect((await ownerGet(`registrations/${held.id}`))?.paymentStatus).toBe('unpaid');
      }
      await expectNoOverbooking([held.seat], claimed.ok ? [claimed.id] : [held.id]);
    },
  );
});

describe('an expiry against a payment, forced interleavings', () => {
  it('the newcomer decided on the lapsed hold, then the owner paid before it committed: the newcomer is retried and told the slot is gone', async () => {
    const held = await heldRegistration();
    await ownerWrite([seatPath(held.seat), { state: 'held', claim: held.claim, heldSince: LONG_AGO }]);
    const newcomer = await attendee();
    let paid: ReturnType<typeof outcome> | undefined;
    const claimed = await outcome(
      claimSlot(newcomer, held.seat, {
        meanwhile: async () => {
          paid ??= outcome(payFor(held));
          await paid;
        },
      }),
    );
    expect(await paid).toMatchObject({ ok: true });
    expect(claimed).toMatchObject({ ok: false, error: 'SeatGoneError' });
    expect(await slotOf(held.seat)).toMatchObject({ state: 'taken', claim: held.claim });
    await expectNoOverbooking([held.seat], [held.id]);
  });

  it('the newcomer claimed the lapsed hold while the owner was on the checkout page: the payment is refused, and the owner is told', async () => {
    const held = await heldRegistration();
    await ownerWrite([seatPath(held.seat), { state: 'held', claim: held.claim, heldSince: LONG_AGO }]);
    const newcomer = await attendee();
    const payment = payFor(held, async () => expect(await outcome(claimSlot(newcomer, held.seat))).toMatchObject({ ok: true }));
    expect(await outcome(payment)).toMatchObject({ ok: false, code: 'permission-denied' });
    expect((await ownerGet(`registrations/${held.id}`))?.paymentStatus).toBe('unpaid');
    await expectNoOverbooking([held.seat], []);
  });
});

describe('an offer claim against a new registration on the offered slot', () => {
  /** Someone on the waiting list, offered a slot by finance as the back office does. */
  async function offered() {
    const who = await attendee();
    expect(await verdict(commit(who.db, joinWaitlistWrites(formOf(who))))).toBe('allowed');
    const seat = await freeSlot();
    expect(await verdict(commit(as.db.finance, offerWrites(who.email, seat)))).toBe('allowed');
    return { who, seat };
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('the offered person registers; the newcomer is refused while the offer is open (round %i)', async () => {
    const { who, seat } = await offered();
    const newcomer = await attendee();
    const blind = await registrationDraft({}, await attendee(), { seat });
    const [claim, rival, blindVerdict] = await Promise.all([
      outcome(claimSlot(who, seat, { extra: [claimedWrite(who.email)], offered: true })),
      outcome(claimSlot(newcomer, seat)),
      verdict(commit(blind.by.db, blind.writes())),
    ]);
    expect(claim.ok).toBe(true);
    expect(rival).toMatchObject({ ok: false, error: 'SeatGoneError' });
    expect(blindVerdict).toBe('denied');
    expect(await ownerGet(`waitlist/${who.email}`)).toMatchObject({ status: 'registered' });
    await expectNoOverbooking([seat], [(claim as { id: string }).id]);
  });
});
