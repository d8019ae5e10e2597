// The public side of registering: the free seats the form is offered with, the draft the form is
// kept in while its address is proven (a sign-in link by email), and the commits that register or
// join the waiting list under that proven address (firestore.rules: validRegistration, joinsWaitlist).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { db, publicReads } from '../../lib/data.ts';
import { serverValues, type BatchWrite } from '../../lib/db.ts';
import { countFreeSeats, seatsOpenToAll, WAITING_COUNT, type SeatTimes } from '../../data/seats.ts';
import { fetchSiteSettings } from '../../data/site-settings.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import type { RegistrationSettings } from './submit.ts';
import type { RegistrationForm } from './schema.ts';
import type { WaitlistEntry } from '../../data/waitlist.ts';
import { RejoinTooSoonError } from './errors.ts';

/** Why the form offers the waiting list instead of registering, or null when a seat may be claimed. */
export type SeatsGone = 'taken' | 'waiting' | null;

/**
 * Whether anyone may claim a seat now: the free slots by an aggregation over them (data/seats.ts),
 * never a stored counter; and while anyone waits, free slots go to the waiting list first.
 */
export const freeSeatsQuery = (times?: SeatTimes) =>
  queryOptions({
    queryKey: ['seats', 'free'],
    queryFn: async (): Promise<SeatsGone> => {
      const [free, waiting] = await Promise.all([
        countFreeSeats(times ?? (await fetchSiteSettings()), new Date(), publicReads),
        publicReads.fetchDocument(WAITING_COUNT.collection, WAITING_COUNT.id),
      ]);
      return free <= 0 ? 'taken' : seatsOpenToAll(waiting) ? null : 'waiting';
    },
    staleTime: 30_000,
  });

export function useFreeSeats(times: SeatTimes | undefined) {
  return useQuery({ ...freeSeatsQuery(times), enabled: !!times });
}

/** The address as the rules compare it (the token's email is lower case), stored that way so the owner's list finds it. */
export const withProvenAddress = (form: RegistrationForm): RegistrationForm => ({ ...form, email: form.email.trim().toLowerCase() });

export const draftPath = (id: string) => `registrationDrafts/${id}`;
const WEEK_MS = 7 * 86_400_000;

/**
 * Keeps the form until its address is proven, under the registration's own reference, so the link
 * can be opened on another device. A client cannot stamp the server's time plus a week, so the
 * expiry is a week ahead by this browser's clock (the rules accept up to eight days).
 */
export function saveDraft(id: string, form: RegistrationForm, now = new Date()): Promise<string> {
  return submitAsVisitor('registrationDrafts', id, [
    { set: draftPath(id), data: { email: form.email, form, timestamp: serverValues.now(), expiresAt: new Date(now.getTime() + WEEK_MS) } },
  ]);
}

/** The draft saved under `id`, read by whoever signed in with its address; null when gone or not theirs. */
export async function readDraft(id: string): Promise<RegistrationForm | null> {
  const draft = await db.fetchDocument<{ form?: RegistrationForm }>('registrationDrafts', id).catch(() => null);
  return draft?.form ?? null;
}

/** The same form, kept in this browser too: the link opened here registers even when the draft could not be saved. */
const LOCAL_KEY = 'registrationForm';

export interface LocalDraft {
  id: string;
  form: RegistrationForm;
  waitlist: boolean;
}

export function keepLocalDraft(draft: LocalDraft) {
  try {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(draft));
  } catch {
    // storage blocked or full: the draft on the server still carries the form
  }
}

export function localDraft(id?: string): LocalDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? 'null') as LocalDraft | null;
    return draft && typeof draft.id === 'string' && draft.form && (!id || draft.id === id) ? draft : null;
  } catch {
    return null;
  }
}

export function forgetLocalDraft() {
  try {
    localStorage.removeItem(LOCAL_KEY);
  } catch {
    // nothing kept
  }
}

/** Registers under the proven address with a free seat; `extra` rides in the same commit (deleting the draft). */
export async function registerNow(id: string, form: RegistrationForm, settings: RegistrationSettings, extra: BatchWrite[] = []): Promise<string> {
  // The seat, the payment code and the stored document's checks load with the first registration sent.
  const { registerWithFreeSeat } = await import('./submit.ts');
  return registerWithFreeSeat(db, (decide) => submitAsVisitor('registrations', id, decide), id, form, settings, extra);
}

/** Joins the waiting list under the proven address (the whole form, so an offer is claimed in one tap), with its email. */
export async function joinWaitlist(form: RegistrationForm, extra: BatchWrite[] = []): Promise<void> {
  // Only when every seat is taken: the list's writes and its "you are on the list" email.
  const [{ joinWaitlistWrites, rejoinAt, waitlistPath }, { waitlistJoinedMail }] = await Promise.all([
    import('../../data/waitlist.ts'),
    import('../../data/mail.ts'),
  ]);
  const [, id] = waitlistPath(form.email).split('/');
  const before = await db.fetchDocument<WaitlistEntry>('waitlist', id);
  const again = rejoinAt(before);
  if (again) throw new RejoinTooSoonError(again);
  await db.commit([...joinWaitlistWrites(form), waitlistJoinedMail(form, before?.timestamp instanceof Date ? before.timestamp : null), ...extra]);
}
