// Money kept, not refunded, against firestore.rules (issue 34, item 10): the two commits the back
// office makes with it, built by the app's own functions (features/payments/admin/refunds.ts
// decideKeep, from Refunds due; features/registrations/admin/record-actions.ts decideStatusChange
// with `keep`, cancelling a paid registration, with the seat offered to the waiting list or not),
// and what the rules refuse to anyone: more than the refund due, a decision the record does not
// count (or counts for another, or twice), a balance typed in, a decision in another's name, in
// another currency or with a reason that is not one line, an email that says otherwise, and anyone
// but finance. What it costs: once money is kept, the refund due is that much less.
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, serverValues, writePath, type BatchWrite, type WithId } from '../../../src/lib/db.ts';
import { activityWrite } from '../../../src/lib/db-shapes.ts';
import { decideKeep, decideRefund, decisionPaths, type RefundMade } from '../../../src/features/payments/admin/refunds.ts';
import { recordChange } from '../../../src/features/payments/admin/payment-actions.ts';
import { decideStatusChange, type KeepOnCancel } from '../../../src/features/registrations/admin/record-actions.ts';
import { keepMoney, type MoneyKept } from '../../../src/data/money-kept.ts';
import { registrationChange } from '../../../src/data/registration-record.ts';
import { registrationCancelledMail } from '../../../src/data/mail.ts';
import { applicationCheckoutWrite } from '../../../src/data/application-record.ts';
import { seatPath } from '../../../src/data/seats.ts';
import { ACCOUNTS, signInActors, verdict, type Actor, type Actors } from '../support/actors.ts';
import { client, closeClients } from '../support/clients.ts';
import { boothDoc, fieldsOf } from '../support/forms.ts';
import { fixture, ownerDelete, ownerGet, unclaimedCode, uniqueId } from '../support/owner.ts';
import { attendee, ownerWrite, seatedFixture } from '../support/seats.ts';
import { waitingEntry } from '../support/waiting.ts';
import { SAMPLE_REGISTRATION } from '../../../emulator/seed/sample-forms.ts';
import { FREE_SEAT } from '../../../src/data/seats.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});

// What the cases made, removed afterwards (their slots written free again, as the seed has them).
const made = new Set<string>();
afterAll(async () => {
  const slots = [...made].filter((p) => p.startsWith('seats/'));
  await ownerDelete(...[...made].filter((p) => !p.startsWith('seats/') && !p.startsWith('counters/')));
  await ownerWrite(...slots.map((p): [string, Record<string, unknown>] => [p, { ...FREE_SEAT }]));
  await closeClients();
});

const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');

const times = { unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 24 };
const FEE = 15_000;
const PAID = 1_500_000;

/** A booth booking of KES 50,000, paid, that received `receivedMinor` (set past the rules, as statement lines would have). */
async function booth(receivedMinor: number, over: Record<string, unknown> = {}) {
  const id = uniqueId('kept-booth');
  await fixture(`partners/${id}`, { ...fieldsOf(boothDoc(id)), fee: 50_000, status: 'confirmed', paymentStatus: 'paid', receivedMinor, ...over });
  made.add(`partners/${id}`).add(`applicationCheckouts/${id}`);
  return id;
}

/** A registration of KES 15,000 that received all of it, cancelled unless told otherwise, seated as the register page seats it. */
async function registration(over: Record<string, unknown> = {}) {
  const id = uniqueId('kept-reg');
  const email = String(over.email ?? `${id}@example.org`);
  const { seat } = await seatedFixture(id, {
    ...SAMPLE_REGISTRATION,
    email,
    category: 'delegate',
    fee: FEE,
    currency: 'KES',
    status: 'cancelled',
    paymentStatus: 'paid',
    searchTokens: [],
    receivedMinor: PAID,
    ...over,
  });
  made.add(`registrations/${id}`).add(`checkouts/${id}`).add(`attendees/${email}`).add(seatPath(seat));
  return { id, seat };
}

const decision = (id: string, over: Partial<MoneyKept> = {}): MoneyKept => ({
  keptId: uniqueId('kept'),
  collection: 'registrations',
  id,
  amountMinor: PAID,
  reason: 'Cancelled 10 days before the summit: the refund policy refunds cancellations made 30 days or more before it.',
  staffEmail: ACCOUNTS.finance.email,
  ...over,
});

