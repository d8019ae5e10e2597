// Refunds against firestore.rules (issue 34, item 8): the commit the Payments screen makes when
// finance records a refund made (features/payments/admin/refunds.ts decideRefund), and what the
// rules refuse to anyone: more than the refund due, a refund the record does not count (or counts
// for another), a balance typed in, a refund dated ahead, an email that says another amount, and
// anyone but finance.
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { decideRefund, type RefundMade } from '../../../src/features/payments/admin/refunds.ts';
import { applicationCheckoutWrite } from '../../../src/data/application-record.ts';
import { checkoutWrite } from '../../../src/data/registration-record.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { boothDoc, fieldsOf } from '../support/forms.ts';
import { fixture, ownerGet, uniqueId } from '../support/owner.ts';
import { seatedFixture } from '../support/seats.ts';
import { SAMPLE_REGISTRATION } from '../../../emulator/seed/sample-forms.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');

/** A booth booking of KES 50,000, paid, that received `receivedMinor` (set past the rules, as statement lines would have). */
async function booth(receivedMinor: number, over: Record<string, unknown> = {}) {
  const id = uniqueId('refund-booth');
  await fixture(`partners/${id}`, { ...fieldsOf(boothDoc(id)), fee: 50_000, status: 'confirmed', paymentStatus: 'paid', receivedMinor, ...over });
  return id;
}

const made = (id: string, over: Partial<RefundMade> = {}): RefundMade => ({
  refundId: uniqueId('refund'),
  collection: 'partners',
  id,
  amountMinor: 1_000_000,
  method: 'mobile-money',
  reference: 'TLK4H2QX9B',
  refundedOn: new Date(Date.now() - 3_600_000),
  note: 'Sent from the institute’s M-Pesa',
  staffEmail: ACCOUNTS.finance.email,
  ...over,
});

/**
 * A refund of `amountMinor` whatever is due (a client that skips the check): decided as if the record
 * held all the money in the world, then sent with its checkout projection as the record really is.
 */
async function refundAsIf(r: RefundMade, refundedBefore = 0) {
  const stored = (await ownerGet(`${r.collection}/${r.id}`))!;
  const { writes } = decideRefund([{ ...stored, id: r.id, receivedMinor: Number.MAX_SAFE_INTEGER, paymentStatus: 'paid' }], r);
  const after = { ...stored, id: r.id, refundedMinor: refundedBefore + r.amountMinor, refundedVia: r.refundId };
  const projection = r.collection === 'partners' ? applicationCheckoutWrite(after) : checkoutWrite(after);
  return createDb(() => as.db.finance).commit(writes.map((w) => (writePath(w) === writePath(projection) ? projection : w)));
}

/** The screen's commit, decided on the record as stored; `tamper` edits it before it is sent; `as` another client. */
async function refund(r: RefundMade, { tamper = (w: BatchWrite[]) => w, by }: { tamper?: (w: BatchWrite[]) => BatchWrite[]; by?: Firestore } = {}) {
  const stored = (await ownerGet(`${r.collection}/${r.id}`))!;
  const { writes } = decideRefund([{ ...stored, id: r.id }], r);
  return createDb(() => by ?? as.db.finance).commit(tamper(writes));
}

const edit = (path: string, change: (data: Record<string, unknown>) => Record<string, unknown>) => (writes: BatchWrite[]) =>
  writes.map((w) => (writePath(w).startsWith(path) && 'data' in w ? ({ ...w, data: change(w.data) } as BatchWrite) : w));

