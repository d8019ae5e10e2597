// The timed work: what must happen on time whether or not anyone has the back office open. One
// run passes lapsed offers on, offers free seats (lapsed holds among them) to the people waiting in
// list order, numbers each waiting person's place, sends each unpaid hold its one reminder, and
// (in the days before reviews are due) each reviewer with a review still to write theirs.
// Each step is its own transaction on fresh reads with its activity-log line and email, so two
// runs at once (the schedule and an administrator's "Run now", or two schedule instances) never
// offer one seat twice or send one reminder twice: the loser's transaction retries, reads the
// new state and steps aside (WaitlistChanged). The same code runs in the scheduled Cloud Function
// (functions/), the local stack's runner (emulator/timed-work.ts) and the back office's "Run now".
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import type { BatchWrite, Db } from '../../lib/db.ts';
import { outcomePath } from '../abstract-decision.ts';
import type { Review } from '../abstract-review.ts';
import { REVIEWER_ROLE } from '../abstracts.ts';
import { holdReminderMailId, reviewReminderMailId } from '../mail.ts';
import { seatOf } from '../registration-record.ts';
import { registrationHoldingClaim } from '../seat-capacity.ts';
import { findFreeSeats, seatPath, seatTimesOf, type Seat } from '../seats.ts';
import { waitlistPath, type WaitlistEntry } from '../waitlist.ts';
import { decideOffer, decidePass, decideReminder, planOfferPass, planPlaces, WaitlistChanged, type Actor, type PassTimes, type Read } from './decisions.ts';
import { decideReviewReminder, outstandingOf, reviewRemindersOpen, type Assignment } from './review-reminders.ts';
import { NOTHING_DONE, type TimedWorkOutcome } from './status.ts';

const HOUR_MS = 3_600_000;

/**
 * Every offer moves counters/waitlist, and Cloud Firestore sustains about one write a second to one
 * document: offers (and passes handed on) are spaced 1.2 s apart, under that rate with room for
 * people joining the list meanwhile, so a capacity raised by 200 seats reaches the list over a few
 * runs instead of contending for the count.
 */
export const COUNT_SPACING_MS = 1_200;

/**
 * A run starts no offer or pass after this long, so its places and reminders still fit before the
 * function stops at 50 s; the offers left are the next run's.
 */
export const RUN_BUDGET_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `spacingMs` after the last call's time (none the first time). */
function pacer(spacingMs: number) {
  let last = -Infinity;
  return async () => {
    const wait = last + spacingMs - performance.now();
    if (wait > 0) await sleep(wait);
    last = performance.now();
  };
}

/** A transaction with its activity-log entry, in the name of `who`. */
export type Transact = (
  paths: string[],
  decide: (docs: Read[], read: (path: string) => Promise<Read>) => Promise<{ writes: BatchWrite[]; log: string }>,
) => Promise<void>;

export function transactAs(client: Db, who: string): Transact {
  return (paths, decide) =>
    client.transact(paths, async (docs, read) => {
      const { writes, log } = await decide(docs as Read[], read as (path: string) => Promise<Read>);
      return { writes: [...writes, client.activityWrite(log, who)] };
    });
}

/** Settings' hold, offer and reminder hours (settings/site, which anyone may read), the site's defaults for any missing. */
export async function readPassTimes(client: Pick<Db, 'fetchDocument'>): Promise<PassTimes> {
  const site = await client.fetchDocument<Record<string, unknown>>('settings', 'site');
  const reminder = site?.holdReminderHours;
  return { ...seatTimesOf(site), holdReminderHours: typeof reminder === 'number' ? reminder : DEFAULT_SETTINGS.holdReminderHours };
}

/** Entries holding an offer (open or lapsed): few at any time. */
export const fetchOffered = (client: Pick<Db, 'fetchDocuments'>, limit = 100) =>
  client.fetchDocuments<WaitlistEntry>('waitlist', { where: [['status', '==', 'offered']], orderBy: null, limit });