const stored = async (collection: string, id: string): Promise<WithId<Record<string, unknown>>> => ({ ...(await ownerGet(`${collection}/${id}`))!, id });

const track = (writes: BatchWrite[]) => {
  for (const w of writes) made.add(writePath(w));
  return writes;
};

/** The Refunds due screen's commit (KeepForm): a transaction on the record, with its log line; `by` another client. */
const keepFromList = (k: MoneyKept, by: Firestore = as.db.finance) =>
  createDb(() => by).transact(decisionPaths(k), (docs) => {
    const { writes, log } = decideKeep(docs, k);
    return { writes: track([...writes, activityWrite(log, k.staffEmail)]) };
  });

/** The same commit built by decideKeep on the record as stored; `tamper` edits it before it is sent. */
async function keep(
  k: MoneyKept,
  { tamper = (w: BatchWrite[]) => w, by = as.db.finance }: { tamper?: (w: BatchWrite[]) => BatchWrite[]; by?: Firestore } = {},
) {
  const { writes } = decideKeep([await stored(k.collection, k.id)], k);
  return createDb(() => by).commit(track(tamper(writes)));
}

/**
 * Keeping `k.amountMinor` whatever is due (a client that skips the check): the decision made as if
 * the record held all the money in the world, the record's own change (and projection) as it really is.
 */
async function keepAsIf(k: MoneyKept, by: Firestore = as.db.finance) {
  const record = await stored(k.collection, k.id);
  const { changes, writes } = keepMoney({ ...record, status: 'cancelled', receivedMinor: Number.MAX_SAFE_INTEGER }, k);
  return createDb(() => by).commit(track([...writes, ...recordChange(k.collection, record, changes, null)]));
}

const edit = (path: string, change: (data: Record<string, unknown>) => Record<string, unknown>) => (writes: BatchWrite[]) =>
  writes.map((w) => (writePath(w).startsWith(path) && 'data' in w ? ({ ...w, data: change(w.data) } as BatchWrite) : w));

const mailData = (change: Record<string, unknown>) =>
  edit('mail/', (d) => ({ ...d, template: { ...(d.template as object), data: { ...(d.template as { data: object }).data, ...change } } }));

/** Staff cancelling a registration from its page (RegistrationDetailPage › Cancel), keeping its money: the app's transaction, with its log line. */
const cancelKeeping = (
  id: string,
  keepOnCancel: KeepOnCancel | undefined,
  {
    waiting,
    by = as.db.finance,
    mailId = uniqueId('mail'),
    tamper = (w: BatchWrite[]) => w,
  }: { waiting?: string; by?: Firestore; mailId?: string; tamper?: (w: BatchWrite[]) => BatchWrite[] } = {},
) =>
  createDb(() => by).transact([`registrations/${id}`], async ([current], read) => {
    const seat = await read(seatPath(String(current!.seat)));
    const next = waiting ? await read(`waitlist/${waiting}`) : null;
    const { writes, log } = decideStatusChange(
      current,
      seat,
      { record: current as never, name: 'Wanjiru Kamau', status: 'cancelled', keep: keepOnCancel },
      { next, times, mailId },
    );
    return { writes: track(tamper([...writes, activityWrite(log, keepOnCancel?.staffEmail ?? ACCOUNTS.finance.email)])) };
  });

const keepOnCancel = (over: Partial<KeepOnCancel> = {}): KeepOnCancel => {
  const { keptId, reason, staffEmail } = decision('', over);
  return { keptId, reason, staffEmail };
};

