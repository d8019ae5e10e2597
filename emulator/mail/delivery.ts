// What the mail worker does with a mail document, decided without I/O: the Trigger Email
// extension's delivery states (PENDING → PROCESSING → SUCCESS | ERROR; RETRY sends again), plus
// what the extension leaves to the user: a failure the SMTP server may not repeat (refused
// connection, timeout, a 4xx reply) is tried again a few times, with a growing wait, before ERROR.

export type DeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY';

export interface Delivery {
  state: DeliveryState;
  attempts: number;
  startTime?: Date;
  endTime?: Date | null;
  error?: string | null;
  leaseExpireTime?: Date | null;
  /** When a transiently failed message may be tried again (our addition; the extension has none). */
  nextAttemptTime?: Date | null;
  /** `attempts` when this round began (creation, or staff's RETRY): the transient budget counts from it. */
  roundStart?: number;
  info?: { messageId: string | null; accepted: string[]; rejected: string[]; pending: string[]; response: string | null };
}

/** Attempts per round before a transient failure becomes ERROR, and the waits between them. */
export const MAX_ATTEMPTS = 3;
export const BACKOFF_MS = [1_000, 5_000];
/** How long a worker holds a message it is sending (as the extension: one minute). */
export const LEASE_MS = 60_000;

export type Step = { kind: 'wait' } | { kind: 'start'; delivery: Delivery } | { kind: 'claim'; delivery: Delivery } | { kind: 'done' };

/** The next step for a document whose delivery is `current` (undefined: just written by the app). */
export function nextStep(current: Partial<Delivery> | undefined, now: Date): Step {
  if (!current || !current.state) return { kind: 'start', delivery: { state: 'PENDING', attempts: 0, startTime: now, error: null, roundStart: 0 } };
  const attempts = current.attempts ?? 0;
  switch (current.state) {
    case 'SUCCESS':
    case 'ERROR':
      return { kind: 'done' };
    case 'RETRY':
      return {
        kind: 'claim',
        delivery: {
          ...(current as Delivery),
          attempts,
          state: 'PROCESSING',
          roundStart: attempts,
          nextAttemptTime: null,
          leaseExpireTime: new Date(now.getTime() + LEASE_MS),
        },
      };
    case 'PENDING':
      if (current.nextAttemptTime && current.nextAttemptTime > now) return { kind: 'wait' };
      return { kind: 'claim', delivery: { ...(current as Delivery), attempts, state: 'PROCESSING', leaseExpireTime: new Date(now.getTime() + LEASE_MS) } };
    case 'PROCESSING':
      // Another worker holds it, or one that died did: the lease tells (picked up after a crash).
      if (current.leaseExpireTime && current.leaseExpireTime > now) return { kind: 'wait' };
      return { kind: 'claim', delivery: { ...(current as Delivery), attempts, leaseExpireTime: new Date(now.getTime() + LEASE_MS) } };
    default:
      return { kind: 'done' };
  }
}

export type Outcome = { ok: true; info: NonNullable<Delivery['info']> } | { ok: false; error: unknown };

/** The delivery after an attempt. */
export function afterAttempt(claimed: Delivery, outcome: Outcome, now: Date): Delivery {
  const attempts = claimed.attempts + 1;
  const common = { ...claimed, attempts, endTime: now, leaseExpireTime: null };
  if (outcome.ok) return { ...common, state: 'SUCCESS', error: null, nextAttemptTime: null, info: outcome.info };
  const error = describe(outcome.error);
  const inRound = attempts - (claimed.roundStart ?? 0);
  if (isTransient(outcome.error) && inRound < MAX_ATTEMPTS) {
    const wait = BACKOFF_MS[Math.min(inRound - 1, BACKOFF_MS.length - 1)];
    return { ...common, state: 'PENDING', error, nextAttemptTime: new Date(now.getTime() + wait) };
  }
  return { ...common, state: 'ERROR', error, nextAttemptTime: null };
}

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKET',
  'ECONNECTION',
  'EDNS',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** A failure worth trying again: the server unreachable or busy, or a 4xx (temporary) SMTP reply. */
export function isTransient(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number; errno?: string };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return TRANSIENT_CODES.has(e?.code ?? '') || TRANSIENT_CODES.has(e?.errno ?? '');
}

/** The error as the extension records it (`error.toString()`), on one line. */
export function describe(error: unknown): string {
  return String(error instanceof Error ? `${error.name}: ${error.message}` : error)
    .split('\n')[0]
    .slice(0, 500);
}
