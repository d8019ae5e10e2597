// What finance's decisions on a statement line write, decided on fresh reads inside a transaction:
// applying it to the record it pays for (automatically from the preview, or by hand with a note),
// queueing it with the reason it could not be applied, dismissing it, and reversing an applied one.
// A line is stored once per receipt across the summit (statementLines/{receiptKey}), so a statement
// imported twice finds every line already there. Money is counted in minor units (cents): the
// record's `receivedMinor` grows with each line until it covers the fee; the rules tie each change
// of it to the payment verified or reversed in the same commit (firestore.rules: receivedInStep).
import type { DocumentData } from 'firebase/firestore/lite';
import { serverValues, type BatchWrite, type WithId } from '../../../../lib/db.ts';
import type { MailAttachment } from '../../../../lib/mail-render.ts';
import { formatMinorShort } from '../../../../components/format.ts';
import type { StatementLine } from './types.ts';
import type { PayableCollection } from '../../../../data/collections.ts';
import { paymentPartialMail, paymentVerifiedMail } from '../../../../data/mail.ts';
import { payableRecord } from '../../../../data/payable-records.ts';
import { stillDueMinor } from '../../../../data/money-received.ts';
import { recordChange, refundWords, statusWhenPaid, targetNoun } from '../payment-actions.ts';

type Read = WithId<DocumentData> | null;

/** The parts of a parsed statement line that are stored with it: the statement's own words. */
export type LineFacts = StatementLine;

/** Why a line is not applied: one of the matcher's classes that leave it in the queue. */
export type QueueClass = 'unknown' | 'already-paid' | 'cancelled' | 'invalid' | 'duplicate' | 'seat-lost';

/** What became of a stored line (firestore.rules: statementLineFacts names the same states). */
export type LineState = 'applied' | 'queued' | 'matched-manually' | 'dismissed' | 'reversed' | 'recorded';

export const linePath = (receiptKey: string) => `statementLines/${receiptKey}`;
const paymentPath = (id: string) => `payments/${id}`;
const claimPath = (receiptKey: string) => `paymentReferences/${receiptKey}`;

/** A record that cannot take this money, for a reason finance reads; thrown to queue the line (or refuse a manual match). */
export class NotPayableError extends Error {
  constructor(
    readonly lineClass: QueueClass,
    message: string,
  ) {
    super(message);
  }
}

const minor = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

/** What is still owed on a record, in minor units, or why it takes no money now. */
export function outstandingMinor(collection: PayableCollection, record: Read, currency: string): number {
  const noun = targetNoun(collection);
  if (!record) throw new NotPayableError('unknown', `The ${noun} was not found (archived or deleted).`);
  if (record.status === 'cancelled') throw new NotPayableError('cancelled', `The ${noun} ${record.id} is cancelled: refund the payer or reinstate it first.`);
  if (record.paymentStatus === 'paid' || record.paymentStatus === 'not-required')
    throw new NotPayableError(
      'already-paid',
      `The ${noun} ${record.id} is already ${record.paymentStatus === 'paid' ? 'paid' : 'free of charge'}: refund the payer.`,
    );
  if (String(record.currency) !== currency)
    throw new NotPayableError('invalid', `Paid in ${currency}, but the ${noun} ${record.id} is due in ${String(record.currency)}.`);
  const due = stillDueMinor({ fee: Number(record.fee), receivedMinor: minor(record.receivedMinor) });
  if (due === 0) throw new NotPayableError('already-paid', `Nothing is outstanding on the ${noun} ${record.id}: refund the payer.`);
  return due;
}

/** The documents applying a line reads, in this order: the line, the record, the claim on the receipt, the visitor's submitted payment (if any). */
export const applyPaths = (line: Pick<LineFacts, 'receiptKey'>, target: { collection: PayableCollection; id: string }, submittedId: string | null) => [
  linePath(line.receiptKey),
  `${target.collection}/${target.id}`,
  claimPath(line.receiptKey),
  ...(submittedId ? [paymentPath(submittedId)] : []),
];