describe('keeping money from Refunds due', () => {
  it('finance keeps all of a cancelled paid registration’s money: the decision, the record counting it, the email (control)', async () => {
    const { id } = await registration();
    const k = decision(id);
    await allowed(keepFromList(k));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ keptMinor: PAID, keptVia: k.keptId, status: 'cancelled' });
    expect(await ownerGet(`keptMoney/${k.keptId}`)).toMatchObject({
      targetCollection: 'registrations',
      targetId: id,
      amountMinor: PAID,
      currency: 'KES',
      reason: k.reason,
      by: ACCOUNTS.finance.email,
    });
    expect(await ownerGet(`mail/${k.keptId}`)).toMatchObject({
      to: `${id}@example.org`,
      template: { name: 'money-kept', data: { amount: 'KES 15,000', reason: k.reason, reference: id } },
    });
    // Nothing is due any more: keeping a cent more, or refunding one, is refused.
    await denied(keepAsIf(decision(id, { amountMinor: 1 })));
    await denied(refundAsIf(refund(id, 1)));
  });

  it('finance keeps part of it; the rest is still the payer’s to have back', async () => {
    const { id } = await registration();
    await allowed(keepFromList(decision(id, { amountMinor: 250_000, reason: 'Bank charges on the transfer' })));
    await allowed(keepFromList(decision(id, { amountMinor: 250_000, reason: 'The conference bag, already sent' })));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ keptMinor: 500_000 });
  });

  it('an over-payment on a partner application', async () => {
    const id = await booth(6_000_000);
    const k = decision(id, { collection: 'partners', amountMinor: 1_000_000, reason: 'Paid twice; the second payment covers next year’s booth' });
    await allowed(keepFromList(k));
    expect(await ownerGet(`partners/${id}`)).toMatchObject({ keptMinor: 1_000_000, keptVia: k.keptId });
    expect(await ownerGet(`mail/${k.keptId}`)).toMatchObject({ template: { name: 'money-kept', data: { amount: 'KES 10,000' } } });
  });

  it('only finance and administrators', async () => {
    const owner = await attendee();
    const { id } = await registration({ email: owner.email });
    const attempt = (actor: Actor, by: Firestore) => keep(decision(id, { staffEmail: actor === 'anonymous' ? '' : ACCOUNTS[actor].email }), { by });
    await denied(attempt('editor', as.db.editor));
    await denied(attempt('reviewer', as.db.reviewer));
    await denied(attempt('anonymous', as.db.anonymous));
    await denied(keep(decision(id, { staffEmail: owner.email }), { by: owner.db }));
    await denied(keep(decision(id, { staffEmail: ACCOUNTS.signedIn.email }), { by: as.db.signedIn }));
    await denied(keep(decision(id, { staffEmail: ACCOUNTS.unverified.email }), { by: as.db.unverified }));
    await allowed(attempt('admin', as.db.admin));
    const other = await registration();
    await allowed(keep(decision(other.id)));
  });
});

