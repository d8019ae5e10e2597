// Money finance decides not to refund (issue 34, item 10): a cancellation after the refund policy's
// cut-off, say, or bank charges kept from a refund. Without this decision a cancelled, paid record
// would stay on "Refunds due" for ever. The decision is a document of its own, keptMoney/{id}
// (who, how much, why), never changed nor deleted, counted on the record as `keptMinor` in the same
// commit (firestore.rules: keptFacts, countedInStep), and the payer is told, with the reason.
import { serverValues, type BatchWrite, type WithId } from '../lib/db.ts';
import type { PayableCollection } from './collections.ts';
import { mailMinorMoney, moneyKeptMail } from './mail.ts';
import { keptMinorOf, moneyOf, refundDueMinor } from './money-received.ts';
import { payableRecord } from './payable-records.ts';

/** The longest reason, as firestore.rules keptFacts allows (one line: it reaches the payer's email). */
export const KEPT_REASON_MAX = 300;

/** A reason as it is stored and emailed: one line, each run of spaces or line breaks one space. */
export const tidyKeptReason = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What is wrong with a tidied reason, worded for the form ('' when nothing); `who` is whom the email reaches. */
export const keptReasonProblem = (reason: string, who: 'payer' | 'attendee' = 'payer') =>
  !reason ? `Say why no refund is due: the ${who} is emailed it.` : reason.length > KEPT_REASON_MAX ? `Keep the reason to ${KEPT_REASON_MAX} characters.` : '';

/** A decision to keep money, as a form gives it. */
export interface MoneyKept {
  keptId: string;
  collection: PayableCollection;
  id: string;
  amountMinor: number;
  reason: string;
  /** The signed-in address (firestore.rules: the decision's `by` is the token's). */
  staffEmail: string;
}

/**
 * Keeping `k.amountMinor` of a record's refund due, decided on `after`, the record as this commit
 * leaves it (cancelled in the same commit, say): never more than the refund due then. Returns the
 * record's changes (for the caller's own write of the record, with its projection) and the
 * decision's and the email's writes.
 */
export function keepMoney(after: WithId<Record<string, unknown>>, k: MoneyKept): { changes: Record<string, unknown>; writes: BatchWrite[] } {
  const due = refundDueMinor(moneyOf(after));
  const currency = String(after.currency);
  if (!Number.isInteger(k.amountMinor) || k.amountMinor <= 0) throw new Error('Enter the amount kept, more than nothing.');
  if (k.amountMinor > due) throw new Error(`At most ${mailMinorMoney(due, currency)} is due to be refunded: no more can be kept.`);
  // The forms tidy it (tidyKeptReason); a reason over lines is refused, not joined, here.
  const reason = k.reason.trim();
  if (/[\r\n]/.test(reason) || keptReasonProblem(reason)) throw new Error(`Give the reason on one line, at most ${KEPT_REASON_MAX} characters.`);
  return {
    changes: { keptMinor: keptMinorOf(after) + k.amountMinor, keptVia: k.keptId },
    writes: [
      {
        set: `keptMoney/${k.keptId}`,
        data: {
          id: k.keptId,
          timestamp: serverValues.now(),
          targetCollection: k.collection,
          targetId: k.id,
          amountMinor: k.amountMinor,
          currency,
          reason,
          by: k.staffEmail,
        },
      },
      moneyKeptMail(k.keptId, payableRecord(k.collection, after), mailMinorMoney(k.amountMinor, currency), reason),
    ],
  };
}

/** The activity log's words for it, after what it was kept on: "kept Ksh 15,000, not refunded: {reason}". */
export const keptLog = (k: Pick<MoneyKept, 'amountMinor' | 'reason'>, currency: string) =>
  `kept ${mailMinorMoney(k.amountMinor, currency)}, not refunded: ${k.reason.trim()}`;