export interface ApplyLine {
  importId: string;
  line: LineFacts;
  target: { collection: PayableCollection; id: string };
  /** The visitor's own submission of this receipt as their transaction code, which the line confirms. */
  submittedId: string | null;
  /** The payment's id when the line creates one. */
  newPaymentId: string;
  method: 'mobile-money' | 'bank-transfer';
  staffEmail: string;
  mailId: string;
  /** A registration's seat, read in the same transaction. */
  seat: Read;
  attachments?: MailAttachment[];
  /** A manual match: finance's required note. */
  manualNote?: string;
}

export interface Decision {
  writes: BatchWrite[];
  log: string;
  result: { state: LineState; lineClass: string; settles: boolean; overMinor: number };
}

/** A line's stored form: the statement's words and what became of it. */
function lineDocument(a: Pick<ApplyLine, 'importId' | 'line'>, outcome: Record<string, unknown>) {
  const { line } = a;
  return {
    id: line.receiptKey,
    importId: a.importId,
    row: line.row,
    receipt: line.receipt,
    completedAt: line.completedAt,
    details: line.details,
    account: line.account,
    payer: line.payer,
    amountMinor: line.amountMinor,
    currency: line.currency,
    paymentId: null,
    targetCollection: null,
    targetId: null,
    overMinor: 0,
    note: '',
    ...outcome,
    at: serverValues.now(),
  };
}

/**
 * What became of a line: a new line stored whole; a stored one (queued or reversed, matched by
 * hand) changes only its outcome, since what the statement said never changes.
 */
function lineOutcome(a: Pick<ApplyLine, 'importId' | 'line'>, stored: Read, outcome: Record<string, unknown>): BatchWrite {
  return stored
    ? { update: linePath(a.line.receiptKey), data: { ...outcome, at: serverValues.now() } }
    : { set: linePath(a.line.receiptKey), data: lineDocument(a, outcome) };
}

/**
 * Applying a line to its record: the payment verified (the visitor's submission of this receipt,
 * or a new one), the record's received money grown (and, once it covers the fee, the record paid
 * and confirmed, its ticket mailed), the receipt claimed so it pays for nothing else, and the line
 * stored. Refused with NotPayableError when the record takes no money now (the caller queues it).
 */
export function decideApplyLine([stored, record, claim, submitted = null]: Read[], a: ApplyLine): Decision {
  const { line, target } = a;
  const manual = a.manualNote !== undefined;
  if (manual && !a.manualNote!.trim()) throw new Error('Say why this line belongs to this record: the note stays with it.');
  if (stored && !(manual && (stored.state === 'queued' || stored.state === 'reversed')))
    throw new NotPayableError('duplicate', `Receipt ${line.receipt} was already imported (${String(stored.state)}).`);
  const due = outstandingMinor(target.collection, record, line.currency);
  const confirms = submitted && submitted.status === 'submitted' && submitted.targetCollection === target.collection && submitted.targetId === target.id;
  if (!confirms && claim) throw new NotPayableError('duplicate', `Receipt ${line.receipt} is already recorded as payment ${String(claim.paymentId)}.`);
  const paymentId = confirms ? submitted.id : a.newPaymentId;
  const now = serverValues.now();
  const amount = line.amountMinor / 100;
  const settles = line.amountMinor >= due;
  const overMinor = Math.max(0, line.amountMinor - due);
  const lineClass = line.amountMinor === due ? 'matched' : settles ? 'overpaid' : 'partial';
  const note = a.manualNote?.trim() ?? '';
  const verified = {
    status: 'verified',
    verifiedBy: a.staffEmail,
    verifiedAt: now,
    amount,
    amountMinor: line.amountMinor,
    statementLine: line.receiptKey,
    importId: a.importId,
    overMinor,
    note: note || `Statement line ${line.row} (receipt ${line.receipt})`,
  };
  const payment: BatchWrite = confirms
    ? { update: paymentPath(paymentId), data: verified }
    : {
        set: paymentPath(paymentId),
        data: {
          id: paymentId,
          timestamp: now,
          payerName: line.payer || String(record!.fullName ?? record!.organisation ?? ''),
          method: a.method,
          reference: line.receipt,
          currency: line.currency,
          targetCollection: target.collection,
          targetId: target.id,
          ...verified,
        },
      };
  const r = record!;
  const received = minor(r.receivedMinor) + line.amountMinor;
  const waitedOn = r.paymentStatus === 'submitted' && r.lastPaymentId === paymentId;
  const changes = settles
    ? { receivedMinor: received, receivedVia: paymentId, paymentStatus: 'paid', status: statusWhenPaid(r.status), lastPaymentId: paymentId }
    : // Part paid: the visitor's submission this confirms no longer waits, so they can pay (and submit) the rest.
      { receivedMinor: received, receivedVia: paymentId, ...(waitedOn ? { paymentStatus: 'unpaid' } : {}) };
  const state: LineState = manual ? 'matched-manually' : 'applied';
  const writes: BatchWrite[] = [
    payment,
    ...(confirms ? [] : [{ set: claimPath(line.receiptKey), data: { paymentId } }]),
    ...recordChange(target.collection, r, changes, a.seat),
    lineOutcome(a, stored, {
      state,
      class: lineClass,
      reason: '',
      paymentId,
      targetCollection: target.collection,
      targetId: target.id,
      overMinor,
      note,
      by: a.staffEmail,
    }),
  ];
  // Paid in full from one line or several (perhaps with cents), the message confirms the fee received
  // (the rules' paymentVerifiedMail); part paid, the payer hears what came in and what is still due.
  const payable = payableRecord(target.collection, r);
  writes.push(
    settles
      ? paymentVerifiedMail(
          a.mailId,
          payable,
          // All the lines brought in (cents and all), and what is over the fee.
          { id: paymentId, amount: formatMinorShort(received, line.currency), refund: refundWords(r.fee, received, line.currency) },
          a.attachments,
        )
      : paymentPartialMail(
          a.mailId,
          payable,
          paymentId,
          formatMinorShort(line.amountMinor, line.currency),
          formatMinorShort(due - line.amountMinor, line.currency),
        ),
  );
  const noun = targetNoun(target.collection);
  const outcome = overMinor
    ? `over-paid by ${formatMinorShort(overMinor, line.currency)}: refund due`
    : settles
      ? 'paid in full'
      : `${formatMinorShort(due - line.amountMinor, line.currency)} still due`;
  return {
    writes,
    log: `${manual ? 'Matched by hand' : 'Applied'} statement receipt ${line.receipt} (${formatMinorShort(line.amountMinor, line.currency)}) to ${noun} ${target.id}: ${outcome}${note ? ` — ${note}` : ''}`,
    result: { state, lineClass, settles, overMinor },
  };
}

