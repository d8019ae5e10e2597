// "My registration": what an attendee signed in with their address may read and do
// (firestore.rules: registrations get/list by the owner, attendees/{email}, waitlist/{email},
// ownerCancels with releasedByOwner, and an offer claimed by its registration's commit).
import { useQuery } from '@tanstack/react-query';
import { db } from '../../lib/data.ts';
import { serverValues, type Db, type WithId } from '../../lib/db.ts';
import { registrationLapsed } from '../../data/attendees.ts';
import { quotedCode } from '../../data/payment-codes.ts';
import { registrationChange, registrationPath, seatOf } from '../../data/registration-record.ts';
import { holdsSeat, seatExpiry, type SeatTimes } from '../../data/seats.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { claimedWrite, withdrawWrites, type WaitlistEntry } from '../../data/waitlist.ts';
import type { RegistrationForm } from './schema.ts';
import type { RegistrationSettings } from './submit.ts';

type Stored = WithId<Record<string, unknown>>;

/** What these reads need of a data module: the app's, or a bench's own client (scripts/bench/your-data.ts). */
export type Reader = Pick<Db, 'fetchDocuments' | 'fetchDocument'>;

export interface OwnRegistration {
  record: Stored;
  /** Its seat slot as it stands (null when it names none, or the slot is gone). */
  slot: Stored | null;
  /** Whether it is the one the address's entry names (only that one's seat may be freed by its owner). */
  current: boolean;
}

export interface MyRegistrationData {
  registrations: OwnRegistration[];
  waitlist: WithId<WaitlistEntry> | null;
}

const time = (v: unknown) => (v instanceof Date ? v.getTime() : 0);

/**
 * The address's registrations, newest first, with their slots, and its waiting-list entry. The
 * list is a query on the email (stored lower case since the address is proven); the entry in
 * attendees/{email} names the current one even when an older record spells the address otherwise.
 */
export async function fetchMyRegistration(email: string, from: Reader = db): Promise<MyRegistrationData> {
  const [listed, entry, waitlist] = await Promise.all([
    from.fetchDocuments<Record<string, unknown>>('registrations', { where: [['email', '==', email]], orderBy: null }).catch(() => null),
    from.fetchDocument<{ registrationId?: string }>('attendees', email),
    from.fetchDocument<WaitlistEntry>('waitlist', email),
  ]);
  const records = new Map((listed ?? []).map((r) => [r.id, r]));
  const currentId = typeof entry?.registrationId === 'string' ? entry.registrationId : null;
  if (currentId && !records.has(currentId)) {
    const current = await from.fetchDocument<Record<string, unknown>>('registrations', currentId).catch(() => null);
    if (current) records.set(current.id, current);
  }
  const registrations = await Promise.all(
    [...records.values()]
      .sort((a, b) => time(b.timestamp) - time(a.timestamp))
      .map(async (record) => ({
        record,
        slot: typeof record.seat === 'string' && record.seat ? await from.fetchDocument<Record<string, unknown>>('seats', record.seat).catch(() => null) : null,
        current: record.id === currentId,
      })),
  );
  return { registrations, waitlist };
}

export const myRegistrationKey = (email: string) => ['my-registration', email] as const;

export function useMyRegistration(email: string) {
  return useQuery({ queryKey: myRegistrationKey(email), queryFn: () => fetchMyRegistration(email), staleTime: 0 });
}

/**
 * One registration, read by its attendee (firestore.rules: only its owner, signed in with its
 * address). After a reload the session is read back first: a read sent before Auth has restored
 * it goes out without the attendee's token, and is refused.
 */
export function useOwnRegistration(id: string) {
  return useQuery({
    queryKey: ['registration', id],
    queryFn: async () => {
      await (await import('../../lib/email-link.ts')).attendeeSession();
      return db.fetchDocument<Record<string, unknown>>('registrations', id);
    },
    retry: 1,
  });
}

/** A registration still in force: pending or confirmed (cancelled and checked-in ones are done with). */
export const inForce = (record: Record<string, unknown>) => ['pending', 'confirmed'].includes(String(record.status));

/**
 * The registration of whoever is signed in on this browser with a proven address: the address's
 * current one while in force, or null (nobody signed in, or nothing in force).
 */
export async function signedInRegistration(): Promise<string | null> {
  const session = await (await import('../../lib/email-link.ts')).attendeeSession();
  if (!session) return null;
  const { registrations } = await fetchMyRegistration(session.email);
  return registrations.find((r) => r.current && inForce(r.record))?.record.id ?? null;
}

/** An unpaid registration's hold: until when, or lapsed (its seat released). Null when nothing is held. */
export type OwnHold = { state: 'held'; until: Date } | { state: 'lapsed' } | null;

export function ownHold({ record, slot }: OwnRegistration, times: SeatTimes, now = new Date()): OwnHold {
  if (record.status !== 'pending' || record.paymentStatus !== 'unpaid' || typeof record.seat !== 'string' || !record.seat) return null;
  if (registrationLapsed(record, slot, times, now)) return { state: 'lapsed' };
  const heldSince = record.heldSince instanceof Date ? record.heldSince : null;
  return heldSince ? { state: 'held', until: seatExpiry({ state: 'held', heldSince }, times)! } : null;
}

/**
 * Whether its owner may cancel it: pending or confirmed, and either the address's current one or
 * one whose seat is no longer its own (the rules let an owner free only the current one's seat).
 */
export const mayCancel = ({ record, slot, current }: OwnRegistration) => inForce(record) && (current || !holdsSeat(slot, record.seatClaim));

export class NotCancellableError extends Error {}

/** Cancels it in one transaction: the record, its checkout in step, its seat freed (data/registration-record.ts), and the email saying so. */
export async function cancelOwnRegistration(id: string): Promise<void> {
  // The messages' module loads with the cancel, not with the page.
  const { registrationCancelledMail } = await import('../../data/mail.ts');
  await db.transact([registrationPath(id)], async ([current], read) => {
    if (!current || !inForce(current)) throw new NotCancellableError(`Registration ${id} cannot be cancelled.`);
    const path = seatOf(current);
    const slot = path ? await read(path) : null;
    return {
      writes: [
        ...registrationChange(current, { status: 'cancelled', cancelledAt: serverValues.now() }, slot, { byOwner: true }),
        registrationCancelledMail(current),
      ],
    };
  });
}

/** Leaves the waiting list (declining an open offer too: the slot is freed by the next offer or by time). */
export const leaveWaitlist = (entry: Pick<WaitlistEntry, 'email' | 'status'>) => db.commit(withdrawWrites(entry));

/**
 * Turns the open offer into a registration on the offered slot, under the reference `id`, the entry
 * marked as registered in the same commit. Resolves to the code the attendee keeps.
 */
export async function claimOffer(id: string, entry: WaitlistEntry, settings: RegistrationSettings): Promise<string> {
  if (!entry.offer) throw new Error('No offer to claim');
  const form = { ...(entry.form as RegistrationForm), email: entry.email.trim().toLowerCase() };
  // The registration's checks and writes (zod among them) load with the claim, not with the page.
  const { decideRegistration } = await import('./submit.ts');
  await submitAsVisitor('registrations', id, decideRegistration(id, form, settings, entry.offer.seat, [claimedWrite(entry.email)], true));
  // Its payment code was drawn in the transaction: read back, it is what the attendee is told.
  const made = await db.fetchDocument<Record<string, unknown>>('registrations', id).catch(() => null);
  return quotedCode(id, made ?? {});
}
