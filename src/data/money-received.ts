// What a record's payer has paid towards its fee, read one way by the payer's checkout and by staff.
// `receivedMinor` (cents) is the money counted in: each statement line applied and each payment
// staff verify by hand (payments/admin/payment-actions.ts countByHand; an older payment with cents
// is left uncounted) adds its amount, and a reversal takes it back, always with the payment named
// in the same commit (firestore.rules: receivedInStep). The payment status, not the sum, says
// whether a record is paid.

/** The parts of a record (or its checkout projection) these read. */
export interface MoneyIn {
  fee: number;
  receivedMinor: number;
  status: string;
  paymentStatus: string;
  /** Refunds recorded so far (refunds/{id}), in cents; 0 when none. */
  refundedMinor?: number;
  /** Money finance decided not to refund (keptMoney/{id}, data/money-kept.ts), in cents; 0 when none. */
  keptMinor?: number;
}

/** A stored record's `receivedMinor`: 0 before any money came in (and on records from before it was kept). */
export const receivedMinorOf = (d: Record<string, unknown>) => (typeof d.receivedMinor === 'number' ? d.receivedMinor : 0);

/** A stored record's `refundedMinor`: 0 before any refund was recorded. */
export const refundedMinorOf = (d: Record<string, unknown>) => (typeof d.refundedMinor === 'number' ? d.refundedMinor : 0);

/** A stored record's `keptMinor`: 0 until finance decided some money is not refunded. */
export const keptMinorOf = (d: Record<string, unknown>) => (typeof d.keptMinor === 'number' ? d.keptMinor : 0);

/** A stored record's money, as these read it (fields missing on older records count as nothing). */
export const moneyOf = (record: object): Required<MoneyIn> => {
  const d = record as Record<string, unknown>;
  return {
    fee: Number(d.fee) || 0,
    status: String(d.status),
    paymentStatus: String(d.paymentStatus),
    receivedMinor: receivedMinorOf(d),
    refundedMinor: refundedMinorOf(d),
    keptMinor: keptMinorOf(d),
  };
};

/** What is still due on a record, in cents: its fee less what statements brought in (never less than nothing). */
export const stillDueMinor = (r: Pick<MoneyIn, 'fee' | 'receivedMinor'>) => Math.max(0, Math.round(r.fee * 100) - r.receivedMinor);

/** Received beyond the fee, in cents: the payer's to have back (0 when none). */
export const overPaidMinor = (r: Pick<MoneyIn, 'fee' | 'receivedMinor'>) => Math.max(0, r.receivedMinor - Math.round(r.fee * 100));

/** Paid in part: some money came in and the record still owes the rest (it is neither paid nor cancelled: a cancelled record owes nothing). */
export const paidInPart = (r: MoneyIn) => r.receivedMinor > 0 && r.paymentStatus !== 'paid' && r.status !== 'cancelled';

/**
 * What of the money received is the payer's to have back: what is over the fee of a paid record,
 * all of it on a cancelled record or one that needs no payment, less what was refunded already and
 * what finance decided to keep (a late cancellation under the refund policy); nothing while it is
 * paid in part (firestore.rules: refundDue, which caps a refund and money kept by it).
 */
export function refundDueMinor(r: MoneyIn): number {
  const owed = r.status === 'cancelled' || r.paymentStatus === 'not-required' ? r.receivedMinor : r.paymentStatus === 'paid' ? overPaidMinor(r) : 0;
  return Math.max(0, owed - (r.refundedMinor ?? 0) - (r.keptMinor ?? 0));
}

/**
 * The money staff are shown beside a record's payment status, when the status does not tell it:
 * what came in, what is still due while it is paid in part, and what is to be refunded (an
 * over-payment, money received before it was cancelled), what was refunded and what was kept.
 * Null when the status says it all: nothing came in, or a paid record took no more than its fee.
 * A cancelled record's fee accounts for nothing, paid or not: all it received is refunded or kept,
 * and staff see which (it stays marked paid once cancelled).
 */
export function receivedAndDue(
  r: MoneyIn,
): { receivedMinor: number; dueMinor: number; refundDueMinor: number; refundedMinor: number; keptMinor: number } | null {
  const accountedFor = r.paymentStatus === 'paid' && r.status !== 'cancelled' ? Math.round(r.fee * 100) : 0;
  if (r.receivedMinor <= accountedFor) return null;
  return {
    receivedMinor: r.receivedMinor,
    dueMinor: paidInPart(r) ? stillDueMinor(r) : 0,
    refundDueMinor: refundDueMinor(r),
    refundedMinor: r.refundedMinor ?? 0,
    keptMinor: r.keptMinor ?? 0,
  };
}
