// The refunds due across the summit, in one list: every registration and partner application that
// received more than it owes (an over-payment, money received before it was cancelled, money on a
// record that needs none), read from the money each record holds (data/money-received.ts), so the
// list agrees with the record pages and with the statement import; and recording a refund made
// from it (decideRefund), or money kept, not refunded (decideKeep).
import type { DocumentData } from 'firebase/firestore/lite';
import { db } from '../../../lib/data.ts';
import { serverValues, type BatchWrite, type WithId } from '../../../lib/db.ts';
import type { PayableCollection } from '../../../data/collections.ts';
import { PAYMENT_METHOD_LABELS } from '../../../data/labels.ts';
import { refundSentMail } from '../../../data/mail.ts';
import { payableRecord } from '../../../data/payable-records.ts';
import { formatDate, formatMinorShort, formatMoneyMinor } from '../../../components/format.ts';
import { recordChange, targetNoun, type MANUAL_METHODS } from './payment-actions.ts';
import { moneyOf, refundDueMinor, refundedMinorOf } from '../../../data/money-received.ts';
import { keepMoney, keptLog, type MoneyKept } from '../../../data/money-kept.ts';

export interface RefundDue {
  id: string;
  collection: PayableCollection;
  name: string;
  code: string;
  currency: string;
  fee: number;
  status: string;
  paymentStatus: string;
  receivedMinor: number;
  refundDueMinor: number;
}

function refundOf(collection: PayableCollection, d: WithId<DocumentData>): RefundDue {
  const money = moneyOf(d);
  return {
    fee: money.fee,
    status: money.status,
    paymentStatus: money.paymentStatus,
    receivedMinor: money.receivedMinor,
    id: d.id,
    collection,
    name: String(collection === 'registrations' ? d.fullName : d.organisation),
    code: typeof d.paymentCode === 'string' ? d.paymentCode : '',
    currency: String(d.currency),
    refundDueMinor: refundDueMinor(money),
  };
}

/** Records holding money, largest first, kept where some of it is the payer's to have back. */
export async function fetchRefundsDue(): Promise<RefundDue[]> {
  const holding = (collection: PayableCollection) =>
    db
      .fetchEvery<DocumentData>(collection, { where: [['receivedMinor', '>', 0]], orderBy: ['receivedMinor', 'desc'] })
      .then((docs) => docs.map((d) => refundOf(collection, d)));
  const [registrations, partners] = await Promise.all([holding('registrations'), holding('partners')]);
  return [...registrations, ...partners].filter((r) => r.refundDueMinor > 0).sort((a, b) => b.refundDueMinor - a.refundDueMinor);
}

/** A refund finance made, as the form gives it. */
export interface RefundMade {
  refundId: string;
  collection: PayableCollection;
  id: string;
  amountMinor: number;
  method: (typeof MANUAL_METHODS)[number];
  reference: string;
  refundedOn: Date;
  note: string;
  /** The signed-in address (firestore.rules: the refund's `by` is the token's). */
  staffEmail: string;
}

/** What a decision about a record's money (a refund made, money kept) reads in its transaction: the record. */
export const decisionPaths = (r: { collection: PayableCollection; id: string }) => [`${r.collection}/${r.id}`];

/**
 * Recording a refund made, decided on the record as stored: never more than its refund due now
 * (firestore.rules: refundDue), never dated ahead; the refund, the record's refunded money grown by
 * it (refundedInStep) and the payer's email (refundMail) in one commit.
 */
export function decideRefund([record]: Array<WithId<DocumentData> | null>, r: RefundMade, now = new Date()) {
  if (!record) throw new Error(`The ${targetNoun(r.collection)} ${r.id} was not found (archived?): restore it before recording a refund.`);
  const currency = String(record.currency);
  const refunded = refundedMinorOf(record);
  const due = refundOf(r.collection, record).refundDueMinor;
  if (due <= 0) throw new Error(`No refund is due on this ${targetNoun(r.collection)} now.`);
  if (r.amountMinor > due) throw new Error(`At most ${formatMoneyMinor(due, currency)} is due to be refunded on this ${targetNoun(r.collection)}.`);
  if (r.refundedOn.getTime() > now.getTime()) throw new Error('The refund cannot be dated in the future.');
  const amount = formatMinorShort(r.amountMinor, currency);
  const payable = payableRecord(r.collection, record);
  return {
    writes: [
      {
        set: `refunds/${r.refundId}`,
        data: {
          id: r.refundId,
          timestamp: serverValues.now(),
          targetCollection: r.collection,
          targetId: r.id,
          amountMinor: r.amountMinor,
          currency,
          method: r.method,
          reference: r.reference,
          refundedOn: r.refundedOn,
          note: r.note,
          by: r.staffEmail,
        },
      },
      ...recordChange(r.collection, record, { refundedMinor: refunded + r.amountMinor, refundedVia: r.refundId }, null),
      refundSentMail(r.refundId, payable, amount, r.reference),
    ] satisfies BatchWrite[],
    log: `Recorded a refund of ${amount} (${PAYMENT_METHOD_LABELS[r.method]}, reference ${r.reference}, ${formatDate(r.refundedOn)}) for ${targetNoun(r.collection)} ${r.id}`,
  };
}

/**
 * Money kept, not refunded, decided on the record as stored (data/money-kept.ts keepMoney: never
 * more than its refund due now); the decision, the record counting it and the payer's email in one
 * commit.
 */
export function decideKeep([record]: Array<WithId<DocumentData> | null>, k: MoneyKept) {
  if (!record) throw new Error(`The ${targetNoun(k.collection)} ${k.id} was not found (archived?): restore it first.`);
  const { changes, writes } = keepMoney(record, k);
  return {
    writes: [...writes, ...recordChange(k.collection, record, changes, null)] satisfies BatchWrite[],
    log: `On ${targetNoun(k.collection)} ${k.id}, ${keptLog(k, String(record.currency))}`,
  };
}
