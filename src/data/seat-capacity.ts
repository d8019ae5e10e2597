// The seat slots follow the capacity Settings sets (seats/1 … seats/{capacity}): a higher capacity
// creates the missing slots free; a lower one first moves every seat still held above it (a
// registration's, or an offer's) into a free slot below it, then removes the slots above. So the
// slots that may be claimed are exactly the free ones at or below the capacity, and the figures
// (taken, held, offered, free) add up to it: a seat left above the capacity would be counted
// beside a free one below it, and the two together would let one person more in than it allows.
// The capacity is never set below the seats in use (capacityRefusal), so every held seat fits.
import { db } from '../lib/data.ts';
import { serverValues, type BatchWrite, type Db, type WithId } from '../lib/db.ts';
import { checkoutWrite, registrationHolder } from './registration-record.ts';
import { entryHolder, waitlistPath } from './waitlist.ts';
import { FREE_SEAT, freeSeatWrite, seatIsFree, seatMoveWrite, seatPath, type Seat, type SeatCounts, type SeatHolder, type SeatTimes } from './seats.ts';

/** Taken, held unpaid or offered now (lapsed holds and offers are free). */
export const seatsInUse = (counts: Pick<SeatCounts, 'taken' | 'held' | 'offered'>) => counts.taken + counts.held + counts.offered;

/** Why a capacity cannot be saved: it would leave people who hold seats without one. */
export function capacityRefusal(capacity: number, inUse: number): string {
  if (capacity >= inUse) return '';
  return `${inUse.toLocaleString('en-KE')} seats are taken, held unpaid or offered: the capacity cannot be lower than that. Cancel registrations, or let unpaid holds and offers lapse, first.`;
}

type Slot = WithId<Pick<Seat, 'state' | 'claim' | 'heldSince'>>;

/** The slots to create (missing at or below the capacity), to empty (held above it) and to remove (free above it). */
export function planSlots(capacity: number, existing: readonly Slot[], times: SeatTimes, now = new Date()) {
  const have = new Map(existing.map((s) => [Number(s.id), s]));
  const create: string[] = [];
  const freeBelow: string[] = [];
  for (let n = 1; n <= capacity; n++) {
    const seat = have.get(n);
    if (!seat) create.push(String(n));
    if (!seat || seatIsFree(seat, times, now)) freeBelow.push(String(n));
  }
  const above = existing.filter((s) => Number(s.id) > capacity).sort((a, b) => Number(a.id) - Number(b.id));
  return {
    create,
    freeBelow,
    heldAbove: above.filter((s) => !seatIsFree(s, times, now)),
    removable: above.filter((s) => seatIsFree(s, times, now)).map((s) => s.id),
  };
}

/** The registration a held or taken slot's claim names (only staff may read registrations; a claim is unique). */
export const registrationHoldingClaim = async (claim: string, client: Pick<Db, 'fetchDocuments'> = db) =>
  (await client.fetchDocuments<Record<string, unknown>>('registrations', { where: [['seatClaim', '==', claim]], orderBy: null, limit: 1 }))[0] ?? null;

/** The record a slot's claim names: the registration holding it, or the waiting-list entry it is offered to. */
export async function findSeatHolder(claim: string, client: Pick<Db, 'fetchDocuments'> = db): Promise<SeatHolder | null> {
  const registration = await registrationHoldingClaim(claim, client);
  if (registration) return registrationHolder(registration.id);
  const [entry] = await client.fetchDocuments<{ email: string }>('waitlist', { where: [['offer.claim', '==', claim]], orderBy: null, limit: 1 });
  return entry ? entryHolder(entry.email) : null;
}

class SlotChanged extends Error {}

/**
 * The writes that move one held seat from slot `from` to the free slot `to`: the same claim and
 * state, held from now (the rules stamp every slot a staff commit fills with the commit's time, so an
 * unpaid hold or an offer moved this way runs its full time again), the holder naming the new slot
 * (a registration with its checkout; an offer), and both moves named (firestore.rules: staffMovesSeat).
 */
