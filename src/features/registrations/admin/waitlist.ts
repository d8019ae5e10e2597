// The waiting list as staff run it (firestore.rules: /waitlist, staffMovesEntry): the order, the
// offers and the automatic offer pass. Every change is a transaction on fresh reads with its
// activity-log entry, and an offer carries its email in the same commit (waitlistOfferMail).
// The decisions are pure functions, so which entry gets which seat is unit-tested.
import { formatDateTime, formatDeadline } from '../../../components/format.ts';
import { db } from '../../../lib/data.ts';
import type { BatchWrite, Cursor, Page, WithId } from '../../../lib/db.ts';
import { holdReminderMail, holdReminderMailId, waitlistOfferMail } from '../../../data/mail.ts';
import { checkoutOf, seatOf } from '../../../data/registration-record.ts';
import { findFreeSeats, seatExpiry, seatIsFree, seatPath, WAITING_COUNT, waitingOf, type Seat, type SeatTimes } from '../../../data/seats.ts';
import { entryHolder, offerExpiry, offerOpen, offerWrites, passWrite, positionBetween, waitlistPath, type WaitlistEntry } from '../../../data/waitlist.ts';
import { registrationHoldingClaim } from '../../../data/seat-capacity.ts';

export type Entry = WithId<WaitlistEntry>;

/** Settings' times, and how early the unpaid get their one reminder. */
export type PassTimes = SeatTimes & { holdReminderHours: number };

const HOUR_MS = 3_600_000;

/** "12 Mar 2027, 14:00 (Nairobi time)": how an email states a deadline. */
export const deadlineText = formatDeadline;

/** When an offer made now lapses (the server stamps the offer; a few seconds apart at most). */
export const offerDeadline = (times: SeatTimes, now = new Date()) => new Date(now.getTime() + times.offerHours * HOUR_MS);

// ---- reading the list ----

export const WAITLIST_PAGE = 25;

/** The filter of the screen: the people still waiting or holding an offer, or everyone who ever joined. */
export type WaitlistView = 'active' | 'all';

/** In list order (position, earliest first). The active view needs the composite index on status, position. */
export const fetchWaitlistPage = (view: WaitlistView, after: Cursor | null): Promise<Page<Entry>> =>
  db.fetchPage<Entry>('waitlist', {
    where: view === 'active' ? [['status', 'in', ['waiting', 'offered']]] : [],
    orderBy: ['position', 'asc'],
    limit: WAITLIST_PAGE,
    after,
  });

/** The first people waiting (no offer), in order. */
export const fetchWaiting = (limit: number) =>
  db.fetchDocuments<WaitlistEntry>('waitlist', { where: [['status', '==', 'waiting']], orderBy: ['position', 'asc'], limit });

/**
 * The people waiting twice over: the count the register form and the rules read (counters/waitlist),
 * and the entries listed as waiting. They differ only for entries older than the count (or written
 * past the rules), which an administrator's recount puts right.
 */
export async function fetchWaitingCounts(): Promise<{ stored: number | null; listed: number }> {
  const [count, listed] = await Promise.all([
    db.fetchDocument(WAITING_COUNT.collection, WAITING_COUNT.id),
    db.fetchCount('waitlist', [['status', '==', 'waiting']]),
  ]);
  // null: not created yet (a new project: the register page's public read of it would find nothing).
  return { stored: count ? waitingOf(count) : null, listed };
}

/** An administrator's recount: the count set to the entries listed as waiting, naming no entry (firestore.rules: /counters/waitlist). */
export const recountWrite = (listed: number): BatchWrite => ({
  set: `${WAITING_COUNT.collection}/${WAITING_COUNT.id}`,
  data: { waiting: listed, lastAddress: '' },
});

/** Entries holding an offer (open or lapsed): few at any time. */
export const fetchOffered = (limit = 100) => db.fetchDocuments<WaitlistEntry>('waitlist', { where: [['status', '==', 'offered']], orderBy: null, limit });

// ---- moving people up and down ----

/**
 * The position that moves row `index` of `rows` (in list order) one place up or down: between the
 * two neighbours on that side. Null at either end of what is shown.
 */
export function movedPosition(rows: ReadonlyArray<Pick<WaitlistEntry, 'position'>>, index: number, direction: 'up' | 'down'): Date | null {
  if (direction === 'up') {
    if (index <= 0) return null;
    return positionBetween(rows[index - 2]?.position ?? null, rows[index - 1].position);
  }
  if (index >= rows.length - 1) return null;
  return positionBetween(rows[index + 1].position, rows[index + 2]?.position ?? null);
}

// ---- offers ----

/** Refused because the list or the seat changed meanwhile: nothing was written. */
export class WaitlistChanged extends Error {}

