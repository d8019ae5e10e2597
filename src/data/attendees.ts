// One active registration per address (firestore.rules: /attendees, inactiveRegistration): an
// attendee's entry names their registration; a new one may replace it only once that registration
// is cancelled, gone, or unpaid past its hold with its seat lost.
import type { ReadInTransaction } from '../lib/db.ts';
import { mailboxOf } from '../lib/email-address.ts';
import { seatIsFree, seatPath, type SeatTimes } from './seats.ts';

export const attendeePath = (email: string) => `attendees/${mailboxOf(email)}`;

type Stored = Record<string, unknown>;

const HOUR_MS = 3_600_000;

/** Unpaid past its hold: its slot was claimed by someone else, or may be (the rules' lapsedRegistration). */
export function registrationLapsed(r: Stored, seat: Stored | null, times: SeatTimes, now = new Date()): boolean {
  if (r.status !== 'pending' || r.paymentStatus !== 'unpaid' || typeof r.seat !== 'string') return false;
  if (!seat || seat.claim !== r.seatClaim) return true;
  return seatIsFree({ state: seat.state as 'held', heldSince: seat.heldSince as Date }, times, now);
}

/**
 * When an address registering again started its hold, if that hold would still run: a new
 * registration keeps it (firestore.rules: holdStart), so cancelling and registering again does not
 * renew a hold. Null for a first registration or an earlier hold that has ended: it starts now.
 */
export function holdStart(entry: Stored | null, times: SeatTimes, now = new Date()): Date | null {
  const earlier = entry?.heldSince;
  if (!(earlier instanceof Date)) return null;
  return earlier.getTime() + times.unpaidHoldHours * HOUR_MS > now.getTime() ? earlier : null;
}

/** The registration id holding the address's seat now, or null. */
export async function activeRegistration(email: string, times: SeatTimes, read: ReadInTransaction, now = new Date()): Promise<string | null> {
  const entry = await read(attendeePath(email));
  const id = typeof entry?.registrationId === 'string' ? entry.registrationId : null;
  if (!id) return null;
  const r = await read(`registrations/${id}`);
  if (!r || r.status === 'cancelled') return null;
  const seat = typeof r.seat === 'string' ? await read(seatPath(r.seat)) : null;
  return registrationLapsed(r, seat, times, now) ? null : id;
}
