// Attacker's suite, class 6: the statement ledger. A record's receivedMinor and the payments counted
// in it are two halves of one ledger (firestore.rules: receivedInStep, ledgerKept, appliesPayment):
// each attack below tries to count one payment twice, keep money a reversal took off, or type a
// balance in, as a visitor, an editor, finance or an administrator. Every refusal has its control:
// the honest commit next to it passes, so the refusal is the tampering's doing.
import { applicationCheckoutPath, applicationCheckoutWrite } from '../../../src/data/application-record.ts';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, serverTimestamp, setDoc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import {
  decideRecordedLine,
  decideReverseLine,
  linePath,
  queuedLineWrite,
  recordedPaths,
  reversePaths,
  type LineFacts,
} from '../../../src/features/payments/admin/statement/line-actions.ts';
import { decideManual, decideVerify, manualPaths, verdictPaths, type AdminPayment } from '../../../src/features/payments/admin/payment-actions.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { boothDoc, commit, FORMS, fieldsOf } from '../support/forms.ts';
import { fixture, ownerGet, uniqueId } from '../support/owner.ts';
import { applyLine, importRecord, statementImport, statementLine } from '../support/statement.ts';

let as: Actors;
let importId: string;
beforeAll(async () => {
  as = await signInActors();
  importId = await statementImport('ledger-import');
});
afterAll(closeClients);

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');

/** An approved booth booking of KES 50,000 (5,000,000 minor), unpaid: a record without seat or checkout, so each commit is small. */
const FEE_MINOR = 5_000_000;
async function booth() {
  const id = uniqueId('ledger-booth');
  await fixture(`partners/${id}`, { ...fieldsOf(boothDoc(id)), fee: FEE_MINOR / 100, status: 'confirmed', paymentStatus: 'unpaid' });
  return { collection: 'partners' as const, id };
}

const line = (amountMinor: number): LineFacts => statementLine(amountMinor, { payer: 'AFYA LABS' }, 'LG');

type Target = Awaited<ReturnType<typeof booth>>;

/**
 * The Statements screen's apply, as finance; `tamper` edits the commit before it is sent, and
 * `blind` makes the decision as if the receipt were unclaimed (a client that skips the check).
 */
async function apply(facts: LineFacts, target: Target, tamper: (writes: BatchWrite[]) => BatchWrite[] = (w) => w, by?: Firestore, blind = false) {
  await applyLine(by ?? as.db.finance, importId, facts, target, { tamper, blind });
  return String((await ownerGet(linePath(facts.receiptKey)))!.paymentId);
}

/** The Statements screen's reverse, as finance. */
async function reverse(facts: LineFacts, target: Target, paymentId: string, tamper: (writes: BatchWrite[]) => BatchWrite[] = (w) => w) {
  const db = createDb(() => as.db.finance);
  await db.transact(reversePaths({ receiptKey: facts.receiptKey, paymentId, targetCollection: target.collection, targetId: target.id }), (docs) => ({
    writes: tamper(decideReverseLine(docs, { note: 'Paid for someone else', staffEmail: ACCOUNTS.finance.email, seat: null }).writes),
  }));
}

const received = async (target: Target) => (await ownerGet(`${target.collection}/${target.id}`))!.receivedMinor ?? 0;
const withoutPath = (path: string) => (writes: BatchWrite[]) => writes.filter((w) => writePath(w) !== path);
const payment = (db: Firestore, id: string) => doc(db, 'payments', id);

