// The waiting list (firestore.rules: /waitlist): one entry per address, holding the whole
// registration form, ordered by `position` (a time: when the person joined, or where staff moved
// them). An offer hands one seat slot to the entry: the slot says 'offered' with a random claim,
// the entry names the slot and the claim, and claiming it creates the registration on that slot.
import { serverValues, type BatchWrite } from '../lib/db.ts';
import { mailboxOf } from '../lib/email-address.ts';
import { newSeatClaim, seatExpiry, seatMoveWrite, seatPath, WAITING_COUNT, type SeatHolder, type SeatTimes } from './seats.ts';

export const WAITLIST_STATUSES = ['waiting', 'offered', 'registered', 'withdrawn', 'passed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export interface WaitlistOffer {
  seat: string;
  claim: string;
  /** When it was offered (the slot's heldSince): it lapses offerHours later. */
  at: Date;
}

export interface WaitlistEntry {
  email: string;
  fullName: string;
  category: string;
  /** The registration form as sent, so an offer is claimed in one tap. */
  form: Record<string, unknown>;
  position: Date;
  status: WaitlistStatus;
  offer: WaitlistOffer | null;
  timestamp: Date;
  /**
   * Where a waiting person stands (1: next in line), as the timed work last counted it
   * (data/timed-work): absent until it has run since they joined.
   */
  place?: number;
}

/** One entry per mailbox (lib/email-address.ts mailboxOf: `x+2@d` is `x@d`'s). */
export const waitlistPath = (email: string) => `waitlist/${entryHolder(email).id}`;

/** The entry as the holder of an offered slot (seatMoveWrite). */
export const entryHolder = (email: string): SeatHolder => ({ collection: 'waitlist', id: mailboxOf(email) });

/**
 * Moves the count of people waiting by one, naming the entry that moved into or out of 'waiting'
 * in the same commit (the rules' waitingMoves and countMoves check both sides). Created at the
 * first join when missing.
 */
export const waitingCountWrite = (email: string, by: 1 | -1): BatchWrite => ({
  set: `${WAITING_COUNT.collection}/${WAITING_COUNT.id}`,
  data: { waiting: serverValues.increment(by), lastAddress: mailboxOf(email) },
  merge: true,
});

/**
 * How long after joining someone may join again (having left, passed or registered): a loop of
 * joining and leaving would move the count of people waiting many times a second (firestore.rules:
 * joinsWaitlist holds the same minutes).
 */
export const REJOIN_MINUTES = 10;

/** When the entry's person may join again, or null when they may now (or never joined). */
export function rejoinAt(entry: Pick<WaitlistEntry, 'timestamp'> | null, now = new Date()): Date | null {
  if (!entry || !(entry.timestamp instanceof Date)) return null;
  const at = new Date(entry.timestamp.getTime() + REJOIN_MINUTES * 60_000);
  return at > now ? at : null;
}

/** Joining (or joining again after leaving or passing): at the end of the list, by the server's clock. */
export function joinWaitlistWrites(form: { email: string; fullName: string; category: string } & Record<string, unknown>): BatchWrite[] {
  const now = serverValues.now();
  return [
    {
      set: waitlistPath(form.email),
      data: { email: form.email, fullName: form.fullName, category: form.category, form, position: now, status: 'waiting', offer: null, timestamp: now },
    },
    waitingCountWrite(form.email, 1),
  ];
}

/** When an offer lapses, or null when there is none. */
export const offerExpiry = (entry: Pick<WaitlistEntry, 'offer'>, times: SeatTimes) =>
  entry.offer ? seatExpiry({ state: 'offered', heldSince: entry.offer.at }, times) : null;

/** Whether the entry holds an offer that may still be claimed. */
export const offerOpen = (entry: Pick<WaitlistEntry, 'status' | 'offer'>, times: SeatTimes, now = new Date()) =>
  entry.status === 'offered' && !!entry.offer && (offerExpiry(entry, times) ?? now) > now;

/**
 * Staff offer slot `seat` to a waiting entry: the slot and the entry in step, the move naming the
 * entry and `from`, the record that held the slot until now (a registration cancelled or an offer
 * passed in the same commit; null for a free slot), and one fewer waiting. The rules check the
 * claim both ways.
 */
export function offerWrites(
  email: string,
  seat: string,
  { claim = newSeatClaim(), from = null }: { claim?: string; from?: SeatHolder | null } = {},
): BatchWrite[] {
  const at = serverValues.now();
  return [
    { set: seatPath(seat), data: { state: 'offered', claim, heldSince: at } },
    { update: waitlistPath(email), data: { status: 'offered', offer: { seat, claim, at } } },
    seatMoveWrite(seat, from, entryHolder(email)),
    waitingCountWrite(email, -1),
  ];
}

/** The timed work numbering a waiting person's place in the list (firestore.rules: placesEntry). */
export const placeWrite = (email: string, place: number): BatchWrite => ({ update: waitlistPath(email), data: { place } });

/** The entry's offer lapsed unclaimed: it passes to the next person (the slot is free again by time). */
export const passWrite = (email: string): BatchWrite => ({ update: waitlistPath(email), data: { status: 'passed', offer: null } });

/** The person leaves the list (or declines their offer; the slot is freed by the next offer or by time): one fewer waiting unless they held an offer. */
export const withdrawWrites = (entry: Pick<WaitlistEntry, 'email' | 'status'>): BatchWrite[] => [
  { update: waitlistPath(entry.email), data: { status: 'withdrawn', offer: null } },
  ...(entry.status === 'waiting' ? [waitingCountWrite(entry.email, -1)] : []),
];

/** Claiming the offer: the entry becomes the registration created in the same commit. */
export const claimedWrite = (email: string): BatchWrite => ({ update: waitlistPath(email), data: { status: 'registered' } });

/** A position between two neighbours' (staff moving someone up or down); at either end, a minute beyond. */
export function positionBetween(before: Date | null, after: Date | null): Date {
  if (before && after) return new Date(Math.floor((before.getTime() + after.getTime()) / 2));
  if (before) return new Date(before.getTime() + 60_000);
  if (after) return new Date(after.getTime() - 60_000);
  return new Date();
}
