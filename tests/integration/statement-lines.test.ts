// Statement lines against firestore.rules: the commits the Statements screen makes (built by the
// same decide functions), by finance, and what the rules refuse to anyone — a balance typed in,
// a line tied to another record's payment, a receipt imported twice, the statement's words edited.
import { doc, getDoc, serverTimestamp, setDoc, updateDoc, deleteDoc, writeBatch, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writePath, type BatchWrite } from '../../src/lib/db.ts';
import { readSeat } from '../../src/features/payments/admin/payment-actions.ts';
import {
  decideDismissLine,
  decideReverseLine,
  linePath,
  NotPayableError,
  queuedLineWrite,
  reversePaths,
  type LineFacts,
} from '../../src/features/payments/admin/statement/line-actions.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, stack } from './support/clients.ts';
import { findDocuments } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';
import { seatedFixture, slotOf } from './support/seats.ts';
import { applyLine, importRecord, statementImport, statementLine, type LineTarget } from './support/statement.ts';

let as: Actors;
let importId: string;
beforeAll(async () => {
  as = await signInActors();
  importId = await statementImport();
});
afterAll(closeClients);

const finance = () => createDb(() => as.db.finance);
const FEE = 15000;

async function unpaid(over: Record<string, unknown> = {}) {
  const id = uniqueId('reg');
  return seatedFixture(id, {
    ...SAMPLE_REGISTRATION,
    email: `${id}@example.org`,
    category: 'delegate',
    fee: FEE,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    searchTokens: [],
    ...over,
  });
}

const facts = (amountMinor: number, over: Partial<LineFacts> = {}) => statementLine(amountMinor, over);

/** The screen's apply, as finance unless another client is given; `tamper` edits each decided write. */
const apply = (
  line: LineFacts,
  target: LineTarget,
  { db, tamper, ...options }: { submittedId?: string; note?: string; db?: Firestore; tamper?: (w: BatchWrite) => BatchWrite } = {},
) => applyLine(db ?? as.db.finance, importId, line, target, { ...options, tamper: tamper && ((writes) => writes.map(tamper)) });

async function reverse(receiptKey: string, note = 'Wrong record') {
  const line = (await ownerGet(linePath(receiptKey)))!;
  const db = finance();
  return db.transact(
    reversePaths({
      receiptKey,
      paymentId: String(line.paymentId),
      targetCollection: line.targetCollection as 'registrations',
      targetId: String(line.targetId),
    }),
    async (docs, read) => {
      const d = decideReverseLine(docs, { note, staffEmail: ACCOUNTS.finance.email, seat: await readSeat('registrations', docs[2], read) });
      return { writes: [...d.writes, db.activityWrite(d.log, ACCOUNTS.finance.email)] };
    },
  );
}

const commitAs = (db: Firestore, writes: BatchWrite[]) => createDb(() => db).commit(writes);