describe('recording a refund made', () => {
  it('finance records a refund of an over-payment: the refund, the record counting it, the email (control)', async () => {
    const id = await booth(6_000_000);
    const r = made(id);
    await allowed(refund(r));
    expect(await ownerGet(`partners/${id}`)).toMatchObject({ refundedMinor: 1_000_000, refundedVia: r.refundId });
    expect(await ownerGet(`refunds/${r.refundId}`)).toMatchObject({ amountMinor: 1_000_000, by: ACCOUNTS.finance.email });
    expect(await ownerGet(`mail/${r.refundId}`)).toMatchObject({
      template: { name: 'refund-sent', data: { amount: 'KES 10,000', refundReference: 'TLK4H2QX9B' } },
    });
    // Nothing more is due: a second refund is refused, even of a cent.
    await denied(refundAsIf(made(id, { amountMinor: 1 }), 1_000_000));
  });

  it('a registration: its checkout in step; all of it when cancelled after paying, in parts', async () => {
    const id = uniqueId('refund-reg');
    await seatedFixture(id, {
      ...SAMPLE_REGISTRATION,
      email: `${id}@example.org`,
      category: 'delegate',
      fee: 15_000,
      currency: 'KES',
      status: 'cancelled',
      paymentStatus: 'paid',
      searchTokens: [],
      receivedMinor: 1_500_000,
    });
    await allowed(refund(made(id, { collection: 'registrations', amountMinor: 1_000_000 })));
    await allowed(refund(made(id, { collection: 'registrations', amountMinor: 500_000 })));
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ refundedMinor: 1_500_000 });
  });

  it('never more than the refund due, nor on a record paid in part or exactly', async () => {
    const over = await booth(6_000_000);
    await denied(refundAsIf(made(over, { amountMinor: 1_000_001 })));
    for (const [received, status] of [
      [5_000_000, 'paid'],
      [2_000_000, 'unpaid'],
    ] as const) {
      const id = await booth(received, { paymentStatus: status });
      await denied(refundAsIf(made(id, { amountMinor: 100 })));
    }
    // Control: exactly the refund due.
    await allowed(refund(made(over, { amountMinor: 1_000_000 })));
  });

  it('never a refund the record does not count, counts for another, or a balance typed in', async () => {
    const id = await booth(6_000_000);
    const other = await booth(6_000_000);
    await denied(refund(made(id), { tamper: (w) => w.filter((x) => writePath(x) !== `partners/${id}` && !writePath(x).startsWith('applicationCheckouts/')) }));
    await denied(refund(made(id), { tamper: edit(`partners/${id}`, (d) => ({ ...d, refundedMinor: 2_000_000 })) }));
    await denied(refund(made(id), { tamper: edit('refunds/', (d) => ({ ...d, targetId: other })) }));
    // The record naming the refund without counting it: the refund and its email would stand uncounted.
    await denied(refund(made(id), { tamper: edit(`partners/${id}`, ({ refundedMinor: _r, ...d }) => d) }));
    await denied(createDb(() => as.db.finance).commit([{ update: `partners/${id}`, data: { refundedMinor: 1_000_000, refundedVia: 'typed' } }]));
    await denied(createDb(() => as.db.admin).commit([{ update: `partners/${id}`, data: { refundedMinor: 1_000_000 } }]));
    expect((await ownerGet(`partners/${id}`))!.refundedMinor).toBeUndefined();
  });

  it('never dated ahead, without its reference, in another currency, or with an email naming another amount', async () => {
    const id = await booth(6_000_000);
    await denied(refund(made(id), { tamper: edit('refunds/', (d) => ({ ...d, refundedOn: new Date(Date.now() + 86_400_000) })) }));
    await denied(refund(made(id), { tamper: edit('refunds/', (d) => ({ ...d, reference: '' })) }));
    await denied(refund(made(id), { tamper: edit('refunds/', (d) => ({ ...d, currency: 'USD' })) }));
    await denied(
      refund(made(id), {
        tamper: edit('mail/', (d) => ({
          ...d,
          template: { name: 'refund-sent', data: { ...(d.template as { data: object }).data, amount: 'KES 1,000,000' } },
        })),
      }),
    );
    await allowed(refund(made(id)));
  });

  it('only finance and administrators', async () => {
    const id = await booth(6_000_000);
    await denied(refund(made(id, { staffEmail: ACCOUNTS.editor.email }), { by: as.db.editor }));
    await denied(refund(made(id, { staffEmail: ACCOUNTS.signedIn.email }), { by: as.db.signedIn }));
    // Another's name as the author.
    await denied(refund(made(id, { staffEmail: ACCOUNTS.admin.email })));
    await allowed(refund(made(id, { staffEmail: ACCOUNTS.admin.email }), { by: as.db.admin }));
  });
});
