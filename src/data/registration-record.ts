// What goes with every change to a registration: its checkout projection (checkouts/{id}, the only
// part the reference alone opens) and its seat. firestore.rules checks both in the same commit
// (checkoutInStep, cancelFreesSeat, paysForSeat), so every write site builds its writes here.
import { serverValues, type BatchWrite, type WithId } from '../lib/db.ts';
import { claimSeatWrite, freeSeatWrite, holdsSeat, seatPath } from './seats.ts';

type Stored = Record<string, unknown>;

/** The fields checkout shows (the rules' checkoutOf): never phone, organisation or needs. */
export function checkoutOf(r: Stored & { id: string }) {
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    category: r.category,
    fee: r.fee,
    currency: r.currency,
    status: r.status,
    paymentStatus: r.paymentStatus,
    paymentNote: r.paymentNote ?? '',
    seat: r.seat ?? '',
    heldSince: r.heldSince ?? null,
  };
}

export type CheckoutDocument = ReturnType<typeof checkoutOf>;

export const checkoutWrite = (r: Stored & { id: string }): BatchWrite => ({ set: `checkouts/${r.id}`, data: checkoutOf(r) });

/** The paths a change to registration `id` reads: the record, then (read next) its seat. */
export const registrationPath = (id: string) => `registrations/${id}`;

/** The seat a stored registration names, to read in the same transaction ('' for none). */
export const seatOf = (r: Stored | null) => (r && typeof r.seat === 'string' && r.seat ? seatPath(r.seat) : '');

export class SeatLostError extends Error {}

/**
 * A staff change to a registration and everything that goes with it. `seat` is its slot as read in
 * the same transaction. Cancelling frees the slot (unless `offerTo` hands it straight to the
 * waiting list's first person); being paid takes it for good; a rejected payment starts a new
 * hold from now. Paying for a registration whose slot has gone to someone else is refused.
 */
export function registrationChange(
  current: WithId<Stored>,
  changes: Stored,
  seat: WithId<Stored> | null,
  { offerTo }: { offerTo?: BatchWrite[] } = {},
): BatchWrite[] {
  const after: WithId<Stored> = { ...current, ...changes };
  const mine = holdsSeat(seat, current.seatClaim);
  const n = typeof current.seat === 'string' ? current.seat : '';
  const seatWrites: BatchWrite[] = [];
  if (n && mine) {
    if (after.status === 'cancelled' && current.status !== 'cancelled') seatWrites.push(...(offerTo ?? [freeSeatWrite(n)]));
    else if (['paid', 'not-required'].includes(String(after.paymentStatus)) && seat?.state !== 'taken')
      seatWrites.push(claimSeatWrite(n, String(current.seatClaim), true));
    else if (after.paymentStatus === 'unpaid' && current.paymentStatus !== 'unpaid') {
      // A rejected payment: a new hold from now, on the slot and the record alike.
      seatWrites.push(claimSeatWrite(n, String(current.seatClaim), false));
      changes = { ...changes, heldSince: serverValues.now() };
      after.heldSince = changes.heldSince;
    }
  } else if (n && after.paymentStatus === 'paid' && current.paymentStatus !== 'paid' && after.status !== 'cancelled') {
    throw new SeatLostError(
      `Registration ${current.id} lost its seat when its unpaid hold lapsed, and someone else has taken it. Find a free seat before recording this payment, or refund it.`,
    );
  }
  return [{ update: registrationPath(current.id), data: changes }, checkoutWrite(after), ...seatWrites];
}
