// What goes with every change to a registration: its checkout projection (checkouts/{id}, the only
// part the reference alone opens) and its seat. firestore.rules checks both in the same commit
// (checkoutInStep, cancelFreesSeat, paysForSeat), so every write site builds its writes here.
import { serverValues, type BatchWrite, type WithId } from '../lib/db.ts';
import { claimSeatWrite, freeSeatWrite, holdsSeat, seatMoveWrite, seatPath, type SeatHolder } from './seats.ts';

type Stored = Record<string, unknown>;

/**
 * The fields checkout shows (the rules' checkoutOf): never phone, organisation or needs. The hold
 * is read from the public slot `seat` names: a time read by the browser (milliseconds) and written
 * back would not equal the stored one (microseconds) under the rules' ==.
 */
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
    seatClaim: r.seatClaim ?? '',
    // What the payer quotes ('' for a registration from before payment codes).
    paymentCode: r.paymentCode ?? '',
    // Money statements brought in so far, in cents (a part payment shows what is still due).
    receivedMinor: r.receivedMinor ?? 0,
  };
}

export type CheckoutDocument = ReturnType<typeof checkoutOf>;

export const checkoutWrite = (r: Stored & { id: string }): BatchWrite => ({ set: `checkouts/${r.id}`, data: checkoutOf(r) });

/** The paths a change to registration `id` reads: the record, then (read next) its seat. */
export const registrationPath = (id: string) => `registrations/${id}`;

/** The seat a stored registration names, to read in the same transaction ('' for none). */
export const seatOf = (r: Stored | null) => (r && typeof r.seat === 'string' && r.seat ? seatPath(r.seat) : '');

export class SeatLostError extends Error {}

/** The registration as the holder of its slot (seatMoveWrite). */
export const registrationHolder = (id: string): SeatHolder => ({ collection: 'registrations', id });

/**
 * A change to a registration and everything that goes with it. `seat` is its slot as read in
 * the same transaction. Cancelling frees the slot (unless `offerTo` hands it straight to the
 * waiting list's first person: offerWrites naming this registration as `from`); being paid or
 * confirmed takes it for good; a rejected payment starts a new hold from now; reinstating a
 * cancelled registration claims `reseat`, a free slot the caller found and read in the same
 * transaction. Paying for or confirming a registration whose slot has gone to someone else is
 * refused, as the rules refuse it (keepsSeat). Staff's every slot write goes with its seat move
 * (the rules' staffMovesSeat); the attendee's own cancellation (`byOwner`) frees its slot without
 * one (releasedByOwner).
 */
export function registrationChange(
  current: WithId<Stored>,
  changes: Stored,
  seat: WithId<Stored> | null,
  { offerTo, reseat, byOwner = false }: { offerTo?: BatchWrite[]; reseat?: { seat: string; claim: string }; byOwner?: boolean } = {},
): BatchWrite[] {
  const after: WithId<Stored> = { ...current, ...changes };
  const n = typeof current.seat === 'string' ? current.seat : '';
  const mine = holdsSeat(seat, current.seatClaim);
  const cancelling = after.status === 'cancelled' && current.status !== 'cancelled';
  const reinstating = current.status === 'cancelled' && after.status !== 'cancelled';
  const keeps = after.status !== 'pending' || after.paymentStatus !== 'unpaid' ? 'taken' : 'held';
  const holder = registrationHolder(current.id);
  const moved = (slot: string, from: SeatHolder | null, to: SeatHolder | null) => (byOwner ? [] : [seatMoveWrite(slot, from, to)]);
  const seatWrites: BatchWrite[] = [];
  if (!n) {
    // A record from before seat slots: nothing to move.
  } else if (reinstating) {
    if (!reseat) throw new SeatLostError(`Registration ${current.id} has no seat to go back to: find a free seat first (the summit may be full).`);
    changes = { ...changes, seat: reseat.seat, seatClaim: reseat.claim, heldSince: serverValues.now() };
    seatWrites.push(claimSeatWrite(reseat.seat, reseat.claim, keeps === 'taken'), ...moved(reseat.seat, null, holder));
  } else if (cancelling) {
    if (mine) seatWrites.push(...(offerTo ?? [freeSeatWrite(n), ...moved(n, holder, null)]));
  } else if (!mine && keeps === 'taken' && current.paymentStatus === 'unpaid') {
    throw new SeatLostError(
      `Registration ${current.id} lost its seat when its unpaid hold lapsed, and someone else has taken it. Find a free seat before recording this payment or confirming it, or refund it.`,
    );
  } else if (mine && keeps === 'taken' && seat?.state !== 'taken') {
    seatWrites.push(claimSeatWrite(n, String(current.seatClaim), true), ...moved(n, holder, holder));
  } else if (mine && after.paymentStatus === 'unpaid' && current.paymentStatus !== 'unpaid') {
    // A rejected payment: a new hold from now, on the slot and the record alike.
    changes = { ...changes, heldSince: serverValues.now() };
    seatWrites.push(claimSeatWrite(n, String(current.seatClaim), false), ...moved(n, holder, holder));
  }
  return [{ update: registrationPath(current.id), data: changes }, checkoutWrite({ ...current, ...changes }), ...seatWrites];
}
