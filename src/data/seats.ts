// Capacity without a hot document: seats/1 … seats/{capacity} are slots a registration claims in
// its own commit (firestore.rules: takesSeat, the /seats match), so no document is written by every
// registration and each slot is written a few times in its life. A slot's state and the time it
// was held decide whether it is free; counting uses aggregation queries over the slots.
import { db } from '../lib/data.ts';
import { serverValues, type BatchWrite, type Db, type ServerValue, type WithId } from '../lib/db.ts';
import { newReference } from '../lib/reference.ts';

export const SEAT_STATES = ['free', 'held', 'taken', 'offered'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export interface Seat {
  state: SeatState;
  /** The random claim the holding registration (or the offered waiting-list entry) also names; '' when free. */
  claim: string;
  /** When it was held, taken or offered (the server's time); the epoch when free. */
  heldSince: Date;
}

/** The times Settings sets: how long an unpaid registration keeps its seat, and an offer stays open. */
export interface SeatTimes {
  unpaidHoldHours: number;
  offerHours: number;
}

export const DEFAULT_SEAT_TIMES: SeatTimes = { unpaidHoldHours: 72, offerHours: 48 };

/** The times a settings document sets, the defaults for any it lacks (one written before they existed). */
export const seatTimesOf = (settings: Partial<Record<keyof SeatTimes, unknown>> | Record<string, unknown> | null | undefined): SeatTimes => ({
  unpaidHoldHours: typeof settings?.unpaidHoldHours === 'number' ? settings.unpaidHoldHours : DEFAULT_SEAT_TIMES.unpaidHoldHours,
  offerHours: typeof settings?.offerHours === 'number' ? settings.offerHours : DEFAULT_SEAT_TIMES.offerHours,
});

export const EPOCH = new Date(0);
export const FREE_SEAT = { state: 'free', claim: '', heldSince: EPOCH } as const;

/** Slot ids are the numbers 1 … capacity, as text. */
export const seatPath = (n: string | number) => `seats/${n}`;

/** A new claim: random, so a slot names its holder without saying who it is. */
export const newSeatClaim = () => newReference();

const HOUR_MS = 3_600_000;

/** When a held or offered slot stops being held (null for a free or taken one). */
export function seatExpiry(seat: Pick<Seat, 'state' | 'heldSince'>, times: SeatTimes): Date | null {
  if (seat.state === 'held') return new Date(seat.heldSince.getTime() + times.unpaidHoldHours * HOUR_MS);
  if (seat.state === 'offered') return new Date(seat.heldSince.getTime() + times.offerHours * HOUR_MS);
  return null;
}

/** Whether anyone may claim it now: never held, or a hold or offer nobody acted on in time (the rules' lapsedSeat). */
export function seatIsFree(seat: Pick<Seat, 'state' | 'heldSince'>, times: SeatTimes, now = new Date()): boolean {
  const expiry = seatExpiry(seat, times);
  return seat.state === 'free' || (expiry !== null && expiry < now);
}

/** Seat counts, each from an aggregation over the slots (never a stored counter). */
export interface SeatCounts {
  /** Paid, free of charge, or a payment awaiting verification. */
  taken: number;
  /** Unpaid registrations within their hold. */
  held: number;
  /** Offered to the waiting list and not yet lapsed. */
  offered: number;
  /** Never held, or a hold or offer that lapsed. */
  free: number;
}

const cutoff = (hours: number, now: Date) => new Date(now.getTime() - hours * HOUR_MS);

type Filters = Array<[string, '==' | '<' | '>=', unknown]>;

/** The slots free now, in three groups: never held, holds that lapsed, offers that lapsed (the rules' lapsedSeat). */
const FREE_FILTERS = (times: SeatTimes, now: Date): Filters[] => [
  [['state', '==', 'free']],
  [
    ['state', '==', 'held'],
    ['heldSince', '<', cutoff(times.unpaidHoldHours, now)],
  ],
  [
    ['state', '==', 'offered'],
    ['heldSince', '<', cutoff(times.offerHours, now)],
  ],
];

/** The slots held now: taken for good, unpaid holds within their time, offers still open. */
const HELD_FILTERS = (times: SeatTimes, now: Date): Filters[] => [
  [['state', '==', 'taken']],
  [
    ['state', '==', 'held'],
    ['heldSince', '>=', cutoff(times.unpaidHoldHours, now)],
  ],
  [
    ['state', '==', 'offered'],
    ['heldSince', '>=', cutoff(times.offerHours, now)],
  ],
];

/** Counts slots by state with six aggregation queries (a composite index on state, heldSince). */
export async function countSeats(times: SeatTimes, now = new Date(), client: Pick<Db, 'fetchCount'> = db): Promise<SeatCounts> {
  const [[taken, held, offered], free] = await Promise.all([
    Promise.all(HELD_FILTERS(times, now).map((filters) => client.fetchCount('seats', filters))),
    countFreeSeats(times, now, client),
  ]);
  return { taken, held, offered, free };
}

/** How many slots may be claimed right now (the public form: register, or join the waiting list): three counts, not six. */
export async function countFreeSeats(times: SeatTimes, now = new Date(), client: Pick<Db, 'fetchCount'> = db): Promise<number> {
  const counts = await Promise.all(FREE_FILTERS(times, now).map((filters) => client.fetchCount('seats', filters)));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Up to `limit` slots free now: never held first, then lapsed holds and offers, oldest first (the
 * timed work offers all of them in one run, not the lapsed ones a run later).
 */
export async function findFreeSeats(times: SeatTimes, limit = 40, now = new Date(), client: Pick<Db, 'fetchDocuments'> = db): Promise<string[]> {
  const [never, ...lapsed] = FREE_FILTERS(times, now);
  const free = (await client.fetchDocuments<Seat>('seats', { where: never, orderBy: null, limit })).map((s) => s.id);
  if (free.length >= limit) return free;
  const rest = limit - free.length;
  const found = await Promise.all(lapsed.map((where) => client.fetchDocuments<Seat>('seats', { where, orderBy: ['heldSince', 'asc'], limit: rest })));
  return [...free, ...found.flat().map((s) => s.id)].slice(0, limit);
}

/**
 * Slots to try claiming: a few picked at random among all of them first (while most are free this
 * spreads fifty people registering at once over the whole summit, one read each), and when none of
 * those is free, the free ones a query finds.
 */
export async function freeSeatCandidates(
  capacity: number,
  times: SeatTimes,
  client: Pick<Db, 'fetchDocuments' | 'fetchDocument'> = db,
  { probes = 4, random = Math.random, now = new Date() } = {},
): Promise<string[]> {
  if (capacity < 1) return [];
  const picks = [...new Set(Array.from({ length: probes }, () => String(1 + Math.floor(random() * capacity))))];
  const read = await Promise.all(picks.map((n) => client.fetchDocument<Seat>('seats', n).catch(() => null)));
  const free = read.filter((s): s is WithId<Seat> => !!s && seatIsFree(s, times, now)).map((s) => s.id);
  if (free.length > 0) return free;
  // A slot above a lowered capacity that lapsed is free by its state, but the rules refuse it.
  return (await findFreeSeats(times, 40, now, client)).filter((n) => Number(n) <= capacity);
}

/**
 * How many people wait for a seat (firestore.rules: /counters/waitlist). While anyone does, a slot
 * that is free or has lapsed goes to the waiting list first: no registration may claim it.
 */
export const WAITING_COUNT = { collection: 'counters', id: 'waitlist' } as const;

/** The count as stored; 0 when it does not exist yet (nobody has joined since it was introduced). */
export const waitingOf = (count: Record<string, unknown> | null | undefined) => (typeof count?.waiting === 'number' ? count.waiting : 0);

/** Whether a free slot may be claimed by registering: only while nobody waits. */
export const seatsOpenToAll = (count: Record<string, unknown> | null | undefined) => waitingOf(count) <= 0;

/** Picks one at random, so fifty people registering at once rarely reach for the same slot. */
export const pickOne = <T>(items: readonly T[], random = Math.random): T | undefined => items[Math.floor(random() * items.length)];

/** The write that claims slot `n` for a registration: held while unpaid, taken when nothing is due; held since now unless told. */
export function claimSeatWrite(n: string, claim: string, paid: boolean, heldSince: Date | ServerValue = serverValues.now()): BatchWrite {
  return { set: seatPath(n), data: { state: paid ? 'taken' : 'held', claim, heldSince } };
}

/** Gives a slot back (a cancellation). */
export const freeSeatWrite = (n: string): BatchWrite => ({ set: seatPath(n), data: { ...FREE_SEAT } });

/** A record that holds a slot's claim: a registration, or a waiting-list entry's offer (its id is the address). */
export interface SeatHolder {
  collection: 'registrations' | 'waitlist';
  id: string;
}

/**
 * What every staff commit that writes slot `n` says about it (firestore.rules: staffMovesSeat): the
 * record that held the slot and the one that holds it after (null for none), stamped now. The slot
 * is public and names nobody, so the rules learn here which records to check; only finance reads it.
 */
export const seatMoveWrite = (n: string, from: SeatHolder | null, to: SeatHolder | null): BatchWrite => ({
  set: `seatMoves/${n}`,
  data: { from, to, at: serverValues.now() },
});

/** Whether the slot read is still held by this registration's claim. */
export const holdsSeat = (seat: WithId<Record<string, unknown>> | null, claim: unknown) => !!seat && typeof claim === 'string' && seat.claim === claim;