describe('finance counting one payment twice', () => {
  it('never sets a counted payment back to submitted to verify it again (control: its note may be edited)', async () => {
    const target = await booth();
    const paid = await apply(line(2_000_000), target);
    await allowed(updateDoc(payment(as.db.finance, paid), { note: 'Checked against the bank' }));
    await denied(updateDoc(payment(as.db.finance, paid), { status: 'submitted' }));
    // The second half of the attack, whatever the first did: verify it again and count it again.
    await denied(
      commit(as.db.finance, [
        { update: `payments/${paid}`, data: { status: 'verified' } },
        { update: `partners/${target.id}`, data: { receivedMinor: 4_000_000, receivedVia: paid } },
      ]),
    );
    expect(await received(target)).toBe(2_000_000);
  });

  it('never lets a second line name a payment another line verified (control: the second line with its own payment)', async () => {
    const target = await booth();
    const first = await apply(line(1_000_000), target);
    const second = line(1_000_000);
    const reuse = (writes: BatchWrite[]) =>
      writes.map((w): BatchWrite => {
        const path = writePath(w);
        if (path.startsWith('payments/')) return { update: `payments/${first}`, data: { status: 'verified', statementLine: second.receiptKey } };
        if (path.startsWith('paymentReferences/')) return { set: path, data: { paymentId: first } };
        if ('data' in w && (path === linePath(second.receiptKey) || path === `partners/${target.id}`))
          return { ...w, data: { ...w.data, ...(path.startsWith('partners/') ? { receivedVia: first } : { paymentId: first }) } } as BatchWrite;
        return w;
      });
    await denied(apply(second, target, reuse));
    await apply(second, target);
    expect(await received(target)).toBe(2_000_000);
  });

  it('never shrinks a counted payment before reversing it, keeping the difference (control: the honest reversal)', async () => {
    const target = await booth();
    const facts = line(3_000_000);
    const paid = await apply(facts, target);
    await denied(updateDoc(payment(as.db.finance, paid), { amountMinor: 100 }));
    await denied(updateDoc(payment(as.db.finance, paid), { targetId: uniqueId('elsewhere') }));
    await reverse(facts, target, paid);
    expect(await received(target)).toBe(0);
  });

  it('never reverses a line and its payment while the record keeps the money, nor a payment and the money without its line (control: the whole reversal)', async () => {
    const target = await booth();
    const facts = line(FEE_MINOR);
    const paid = await apply(facts, target);
    await denied(reverse(facts, target, paid, withoutPath(`partners/${target.id}`)));
    // nor the payment and the money while the line still says applied
    await denied(reverse(facts, target, paid, withoutPath(linePath(facts.receiptKey))));
    await denied(updateDoc(payment(as.db.finance, paid), { status: 'reversed' }));
    await reverse(facts, target, paid);
    expect(await ownerGet(`partners/${target.id}`)).toMatchObject({ receivedMinor: 0, paymentStatus: 'unpaid' });
    // reversed is a payment's last state: it cannot be reversed again, nor brought back to count again
    await denied(updateDoc(payment(as.db.finance, paid), { status: 'verified' }));
    await denied(updateDoc(payment(as.db.finance, paid), { note: 'again' }));
  });

  it('never reverses a payment below nothing, nor one that is not the line’s', async () => {
    const target = await booth();
    const facts = line(1_000_000);
    const paid = await apply(facts, target);
    const other = await booth();
    const otherPaid = await apply(line(2_000_000), other);
    // the line's reversal naming the other record's payment
    const swapPayment = (writes: BatchWrite[]) =>
      writes.map((w): BatchWrite => (writePath(w) === `payments/${paid}` ? { update: `payments/${otherPaid}`, data: { status: 'reversed' } } : w));
    await denied(reverse(facts, target, paid, swapPayment));
    // a balance below zero
    const belowZero = (writes: BatchWrite[]) =>
      writes.map((w): BatchWrite =>
        writePath(w) === `partners/${target.id}` && 'data' in w ? ({ ...w, data: { ...w.data, receivedMinor: -1 } } as BatchWrite) : w,
      );
    await denied(reverse(facts, target, paid, belowZero));
    await reverse(facts, target, paid);
    expect([await received(target), await received(other)]).toEqual([0, 2_000_000]);
  });

  it('never creates a payment already counted that the record did not receive, to reverse it later (control: a line counted in it)', async () => {
    const target = await booth();
    await apply(line(FEE_MINOR / 2), target);
    const counted = (id: string) => ({
      id,
      timestamp: serverTimestamp(),
      payerName: 'Nobody',
      method: 'bank-transfer',
      reference: id,
      amount: FEE_MINOR / 100,
      amountMinor: FEE_MINOR,
      currency: 'KES',
      targetCollection: 'partners',
      targetId: target.id,
      status: 'verified',
    });
    const ghost = uniqueId('ghost');
    await denied(setDoc(payment(as.db.finance, ghost), counted(ghost)));
    // Moving the record with it is still a balance typed in (no statement line behind it: 'counted money and its evidence').
    const typed = uniqueId('typed');
    await denied(
      commit(as.db.finance, [
        { set: `payments/${typed}`, data: counted(typed) },
        { update: `partners/${target.id}`, data: { receivedMinor: FEE_MINOR / 2 + FEE_MINOR, receivedVia: typed } },
      ]),
    );
    await apply(line(FEE_MINOR / 2), target);
    expect(await received(target)).toBe(FEE_MINOR);
  });

  it('never pays a second record with a receipt a visitor submitted for another, by leaving out its claim (control: with the claim)', async () => {
    const submission = await FORMS.boothPayment.draft();
    const facts = line(FEE_MINOR);
    await commit(submission.by.db, submission.writes({ ...submission.doc, method: 'bank-transfer', reference: facts.receipt }));
    const other = await booth();
    const claim = `paymentReferences/${facts.receiptKey}`;
    await denied(apply(facts, other, withoutPath(claim), undefined, true));
    // The visitor's submission is still theirs to verify: the receipt paid nothing else.
    expect(await ownerGet(claim)).toMatchObject({ paymentId: submission.id });
    const fresh = line(FEE_MINOR);
    await denied(apply(fresh, other, withoutPath(`paymentReferences/${fresh.receiptKey}`)));
    await apply(fresh, other);
    expect(await received(other)).toBe(FEE_MINOR);
  });

  it('never marks a legacy payment reversed to free its transaction code (control: rejecting a submitted one does)', async () => {
    const target = await booth();
    const code = `LEG${Date.now().toString(36).toUpperCase()}`;
    const legacy = await fixture(`payments/${uniqueId('legacy')}`, {
      payerName: 'Afya',
      method: 'mobile-money',
      reference: code,
      amount: FEE_MINOR / 100,
      currency: 'KES',
      targetCollection: 'partners',
      targetId: target.id,
      status: 'verified',
    });
    await fixture(`paymentReferences/${code}`, { paymentId: legacy });
    const free = (status: string): BatchWrite[] => [{ update: `payments/${legacy}`, data: { status } }, { delete: `paymentReferences/${code}` }];
    await denied(commit(as.db.finance, free('reversed')));
    const submitted = await fixture(`payments/${uniqueId('submitted')}`, {
      payerName: 'Afya',
      method: 'mobile-money',
      reference: `${code}S`,
      amount: 1,
      currency: 'KES',
      targetCollection: 'partners',
      targetId: target.id,
      status: 'submitted',
    });
    await fixture(`paymentReferences/${code}S`, { paymentId: submitted });
    await allowed(commit(as.db.finance, [{ update: `payments/${submitted}`, data: { status: 'rejected' } }, { delete: `paymentReferences/${code}S` }]));
    expect(await ownerGet(`paymentReferences/${code}`)).toMatchObject({ paymentId: legacy });
  });
});