export function seatMoveWrites(
  from: Slot,
  to: string,
  holder: SeatHolder,
  record: WithId<Record<string, unknown>>,
  times: SeatTimes,
  target: Pick<Seat, 'state' | 'heldSince'> | null,
  now = new Date(),
): BatchWrite[] {
  if (target && !seatIsFree(target, times, now)) throw new SlotChanged(`Slot ${to} is no longer free.`);
  const at = serverValues.now();
  const holderWrites: BatchWrite[] =
    holder.collection === 'registrations'
      ? [{ update: `registrations/${holder.id}`, data: { seat: to } }, checkoutWrite({ ...record, seat: to })]
      : [{ update: waitlistPath(String(record.email)), data: { offer: { seat: to, claim: from.claim, at } } }];
  return [
    { set: seatPath(to), data: { state: from.state, claim: from.claim, heldSince: at } },
    seatMoveWrite(to, null, holder),
    freeSeatWrite(from.id),
    seatMoveWrite(from.id, holder, null),
    ...holderWrites,
  ];
}

/** Whether the record read in the transaction still holds slot `n` with `claim`. */
function stillHolds(holder: SeatHolder, record: Record<string, unknown> | null, n: string, claim: string) {
  if (!record) return false;
  if (holder.collection === 'registrations') return record.seat === n && record.seatClaim === claim && record.status !== 'cancelled';
  const offer = record.offer as { seat?: unknown; claim?: unknown } | null;
  return record.status === 'offered' && offer?.seat === n && offer.claim === claim;
}

/** Moves slot `from`'s seat into one of `free` (taking from it), in a transaction; false when it could not. */
async function moveHeldSeat(from: Slot, free: string[], times: SeatTimes, client: Pick<Db, 'fetchDocuments' | 'transact'>) {
  const holder = await findSeatHolder(from.claim, client);
  if (!holder) return false; // a claim nobody names: the rules let no one free it
  while (free.length > 0) {
    const to = free.shift()!;
    try {
      await client.transact([seatPath(from.id), seatPath(to), `${holder.collection}/${holder.id}`], ([slot, target, record]) => {
        if (!slot || slot.claim !== from.claim || seatIsFree(slot as unknown as Seat, times)) throw new SlotChanged('The seat moved meanwhile.');
        if (!stillHolds(holder, record, from.id, from.claim)) throw new SlotChanged('Its holder changed meanwhile.');
        return { writes: seatMoveWrites({ ...from, state: slot.state as Seat['state'] }, to, holder, record!, times, target as Seat | null) };
      });
      return true;
    } catch (error) {
      if (!(error instanceof SlotChanged) || !/no longer free/.test(error.message)) return false;
      // That free slot was just claimed: try the next one.
    }
  }
  return false;
}

export interface SlotSyncResult {
  created: number;
  moved: number;
  removed: number;
  /** Seats still held above the capacity: their holder changed while they were moved, or no slot was free. */
  keptAbove: number;
}

/**
 * Brings the slots in step with the capacity (an administrator's action, after the capacity is
 * saved, so no one claims a slot above it meanwhile): creates, moves, then removes, 400 writes a commit.
 */
export async function syncSeatSlots(
  capacity: number,
  times: SeatTimes,
  client: Pick<Db, 'fetchDocuments' | 'commit' | 'transact'> = db,
): Promise<SlotSyncResult> {
  const existing = await client.fetchDocuments<Seat>('seats', { orderBy: null });
  const plan = planSlots(capacity, existing, times);
  const creates = plan.create.map((n): BatchWrite => ({ set: seatPath(n), data: { ...FREE_SEAT } }));
  for (let i = 0; i < creates.length; i += 400) await client.commit(creates.slice(i, i + 400));
  const free = [...plan.freeBelow];
  const emptied: string[] = [];
  for (const seat of plan.heldAbove) if (await moveHeldSeat(seat, free, times, client)) emptied.push(seat.id);
  const removes = [...plan.removable, ...emptied].map((n): BatchWrite => ({ delete: seatPath(n) }));
  for (let i = 0; i < removes.length; i += 400) await client.commit(removes.slice(i, i + 400));
  return { created: creates.length, moved: emptied.length, removed: removes.length, keptAbove: plan.heldAbove.length - emptied.length };
}
