// What goes with archiving or restoring a registration (firestore.rules: checkoutInStep): its
// checkout projection leaves with it and comes back with it, and an active registration archived
// gives its seat back, in the move's own transaction.
import type { DocumentData } from 'firebase/firestore/lite';
import type { BatchWrite, ReadInTransaction } from '../lib/db.ts';
import { checkoutWrite, seatOf } from '../data/registration-record.ts';
import { freeSeatWrite, holdsSeat } from '../data/seats.ts';

export async function registrationMoveWrites(to: 'archive' | 'original', id: string, moved: DocumentData, read: ReadInTransaction): Promise<BatchWrite[]> {
  if (to === 'original') return [checkoutWrite({ ...moved, id })];
  const writes: BatchWrite[] = [{ delete: `checkouts/${id}` }];
  const path = seatOf(moved);
  if (path && moved.status !== 'cancelled') {
    const seat = await read(path);
    if (holdsSeat(seat, moved.seatClaim)) writes.push(freeSeatWrite(String(moved.seat)));
  }
  return writes;
}