/** The first `limit` people waiting (no offer), in list order. */
export const fetchWaiting = (client: Pick<Db, 'fetchDocuments'>, limit: number) =>
  client.fetchDocuments<WaitlistEntry>('waitlist', { where: [['status', '==', 'waiting']], orderBy: ['position', 'asc'], limit });

/** Everyone waiting, in list order (a page of a thousand at a time). */
export const fetchAllWaiting = (client: Pick<Db, 'fetchEvery'>) =>
  client.fetchEvery<WaitlistEntry>('waitlist', { where: [['status', '==', 'waiting']], orderBy: ['position', 'asc'] });

/** Every unpaid hold whose reminder is due: held slots whose hold ends within holdReminderHours. */
export const fetchHoldsEndingSoon = (client: Pick<Db, 'fetchEvery'>, times: PassTimes, now = new Date()) =>
  times.holdReminderHours <= 0
    ? Promise.resolve([])
    : client.fetchEvery<Seat>('seats', {
        where: [
          ['state', '==', 'held'],
          ['heldSince', '>=', new Date(now.getTime() - times.unpaidHoldHours * HOUR_MS)],
          ['heldSince', '<=', new Date(now.getTime() - (times.unpaidHoldHours - times.holdReminderHours) * HOUR_MS)],
        ],
        orderBy: ['heldSince', 'asc'],
      });

/**
 * The registrations reminded lately: a reminder is sent within holdReminderHours of its hold's end,
 * and every hold fetchHoldsEndingSoon finds ends in the future, so any reminder of one was sent in
 * the last holdReminderHours (an hour's margin for clocks). One query instead of one per hold.
 */
export async function remindedLately(client: Pick<Db, 'fetchEvery'>, times: PassTimes, now = new Date()): Promise<Set<string>> {
  const mail = await client.fetchEvery<{ recordId: string }>('mail', {
    where: [
      ['recordCollection', '==', 'registrations'],
      ['template.name', '==', 'hold-reminder'],
      ['timestamp', '>=', new Date(now.getTime() - (times.holdReminderHours + 1) * HOUR_MS)],
    ],
    orderBy: ['timestamp', 'asc'],
  });
  return new Set(mail.map((m) => m.recordId));
}

/**
 * A step the data moved under is skipped quietly; any other failure (a refusal by the rules, say a
 * reminder decided on a clock ahead of the server's) is counted and skipped too, so one step never
 * stops the others. The next run tries again.
 */
const skipStep = (outcome: TimedWorkOutcome) => (error: unknown) => {
  if (!(error instanceof WaitlistChanged)) {
    outcome.failed++;
    console.warn('A step of the timed work failed', error);
  }
  return false;
};

export interface RunOptions {
  /** Whose name the activity log gives each step (SCHEDULE_ACTOR, or the staff member's address). */
  who: string;
  by: Actor;
  now?: () => Date;
  /** COUNT_SPACING_MS and RUN_BUDGET_MS unless a test or the bench says otherwise. */
  spacingMs?: number;
  budgetMs?: number;
}

