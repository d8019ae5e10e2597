// The back office's commits that move seats, against the rules: each is built by the same code the
// screens run (the decide functions), committed in a transaction by a finance or admin client.
// Verifying a payment with its checkout; cancelling with the seat offered to the waiting list and
// its email; a lapsed offer passed on; the one hold reminder; archiving and restoring a registration.
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, serverValues, type BatchWrite } from '../../src/lib/db.ts';
import { checkoutOf, registrationChange } from '../../src/data/registration-record.ts';
import { registrationCancelledMail, registrationCancelledMailId } from '../../src/data/mail.ts';
import { quotedCode } from '../../src/data/payment-codes.ts';
import { registrationMoveWrites } from '../../src/admin/registration-moves.ts';
import { decideVerify, readSeat, verdictPaths, type AdminPayment } from '../../src/features/payments/admin/payment-actions.ts';
import { decideStatusChange, freeSlot } from '../../src/features/registrations/admin/record-actions.ts';
import { decideOffer, decidePass, decideReminder } from '../../src/data/timed-work/decisions.ts';
import { findSeatHolder, seatMoveWrites } from '../../src/data/seat-capacity.ts';
import { ACCOUNTS, verdict } from './support/actors.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';
import { client, closeClients } from './support/clients.ts';
import { fixture, ownerDelete, ownerGet, unclaimedCode, uniqueId } from './support/owner.ts';
import { waitingEntry as waiting } from './support/waiting.ts';

let admin: Firestore;
let finance: Firestore;
beforeAll(async () => {
  [admin, finance] = await Promise.all([client(ACCOUNTS.admin), client(ACCOUNTS.finance)]);
});
afterAll(closeClients);