describe('a balance typed in', () => {
  it('an administrator never recreates a record with money received (control: recreated without it)', async () => {
    const target = await booth();
    await apply(line(FEE_MINOR), target);
    const before = (await ownerGet(`partners/${target.id}`))!;
    await allowed(commit(as.db.admin, [{ delete: `partners/${target.id}` }, { delete: applicationCheckoutPath(target.id) }]));
    const { receivedMinor: _r, receivedVia: _v, ...rest } = before;
    // Each with its checkout projection in step, as the back office would write it.
    const recreate = (data: Record<string, unknown>) =>
      commit(as.db.admin, [{ set: `partners/${target.id}`, data }, applicationCheckoutWrite({ ...data, id: target.id })]);
    await denied(recreate({ ...rest, receivedMinor: 2 * FEE_MINOR, receivedVia: 'made-up' }));
    await denied(recreate({ ...rest, receivedMinor: FEE_MINOR }));
    await allowed(recreate({ ...rest, paymentStatus: 'unpaid' }));
  });

  it('an editor takes no finance action: no import, no line, no balance (control: finance may)', async () => {
    const target = await booth();
    const queued = (facts: LineFacts) => queuedLineWrite({ importId, line: facts, staffEmail: ACCOUNTS.editor.email }, 'unknown', 'No payment code', null);
    await denied(commit(as.db.editor, [queued(line(900))]));
    await denied(apply(line(FEE_MINOR), target, (w) => w, as.db.editor));
    await denied(updateDoc(doc(as.db.editor, 'partners', target.id), { receivedMinor: 1, receivedVia: 'x' }));
    await denied(setDoc(doc(as.db.editor, 'statementImports', uniqueId('editor-import')), { status: 'applying' }));
    const facts = line(FEE_MINOR);
    await apply(facts, target);
    await denied(updateDoc(doc(as.db.editor, linePath(facts.receiptKey)), { state: 'reversed', note: 'mine', at: serverTimestamp() }));
    expect(await received(target)).toBe(FEE_MINOR);
  });

  it('a visitor never counts their own payment submission as money received (control: the honest submission)', async () => {
    const draft = await FORMS.boothPayment.draft();
    const record = `partners/${draft.target!.id}`;
    const grow = (writes: BatchWrite[]) =>
      writes.map((w): BatchWrite =>
        writePath(w) === record && 'data' in w ? ({ ...w, data: { ...w.data, receivedMinor: 100, receivedVia: draft.id } } as BatchWrite) : w,
      );
    await denied(commit(draft.by.db, grow(draft.writes())));
    await denied(commit(draft.by.db, draft.writes({ ...draft.doc, status: 'verified', amountMinor: 100 })));
    await allowed(commit(draft.by.db, draft.writes()));
    expect(await ownerGet(record)).toMatchObject({ paymentStatus: 'submitted' });
    expect((await ownerGet(record))!.receivedMinor).toBeUndefined();
  });
});