/** One run of the timed work (see the top of this file). */
export async function runTimedWork(
  client: Db,
  times: PassTimes,
  { who, by, now = () => new Date(), spacingMs = COUNT_SPACING_MS, budgetMs = RUN_BUDGET_MS }: RunOptions,
): Promise<TimedWorkOutcome> {
  const outcome: TimedWorkOutcome = { ...NOTHING_DONE };
  const transact = transactAs(client, who);
  const deadline = performance.now() + budgetMs;
  const inTime = () => performance.now() < deadline;
  const paced = pacer(spacingMs);
  const [offered, waiting] = await Promise.all([fetchOffered(client), fetchAllWaiting(client)]);
  const freeSeats = waiting.length > 0 ? await findFreeSeats(times, Math.min(waiting.length, 200), now(), client) : [];
  const plan = planOfferPass({ offered, waiting, freeSeats, times, now: now() });
  for (const { lapsed, next } of plan.passes) {
    if (next) await paced();
    if (!inTime()) break;
    const claim = lapsed.offer?.claim ?? '';
    const seat = lapsed.offer?.seat ?? '';
    const paths = [waitlistPath(lapsed.email), next ? waitlistPath(next.email) : waitlistPath(lapsed.email), seatPath(seat)];
    let handedOn = false;
    const done = await transact(paths, async ([l, n, s]) => {
      const decision = decidePass([l, next ? n : null, s], { claim, times, mailId: client.newId('mail'), now: now() });
      handedOn = decision.writes.length > 1;
      return decision;
    }).then(() => true, skipStep(outcome));
    if (done) outcome.passed++;
    if (done && handedOn) outcome.offered++;
  }
  for (const { entry, seat } of plan.offers) {
    await paced();
    if (!inTime()) break;
    const done = await transact([waitlistPath(entry.email), seatPath(seat)], async ([e, s]) =>
      decideOffer(e, s, { seatId: seat, times, mailId: client.newId('mail'), now: now(), by }),
    ).then(() => true, skipStep(outcome));
    if (done) outcome.offered++;
  }
  // Offers took people out of the list: number the rest as they now stand.
  outcome.placed = await numberPlaces(client, outcome.offered > 0 || outcome.passed > 0 ? await fetchAllWaiting(client) : waiting);
  outcome.reminded = await sendHoldReminders(client, times, transact, now, outcome);
  outcome.reviewsReminded = await sendReviewReminders(client, transact, now, outcome);
  return outcome;
}

/**
 * Places are a courtesy, not a seat: written without a transaction, a hundred to a commit. A commit
 * refused as a whole (someone in it stopped waiting a moment ago: another run offered them a seat,
 * or they left) is written again one entry at a time, and an entry still refused has left the list.
 */
async function numberPlaces(client: Pick<Db, 'commit'>, waiting: Parameters<typeof planPlaces>[0]): Promise<number> {
  const writes = planPlaces(waiting);
  let placed = 0;
  const written = (chunk: BatchWrite[]) =>
    client.commit(chunk).then(
      () => chunk.length,
      () => 0,
    );
  for (let i = 0; i < writes.length; i += 100) {
    const chunk = writes.slice(i, i + 100);
    const whole = await written(chunk);
    placed += whole || (await Promise.all(chunk.map((w) => written([w])))).reduce((a, b) => a + b, 0);
  }
  return placed;
}

/** The reminders due now, once per registration (its id names it, read in the same transaction). */
export async function sendHoldReminders(
  client: Db,
  times: PassTimes,
  transact: Transact,
  now = () => new Date(),
  outcome: TimedWorkOutcome = { ...NOTHING_DONE },
): Promise<number> {
  const [seats, reminded] = await Promise.all([fetchHoldsEndingSoon(client, times, now()), remindedLately(client, times, now())]);
  let sent = 0;
  for (const seat of seats) {
    const holder = await registrationHoldingClaim(seat.claim, client);
    if (!holder || reminded.has(holder.id)) continue;
    const done = await transact([`registrations/${holder.id}`, `mail/${holdReminderMailId(holder.id)}`], async ([r, mail], read) => {
      const path = seatOf(r);
      return decideReminder(r, path ? await read(path) : null, times, now(), mail);
    }).then(() => true, skipStep(outcome));
    if (done) sent++;
  }
  return sent;
}

/** When reviews are due (settings/abstracts, which anyone may read), or null for no date. */
export async function readReviewsDue(client: Pick<Db, 'fetchDocument'>): Promise<Date | null> {
  const call = await client.fetchDocument<{ reviewsDueAt?: unknown }>('settings', 'abstracts');
  return call?.reviewsDueAt instanceof Date ? call.reviewsDueAt : null;
}

/** The reviewers (staff entries with the role), by address: whom the assignment screen assigns. */
export const fetchReviewerAddresses = async (client: Pick<Db, 'fetchEvery'>) =>
  (await client.fetchEvery<{ email?: string }>('staff', { where: [['role', '==', REVIEWER_ROLE]], orderBy: ['email', 'asc'] })).map((e) =>
    (e.email ?? e.id).toLowerCase(),
  );