describe('applying statement lines', () => {
  it('pays a registration in full: paid, confirmed, its seat taken, the receipt claimed, the payer emailed', async () => {
    const r = await unpaid();
    const line = facts(FEE * 100);
    expect(await apply(line, { collection: 'registrations', id: r.id })).toMatchObject({ lineClass: 'matched', settles: true, overMinor: 0 });
    const record = (await ownerGet(`registrations/${r.id}`))!;
    expect(record).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', receivedMinor: FEE * 100 });
    const payment = (await ownerGet(`payments/${record.lastPaymentId}`))!;
    expect(payment).toMatchObject({ status: 'verified', amount: FEE, amountMinor: FEE * 100, statementLine: line.receiptKey, reference: line.receipt });
    expect(await ownerGet(`paymentReferences/${line.receiptKey}`)).toEqual({ paymentId: record.lastPaymentId });
    expect(await ownerGet(linePath(line.receiptKey))).toMatchObject({ state: 'applied', class: 'matched', targetId: r.id, importId });
    expect((await ownerGet(`checkouts/${r.id}`))!.paymentStatus).toBe('paid');
    expect((await slotOf(r.seat))!.state).toBe('taken');
  });

  it('accumulates partial payments until the fee is covered, then flags what is over for a refund', async () => {
    const r = await unpaid();
    const target = { collection: 'registrations' as const, id: r.id };
    expect(await apply(facts(500_000), target)).toMatchObject({ lineClass: 'partial', settles: false });
    expect(await ownerGet(`registrations/${r.id}`)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', receivedMinor: 500_000 });
    expect((await slotOf(r.seat))!.state).toBe('held');
    // The payer hears what came in and what is still due.
    const mail = await findDocuments(stack(), 'mail', 'recordId', r.id);
    expect(mail.map((m) => decodeFields(m.fields as never).template)).toEqual([
      { name: 'payment-partial', data: expect.objectContaining({ amount: 'KES 5,000', due: 'KES 10,000', code: r.id }) },
    ]);
    const last = facts(1_200_050);
    expect(await apply(last, target)).toMatchObject({ lineClass: 'overpaid', settles: true, overMinor: 200_050 });
    expect(await ownerGet(`registrations/${r.id}`)).toMatchObject({ paymentStatus: 'paid', receivedMinor: 1_700_050 });
    expect(await ownerGet(linePath(last.receiptKey))).toMatchObject({ overMinor: 200_050 });
    // The payer is told all that came in, and that what is over the fee will be refunded.
    const verified = (await findDocuments(stack(), 'mail', 'recordId', r.id)).map(
      (m) => decodeFields(m.fields as never).template as { name: string; data: Record<string, unknown> },
    );
    expect(verified.find((t) => t.name === 'payment-verified')?.data).toMatchObject({ amount: 'KES 17,000.50', refund: 'KES 2,000.50' });
  });

  it('refuses a "payment verified" message that hides an over-payment, or names a refund nobody is due', async () => {
    const withRefund = (refund: string) => (w: BatchWrite) =>
      writePath(w).startsWith('mail/') && 'data' in w && (w.data.template as { name: string }).name === 'payment-verified'
        ? ({
            ...w,
            data: { ...w.data, template: { ...(w.data.template as object), data: { ...(w.data.template as { data: object }).data, refund } } },
          } as BatchWrite)
        : w;
    const over = await unpaid();
    await expect(apply(facts(1_600_000), { collection: 'registrations', id: over.id }, { tamper: withRefund('') })).rejects.toThrow();
    const exact = await unpaid();
    await expect(apply(facts(1_500_000), { collection: 'registrations', id: exact.id }, { tamper: withRefund('KES 1,000') })).rejects.toThrow();
    // Control: the screen's own commit.
    expect(await apply(facts(1_600_000), { collection: 'registrations', id: over.id })).toMatchObject({ lineClass: 'overpaid', overMinor: 100_000 });
  });

  it('pays an approved partnership application the same way, in parts', async () => {
    const id = uniqueId('app');
    await fixture(`partners/${id}`, {
      kind: 'booth',
      organisation: 'Afya Labs',
      contactName: 'Amina Hassan',
      email: `${id}@example.org`,
      fee: 50000,
      currency: 'KES',
      status: 'confirmed',
      paymentStatus: 'unpaid',
    });
    const target = { collection: 'partners' as const, id };
    expect(await apply(facts(2_000_000), target)).toMatchObject({ lineClass: 'partial' });
    expect(await apply(facts(3_000_000), target)).toMatchObject({ lineClass: 'matched', settles: true });
    expect(await ownerGet(`partners/${id}`)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', receivedMinor: 5_000_000 });
  });

  it('confirms the visitor’s own submission of the receipt rather than recording a second payment', async () => {
    const r = await unpaid();
    const line = facts(FEE * 100);
    const paymentId = uniqueId('pay');
    await fixture(`payments/${paymentId}`, {
      payerName: 'Jane W',
      method: 'mobile-money',
      reference: line.receipt.toLowerCase(),
      amount: 1,
      currency: 'KES',
      targetCollection: 'registrations',
      targetId: r.id,
      status: 'submitted',
    });
    await fixture(`paymentReferences/${line.receiptKey}`, { paymentId });
    const { patchDocument } = await import('../../emulator/seed/rest.ts');
    const { stack } = await import('./support/clients.ts');
    await patchDocument(stack(), `registrations/${r.id}`, { paymentStatus: 'submitted', lastPaymentId: paymentId });
    await patchDocument(stack(), `checkouts/${r.id}`, { paymentStatus: 'submitted' });
    await apply(line, { collection: 'registrations', id: r.id }, { submittedId: paymentId });
    expect(await ownerGet(`payments/${paymentId}`)).toMatchObject({ status: 'verified', amount: FEE, amountMinor: FEE * 100 });
    expect(await ownerGet(`registrations/${r.id}`)).toMatchObject({ paymentStatus: 'paid', lastPaymentId: paymentId });
  });

  it('refuses a receipt imported before, and queues a line for a cancelled or paid record with the reason', async () => {
    const r = await unpaid();
    const line = facts(FEE * 100);
    await apply(line, { collection: 'registrations', id: r.id });
    await expect(apply(line, { collection: 'registrations', id: r.id })).rejects.toThrow(NotPayableError);
    const again = facts(100);
    await expect(apply(again, { collection: 'registrations', id: r.id })).rejects.toThrow(/already paid/);
    const cancelled = await unpaid({ status: 'cancelled' });
    await expect(apply(facts(100), { collection: 'registrations', id: cancelled.id })).rejects.toThrow(/cancelled/);
    // what the screen does with such a line: queue it
    const queued = facts(100);
    await commitAs(as.db.finance, [
      queuedLineWrite({ importId, line: queued, staffEmail: ACCOUNTS.finance.email }, 'already-paid', 'Already paid: refund', {
        collection: 'registrations',
        id: r.id,
      }),
    ]);
    expect(await ownerGet(linePath(queued.receiptKey))).toMatchObject({ state: 'queued', class: 'already-paid', paymentId: null });
  });

  it('matches a queued line by hand with a note, and puts another aside', async () => {
    const r = await unpaid();
    const line = facts(FEE * 100);
    const aside = facts(700);
    await commitAs(as.db.finance, [
      queuedLineWrite({ importId, line, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No payment code', null),
      queuedLineWrite({ importId, line: aside, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No payment code', null),
    ]);
    await expect(apply(line, { collection: 'registrations', id: r.id }, { note: ' ' })).rejects.toThrow(/note/);
    await apply(line, { collection: 'registrations', id: r.id }, { note: 'Payer phoned: paid for Jane' });
    expect(await ownerGet(linePath(line.receiptKey))).toMatchObject({ state: 'matched-manually', note: 'Payer phoned: paid for Jane', targetId: r.id });
    expect((await ownerGet(`registrations/${r.id}`))!.paymentStatus).toBe('paid');
    const db = finance();
    await db.transact([linePath(aside.receiptKey)], (docs) =>
      decideDismissLine(docs, { receiptKey: aside.receiptKey, note: 'Own transfer', staffEmail: ACCOUNTS.finance.email }),
    );
    expect(await ownerGet(linePath(aside.receiptKey))).toMatchObject({ state: 'dismissed', note: 'Own transfer' });
  });

  it('reverses an applied line: payment reversed, money taken off, record unpaid with a fresh hold, receipt free', async () => {
    const r = await unpaid();
    const line = facts(FEE * 100);
    await apply(line, { collection: 'registrations', id: r.id });
    const paymentId = (await ownerGet(linePath(line.receiptKey)))!.paymentId;
    await reverse(line.receiptKey);
    expect(await ownerGet(`registrations/${r.id}`)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', receivedMinor: 0 });
    expect(await ownerGet(`payments/${paymentId}`)).toMatchObject({ status: 'reversed', reversalNote: 'Wrong record' });
    expect(await ownerGet(`paymentReferences/${line.receiptKey}`)).toBeNull();
    expect(await ownerGet(linePath(line.receiptKey))).toMatchObject({ state: 'reversed' });
    expect((await slotOf(r.seat))!.state).toBe('held');
    // and a reversed line can be matched again, to the right record
    const other = await unpaid();
    await apply(line, { collection: 'registrations', id: other.id }, { note: 'The right delegate' });
    expect((await ownerGet(`registrations/${other.id}`))!.paymentStatus).toBe('paid');
  });
});

describe('what the rules refuse', () => {
  const denied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

  it('lets only finance and admins read imports and lines', async () => {
    for (const actor of ['anonymous', 'signedIn', 'unverified', 'editor'] as const) {
      await denied(getDoc(doc(as.db[actor], `statementImports/${importId}`)));
    }
    expect(await verdict(getDoc(doc(as.db.finance, `statementImports/${importId}`)))).toBe('allowed');
    expect(await verdict(getDoc(doc(as.db.admin, `statementImports/${importId}`)))).toBe('allowed');
  });

  it('refuses a balance typed in, by finance or an admin, or one that differs from the payment verified with it', async () => {
    const r = await unpaid();
    for (const actor of ['finance', 'admin'] as const) await denied(updateDoc(doc(as.db[actor], `registrations/${r.id}`), { receivedMinor: FEE * 100 }));
    // a real line's commit with the record's balance tampered with
    const balance = (w: BatchWrite) => ('update' in w && w.update === `registrations/${r.id}` ? { ...w, data: { ...w.data, receivedMinor: FEE * 200 } } : w);
    await denied(apply(facts(FEE * 100), { collection: 'registrations', id: r.id }, { tamper: balance }));
  });

  it('refuses a line tied to another record’s payment, another amount, or a forged author', async () => {
    const r = await unpaid();
    const other = await unpaid();
    const base = facts(FEE * 100);
    const tamper = (change: (w: BatchWrite) => BatchWrite) => apply(base, { collection: 'registrations', id: r.id }, { tamper: change });
    const onLine = (data: Record<string, unknown>) => (w: BatchWrite) =>
      'set' in w && w.set === linePath(base.receiptKey) ? { ...w, data: { ...w.data, ...data } } : w;
    await denied(tamper(onLine({ targetId: other.id })));
    await denied(tamper(onLine({ amountMinor: FEE * 50 })));
    await denied(tamper(onLine({ by: ACCOUNTS.admin.email })));
    await denied(tamper(onLine({ receipt: 'SOMETHINGELSE' })));
    await denied(tamper(onLine({ importId: 'no-such-import' })));
    // its message, to someone else, or saying the record is paid when it is not
    const onMail = (data: Record<string, unknown>) => (w: BatchWrite) => ('set' in w && w.set.startsWith('mail/') ? { ...w, data: { ...w.data, ...data } } : w);
    const part = statementLine(FEE * 40);
    const partly = (change: (w: BatchWrite) => BatchWrite) => apply(part, { collection: 'registrations', id: r.id }, { tamper: change });
    await denied(partly(onMail({ to: 'someone.else@example.org' })));
    await denied(partly(onMail({ template: { name: 'payment-verified', data: {} } })));
    // the untampered commit passes: each refusal above was the change's doing
    expect(await verdict(tamper((w) => w))).toBe('allowed');
  });

  it('never lets a stored line be deleted, its statement words changed, or a queued line be created by a visitor or editor', async () => {
    const line = facts(900);
    const queued = queuedLineWrite({ importId, line, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No payment code', null);
    await denied(commitAs(as.db.signedIn, [queued]));
    await denied(commitAs(as.db.editor, [queued]));
    await commitAs(as.db.finance, [queued]);
    await denied(commitAs(as.db.finance, [queued])); // the same receipt again
    // odd strings and volume: a statement's words are bounded and printable, its amount a positive whole number of cents
    for (const odd of [
      { details: 'x'.repeat(1001) },
      { payer: 'JANE\u0000W' },
      { payer: 'JANE\u202EW' },
      { amountMinor: 1.5 },
      { amountMinor: 0 },
      { currency: 'kes' },
    ]) {
      const other = facts(900);
      await denied(
        commitAs(as.db.finance, [
          queuedLineWrite({ importId, line: { ...other, ...odd }, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No payment code', null),
        ]),
      );
    }
    await denied(deleteDoc(doc(as.db.admin, linePath(line.receiptKey))));
    await denied(updateDoc(doc(as.db.finance, linePath(line.receiptKey)), { amountMinor: 1, note: 'typo', at: serverTimestamp() }));
    await denied(
      updateDoc(doc(as.db.finance, linePath(line.receiptKey)), { state: 'dismissed', note: '   ', by: ACCOUNTS.finance.email, at: serverTimestamp() }),
    );
  });

  it('checks an import record: a real checksum, its author, nothing extra; never deleted', async () => {
    const good = importRecord;
    const id = uniqueId('imp');
    await denied(setDoc(doc(as.db.finance, `statementImports/${id}`), { ...good(id), checksum: 'not-a-checksum' }));
    await denied(setDoc(doc(as.db.finance, `statementImports/${id}`), { ...good(id), by: ACCOUNTS.admin.email }));
    await denied(setDoc(doc(as.db.finance, `statementImports/${id}`), { ...good(id), extra: true }));
    await denied(setDoc(doc(as.db.editor, `statementImports/${id}`), good(id)));
    await setDoc(doc(as.db.finance, `statementImports/${id}`), good(id));
    await denied(deleteDoc(doc(as.db.admin, `statementImports/${id}`)));
    await denied(updateDoc(doc(as.db.finance, `statementImports/${id}`), { lineCount: 99 }));
    const batch = writeBatch(as.db.finance);
    batch.update(doc(as.db.finance, `statementImports/${id}`), { status: 'done', results: { applied: 2 } });
    expect(await verdict(batch.commit())).toBe('allowed');
  });
});