const HOUR = 3_600_000;
const times = { unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 24 };
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
// Slots well inside the seeded capacity (1200) and above the demo registrations', one per case.
let nextSlot = 900 + Math.floor(Math.random() * 200);
const slot = () => String(nextSlot++);
const newClaim = () => `c${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 24).padEnd(16, 'x');

async function registration(over: Record<string, unknown>) {
  const id = uniqueId('reg');
  const seat = slot();
  const claim = newClaim();
  const heldSince = (over.heldSince as Date | undefined) ?? ago(1);
  const r = {
    ...SAMPLE_REGISTRATION,
    id,
    fullName: 'Wanjiru Kamau',
    email: `${id}@example.org`,
    category: 'delegate',
    fee: 15000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    searchTokens: [],
    seat,
    seatClaim: claim,
    heldSince,
    // Claimed by the fixture, as the register page's commit claims it.
    paymentCode: await unclaimedCode(),
    ...over,
  };
  await fixture(`registrations/${id}`, r);
  const stored = (await ownerGet(`registrations/${id}`))!;
  await fixture(`checkouts/${id}`, checkoutOf({ ...stored, id }));
  const state = r.paymentStatus === 'unpaid' ? 'held' : 'taken';
  await fixture(`seats/${seat}`, { state, claim, heldSince });
  return { id, seat, claim, email: r.email as string, code: r.paymentCode };
}

/** A decided transaction as useStaffTransaction commits it (the log entry left out: its rule is not the subject here). */
const transact = (as: Firestore, paths: string[], decide: (docs: never[], read: (p: string) => Promise<never>) => Promise<BatchWrite[]> | BatchWrite[]) =>
  createDb(() => as).transact(paths, async (docs, read) => ({ writes: await decide(docs as never[], read as never) }));

describe('finance verifies a payment for a seated registration', () => {
  it('the record, its checkout and the mail in one commit; the seat stays taken', async () => {
    const { id, seat, claim } = await registration({ paymentStatus: 'submitted', lastPaymentId: 'tbd' });
    const paymentId = uniqueId('pay');
    await fixture(`registrations/${id}`, { ...(await ownerGet(`registrations/${id}`)), lastPaymentId: paymentId });
    await fixture(`checkouts/${id}`, checkoutOf({ ...(await ownerGet(`registrations/${id}`))!, id }));
    await fixture(`seats/${seat}`, { state: 'taken', claim, heldSince: new Date() });
    const payment: AdminPayment = {
      id: paymentId,
      payerName: 'Wanjiru',
      method: 'mobile-money',
      reference: `QX${Date.now()}`,
      amount: 15000,
      currency: 'KES',
      targetCollection: 'registrations',
      targetId: id,
      status: 'submitted',
    };
    await fixture(`payments/${paymentId}`, { ...payment });
    const result = transact(
      finance,
      verdictPaths({ payment }),
      async (docs, read) =>
        decideVerify(docs, {
          payment,
          note: '',
          staffEmail: ACCOUNTS.finance.email,
          mailId: uniqueId('mail'),
          seat: await readSeat('registrations', docs[1], read),
        }).writes,
    );
    expect(await verdict(result)).toBe('allowed');
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
  });
});

describe('cancelling a registration', () => {
  it('offers its seat to the first person waiting, with the waitlist-offer email, in the same commit', async () => {
    const { id, seat } = await registration({ status: 'confirmed', paymentStatus: 'paid' });
    const email = await waiting();
    const mailId = uniqueId('mail');
    const record = { ...(await ownerGet(`registrations/${id}`))!, id } as never;
    const result = transact(
      finance,
      [`registrations/${id}`],
      async ([current], read) =>
        decideStatusChange(
          current,
          await read(`seats/${seat}`),
          { record, name: 'Wanjiru', status: 'cancelled' },
          { next: await read(`waitlist/${email}`), times, mailId },
        ).writes,
    );
    expect(await verdict(result)).toBe('allowed');
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'offered' });
    expect(await ownerGet(`waitlist/${email}`)).toMatchObject({ status: 'offered', offer: { seat } });
    expect(await ownerGet(`mail/${mailId}`)).toMatchObject({ to: email, template: { name: 'waitlist-offer' }, recordCollection: 'waitlist', recordId: email });
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ status: 'cancelled' });
  });

  it('frees its seat when nobody waits', async () => {
    const { id, seat } = await registration({ status: 'confirmed', paymentStatus: 'paid' });
    const record = { ...(await ownerGet(`registrations/${id}`))!, id } as never;
    const result = transact(
      finance,
      [`registrations/${id}`],
      async ([current], read) =>
        decideStatusChange(current, await read(`seats/${seat}`), { record, name: 'Wanjiru', status: 'cancelled' }, { next: null, times, mailId: 'unused' })
          .writes,
    );
    expect(await verdict(result)).toBe('allowed');
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'free', claim: '' });
  });

  it('tells the registrant, once per cancellation: cancelled, reinstated and cancelled again sends a second message', async () => {
    const { id, seat } = await registration({ status: 'confirmed', paymentStatus: 'paid' });
    const cancel = () =>
      transact(finance, [`registrations/${id}`], async ([current], read) => {
        const record = { ...(current as Record<string, unknown>), id } as never;
        return decideStatusChange(
          current,
          await read(`seats/${seat}`),
          { record, name: 'Wanjiru', status: 'cancelled' },
          { next: null, times, mailId: 'unused' },
        ).writes;
      });
    expect(await verdict(cancel())).toBe('allowed');
    const first = (await ownerGet(`registrations/${id}`))!;
    const told = await ownerGet(`mail/${registrationCancelledMailId(id, null)}`);
    expect(told).toMatchObject({
      to: first.email,
      template: { name: 'registration-cancelled', data: { name: first.fullName, reference: id, code: quotedCode(id, first) } },
      recordCollection: 'registrations',
      recordId: id,
    });
    // Reinstated (as finance does, on its own free slot), then cancelled again: a message of its own.
    await fixture(`seats/${seat}`, { state: 'free', claim: '', heldSince: new Date(0) });
    const reinstated = transact(finance, [`registrations/${id}`], async ([current], read) => {
      const own = await read(`seats/${seat}`);
      const reseat = await freeSlot(own, [], times, read);
      const record = { ...(current as Record<string, unknown>), id } as never;
      return decideStatusChange(current, own, { record, name: 'Wanjiru', status: 'confirmed' }, { next: null, times, mailId: 'unused', reseat }).writes;
    });
    expect(await verdict(reinstated)).toBe('allowed');
    expect(await verdict(cancel())).toBe('allowed');
    expect(await ownerGet(`mail/${registrationCancelledMailId(id, first.cancelledAt)}`)).toMatchObject({ template: { name: 'registration-cancelled' } });
  });

  it.each([
    ['without a cancellation in the same commit', 'alone'],
    ['to another address', 'to'],
    ['in other words (data of the sender’s)', 'data'],
    ['under a second id for one cancellation', 'id'],
  ])('refuses a cancellation message %s', async (_, how) => {
    const { id, seat } = await registration({ status: 'confirmed', paymentStatus: 'paid' });
    const r = { ...(await ownerGet(`registrations/${id}`))!, id };
    const mail = registrationCancelledMail(r) as { set: string; data: Record<string, unknown> };
    const bad = {
      alone: mail,
      to: { ...mail, data: { ...mail.data, to: 'victim@example.org' } },
      data: {
        ...mail,
        data: { ...mail.data, template: { name: 'registration-cancelled', data: { name: 'Visit https://evil.example', reference: id, code: id } } },
      },
      id: { ...mail, set: `mail/registration-cancelled-${id}-1` },
    }[how]!;
    const writes = async (read: (path: string) => Promise<Record<string, unknown> | null>) =>
      how === 'alone'
        ? [bad]
        : [...registrationChange({ ...r }, { status: 'cancelled', cancelledAt: serverValues.now() }, (await read(`seats/${seat}`)) as never), bad];
    expect(await verdict(transact(finance, [], async (_docs, read) => writes(read as never)))).toBe('denied');
  });
});

describe('reinstating a cancelled registration', () => {
  it('finance puts it back on a free slot with a new claim, its checkout in step', async () => {
    const { id, seat } = await registration({ status: 'cancelled', paymentStatus: 'paid' });
    await fixture(`seats/${seat}`, { state: 'free', claim: '', heldSince: new Date(0) });
    const record = { ...(await ownerGet(`registrations/${id}`))!, id } as never;
    const result = transact(finance, [`registrations/${id}`], async ([current], read) => {
      const own = await read(`seats/${seat}`);
      const reseat = await freeSlot(own, [], times, read);
      return decideStatusChange(current, own, { record, name: 'Wanjiru', status: 'pending' }, { next: null, times, mailId: 'unused', reseat }).writes;
    });
    expect(await verdict(result)).toBe('allowed');
    const after = (await ownerGet(`registrations/${id}`))!;
    expect(after).toMatchObject({ status: 'pending', seat });
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'taken', claim: after.seatClaim });
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ status: 'pending', seatClaim: after.seatClaim });
  });
});

describe('a capacity lowered: the seats held above it move below it', () => {
  /** Moves slot `from` (as stored) to `to` as data/seat-capacity.ts does, by `as`. */
  const move = (as: Firestore, from: string, to: string, holderPath: string) =>
    transact(as, [`seats/${from}`, `seats/${to}`, holderPath], ([slot, target, record]) => {
      const [collection, id] = holderPath.split('/') as ['registrations' | 'waitlist', string];
      return seatMoveWrites({ ...(slot as { state: 'held'; claim: string; heldSince: Date }), id: from }, to, { collection, id }, record, times, target);
    });

  it("a registration's seat: the same claim on the new slot, the old one free, the record and its checkout naming the new slot", async () => {
    const { id, seat, claim } = await registration({});
    const to = slot();
    await fixture(`seats/${to}`, { state: 'free', claim: '', heldSince: new Date(0) });
    await expect(
      findSeatHolder(
        claim,
        createDb(() => admin),
      ),
    ).resolves.toEqual({ collection: 'registrations', id });
    expect(await verdict(move(admin, seat, to, `registrations/${id}`))).toBe('allowed');
    expect(await ownerGet(`seats/${to}`)).toMatchObject({ state: 'held', claim });
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'free', claim: '' });
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ seat: to, seatClaim: claim });
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ seat: to, seatClaim: claim });
  });

  it("an offer's seat: the entry offers the new slot", async () => {
    const seat = slot();
    const to = slot();
    const claim = newClaim();
    const email = await waiting({ status: 'offered', offer: { seat, claim, at: ago(1) } });
    await fixture(`seats/${seat}`, { state: 'offered', claim, heldSince: ago(1) });
    await fixture(`seats/${to}`, { state: 'free', claim: '', heldSince: new Date(0) });
    await expect(
      findSeatHolder(
        claim,
        createDb(() => admin),
      ),
    ).resolves.toEqual({ collection: 'waitlist', id: email });
    expect(await verdict(move(admin, seat, to, `waitlist/${email}`))).toBe('allowed');
    expect(await ownerGet(`waitlist/${email}`)).toMatchObject({ status: 'offered', offer: { seat: to, claim } });
    expect(await ownerGet(`seats/${to}`)).toMatchObject({ state: 'offered', claim });
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'free' });
  });

  it('never onto a slot someone holds, and never freeing a slot its registration still names', async () => {
    const a = await registration({});
    const b = await registration({ status: 'confirmed', paymentStatus: 'paid' });
    // Onto b's slot, written as if it were free: the slot's rule sees it held.
    const onto = transact(admin, [`seats/${a.seat}`, `registrations/${a.id}`], ([slot, record]) =>
      seatMoveWrites(
        { ...(slot as { state: 'held'; claim: string; heldSince: Date }), id: a.seat },
        b.seat,
        { collection: 'registrations', id: a.id },
        record,
        times,
        null,
      ),
    );
    expect(await verdict(onto)).toBe('denied');
    // Freeing a's slot, the registration unmoved.
    const freed = transact(admin, [], () => [
      { set: `seats/${a.seat}`, data: { state: 'free', claim: '', heldSince: new Date(0) } },
      { set: `seatMoves/${a.seat}`, data: { from: { collection: 'registrations', id: a.id }, to: null, at: serverValues.now() } },
    ]);
    expect(await verdict(freed)).toBe('denied');
    expect(await ownerGet(`seats/${a.seat}`)).toMatchObject({ state: 'held', claim: a.claim });
  });

  it('a slot above the capacity (1200 in the seed) is never offered nor moved to', async () => {
    const above = '1201';
    await fixture(`seats/${above}`, { state: 'free', claim: '', heldSince: new Date(0) });
    try {
      const email = await waiting();
      const offer = transact(
        finance,
        [`waitlist/${email}`, `seats/${above}`],
        ([e, s]) => decideOffer(e, s, { seatId: above, times, mailId: uniqueId('mail') }).writes,
      );
      expect(await verdict(offer)).toBe('denied');
      // The same offer on a free slot at or below it is allowed: the slot's number was the refusal.
      const below = slot();
      await fixture(`seats/${below}`, { state: 'free', claim: '', heldSince: new Date(0) });
      const offerBelow = transact(
        finance,
        [`waitlist/${email}`, `seats/${below}`],
        ([e, s]) => decideOffer(e, s, { seatId: below, times, mailId: uniqueId('mail') }).writes,
      );
      expect(await verdict(offerBelow)).toBe('allowed');
      const { id, seat } = await registration({});
      expect(await verdict(move(admin, seat, above, `registrations/${id}`))).toBe('denied');
      expect(await ownerGet(`registrations/${id}`)).toMatchObject({ seat });
    } finally {
      await ownerDelete(`seats/${above}`);
    }
  });
});

describe('a lapsed offer', () => {
  it('passes to the next person waiting, with their email', async () => {
    const seat = slot();
    const claim = newClaim();
    const lapsedAt = ago(50);
    const lapsed = await waiting({ status: 'offered', offer: { seat, claim, at: lapsedAt } });
    await fixture(`seats/${seat}`, { state: 'offered', claim, heldSince: lapsedAt });
    const next = await waiting({ position: ago(90) });
    const mailId = uniqueId('mail');
    const result = transact(
      finance,
      [`waitlist/${lapsed}`, `waitlist/${next}`, `seats/${seat}`],
      ([l, n, s]) => decidePass([l, n, s], { claim, times, mailId }).writes,
    );
    expect(await verdict(result)).toBe('allowed');
    expect(await ownerGet(`waitlist/${lapsed}`)).toMatchObject({ status: 'passed', offer: null });
    expect(await ownerGet(`waitlist/${next}`)).toMatchObject({ status: 'offered', offer: { seat } });
    expect(await ownerGet(`mail/${mailId}`)).toMatchObject({ to: next, template: { name: 'waitlist-offer' } });
  });
});

describe('the hold reminder', () => {
  it('is sent once, within the reminder window, by finance', async () => {
    const { id, seat, code } = await registration({ heldSince: ago(60) });
    const send = () => transact(finance, [`registrations/${id}`], async ([r], read) => decideReminder(r, await read(`seats/${seat}`), times).writes);
    expect(await verdict(send())).toBe('allowed');
    expect(await ownerGet(`mail/hold-reminder-${id}`)).toMatchObject({
      template: { name: 'hold-reminder', data: { reference: id, code, amount: 'KES 15,000' } },
    });
    // The mail id names the registration: a second one would rewrite it, which the rules refuse.
    expect(await verdict(send())).toBe('denied');
  });

  it('is refused before the window opens', async () => {
    const { id, seat } = await registration({ heldSince: ago(10) });
    const early = transact(finance, [`registrations/${id}`], async ([r], read) => {
      const s = await read(`seats/${seat}`);
      // Decided as if the window had opened (a client clock ahead): the rules keep to the server's.
      return decideReminder(r, s, { ...times, holdReminderHours: 71 }).writes;
    });
    expect(await verdict(early)).toBe('denied');
  });
});

describe('archiving and restoring a registration', () => {
  it('archiving deletes its checkout and frees its seat; restoring brings the checkout back', async () => {
    const { id, seat } = await registration({ status: 'confirmed', paymentStatus: 'paid' });
    const db = createDb(() => admin);
    expect(await verdict(db.moveToArchive('registrations', id, (moved, read) => registrationMoveWrites('archive', id, moved, read)))).toBe('allowed');
    expect(await ownerGet(`checkouts/${id}`)).toBeNull();
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'free' });
    expect(await verdict(db.restoreFromArchive('registrations', id, (moved, read) => registrationMoveWrites('original', id, moved, read)))).toBe('allowed');
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ id, status: 'confirmed', seat });
    // Paid, and its seat still free: it has its seat again.
    expect(await ownerGet(`seats/${seat}`)).toMatchObject({ state: 'taken' });
  });
});

describe('what the waiting list screen and the offer pass read', () => {
  it('is served by the indexes (firestore.indexes.json) and allowed to finance', async () => {
    const db = createDb(() => finance);
    const since = ago(72);
    await expect(db.fetchDocuments('waitlist', { where: [['status', '==', 'waiting']], orderBy: ['position', 'asc'], limit: 20 })).resolves.toBeDefined();
    await expect(
      db.fetchPage('waitlist', { where: [['status', 'in', ['waiting', 'offered']]], orderBy: ['position', 'asc'], limit: 25 }),
    ).resolves.toBeDefined();
    await expect(db.fetchPage('waitlist', { orderBy: ['position', 'asc'], limit: 25 })).resolves.toBeDefined();
    await expect(db.fetchDocuments('waitlist', { where: [['status', '==', 'offered']], orderBy: null, limit: 100 })).resolves.toBeDefined();
    await expect(
      db.fetchDocuments('seats', {
        where: [
          ['state', '==', 'held'],
          ['heldSince', '>=', since],
          ['heldSince', '<=', ago(48)],
        ],
        orderBy: ['heldSince', 'asc'],
        limit: 20,
      }),
    ).resolves.toBeDefined();
    await expect(db.fetchDocuments('registrations', { where: [['seatClaim', '==', 'x'.repeat(16)]], orderBy: null, limit: 1 })).resolves.toEqual([]);
    await expect(
      db.fetchDocuments('mail', {
        where: [
          ['recordCollection', '==', 'registrations'],
          ['recordId', '==', 'nothing'],
        ],
        limit: 50,
      }),
    ).resolves.toEqual([]);
  });
});