describe('counted money and its evidence (issue 32, item 8)', () => {
  /** A payment finance creates by hand, verified and counted, with the record's balance moved by it in the same commit. */
  const counted = (target: Target, id: string, extra: Record<string, unknown> = {}): BatchWrite[] => [
    {
      set: `payments/${id}`,
      data: {
        id,
        timestamp: new Date(),
        payerName: 'Nobody',
        method: 'bank-transfer',
        reference: `TYPED${id.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 40),
        amount: FEE_MINOR / 100,
        amountMinor: FEE_MINOR,
        currency: 'KES',
        targetCollection: target.collection,
        targetId: target.id,
        status: 'verified',
        ...extra,
      },
    },
    { update: `${target.collection}/${target.id}`, data: { receivedMinor: FEE_MINOR, receivedVia: id } },
  ];

  it('finance never creates a counted payment without its statement line, nor naming a line that is not its own (control: the line applied)', async () => {
    const target = await booth();
    await denied(commit(as.db.finance, counted(target, uniqueId('typed'))));
    await denied(commit(as.db.admin, counted(target, uniqueId('typed'))));
    // A line that exists, applied to another payment, is not this one's evidence.
    const other = line(FEE_MINOR);
    const otherTarget = await booth();
    await apply(other, otherTarget);
    await denied(commit(as.db.finance, counted(target, uniqueId('typed'), { statementLine: other.receiptKey })));
    expect(await received(target)).toBe(0);
    await apply(line(FEE_MINOR), target);
    expect(await received(target)).toBe(FEE_MINOR);
  });

  /** A manual payment as the Payments screen records it (decideManual), with `change` applied to the payment. */
  async function manual(target: Target, reference: string, change: Record<string, unknown> = {}) {
    const db = createDb(() => as.db.finance);
    const paymentId = uniqueId('manual');
    return verdict(
      db.transact(manualPaths({ targetCollection: target.collection, targetId: target.id, reference }), ([record]) => {
        const { writes } = decideManual([record, null], {
          paymentId,
          targetCollection: target.collection,
          targetId: target.id,
          payerName: 'Acme Ltd',
          method: 'cheque',
          reference,
          amount: FEE_MINOR / 100,
          note: 'Cheque banked at KCB',
          staffEmail: ACCOUNTS.finance.email,
          mailId: uniqueId('mail'),
        });
        return {
          writes: writes.map((w) => (writePath(w) === `payments/${paymentId}` && 'data' in w ? ({ ...w, data: { ...w.data, ...change } } as BatchWrite) : w)),
        };
      }),
    );
  }

  it('a manual payment comes with its receipt claimed once and a note (control: the screen’s own commit)', async () => {
    const receipt = `CHQ ${uniqueId('c').replace(/[^A-Za-z0-9]/g, '')}`;
    const first = await booth();
    expect(await manual(first, receipt, { note: '' })).toBe('denied');
    expect(await manual(first, receipt, { note: '   ' })).toBe('denied');
    expect(await manual(first, receipt, { manual: false })).toBe('denied');
    expect(await manual(first, receipt)).toBe('allowed');
    // The same cheque for a second record (its claim is refused; the screen reads it and says so).
    const second = await booth();
    expect(await manual(second, receipt)).toBe('denied');
    expect(await ownerGet(`partners/${second.id}`)).toMatchObject({ paymentStatus: 'unpaid' });
  });
});

describe('money verified by hand, then seen on the statement (issue 34, item 7)', () => {
  /** Finance records money received directly (decideManual), `change` applied to the payment written. */
  async function recordByHand(target: Target, reference: string, change: Record<string, unknown> = {}) {
    const paymentId = uniqueId('hand');
    const result = await verdict(
      createDb(() => as.db.finance).transact(manualPaths({ targetCollection: target.collection, targetId: target.id, reference }), ([record]) => ({
        writes: decideManual([record, null], {
          paymentId,
          targetCollection: target.collection,
          targetId: target.id,
          payerName: 'Afya Labs',
          method: 'mobile-money',
          reference,
          amount: FEE_MINOR / 100,
          note: 'Seen on the Paybill app before the statement came',
          staffEmail: ACCOUNTS.finance.email,
          mailId: uniqueId('mail'),
        }).writes.map((w) => (writePath(w) === `payments/${paymentId}` && 'data' in w ? ({ ...w, data: { ...w.data, ...change } } as BatchWrite) : w)),
      })),
    );
    return { result, paymentId };
  }

  /** The import's link of a line to a payment verified by hand (decideRecordedLine), `tamper` applied. */
  const confirm = (facts: LineFacts, paymentId: string, tamper: (writes: BatchWrite[]) => BatchWrite[] = (w) => w) =>
    createDb(() => as.db.finance).transact(recordedPaths(facts.receiptKey, paymentId), (docs) => ({
      writes: tamper(decideRecordedLine(docs, { importId, line: facts, staffEmail: ACCOUNTS.finance.email }).writes),
    }));

  it("counts in the record's received money at its own amount, never at another (control: the screen's commit)", async () => {
    const target = await booth();
    const facts = line(FEE_MINOR);
    expect((await recordByHand(target, facts.receipt, { amountMinor: FEE_MINOR * 2 })).result).toBe('denied');
    expect((await recordByHand(target, facts.receipt, { amount: FEE_MINOR / 50 })).result).toBe('denied');
    expect((await recordByHand(target, facts.receipt, { statementLine: facts.receiptKey })).result).toBe('denied');
    expect(await received(target)).toBe(0);
    expect((await recordByHand(target, facts.receipt)).result).toBe('allowed');
    expect(await received(target)).toBe(FEE_MINOR);
  });

  it('a visitor’s submission verified by hand counts the amount they stated, which finance cannot raise', async () => {
    const submission = await FORMS.boothPayment.draft();
    await commit(submission.by.db, submission.writes({ ...submission.doc, method: 'bank-transfer', reference: line(1).receipt }));
    const target = submission.target!;
    const stored = (await ownerGet(`payments/${submission.id}`))! as unknown as AdminPayment;
    const verify = (change: Record<string, unknown>) =>
      createDb(() => as.db.finance).transact(verdictPaths({ payment: { ...stored, id: submission.id } }), ([current, record]) => ({
        writes: decideVerify([current, record], {
          payment: { ...stored, id: submission.id },
          note: 'Seen in the bank app',
          staffEmail: ACCOUNTS.finance.email,
          mailId: uniqueId('mail'),
        }).writes.map((w) => (writePath(w) === `payments/${submission.id}` && 'data' in w ? ({ ...w, data: { ...w.data, ...change } } as BatchWrite) : w)),
      }));
    const raised = Number(stored.amount) * 2;
    await denied(verify({ amount: raised, amountMinor: raised * 100 }));
    await allowed(verify({}));
    expect(await ownerGet(`payments/${submission.id}`)).toMatchObject({ status: 'verified', amountMinor: Number(stored.amount) * 100 });
    expect(await ownerGet(`${target.collection}/${target.id}`)).toMatchObject({ receivedMinor: Number(stored.amount) * 100, receivedVia: submission.id });
  });

  it('a line with its receipt confirms it: linked, nothing counted twice; never linked to another receipt’s payment or twice', async () => {
    const target = await booth();
    const facts = line(FEE_MINOR);
    const { paymentId, result } = await recordByHand(target, facts.receipt);
    expect(result).toBe('allowed');
    // Another receipt's line may not name this payment (the claim is the receipt's).
    const stranger = line(FEE_MINOR);
    await denied(
      commit(as.db.finance, [
        { update: `payments/${paymentId}`, data: { statementLine: stranger.receiptKey } },
        ...decideRecordedLine(
          [null, { id: paymentId, status: 'verified', targetCollection: target.collection, targetId: target.id }, { id: stranger.receiptKey, paymentId }],
          {
            importId,
            line: stranger,
            staffEmail: ACCOUNTS.finance.email,
          },
        ).writes.filter((w) => writePath(w) !== `payments/${paymentId}`),
      ]),
    );
    await allowed(confirm(facts, paymentId));
    expect(await ownerGet(linePath(facts.receiptKey))).toMatchObject({ state: 'recorded', class: 'recorded', paymentId, overMinor: 0 });
    expect(await ownerGet(`payments/${paymentId}`)).toMatchObject({ status: 'verified', statementLine: facts.receiptKey, amountMinor: FEE_MINOR });
    expect(await received(target)).toBe(FEE_MINOR);
    // Reversed with its line, as an applied line is: the money it counted comes off.
    await reverse(facts, target, paymentId);
    expect(await ownerGet(linePath(facts.receiptKey))).toMatchObject({ state: 'reversed' });
    expect(await received(target)).toBe(0);
  });

  it('never links a payment that is not verified, nor one a line already names', async () => {
    const submission = await FORMS.boothPayment.draft();
    const facts = line(1);
    await commit(submission.by.db, submission.writes({ ...submission.doc, method: 'bank-transfer', reference: facts.receipt }));
    // Decided as if verified: the stored payment is still submitted.
    await denied(
      commit(
        as.db.finance,
        decideRecordedLine(
          [
            null,
            { id: submission.id, status: 'verified', targetCollection: 'partners', targetId: submission.target!.id },
            { id: facts.receiptKey, paymentId: submission.id },
          ],
          { importId, line: facts, staffEmail: ACCOUNTS.finance.email },
        ).writes,
      ),
    );
    // A payment a statement line counted already names its line: a second line may not name it.
    const target = await booth();
    const applied = line(FEE_MINOR);
    const paid = await apply(applied, target);
    const again = line(FEE_MINOR);
    await denied(
      commit(
        as.db.finance,
        decideRecordedLine(
          [null, { id: paid, status: 'verified', targetCollection: target.collection, targetId: target.id }, { id: again.receiptKey, paymentId: paid }],
          {
            importId,
            line: again,
            staffEmail: ACCOUNTS.finance.email,
          },
        ).writes,
      ),
    );
  });
});

describe('a line’s life and an import’s record', () => {
  const asFinance = (update: Record<string, unknown>) => ({ note: 'Finance’s note', by: ACCOUNTS.finance.email, at: serverTimestamp(), ...update });

  it('never matches by hand, dismisses or re-reverses a line already applied (control: reversing it once)', async () => {
    const target = await booth();
    const facts = line(1_000_000);
    const paid = await apply(facts, target);
    const path = doc(as.db.finance, linePath(facts.receiptKey));
    await denied(updateDoc(path, asFinance({ state: 'dismissed', paymentId: null, targetCollection: null, targetId: null })));
    await denied(updateDoc(path, asFinance({ state: 'matched-manually' })));
    await denied(updateDoc(path, asFinance({ state: 'queued', paymentId: null })));
    await reverse(facts, target, paid);
    // a second reversal, written by hand since the screen refuses it: the payment's last state is reversed
    await denied(
      commit(as.db.finance, [
        { update: linePath(facts.receiptKey), data: asFinance({ state: 'reversed' }) },
        { update: `payments/${paid}`, data: { status: 'reversed' } },
      ]),
    );
    await denied(updateDoc(path, asFinance({ state: 'applied' })));
    expect(await received(target)).toBe(0);
  });

  it('never changes what the statement said on a stored line (control: a dismissal with a note)', async () => {
    const facts = line(900);
    await commit(as.db.finance, [queuedLineWrite({ importId, line: facts, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No payment code', null)]);
    const path = doc(as.db.finance, linePath(facts.receiptKey));
    for (const change of [{ amountMinor: 90_000 }, { receipt: `${facts.receipt}X` }, { currency: 'USD' }, { importId: uniqueId('other') }, { row: 99 }]) {
      await denied(updateDoc(path, asFinance({ state: 'dismissed', ...change })));
    }
    await allowed(updateDoc(path, asFinance({ state: 'dismissed' })));
  });

  it('never rewrites an import’s counts, nor its results once done (control: results while applying)', async () => {
    const id = uniqueId('ledger-imp');
    const base = importRecord(id);
    const path = doc(as.db.finance, 'statementImports', id);
    await allowed(setDoc(path, base));
    await denied(updateDoc(path, { counts: { matched: 0 } }));
    await denied(updateDoc(path, { status: 'done', results: { applied: 2 }, errorCount: 5 }));
    await allowed(updateDoc(path, { results: { applied: 1 } }));
    await allowed(updateDoc(path, { status: 'done', results: { applied: 2 } }));
    await denied(updateDoc(path, { results: { applied: 20 } }));
    await denied(updateDoc(path, { status: 'applying' }));
  });

  it('bounds an import’s lists and a line’s words: 10,000 errors, 13 counts, control characters (control: 100 errors)', async () => {
    const record = (id: string, over: Record<string, unknown>) => ({
      id,
      timestamp: serverTimestamp(),
      by: ACCOUNTS.finance.email,
      fileName: 'statement.csv',
      checksum: 'e'.repeat(64),
      format: 'mpesa',
      lineCount: 10_000,
      errorCount: 10_000,
      errors: [],
      counts: {},
      status: 'applying',
      results: {},
      ...over,
    });
    const create = (over: Record<string, unknown>) => {
      const id = uniqueId('ledger-vol');
      return setDoc(doc(as.db.finance, 'statementImports', id), record(id, over));
    };
    await denied(create({ errors: Array.from({ length: 10_000 }, (_, i) => `row ${i}: no amount`) }));
    await denied(create({ counts: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`class${i}`, i])) }));
    await denied(create({ fileName: 'statement\u0000.csv' }));
    await denied(create({ fileName: 'x'.repeat(201) }));
    await denied(create({ lineCount: -1 }));
    await allowed(create({ errors: Array.from({ length: 100 }, (_, i) => `row ${i}: no amount`) }));
    const odd = (over: Partial<LineFacts>) =>
      commit(as.db.finance, [queuedLineWrite({ importId, line: { ...line(900), ...over }, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No code', null)]);
    await denied(odd({ details: 'PAYBILL\u001b[2J' }));
    await denied(odd({ account: 'a'.repeat(201) }));
    await denied(odd({ amountMinor: 100_000_000_001 }));
    await allowed(odd({ details: 'PAYBILL 123\tNCS-7K2Q\nline two' }));
  });

  it('lets no visitor or editor read or list lines and imports (control: finance lists them)', async () => {
    const facts = line(900);
    await commit(as.db.finance, [queuedLineWrite({ importId, line: facts, staffEmail: ACCOUNTS.finance.email }, 'unknown', 'No payment code', null)]);
    for (const actor of ['anonymous', 'signedIn', 'unverified', 'editor'] as const) {
      await denied(getDocs(collection(as.db[actor], 'statementLines')));
      await denied(getDoc(doc(as.db[actor], linePath(facts.receiptKey))));
      await denied(getDocs(collection(as.db[actor], 'statementImports')));
    }
    await allowed(getDoc(doc(as.db.finance, linePath(facts.receiptKey))));
    await allowed(getDocs(query(collection(as.db.finance, 'statementLines'), limit(1))));
  });
});

// Issue 32, item 9: a line counts into a record only in the record's own currency.
describe('finance counting money of another currency', () => {
  const inUsd = (writes: BatchWrite[]) =>
    writes.map((w) =>
      (writePath(w).startsWith('statementLines/') || writePath(w).startsWith('payments/')) && 'data' in w ? { ...w, data: { ...w.data, currency: 'USD' } } : w,
    );

  it('never counts a USD line into a KES record as KES (control: the same line in KES)', async () => {
    const target = await booth();
    await denied(apply(line(1_000_000), target, inUsd));
    expect(await received(target)).toBe(0);
    await apply(line(1_000_000), target);
    expect(await received(target)).toBe(1_000_000);
  });
});

// Issue 32, item 10: counted money keeps its evidence. A payment that was counted (verified, or
// reversed after) is reversed, never deleted; archiving moves it whole, its copy in the same commit.
describe('an administrator deleting counted money', () => {
  it('never deletes a counted payment, verified or reversed (control: one never counted is deleted)', async () => {
    const target = await booth();
    const facts = line(1_000_000);
    const paid = await apply(facts, target);
    await denied(deleteDoc(payment(as.db.admin, paid)));
    await reverse(facts, target, paid);
    await denied(deleteDoc(payment(as.db.admin, paid)));
    expect(await ownerGet(`payments/${paid}`)).toMatchObject({ status: 'reversed' });
    const submitted = uniqueId('pay-submitted');
    await fixture(`payments/${submitted}`, { status: 'submitted', targetCollection: target.collection, targetId: target.id, amount: 1000, currency: 'KES' });
    await allowed(deleteDoc(payment(as.db.admin, submitted)));
  });

  it('archives a counted payment whole: its copy in the same commit (control for the refusal above)', async () => {
    const target = await booth();
    const paid = await apply(line(1_000_000), target);
    const copy = await getDoc(payment(as.db.admin, paid));
    await allowed(commit(as.db.admin, [{ set: `archive/payments/items/${paid}`, data: copy.data()! }, { delete: `payments/${paid}` }]));
  });
});
