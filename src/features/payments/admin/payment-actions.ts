// Finance's verdicts on payments, decided on fresh reads inside a transaction (useStaffTransaction)
// so two people verifying at once cannot both count the same money. Each returns the writes (the
// payment and the record it pays for, moved together), the activity-log line, or throws to refuse.
import type { DocumentData } from 'firebase/firestore/lite';
import { serverValues, type BatchWrite, type ReadInTransaction, type WithId } from '../../../lib/db.ts';
import type { MailAttachment } from '../../../lib/mail-render.ts';
import { formatMinorShort } from '../../../components/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../../data/labels.ts';
import type { PaymentStatus } from '../../../data/statuses.ts';
import { mailMoney, paymentRejectedMail, paymentVerifiedMail } from '../../../data/mail.ts';
import { overPaidMinor, receivedMinorOf } from '../../../data/money-received.ts';
import { payableRecord } from '../../../data/payable-records.ts';
import { registrationChange, seatOf } from '../../../data/registration-record.ts';
import { applicationChange } from '../../../data/application-record.ts';
import { normaliseReference, referenceClaim } from '../../../data/transaction-codes.ts';
import type { PaymentTarget } from '../schema.ts';

export const MANUAL_METHODS = ['cash', 'cheque', 'bank-transfer', 'mobile-money'] as const;
export type PaymentMethod = (typeof MANUAL_METHODS)[number];

/** A payments document as finance sees it. */
export interface AdminPayment {
  id: string;
  payerName: string;
  method: string;
  reference: string;
  amount: number;
  currency: string;
  targetCollection: PaymentTarget;
  targetId: string;
  status: PaymentStatus;
  timestamp?: Date;
  note?: string;
  verifiedBy?: string;
  verifiedAt?: Date;
  rejectedBy?: string;
  rejectedAt?: Date;
  /** Recorded by finance (cash, cheque, a transfer received directly), not submitted by the visitor. */
  manual?: boolean;
  /** Verified from a statement line (statementLines/{receiptKey}), imported by `importId`. */
  statementLine?: string;
  importId?: string;
  reversedBy?: string;
  reversedAt?: Date;
  reversalNote?: string;
}

type Read = WithId<DocumentData> | null;
type Decision = { writes: BatchWrite[]; log: string };

/** What a verdict needs to write its message: a fresh mail id, and the ticket's files when it confirms a registration. */
export interface VerdictMail {
  mailId: string;
  attachments?: MailAttachment[];
}

/** "KES 15,000": the log's way of naming an amount. */
export const amountText = (amount: number, currency: string) => `${currency} ${amount.toLocaleString('en-KE')}`;

export const targetNoun = (collection: PaymentTarget) => (collection === 'registrations' ? 'registration' : 'application');

const targetPath = (p: Pick<AdminPayment, 'targetCollection' | 'targetId'>) => `${p.targetCollection}/${p.targetId}`;

/** The documents a verdict reads: the payment as it is now, what it pays for, and the claim on its transaction code. */
export const verdictPaths = ({ payment }: { payment: AdminPayment }) => [`payments/${payment.id}`, targetPath(payment), claimPath(payment.reference)];

const claimPath = (reference: string) => `paymentReferences/${normaliseReference(reference)}`;

/**
 * A registration's seat, read in the verdict's transaction (null for an application, which holds
 * none, or a registration without one): being paid takes the seat, a rejection holds it anew.
 */
export async function readSeat(collection: PaymentTarget, target: Read, read: ReadInTransaction): Promise<Read> {
  const path = collection === 'registrations' ? seatOf(target) : '';
  return path ? read(path) : null;
}

/**
 * The record's change and what goes with it: for a registration, its checkout projection and its
 * seat (data/registration-record.ts, which refuses to record a payment for a seat someone else has
 * taken since the hold lapsed); for an application, its checkout projection (data/application-record.ts).
 */
export function recordChange(collection: PaymentTarget, target: WithId<DocumentData>, changes: Record<string, unknown>, seat: Read): BatchWrite[] {
  return collection === 'registrations' ? registrationChange(target, changes, seat) : applicationChange(target, changes);
}

/** A pending record becomes confirmed once paid; a checked-in or cancelled one keeps its status. */
export const statusWhenPaid = (status: unknown) => (status === 'pending' ? 'confirmed' : status);

/** The over-payment a "payment verified" email names, as the rules word it ('' for none). */
export const refundWords = (fee: unknown, receivedMinor: number, currency: string) => {
  const over = overPaidMinor({ fee: Number(fee), receivedMinor });
  return over > 0 ? formatMinorShort(over, currency) : '';
};

