// The timed work's decisions (run.ts reads and writes; these decide on what it read): which
// waiting person gets which seat, when a lapsed offer passes on, when a hold's one reminder is
// due, and each waiting person's place in the list. Pure, so every rule of fairness is unit-tested;
// each returns the writes of one transaction and its activity-log line.
import type { BatchWrite, WithId } from '../../lib/db.ts';
import { formatDateTime, formatDeadline } from '../../lib/nairobi-time.ts';
import { holdReminderMail, waitlistOfferMail } from '../mail.ts';
import { checkoutOf } from '../registration-record.ts';
import { seatExpiry, seatIsFree, type Seat, type SeatTimes } from '../seats.ts';
import { entryHolder, offerExpiry, offerOpen, offerWrites, passWrite, placeWrite, type WaitlistEntry } from '../waitlist.ts';

export type Entry = WithId<WaitlistEntry>;

/** Settings' times, and how early the unpaid get their one reminder. */
export type PassTimes = SeatTimes & { holdReminderHours: number };

const HOUR_MS = 3_600_000;

/** "12 Mar 2027, 14:00 (Nairobi time)": how an email states a deadline. */
export const deadlineText = formatDeadline;

/** When an offer made now lapses (the server stamps the offer; a few seconds apart at most). */
export const offerDeadline = (times: SeatTimes, now = new Date()) => new Date(now.getTime() + times.offerHours * HOUR_MS);

/** Refused because the list or the seat changed meanwhile: nothing was written. */
export class WaitlistChanged extends Error {}

export type Read = WithId<Record<string, unknown>> | null;

/** Who acted, as the activity log words it: a staff member by hand, or the schedule. */
export type Actor = 'staff' | 'schedule';

const asSeat = (s: Read) => (s ? ({ state: s.state, heldSince: s.heldSince } as Pick<Seat, 'state' | 'heldSince'>) : null);

/** Offering slot `seat` to a waiting person: the slot, the entry, the email and the log line. */
export function decideOffer(
  entry: Read,
  seat: Read,
  { seatId, times, mailId, now = new Date(), by = 'staff' }: { seatId: string; times: SeatTimes; mailId: string; now?: Date; by?: Actor },
): { writes: BatchWrite[]; log: string } {
  if (!entry || entry.status !== 'waiting') throw new WaitlistChanged(`${String(entry?.email ?? 'This person')} is no longer waiting for a seat.`);
  const slot = asSeat(seat);
  if (!slot || !seatIsFree(slot, times, now)) throw new WaitlistChanged(`Seat ${seatId} is no longer free.`);
  const email = String(entry.email);
  return {
    writes: [...offerWrites(email, seatId), waitlistOfferMail(mailId, { email, fullName: String(entry.fullName) }, deadlineText(offerDeadline(times, now)))],
    log: `${by === 'schedule' ? 'Offered (automatically)' : 'Offered'} seat ${seatId} to ${email} from the waiting list`,
  };
}

/** Whether the entry's offer is still the one seen, and has lapsed. */
function lapsedOffer(entry: Read, claim: string, times: SeatTimes, now: Date) {
  const e = entry as unknown as WaitlistEntry | null;
  return !!e && e.status === 'offered' && e.offer?.claim === claim && !offerOpen(e, times, now);
}

/**
 * An offer nobody took in time passes; its seat goes to the next person waiting, in the same
 * transaction, when it is still free of anyone else's claim (else that person gets a free seat later).
 */
export function decidePass(
  [lapsed, next, seat]: [Read, Read, Read],
  { claim, times, mailId, now = new Date() }: { claim: string; times: SeatTimes; mailId: string; now?: Date },
): { writes: BatchWrite[]; log: string } {
  if (!lapsedOffer(lapsed, claim, times, now)) throw new WaitlistChanged('This offer was taken, withdrawn or passed meanwhile.');
  const email = String(lapsed?.email);
  const seatId = String((lapsed as unknown as WaitlistEntry).offer?.seat);
  const passed = `Passed the lapsed offer of seat ${seatId} to ${email}`;
  if (next && next.status === 'waiting' && seat && seat.claim === claim) {
    const to = String(next.email);
    return {
      writes: [
        passWrite(email),
        // The lapsed offer's entry passes in the same commit: it let the slot go (the rules' releasedBy).
        ...offerWrites(to, seatId, { from: entryHolder(email) }),
        waitlistOfferMail(mailId, { email: to, fullName: String(next.fullName) }, deadlineText(offerDeadline(times, now))),
      ],
      log: `${passed}; offered it to ${to}`,
    };
  }
  return { writes: [passWrite(email)], log: passed };
}