describe('the cancelling commit keeping the money', () => {
  it('a paid registration cancelled, all its money kept: the cancellation’s email and the decision’s, in one commit (control)', async () => {
    const { id, seat } = await registration({ status: 'confirmed' });
    const k = keepOnCancel();
    await allowed(cancelKeeping(id, k));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ status: 'cancelled', keptMinor: PAID, keptVia: k.keptId });
    expect(await ownerGet(`checkouts/${id}`)).toMatchObject({ status: 'cancelled' });
    expect(await ownerGet(`keptMoney/${k.keptId}`)).toMatchObject({ targetId: id, amountMinor: PAID, reason: k.reason });
    expect(await ownerGet(`mail/${k.keptId}`)).toMatchObject({ template: { name: 'money-kept', data: { amount: 'KES 15,000' } } });
    expect(await ownerGet(seatPath(seat))).toMatchObject({ state: 'free' });
    // Nothing is left to refund.
    await denied(refundAsIf(refund(id, 1)));
  });

  it('with the freed seat offered to the first person waiting, with their email, in the same commit', async () => {
    const { id, seat } = await registration({ status: 'confirmed' });
    const email = await waitingEntry();
    made.add(`waitlist/${email}`);
    const mailId = uniqueId('mail');
    const k = keepOnCancel();
    await allowed(cancelKeeping(id, k, { waiting: email, mailId }));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ status: 'cancelled', keptMinor: PAID });
    expect(await ownerGet(seatPath(seat))).toMatchObject({ state: 'offered' });
    expect(await ownerGet(`waitlist/${email}`)).toMatchObject({ status: 'offered', offer: { seat } });
    expect(await ownerGet(`mail/${mailId}`)).toMatchObject({ to: email, template: { name: 'waitlist-offer' } });
    expect(await ownerGet(`mail/${k.keptId}`)).toMatchObject({ template: { name: 'money-kept' } });
  });

  it('only finance and administrators; the attendee cancelling their own may not keep anything', async () => {
    const owner = await attendee();
    const { id, seat } = await registration({ status: 'confirmed', email: owner.email });
    await denied(cancelKeeping(id, keepOnCancel({ staffEmail: ACCOUNTS.editor.email }), { by: as.db.editor }));
    await denied(cancelKeeping(id, keepOnCancel({ staffEmail: ACCOUNTS.reviewer.email }), { by: as.db.reviewer }));
    // The attendee's own cancel (my-registration.ts cancelOwnRegistration) with money kept added to it,
    // with its decision or typed in alone.
    const own = async (extra: (current: WithId<Record<string, unknown>>) => { changes: Record<string, unknown>; writes: BatchWrite[] }) => {
      const current = await stored('registrations', id);
      const slot = await stored('seats', seat);
      const { changes, writes } = extra(current);
      return createDb(() => owner.db).commit(
        track([
          ...registrationChange(current, { status: 'cancelled', cancelledAt: serverValues.now(), ...changes }, slot, { byOwner: true }),
          registrationCancelledMail(current),
          ...writes,
        ]),
      );
    };
    const k = decision(id, { staffEmail: owner.email });
    await denied(own((current) => keepMoney({ ...current, status: 'cancelled' }, k)));
    await denied(own(() => ({ changes: { keptMinor: PAID, keptVia: 'typed' }, writes: [] })));
    await denied(own(() => ({ changes: { keptMinor: PAID }, writes: [] })));
    // Control: their cancel as the app makes it.
    await allowed(own(() => ({ changes: {}, writes: [] })));
    expect((await ownerGet(`registrations/${id}`))!.keptMinor).toBeUndefined();
    // Administrators may.
    const other = await registration({ status: 'confirmed' });
    await allowed(cancelKeeping(other.id, keepOnCancel({ staffEmail: ACCOUNTS.admin.email }), { by: as.db.admin }));
  });

  it('never a decision the cancel does not count, nor one in another’s name', async () => {
    const { id } = await registration({ status: 'confirmed' });
    await denied(cancelKeeping(id, keepOnCancel(), { tamper: edit(`registrations/${id}`, (d) => ({ ...d, keptMinor: PAID + 1 })) }));
    await denied(cancelKeeping(id, keepOnCancel(), { tamper: edit('keptMoney/', (d) => ({ ...d, amountMinor: PAID + 1 })) }));
    await denied(cancelKeeping(id, keepOnCancel({ staffEmail: ACCOUNTS.admin.email })));
    const reason = 'Late\ncancellation';
    await denied(cancelKeeping(id, keepOnCancel(), { tamper: (w) => mailData({ reason })(edit('keptMoney/', (d) => ({ ...d, reason }))(w)) }));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ status: 'confirmed' });
  });
});

/** A refund of `amountMinor` on a registration, as finance records one. */
const refund = (id: string, amountMinor: number, collection: 'registrations' | 'partners' = 'registrations'): RefundMade => ({
  refundId: uniqueId('refund'),
  collection,
  id,
  amountMinor,
  method: 'mobile-money',
  reference: 'TLK4H2QX9B',
  refundedOn: new Date(Date.now() - 3_600_000),
  note: '',
  staffEmail: ACCOUNTS.finance.email,
});

/** A refund whatever is due (a client that skips the check): decided as if the record held all the money in the world. */
async function refundAsIf(r: RefundMade) {
  const record = await stored(r.collection, r.id);
  const { writes } = decideRefund([{ ...record, receivedMinor: Number.MAX_SAFE_INTEGER, paymentStatus: 'paid', status: 'cancelled' }], r);
  const after = { ...record, refundedMinor: Number(record.refundedMinor ?? 0) + r.amountMinor, refundedVia: r.refundId };
  const change = recordChange(r.collection, record, { refundedMinor: after.refundedMinor, refundedVia: r.refundId }, null);
  const isRecord = (w: BatchWrite) => change.some((c) => writePath(c) === writePath(w));
  return createDb(() => as.db.finance).commit(track([...writes.filter((w) => !isRecord(w)), ...change]));
}

