// Registering is one transaction under the attendee's proven address: the registration, its
// checkout projection, the seat slot it claims (the rules refuse a slot that is not free, so
// nobody is over-booked), the address's entry that allows one active registration, and the
// message that tells the registrant what comes next (data/mail.ts). No document in it is written
// by every registration (data/seats.ts). The record carries the tokens staff search it by, and its
// payment code, claimed in the same commit (data/payment-codes.ts).
import { serverValues, type BatchWrite, type Db, type ReadInTransaction, type ServerValue } from '../../lib/db.ts';
import { registrationMail } from '../../data/mail.ts';
import { withSearchTokens } from '../../data/search-tokens.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { checkoutWrite } from '../../data/registration-record.ts';
import {
  claimSeatWrite,
  freeSeatCandidates,
  newSeatClaim,
  pickOne,
  seatIsFree,
  seatPath,
  seatsOpenToAll,
  WAITING_COUNT,
  type Seat,
  type SeatTimes,
} from '../../data/seats.ts';
import { activeRegistration, attendeePath, holdStart } from '../../data/attendees.ts';
import { claimPaymentCode, paymentCodeClaimWrite } from '../../data/payment-codes.ts';
import { registrationDocument, type RegistrationForm } from './schema.ts';
import { AlreadyRegisteredError, SummitFullError, UnknownCategoryError } from './errors.ts';

export type RegistrationSettings = Pick<SiteSettings, 'categories' | 'currency' | 'capacity'> & SeatTimes;

/**
 * A seat to claim: a slot, the claim the registration will name, and when its hold started: now
 * (the server's time) unless the address's earlier hold would still run (data/attendees.ts).
 */
export interface SeatChoice {
  seat: string;
  claim: string;
  heldSince?: Date | ServerValue;
}

/**
 * A stored registration with its slot, its checkout projection, its address's entry and its
 * payment code's claim (when it has a code: a hostile test may leave it out). The
 * rules tests build their hostile commits from this too, so they test the commit the page sends.
 */
export function registrationSeatWrites(id: string, stored: Record<string, unknown>, choice: SeatChoice): BatchWrite[] {
  const heldSince = choice.heldSince ?? serverValues.now();
  const record = { ...stored, seat: choice.seat, seatClaim: choice.claim, heldSince };
  return [
    { set: `registrations/${id}`, data: record },
    checkoutWrite({ ...record, id }),
    claimSeatWrite(choice.seat, choice.claim, stored.paymentStatus === 'not-required', heldSince),
    { set: attendeePath(String(stored.email)), data: { registrationId: id, heldSince } },
    ...(typeof stored.paymentCode === 'string' ? [paymentCodeClaimWrite(stored.paymentCode, { collection: 'registrations', recordId: id })] : []),
  ];
}

/** `paymentCode`: a code drawn free in the same transaction (claimPaymentCode); its claim is among the writes. */
export function registrationWrites(
  id: string,
  form: RegistrationForm,
  settings: Pick<SiteSettings, 'categories' | 'currency'>,
  choice: SeatChoice,
  paymentCode: string,
) {
  const category = settings.categories[form.category];
  if (!category) throw new UnknownCategoryError(`Unknown category ${form.category}`);
  const data = { ...registrationDocument(form, category.fee, settings.currency), paymentCode };
  return [...registrationSeatWrites(id, { ...withSearchTokens({ ...data, id }), timestamp: serverValues.now() }, choice), registrationMail(id, data, settings)];
}

class SeatGoneError extends Error {}

/**
 * Decides the registration's writes inside its transaction: refuses an address that already holds
 * a seat, a free slot while anyone waits (it goes to the waiting list first), and a slot someone
 * claimed since it was found free (the caller tries another). An address registering again while
 * its earlier hold would still run keeps that hold's start.
 */
export function decideRegistration(
  id: string,
  form: RegistrationForm,
  settings: RegistrationSettings,
  seat: string,
  extra: BatchWrite[] = [],
  offered = false,
) {
  return async (read: ReadInTransaction): Promise<BatchWrite[]> => {
    const current = await activeRegistration(form.email, settings, read);
    if (current && current !== id) {
      const under = String((await read(`registrations/${current}`))?.email ?? '');
      throw new AlreadyRegisteredError(current, under && under !== form.email.trim().toLowerCase() ? under : null);
    }
    if (!offered && !seatsOpenToAll(await read(`${WAITING_COUNT.collection}/${WAITING_COUNT.id}`))) throw new SummitFullError('People are waiting');
    const slot = (await read(seatPath(seat))) as (Seat & { id: string }) | null;
    if (!slot || (!offered && !seatIsFree(slot, settings))) throw new SeatGoneError(seat);
    const heldSince = holdStart(await read(attendeePath(form.email)), settings) ?? undefined;
    const { code } = await claimPaymentCode({ collection: 'registrations', recordId: id }, read);
    return [...registrationWrites(id, form, settings, { seat, claim: newSeatClaim(), heldSince }, code), ...extra];
  };
}

/**
 * Registers with a free slot: picks one at random among those found free (so fifty people at once
 * rarely reach for the same one) and tries another when it was just taken. `submit` runs one
 * attempt (the visitor's throttled transaction); `extra` rides along (deleting the draft).
 */
export async function registerWithFreeSeat(
  client: Pick<Db, 'fetchDocuments' | 'fetchDocument'>,
  submit: (decide: (read: ReadInTransaction) => Promise<BatchWrite[]>) => Promise<string>,
  id: string,
  form: RegistrationForm,
  settings: RegistrationSettings,
  extra: BatchWrite[] = [],
  attempts = 6,
): Promise<string> {
  let candidates: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (candidates.length === 0) candidates = await freeSeatCandidates(settings.capacity, settings, client);
    const seat = pickOne(candidates);
    if (seat === undefined) throw new SummitFullError('No free seat');
    try {
      return await submit(decideRegistration(id, form, settings, seat, extra));
    } catch (error) {
      if (!(error instanceof SeatGoneError) && !isContention(error)) throw error;
      candidates = candidates.filter((c) => c !== seat);
    }
  }
  throw new SummitFullError('Every seat tried was taken meanwhile');
}

/** Firestore's answer when a transaction kept losing to others on the documents it read. */
const isContention = (error: unknown) => ['aborted', 'failed-precondition'].includes(String((error as { code?: string })?.code));