/**
 * Money verified by hand counts in the record's received amount as a statement line's does
 * (firestore.rules: countedByHand): the payment carries its amount in minor units and the record
 * grows by it, so every screen, the statement import included, sees the same money received.
 * Whole amounts only (both forms take them); an older payment with cents is left uncounted.
 */
export function countByHand(
  amount: unknown,
  target: Read,
  paymentId: string,
): { payment: { amountMinor?: number }; record: { receivedMinor?: number; receivedVia?: string } } {
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || !target) return { payment: {}, record: {} };
  const amountMinor = amount * 100;
  const before = typeof target.receivedMinor === 'number' ? target.receivedMinor : 0;
  return { payment: { amountMinor }, record: { receivedMinor: before + amountMinor, receivedVia: paymentId } };
}

function stillSubmitted(current: Read, id: string) {
  if (!current) throw new Error(`Payment ${id} no longer exists.`);
  if (current.status !== 'submitted') throw new Error(`Payment ${id} is already ${String(current.status)}.`);
}

export function decideVerify(
  [current, target]: Read[],
  { payment, note, staffEmail, mailId, attachments, seat = null }: { payment: AdminPayment; note: string; staffEmail: string; seat?: Read } & VerdictMail,
): Decision {
  stillSubmitted(current, payment.id);
  const noun = targetNoun(payment.targetCollection);
  if (!target) throw new Error(`The ${noun} ${payment.targetId} this pays for was not found (archived?). Restore it before verifying.`);
  if (target.paymentStatus === 'paid' && target.lastPaymentId !== payment.id) {
    throw new Error(
      `The ${noun} ${payment.targetId} is already paid (payment ${String(target.lastPaymentId ?? 'recorded earlier')}). Reject this one as a duplicate instead.`,
    );
  }
  const now = serverValues.now();
  // The amount the payer stated, as stored (the rules keep it).
  const counted = countByHand(current!.amount, target, payment.id);
  return {
    writes: [
      { update: `payments/${payment.id}`, data: { status: 'verified', verifiedBy: staffEmail, verifiedAt: now, note, ...counted.payment } },
      ...recordChange(
        payment.targetCollection,
        target,
        { paymentStatus: 'paid', status: statusWhenPaid(target.status), lastPaymentId: payment.id, ...counted.record },
        seat,
      ),
      paymentVerifiedMail(
        mailId,
        payableRecord(payment.targetCollection, target),
        {
          id: payment.id,
          amount: mailMoney(payment.amount, payment.currency),
          refund: refundWords(target.fee, counted.record.receivedMinor ?? receivedMinorOf(target), String(target.currency)),
        },
        attachments,
      ),
    ],
    log: `Verified payment ${payment.id} (${amountText(payment.amount, payment.currency)}) for ${noun} ${payment.targetId}`,
  };
}

export function decideReject(
  [current, target, claim]: Read[],
  { payment, note, staffEmail, mailId, seat = null }: { payment: AdminPayment; note: string; staffEmail: string; seat?: Read } & VerdictMail,
): Decision {
  stillSubmitted(current, payment.id);
  if (!note.trim()) throw new Error('Say why the payment is rejected: the visitor sees it.');
  const writes: BatchWrite[] = [
    { update: `payments/${payment.id}`, data: { status: 'rejected', rejectedBy: staffEmail, rejectedAt: serverValues.now(), note } },
  ];
  // The record goes back to unpaid (so the visitor can submit again) only if this payment is the one it waits on.
  if (target && target.paymentStatus === 'submitted' && target.lastPaymentId === payment.id) {
    // A registration's seat is held again from now, for the hold Settings gives an unpaid registration.
    writes.push(...recordChange(payment.targetCollection, target, { paymentStatus: 'unpaid', paymentNote: note }, seat));
  }
  // A rejected code is free again (the payer may have typed it wrongly, or will pay and submit it anew).
  if (claim?.paymentId === payment.id) writes.push({ delete: claimPath(payment.reference) });
  // The payer hears why, whether or not the record still waits on this payment (they sent it).
  if (target) writes.push(paymentRejectedMail(mailId, payableRecord(payment.targetCollection, target), payment.id, note));
  const noun = targetNoun(payment.targetCollection);
  return { writes, log: `Rejected payment ${payment.id} (${amountText(payment.amount, payment.currency)}) for ${noun} ${payment.targetId}: ${note}` };
}