describe('what the rules refuse', () => {
  it('never more than the refund due, by a cent; nothing on a record paid exactly, in part, or unpaid', async () => {
    const over = await booth(6_000_000);
    await denied(keepAsIf(decision(over, { collection: 'partners', amountMinor: 1_000_001 })));
    for (const [received, status, paymentStatus] of [
      [5_000_000, 'confirmed', 'paid'],
      [2_000_000, 'confirmed', 'unpaid'],
      [2_000_000, 'confirmed', 'submitted'],
      [0, 'pending', 'unpaid'],
    ] as const) {
      const id = await booth(received, { status, paymentStatus });
      await denied(keepAsIf(decision(id, { collection: 'partners', amountMinor: 1 })));
    }
    const cancelled = await registration();
    await denied(keepAsIf(decision(cancelled.id, { amountMinor: PAID + 1 })));
    const paidExactly = await registration({ status: 'confirmed' });
    await denied(keepAsIf(decision(paidExactly.id, { amountMinor: 1 })));
    // Control: exactly the refund due.
    await allowed(keep(decision(over, { collection: 'partners', amountMinor: 1_000_000 })));
    await allowed(keep(decision(cancelled.id)));
  });

  it('never a decision the record does not count, counts for another record, counts twice, or a balance typed in', async () => {
    const { id } = await registration();
    const other = await registration();
    const k = decision(id);
    // The decision alone; the record growing by more; naming another decision (one recorded before).
    await denied(keep(k, { tamper: (w) => w.filter((x) => writePath(x) !== `registrations/${id}` && writePath(x) !== `checkouts/${id}`) }));
    await denied(keep(decision(id), { tamper: edit(`registrations/${id}`, (d) => ({ ...d, keptMinor: PAID + 100 })) }));
    // The record naming the decision without counting it: the decision and its email would stand uncounted.
    await denied(keep(decision(id), { tamper: edit(`registrations/${id}`, (d) => ({ ...d, keptMinor: 0 })) }));
    await denied(keep(decision(id), { tamper: edit(`registrations/${id}`, ({ keptMinor: _k, ...d }) => d) }));
    const before = decision(other.id, { amountMinor: 100 });
    await allowed(keep(before));
    await denied(keep(decision(id), { tamper: edit(`registrations/${id}`, (d) => ({ ...d, keptVia: before.keptId })) }));
    // Cross-record: the decision names A while B counts it; or B counts A's decision as well.
    await denied(keep(decision(id), { tamper: edit('keptMoney/', (d) => ({ ...d, targetId: other.id })) }));
    const both = decision(id, { amountMinor: 100 });
    const twice = async () => {
      const { writes } = decideKeep([await stored('registrations', id)], both);
      const onOther = decideKeep([await stored('registrations', other.id)], { ...both, id: other.id }).writes.filter((w) =>
        [`registrations/${other.id}`, `checkouts/${other.id}`].includes(writePath(w)),
      );
      return createDb(() => as.db.finance).commit(track([...writes, ...onOther]));
    };
    await denied(twice());
    // Typed in without a decision, by finance or an administrator.
    await denied(createDb(() => as.db.finance).commit([{ update: `registrations/${id}`, data: { keptMinor: PAID, keptVia: 'typed' } }]));
    await denied(
      createDb(() => as.db.finance).commit(recordChange('registrations', await stored('registrations', id), { keptMinor: PAID, keptVia: 'typed' }, null)),
    );
    await denied(createDb(() => as.db.admin).commit(recordChange('registrations', await stored('registrations', id), { keptMinor: PAID }, null)));
    const application = await booth(6_000_000);
    await denied(createDb(() => as.db.admin).commit(recordChange('partners', await stored('partners', application), { keptMinor: 1_000_000 }, null)));
    expect((await ownerGet(`registrations/${id}`))!.keptMinor).toBeUndefined();
    expect((await ownerGet(`partners/${application}`))!.keptMinor).toBeUndefined();
  });

  it('never the same decision twice, nor changed or deleted', async () => {
    const { id } = await registration();
    const k = decision(id, { amountMinor: 100 });
    await allowed(keep(k));
    await denied(keep(k));
    await denied(keep({ ...k, amountMinor: 200 }));
    await denied(createDb(() => as.db.finance).commit([{ update: `keptMoney/${k.keptId}`, data: { amountMinor: 1 } }]));
    await denied(createDb(() => as.db.admin).commit([{ delete: `keptMoney/${k.keptId}` }]));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ keptMinor: 100 });
  });

  it('never in another’s name, nor a look-alike of the signer’s', async () => {
    // A finance account whose address has a k, for the KELVIN SIGN (U+212A, lower-cased to k).
    const email = `${uniqueId('kamau')}@summit.test`;
    await fixture(`staff/${email}`, { email, role: 'finance' });
    made.add(`staff/${email}`);
    const signer = await client({ email, password: 'kamau-finance-1', emailVerified: true });
    const { id } = await registration();
    const [local, domain] = email.split('@');
    for (const by of [ACCOUNTS.finance.email, email.toUpperCase(), email.replace('k', '\u212A'), ` ${email}`, `${local}+x@${domain}`])
      await denied(keep(decision(id, { staffEmail: email }), { by: signer, tamper: edit('keptMoney/', (d) => ({ ...d, by })) }));
    // Control: their own address, as the token carries it.
    await allowed(keep(decision(id, { staffEmail: email }), { by: signer }));
  });

  it('never in another currency, nor with a reason that is empty, too long or on more than one line', async () => {
    const { id } = await registration();
    await denied(keep(decision(id), { tamper: edit('keptMoney/', (d) => ({ ...d, currency: 'USD' })) }));
    for (const reason of ['', 'x'.repeat(301), 'Late\ncancellation', 'Late\rcancellation', 'Late\u202Ecancellation']) {
      const withReason = (d: Record<string, unknown>) => ({ ...d, reason });
      await denied(keep(decision(id), { tamper: (w) => mailData({ reason })(edit('keptMoney/', withReason)(w)) }));
    }
    // The longest reason is allowed.
    await allowed(keep(decision(id, { amountMinor: 100, reason: 'x'.repeat(300) })));
  });

  it('never an email that says another reason or amount, goes to another address, or is sent twice', async () => {
    const { id } = await registration();
    await denied(keep(decision(id), { tamper: mailData({ reason: 'CALL 0712 345 678 FOR YOUR REFUND' }) }));
    await denied(keep(decision(id), { tamper: mailData({ amount: 'KES 1,500' }) }));
    await denied(keep(decision(id), { tamper: edit('mail/', (d) => ({ ...d, to: 'someone-else@example.org' })) }));
    // A second money-kept email under another id, in the same commit.
    await denied(
      keep(decision(id), {
        tamper: (w) => [...w, ...w.filter((x) => writePath(x).startsWith('mail/')).map((x) => ({ ...x, set: `mail/${uniqueId('again')}` }) as BatchWrite)],
      }),
    );
    expect((await ownerGet(`registrations/${id}`))!.keptMinor).toBeUndefined();
  });

  it('an administrator creating a record types no kept money in', async () => {
    const create = async (keptMinor: number) => {
      const id = uniqueId('kept-created');
      const code = await unclaimedCode();
      // As a deleted record is made again: confirmed and paid. (A pending one, as the form makes it,
      // spends the budget on the visitor's branch first: 601 expressions, refused either way.)
      const doc = { ...boothDoc(id, code), status: 'confirmed', paymentStatus: 'paid', timestamp: new Date(), keptMinor };
      made.add(`partners/${id}`).add(`applicationCheckouts/${id}`).add(`paymentCodes/${code}`);
      return createDb(() => as.db.admin).commit([
        { set: `partners/${id}`, data: doc },
        { set: `paymentCodes/${code}`, data: { collection: 'partners', recordId: id } },
        applicationCheckoutWrite({ ...doc, id }),
      ]);
    };
    await denied(create(100));
    await allowed(create(0));
  });
});

describe('what it costs the payer', () => {
  it('after money is kept, the refund due is that much less: the old full amount is refused, the rest allowed', async () => {
    const id = await booth(6_000_000);
    await allowed(keepFromList(decision(id, { collection: 'partners', amountMinor: 400_000, reason: 'Bank charges' })));
    await denied(refundAsIf(refund(id, 1_000_000, 'partners')));
    await denied(refundAsIf(refund(id, 600_001, 'partners')));
    const r = refund(id, 600_000, 'partners');
    const { writes } = decideRefund([await stored('partners', id)], r);
    await allowed(createDb(() => as.db.finance).commit(track(writes)));
    expect(await ownerGet(`partners/${id}`)).toMatchObject({ keptMinor: 400_000, refundedMinor: 600_000 });
  });
});