type Read = WithId<Record<string, unknown>> | null;

const asSeat = (s: Read) => (s ? ({ state: s.state, heldSince: s.heldSince } as Pick<Seat, 'state' | 'heldSince'>) : null);

/** Offering slot `seat` to a waiting person: the slot, the entry, the email and the log line. */
export function decideOffer(
  entry: Read,
  seat: Read,
  { seatId, times, mailId, now = new Date(), by = 'manual' }: { seatId: string; times: SeatTimes; mailId: string; now?: Date; by?: 'manual' | 'pass' },
): { writes: BatchWrite[]; log: string } {
  if (!entry || entry.status !== 'waiting') throw new WaitlistChanged(`${String(entry?.email ?? 'This person')} is no longer waiting for a seat.`);
  const slot = asSeat(seat);
  if (!slot || !seatIsFree(slot, times, now)) throw new WaitlistChanged(`Seat ${seatId} is no longer free.`);
  const email = String(entry.email);
  return {
    writes: [...offerWrites(email, seatId), waitlistOfferMail(mailId, { email, fullName: String(entry.fullName) }, deadlineText(offerDeadline(times, now)))],
    log: `${by === 'pass' ? 'Offered (automatically)' : 'Offered'} seat ${seatId} to ${email} from the waiting list`,
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

/** The pass's plan: lapsed offers passed to the next people waiting, then free seats offered in order. */
export interface OfferPlan {
  passes: Array<{ lapsed: Entry; next: Entry | null }>;
  offers: Array<{ entry: Entry; seat: string }>;
}

/**
 * Which entries get which seats. Everyone waiting without an offer, in list order: first each
 * lapsed offer's seat (its holder passes), then the free seats in the order found. A seat is
 * offered once; seats that lapsed offers hold are not offered twice.
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
  const queue = [...waiting].filter((e) => e.status === 'waiting').sort((a, b) => a.position.getTime() - b.position.getTime());
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

// ---- hold reminders ----

/** The unpaid holds whose reminder is due: held slots whose hold ends within holdReminderHours. */
export const fetchHoldsEndingSoon = (times: PassTimes, now = new Date(), limit = 20) =>
  times.holdReminderHours <= 0
    ? Promise.resolve([])
    : db.fetchDocuments<Seat>('seats', {
        where: [
          ['state', '==', 'held'],
          ['heldSince', '>=', new Date(now.getTime() - times.unpaidHoldHours * HOUR_MS)],
          ['heldSince', '<=', new Date(now.getTime() - (times.unpaidHoldHours - times.holdReminderHours) * HOUR_MS)],
        ],
        orderBy: ['heldSince', 'asc'],
        limit,
      });

/** Whether the registration holding this slot is due its reminder now (the rules' holdReminderMail). */
export function reminderDue(r: Read, seat: Read, times: PassTimes, now = new Date()): boolean {
  if (!r || !seat || r.status !== 'pending' || r.paymentStatus !== 'unpaid') return false;
  if (seat.state !== 'held' || seat.claim !== r.seatClaim) return false;
  const end = seatExpiry({ state: 'held', heldSince: seat.heldSince as Date }, times);
  return !!end && end > now && end.getTime() - now.getTime() <= times.holdReminderHours * HOUR_MS;
}

export function decideReminder(r: Read, seat: Read, times: PassTimes, now = new Date()): { writes: BatchWrite[]; log: string } {
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

// ---- running it ----

/** What the pass did, for the screen to say. */
export interface PassOutcome {
  offered: number;
  passed: number;
  reminded: number;
  /** Steps that failed for another reason than a change meanwhile. */
  failed: number;
}

/** A transaction with its activity-log entry (what useStaffTransaction does, for a loop of them). */
type Transact = (
  paths: string[],
  decide: (docs: Read[], read: (path: string) => Promise<Read>) => Promise<{ writes: BatchWrite[]; log: string }>,
) => Promise<void>;

export function staffTransact(staffEmail: string): Transact {
  return (paths, decide) =>
    db.transact(paths, async (docs, read) => {
      const { writes, log } = await decide(docs as Read[], read as (path: string) => Promise<Read>);
      return { writes: [...writes, db.activityWrite(log, staffEmail)] };
    });
}

/**
 * A step the data moved under is skipped quietly; any other failure (a refusal by the rules, say a
 * reminder decided on a clock ahead of the server's) is reported and skipped too, so one step
 * never stops the others. The next pass tries again.
 */
const skipStep = (failures: { failed: number }) => (error: unknown) => {
  if (!(error instanceof WaitlistChanged)) {
    failures.failed++;
    console.warn('A waiting-list step failed', error);
  }
  return false;
};

/**
 * One automatic pass, while a staff screen that runs it is open: lapsed offers pass to the next
 * people waiting, free seats are offered in list order, and unpaid holds ending soon get their one
 * reminder. Each step is its own transaction with its log entry and its email; a step the data
 * moved under is skipped (the next pass sees the new state).
 */
export async function runOfferPass(times: PassTimes, transact: Transact, now = () => new Date()): Promise<PassOutcome> {
  const outcome: PassOutcome = { offered: 0, passed: 0, reminded: 0, failed: 0 };
  const [offered, waiting] = await Promise.all([fetchOffered(), fetchWaiting(20)]);
  const freeSeats = waiting.length > 0 ? await findFreeSeats(times, 20) : [];
  const plan = planOfferPass({ offered, waiting, freeSeats, times, now: now() });
  for (const { lapsed, next } of plan.passes) {
    const claim = lapsed.offer?.claim ?? '';
    const seat = lapsed.offer?.seat ?? '';
    const paths = [waitlistPath(lapsed.email), next ? waitlistPath(next.email) : waitlistPath(lapsed.email), seatPath(seat)];
    let handedOn = false;
    const done = await transact(paths, async ([l, n, s]) => {
      const decision = decidePass([l, next ? n : null, s], { claim, times, mailId: db.newId('mail'), now: now() });
      handedOn = decision.writes.length > 1;
      return decision;
    }).then(() => true, skipStep(outcome));
    if (done) outcome.passed++;
    if (done && handedOn) outcome.offered++;
  }
  for (const { entry, seat } of plan.offers) {
    const done = await transact([waitlistPath(entry.email), seatPath(seat)], async ([e, s]) =>
      decideOffer(e, s, { seatId: seat, times, mailId: db.newId('mail'), now: now(), by: 'pass' }),
    ).then(() => true, skipStep(outcome));
    if (done) outcome.offered++;
  }
  outcome.reminded = await sendHoldReminders(times, transact, now, outcome);
  return outcome;
}

/** The reminders due now, once per registration (the mail id names it: a second is refused). */
export async function sendHoldReminders(times: PassTimes, transact: Transact, now = () => new Date(), failures = { failed: 0 }): Promise<number> {
  const seats = await fetchHoldsEndingSoon(times, now());
  let sent = 0;
  for (const seat of seats) {
    const holder = await registrationHoldingClaim(seat.claim);
    if (!holder || (await reminderSent(holder.id))) continue;
    const done = await transact([`registrations/${holder.id}`], async ([r], read) => {
      const path = seatOf(r);
      return decideReminder(r, path ? await read(path) : null, times, now());
    }).then(() => true, skipStep(failures));
    if (done) sent++;
  }
  return sent;
}

/** Whether the registration's reminder exists (the messages about a record, as its page lists them). */
export async function reminderSent(registrationId: string) {
  const mail = await db.fetchDocuments<{ id: string }>('mail', {
    where: [
      ['recordCollection', '==', 'registrations'],
      ['recordId', '==', registrationId],
    ],
    limit: 50,
  });
  return mail.some((m) => m.id === holdReminderMailId(registrationId));
}

/** A seat for a waiting person, when staff offer one by hand: a free slot, tried until one is still free. */
export async function offerSeatTo(entry: Entry, times: SeatTimes, transact: Transact, now = () => new Date()) {
  const candidates = await findFreeSeats(times, 20);
  if (candidates.length === 0) throw new WaitlistChanged('No seat is free: every seat is held, taken or offered.');
  let lastError: unknown = null;
  for (const seat of candidates.slice(0, 5)) {
    try {
      await transact([waitlistPath(entry.email), seatPath(seat)], async ([e, s]) =>
        decideOffer(e, s, { seatId: seat, times, mailId: db.newId('mail'), now: now() }),
      );
      return seat;
    } catch (error) {
      if (!(error instanceof WaitlistChanged) || String(error.message).includes('no longer waiting')) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/** Passing one lapsed offer by hand: to the next person waiting (read fresh), or back to the pool. */
export async function passLapsedOffer(entry: Entry, times: SeatTimes, transact: Transact, now = () => new Date()) {
  const claim = entry.offer?.claim ?? '';
  const seat = entry.offer?.seat ?? '';
  const [next] = (await fetchWaiting(2)).filter((e) => e.email !== entry.email);
  const paths = [waitlistPath(entry.email), next ? waitlistPath(next.email) : waitlistPath(entry.email), seatPath(seat)];
  await transact(paths, async ([l, n, s]) => decidePass([l, next ? n : null, s], { claim, times, mailId: db.newId('mail'), now: now() }));
}