/** The mail ids of the review reminders sent (one a reviewer, so at most as many as reviewers). */
export const fetchReviewRemindersSent = async (client: Pick<Db, 'fetchEvery'>) =>
  new Set(
    (
      await client.fetchEvery('mail', {
        where: [
          ['recordCollection', '==', 'blindAbstracts'],
          ['template.name', '==', 'review-reminder'],
        ],
        orderBy: ['timestamp', 'asc'],
      })
    ).map((m) => m.id),
  );

/** A reviewer's assignments and the ids of their reviews (the queries the rules prove: reviewer == them). */
export async function fetchReviewerWork(client: Pick<Db, 'fetchDocuments'>, reviewer: string): Promise<{ assigned: Assignment[]; reviewed: Set<string> }> {
  // As the reviewer's own screen reads them (my-reviews.ts): all at once, in no order (no index).
  const mine = { where: [['reviewer', '==', reviewer]] as Array<[string, '==', string]>, orderBy: null };
  const [assigned, reviews] = await Promise.all([client.fetchDocuments<Assignment>('blindAbstracts', mine), client.fetchDocuments<Review>('reviews', mine)]);
  return {
    assigned: assigned.map(({ id, abstractId, reviewer: r, assignedAt }) => ({ id, abstractId, reviewer: r, assignedAt })),
    reviewed: new Set(reviews.map((r) => r.id)),
  };
}

/** How many assignments and reviews a reviewer has (two counts: an index entry read per thousand). */
export async function countReviewerWork(client: Pick<Db, 'fetchCount'>, reviewer: string): Promise<{ assigned: number; reviewed: number }> {
  const mine: Array<[string, '==', string]> = [['reviewer', '==', reviewer]];
  const [assigned, reviewed] = await Promise.all([client.fetchCount('blindAbstracts', mine), client.fetchCount('reviews', mine)]);
  return { assigned, reviewed };
}

/**
 * Each reviewer's one reminder, while reminders are open (review-reminders.ts). A reviewer already
 * reminded costs nothing more; for the others two counts say whether any assignment may be
 * outstanding (more assignments than reviews) before their assignments are read, so a reviewer who
 * has finished is not read in full every minute of the window. (A review kept after its assignment
 * was withdrawn counts as one written: such a reviewer may be left unreminded, never wrongly reminded.)
 */
export async function sendReviewReminders(
  client: Db,
  transact: Transact,
  now = () => new Date(),
  outcome: TimedWorkOutcome = { ...NOTHING_DONE },
): Promise<number> {
  const due = await readReviewsDue(client);
  if (!reviewRemindersOpen(due, now())) return 0;
  const [reviewers, sent] = await Promise.all([fetchReviewerAddresses(client), fetchReviewRemindersSent(client)]);
  let reminded = 0;
  for (const reviewer of reviewers) {
    const mailId = reviewReminderMailId(reviewer);
    if (sent.has(mailId)) continue;
    const counted = await countReviewerWork(client, reviewer);
    if (counted.assigned <= counted.reviewed) continue;
    const { assigned, reviewed } = await fetchReviewerWork(client, reviewer);
    const outstanding = outstandingOf(assigned, reviewed);
    const [first] = outstanding;
    if (!first) continue;
    // Decided or not, by the author's copy of the outcome, written in the decision's own commit.
    const paths = [`mail/${mailId}`, `blindAbstracts/${first.id}`, `reviews/${first.id}`, outcomePath(first.abstractId)];
    const done = await transact(paths, async ([mail, assignment, review, decision]) =>
      decideReviewReminder({ reviewer, outstanding: outstanding.length, due, now: now(), sent: mail, assignment, review, decision }),
    ).then(() => true, skipStep(outcome));
    if (done) {
      reminded++;
      sent.add(mailId);
    }
  }
  return reminded;
}
