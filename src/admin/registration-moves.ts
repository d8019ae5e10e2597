// What goes with archiving or restoring a registration (firestore.rules: checkoutInStep): its
// checkout projection leaves with it and comes back with it; a registration archived gives back the
// seat it still holds, and one restored that had paid (or needed no payment) takes it again if still free,
// each slot write with its seat move naming the registration (firestore.rules: staffMovesSeat).
import type { DocumentData } from 'firebase/firestore/lite';
import type { BatchWrite, ReadInTransaction } from '../lib/db.ts';
import { checkoutWrite, registrationHolder, seatOf } from '../data/registration-record.ts';
import { claimSeatWrite, freeSeatWrite, holdsSeat, seatIsFree, seatMoveWrite, seatTimesOf, type Seat } from '../data/seats.ts';

const active = (r: DocumentData) => r.status !== 'cancelled';
const paid = (r: DocumentData) => ['paid', 'not-required'].includes(String(r.paymentStatus));

export async function registrationMoveWrites(to: 'archive' | 'original', id: string, moved: DocumentData, read: ReadInTransaction): Promise<BatchWrite[]> {
  const path = seatOf(moved);
  if (to === 'original') {
    const writes: BatchWrite[] = [checkoutWrite({ ...moved, id })];
    if (path && active(moved) && paid(moved)) {
      const [seat, settings] = await Promise.all([read(path), read('settings/site')]);
      const times = seatTimesOf(settings);
      const free = seat && seatIsFree({ state: seat.state as Seat['state'], heldSince: seat.heldSince as Date }, times);
      if (free && !holdsSeat(seat, moved.seatClaim)) {
        writes.push(claimSeatWrite(String(moved.seat), String(moved.seatClaim), true), seatMoveWrite(String(moved.seat), null, registrationHolder(id)));
      }
    }
    return writes;
  }
  const writes: BatchWrite[] = [{ delete: `checkouts/${id}` }];
  if (path) {
    // Whatever its status, a slot it still holds goes back with it (the rules' deleteFreesSeat).
    const seat = await read(path);
    if (holdsSeat(seat, moved.seatClaim)) writes.push(freeSeatWrite(String(moved.seat)), seatMoveWrite(String(moved.seat), registrationHolder(id), null));
  }
  return writes;
}