export interface ManualPayment {
  paymentId: string;
  targetCollection: PaymentTarget;
  targetId: string;
  payerName: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
  note: string;
  staffEmail: string;
}

/** Why a record cannot take a manual payment now, or null when it can. */
export function manualPaymentRefusal(
  target: { id: string; status?: unknown; paymentStatus?: unknown; lastPaymentId?: unknown } | null,
  noun: string,
): string | null {
  if (!target) return `No ${noun} has this reference.`;
  if (target.status === 'cancelled') return `This ${noun} is cancelled: reinstate it on its page before recording a payment.`;
  switch (target.paymentStatus) {
    case 'unpaid':
      return null;
    case 'submitted':
      return `A payment${target.lastPaymentId ? ` (${String(target.lastPaymentId)})` : ''} is awaiting verification for this ${noun}: verify or reject it instead.`;
    case 'paid':
      return `This ${noun} is already paid.`;
    case 'not-required':
      return `This ${noun} needs no payment.`;
    default:
      return `This ${noun}'s payment status (${String(target.paymentStatus)}) does not allow a payment.`;
  }
}

/** What recording a manual payment reads: the record, and the claim on its receipt number (one payment per receipt). */
export const manualPaths = (m: Pick<ManualPayment, 'targetCollection' | 'targetId' | 'reference'>) => [targetPath(m), claimPath(m.reference)];

export function decideManual([target, claim]: Read[], m: ManualPayment & VerdictMail & { seat?: Read }): Decision {
  const noun = targetNoun(m.targetCollection);
  const refusal = manualPaymentRefusal(target, noun);
  // Stryker disable next-line StringLiteral: equivalent: a missing record always has a refusal, so the fallback text is never thrown.
  if (refusal || !target) throw new Error(refusal ?? '');
  if (claim) throw new Error(`Receipt ${m.reference} is already recorded (payment ${String(claim.paymentId)}): one receipt pays once.`);
  if (!m.note.trim()) throw new Error('Say how the payment reached you: the note is the evidence behind it.');
  const now = serverValues.now();
  const currency = String(target.currency);
  const counted = countByHand(m.amount, target, m.paymentId);
  return {
    writes: [
      {
        set: `payments/${m.paymentId}`,
        data: {
          id: m.paymentId,
          timestamp: now,
          payerName: m.payerName,
          method: m.method,
          reference: m.reference,
          amount: m.amount,
          currency,
          targetCollection: m.targetCollection,
          targetId: m.targetId,
          status: 'verified',
          manual: true,
          verifiedBy: m.staffEmail,
          verifiedAt: now,
          note: m.note,
          ...counted.payment,
        },
      },
      referenceClaim(m.paymentId, m.reference),
      ...recordChange(
        m.targetCollection,
        target,
        { paymentStatus: 'paid', status: statusWhenPaid(target.status), lastPaymentId: m.paymentId, ...counted.record },
        m.seat ?? null,
      ),
      paymentVerifiedMail(
        m.mailId,
        payableRecord(m.targetCollection, target),
        {
          id: m.paymentId,
          amount: mailMoney(m.amount, currency),
          refund: refundWords(target.fee, counted.record.receivedMinor ?? receivedMinorOf(target), currency),
        },
        m.attachments,
      ),
    ],
    log: `Recorded ${PAYMENT_METHOD_LABELS[m.method].toLowerCase()} payment ${m.paymentId} (${amountText(m.amount, currency)}) for ${noun} ${m.targetId}`,
  };
}

/** What finance should look at before verifying: checks the rules cannot make (defence in depth). */
export function paymentWarnings(
  payment: Pick<AdminPayment, 'id' | 'amount' | 'currency' | 'status'>,
  due: { fee: number; currency: string } | null,
  sameCode: Array<Pick<AdminPayment, 'id' | 'status'>>,
  claimedBy: string | null,
): string[] {
  if (payment.status !== 'submitted') return [];
  const warnings: string[] = [];
  if (due && (due.fee !== payment.amount || due.currency !== payment.currency)) {
    warnings.push(`Amount differs: ${amountText(payment.amount, payment.currency)} paid, ${amountText(due.fee, due.currency)} due.`);
  }
  const others = sameCode.filter((p) => p.id !== payment.id);
  if (others.length) warnings.push(`Reference seen before: ${others.map((p) => `payment ${p.id} (${p.status})`).join(', ')}.`);
  else if (claimedBy && claimedBy !== payment.id) warnings.push(`Reference seen before: claimed by payment ${claimedBy}.`);
  return warnings;
}
