// How much one visitor identity may write, and the throttles/{uid} write that goes with each visitor
// submission. firestore.rules' throttleMoves() holds the same limits (tests/integration/
// attacks/volume.test.ts submits up to each limit and one past it), so a bot cannot fill the inbox,
// inflate the pledges or take every seat from one identity; a person filling in a form never
// comes near them.
import { serverValues, type BatchWrite } from '../lib/db.ts';
import { formatClock } from '../lib/nairobi-time.ts';

export type ThrottledCollection = 'registrations' | 'registrationDrafts' | 'partners' | 'messages' | 'donations' | 'payments' | 'abstracts';

export const VISITOR_LIMITS: Record<ThrottledCollection, { count: number; windowSeconds: number }> = {
  // Someone registering a group of colleagues from one phone.
  registrations: { count: 10, windowSeconds: 3600 },
  // The form sent before its address is proven (a draft per email link asked for).
  registrationDrafts: { count: 10, windowSeconds: 3600 },
  partners: { count: 5, windowSeconds: 3600 },
  messages: { count: 5, windowSeconds: 3600 },
  donations: { count: 5, windowSeconds: 3600 },
  // A payer correcting a mistyped code more than once.
  payments: { count: 10, windowSeconds: 3600 },
  // An author starting abstracts (each saved again and again afterwards is not a new one).
  abstracts: { count: 10, windowSeconds: 3600 },
};

export interface ThrottleEntry {
  count: number;
  windowStart: Date;
  lastId: string;
}

/** Refused before sending: the identity has reached its limit; it may write again at `retryAt`. */
export class ThrottledError extends Error {
  constructor(readonly retryAt: Date) {
    super(`Too many submissions; try again after ${retryAt.toISOString()}`);
  }
}

/**
 * The throttle write for a submission creating `collection/id`: the count moves by one within the
 * window (windowStart untouched, so the server's stored time is never rewritten with a rounded
 * copy), or a new window starts at the server's time once the old one is over. Throws
 * ThrottledError when the identity is at its limit and the window is still open.
 */
export function throttleWrite(
  uid: string,
  collection: ThrottledCollection,
  id: string,
  current: ThrottleEntry | null | undefined,
  now = new Date(),
): BatchWrite {
  const limit = VISITOR_LIMITS[collection];
  const path = `throttles/${uid}`;
  if (current) {
    if (current.count < limit.count) return { update: path, data: { [`${collection}.count`]: serverValues.increment(1), [`${collection}.lastId`]: id } };
    const retryAt = new Date(current.windowStart.getTime() + limit.windowSeconds * 1000);
    if (now < retryAt) throw new ThrottledError(retryAt);
  }
  return { set: path, data: { [collection]: { count: 1, windowStart: serverValues.now(), lastId: id } }, merge: true };
}

/** What to tell a visitor whose submission was refused for volume, or null for any other failure. */
export function throttleMessage(error: unknown, what: string): string | null {
  if (!(error instanceof ThrottledError)) return null;
  return `You have sent several ${what} in the last hour, the most we accept from one browser. Your answers are still here: you can send this one after ${formatClock(error.retryAt)} (Nairobi time).`;
}