/** The documents confirming a payment verified by hand reads: the line, the payment, the claim on the receipt. */
export const recordedPaths = (receiptKey: string, paymentId: string) => [linePath(receiptKey), paymentPath(paymentId), claimPath(receiptKey)];

/**
 * A line whose receipt finance verified by hand (firestore.rules: recordsPayment): stored as that
 * payment's line, and the payment names it. Nothing is counted: the payment counted its money when
 * it was verified. Refused (to the queue) when the payment changed since the preview.
 */
export function decideRecordedLine([stored, payment, claim]: Read[], a: Pick<ApplyLine, 'importId' | 'line' | 'staffEmail'>): Pick<Decision, 'writes' | 'log'> {
  const { line } = a;
  if (stored) throw new NotPayableError('duplicate', `Receipt ${line.receipt} was already imported (${String(stored.state)}).`);
  if (!payment || payment.status !== 'verified' || payment.statementLine || claim?.paymentId !== payment.id) {
    throw new NotPayableError('unknown', `Receipt ${line.receipt} was recorded by hand, but that payment has changed since: match the line by hand.`);
  }
  const collection = payment.targetCollection as PayableCollection;
  return {
    writes: [
      { update: paymentPath(payment.id), data: { statementLine: line.receiptKey } },
      lineOutcome(a, null, {
        state: 'recorded',
        class: 'recorded',
        reason: '',
        paymentId: payment.id,
        targetCollection: collection,
        targetId: String(payment.targetId),
        by: a.staffEmail,
      }),
    ],
    log: `Statement receipt ${line.receipt} (${formatMinorShort(line.amountMinor, line.currency)}) confirms payment ${payment.id}, recorded by hand for ${targetNoun(collection)} ${String(payment.targetId)}`,
  };
}