/** The plan of one run: lapsed offers passed to the next people waiting, then free seats offered in order. */
export interface OfferPlan {
  passes: Array<{ lapsed: Entry; next: Entry | null }>;
  offers: Array<{ entry: Entry; seat: string }>;
}

/**
 * Which entries get which seats. Everyone waiting without an offer, in list order: first each
 * lapsed offer's seat (its holder passes), then the free seats (lapsed holds among them) in the
 * order found. A seat is offered once; seats that lapsed offers hold are not offered twice.
 */
export function planOfferPass({
  offered,
  waiting,
  freeSeats,
  times,
  now = new Date(),
}: {
  offered: Entry[];
  waiting: Entry[];
  freeSeats: string[];
  times: SeatTimes;
  now?: Date;
}): OfferPlan {
  const queue = inListOrder(waiting);
  const lapsed = offered
    .filter((e) => e.status === 'offered' && e.offer && !offerOpen(e, times, now))
    .sort((a, b) => (offerExpiry(a, times)?.getTime() ?? 0) - (offerExpiry(b, times)?.getTime() ?? 0));
  const passes = lapsed.map((entry) => ({ lapsed: entry, next: queue.shift() ?? null }));
  const inUse = new Set(offered.map((e) => e.offer?.seat));
  const seats = freeSeats.filter((s) => !inUse.has(s));
  const offers: OfferPlan['offers'] = [];
  for (const entry of queue) {
    const seat = seats.shift();
    if (seat === undefined) break;
    offers.push({ entry, seat });
  }
  return { passes, offers };
}

/** The people waiting (no offer), first in line first. */
const inListOrder = (entries: Entry[]) =>
  entries.filter((e) => e.status === 'waiting').sort((a, b) => a.position.getTime() - b.position.getTime() || a.email.localeCompare(b.email));

/**
 * Each waiting person's place ("you are number 4"), 1 for the first in line, written only where it
 * changed: the rules cannot count the people ahead of someone without listing them, so the
 * schedule writes the number onto the entry its owner reads.
 */
export function planPlaces(waiting: Entry[]): BatchWrite[] {
  return inListOrder(waiting).flatMap((entry, i) => (entry.place === i + 1 ? [] : [placeWrite(entry.email, i + 1)]));
}

/** Whether the registration holding this slot is due its reminder now (the rules' holdReminderMail). */
export function reminderDue(r: Read, seat: Read, times: PassTimes, now = new Date()): boolean {
  if (!r || !seat || r.status !== 'pending' || r.paymentStatus !== 'unpaid') return false;
  if (seat.state !== 'held' || seat.claim !== r.seatClaim) return false;
  const end = seatExpiry({ state: 'held', heldSince: seat.heldSince as Date }, times);
  return !!end && end > now && end.getTime() - now.getTime() <= times.holdReminderHours * HOUR_MS;
}

/** The one reminder, unless `sent` (the reminder's own document, read in the same transaction) exists. */
export function decideReminder(r: Read, seat: Read, times: PassTimes, now = new Date(), sent: Read = null): { writes: BatchWrite[]; log: string } {
  if (sent) throw new WaitlistChanged('The reminder was sent already.');
  if (!r || !reminderDue(r, seat, times, now)) throw new WaitlistChanged('No reminder is due.');
  const end = seatExpiry({ state: 'held', heldSince: seat?.heldSince as Date }, times) as Date;
  const record = checkoutOf(r);
  return {
    writes: [
      holdReminderMail(
        {
          id: r.id,
          fullName: String(record.fullName),
          email: String(record.email),
          fee: Number(record.fee),
          currency: String(record.currency),
          paymentCode: record.paymentCode,
        },
        deadlineText(end),
      ),
    ],
    log: `Reminded ${String(record.email)} that the unpaid hold of registration ${r.id} ends ${formatDateTime(end)}`,
  };
}
