// The waiting list as staff run it (firestore.rules: /waitlist, staffMovesEntry): the order, and
// the offers and passes staff make by hand. Every change is a transaction on fresh reads with its
// activity-log entry, and an offer carries its email in the same commit (waitlistOfferMail). The
// decisions are data/timed-work's, which the schedule makes on time without anyone here.
import { db } from '../../../lib/data.ts';
import type { BatchWrite, Cursor, Page } from '../../../lib/db.ts';
import { findFreeSeats, seatPath, WAITING_COUNT, waitingOf, type SeatTimes } from '../../../data/seats.ts';
import { positionBetween, waitlistPath, type WaitlistEntry } from '../../../data/waitlist.ts';
import { decideOffer, decidePass, WaitlistChanged, type Entry } from '../../../data/timed-work/decisions.ts';
import { fetchWaiting, transactAs, type Transact } from '../../../data/timed-work/run.ts';

export { WaitlistChanged, type Entry };

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

/** A staff member's transaction, logged in their name. */
export const staffTransact = (staffEmail: string): Transact => transactAs(db, staffEmail);

/** Passing one lapsed offer by hand: to the next person waiting (read fresh), or back to the pool. */
export async function passLapsedOffer(entry: Entry, times: SeatTimes, transact: Transact, now = () => new Date()) {
  const claim = entry.offer?.claim ?? '';
  const seat = entry.offer?.seat ?? '';
  const [next] = (await fetchWaiting(db, 2)).filter((e) => e.email !== entry.email);
  const paths = [waitlistPath(entry.email), next ? waitlistPath(next.email) : waitlistPath(entry.email), seatPath(seat)];
  await transact(paths, async ([l, n, s]) => decidePass([l, next ? n : null, s], { claim, times, mailId: db.newId('mail'), now: now() }));
}