/** A line left for finance, with the reason (no record, a cancelled or paid one, another currency…). */
export function queuedLineWrite(
  a: Pick<ApplyLine, 'importId' | 'line' | 'staffEmail'>,
  lineClass: QueueClass,
  reason: string,
  target: { collection: PayableCollection; id: string } | null,
): BatchWrite {
  return {
    set: linePath(a.line.receiptKey),
    data: lineDocument(a, {
      state: 'queued',
      class: lineClass,
      reason,
      targetCollection: target?.collection ?? null,
      targetId: target?.id ?? null,
      by: a.staffEmail,
    }),
  };
}

/** A queued line that is no payment for the summit (a transfer between own accounts, a test): put aside with a note. */
export function decideDismissLine(
  [stored]: Read[],
  { receiptKey, note, staffEmail }: { receiptKey: string; note: string; staffEmail: string },
): { writes: BatchWrite[]; log: string } {
  if (!note.trim()) throw new Error('Say why this line is put aside: the note stays with it.');
  if (stored?.state !== 'queued') throw new Error(`This line is ${stored ? String(stored.state) : 'gone'}: only a queued line can be put aside.`);
  return {
    writes: [{ update: linePath(receiptKey), data: { state: 'dismissed', note: note.trim(), by: staffEmail, at: serverValues.now() } }],
    log: `Put aside statement receipt ${String(stored.receipt)}: ${note.trim()}`,
  };
}

/** The documents reversing a line reads: the line, its payment, the record, the claim on its receipt. */
export const reversePaths = (line: { receiptKey: string; paymentId: string; targetCollection: PayableCollection; targetId: string }) => [
  linePath(line.receiptKey),
  paymentPath(line.paymentId),
  `${line.targetCollection}/${line.targetId}`,
  claimPath(line.receiptKey),
];

/**
 * Undoing an applied line: the payment reversed, its money taken off the record (which goes back to
 * unpaid, and its seat to a fresh hold, when it no longer covers the fee), the receipt's claim freed
 * and the line kept, marked reversed, so a re-import still finds it and finance can match it again.
 */
export function decideReverseLine([stored, payment, record, claim]: Read[], { note, staffEmail, seat }: { note: string; staffEmail: string; seat: Read }) {
  if (!note.trim()) throw new Error('Say why this line is reversed: the note stays with it.');
  if (!stored || !['applied', 'matched-manually', 'recorded'].includes(String(stored.state)))
    throw new Error(`This line is ${stored ? String(stored.state) : 'gone'}: only an applied line can be reversed.`);
  if (payment?.status !== 'verified')
    throw new Error(`Its payment ${String(stored.paymentId)} is ${payment ? String(payment.status) : 'gone'}: nothing to reverse.`);
  // What the payment counted (a line's own amount; a payment verified by hand, its own): an older
  // payment verified by hand counted nothing, so there is nothing to take off.
  if (!Number.isInteger(payment.amountMinor))
    throw new Error(`Its payment ${payment.id} was verified by hand before payments counted money: it cannot be reversed here.`);
  const collection = stored.targetCollection as PayableCollection;
  const noun = targetNoun(collection);
  if (!record) throw new Error(`The ${noun} ${String(stored.targetId)} was not found (archived?). Restore it before reversing.`);
  const now = serverValues.now();
  const received = minor(record.receivedMinor) - minor(payment.amountMinor);
  const stillCovered = received >= Math.round(Number(record.fee) * 100);
  const unpaid = record.paymentStatus === 'paid' && !stillCovered;
  const changes = {
    receivedMinor: received,
    receivedVia: payment.id,
    // A registration was confirmed by being paid; an application's 'confirmed' is staff's approval, which stands.
    ...(unpaid ? { paymentStatus: 'unpaid', status: collection === 'registrations' && record.status === 'confirmed' ? 'pending' : record.status } : {}),
  };
  const writes: BatchWrite[] = [
    { update: paymentPath(payment.id), data: { status: 'reversed', reversedBy: staffEmail, reversedAt: now, reversalNote: note.trim() } },
    ...recordChange(collection, record, changes, seat),
    { update: linePath(String(stored.id)), data: { state: 'reversed', note: note.trim(), by: staffEmail, at: now } },
    ...(claim?.paymentId === payment.id ? [{ delete: claimPath(String(stored.id)) }] : []),
  ];
  return {
    writes,
    log: `Reversed statement receipt ${String(stored.receipt)} (${formatMinorShort(minor(payment.amountMinor), String(stored.currency))}) on ${noun} ${record.id}: ${note.trim()}`,
  };
}
