// The records people pay for (registrations and partnership or booth applications), found by the
// payment code or the reference they quote. One lookup for checkout and the invoice generator: a
// reference tolerant of case, spaces, hyphens and look-alike characters (lib/reference.ts),
// registrations before applications; a code however typed (data/payment-codes.ts).
// The reference alone opens only a record's checkout projection (checkouts/{id} of a registration,
// data/registration-record.ts; applicationCheckouts/{id} of an application, data/application-record.ts):
// checkout reads those; staff (the invoice generator) read the records.
// A code is guessable and quoted on statements, so it opens nothing on its own: staff read what it
// names in its claim (paymentCodes/{code}, theirs alone); checkout opens a registration by its code
// only for its attendee, signed in with its address (a query on their own registrations).
import { db } from '../lib/data.ts';
import type { WithId } from '../lib/db.ts';
import { referenceCandidates } from '../lib/reference.ts';
import { PAYABLE_COLLECTIONS, type PayableCollection } from './collections.ts';
import { PAYMENT_CODES, quotedCode, readPaymentCode, type PaymentCodeClaim } from './payment-codes.ts';
import { APPLICATION_CHECKOUTS } from './application-record.ts';
import { seatExpiry, type SeatTimes } from './seats.ts';

/** A record found by what a payer typed: which collection, and its document. */
export interface FoundRecord {
  collection: PayableCollection;
  record: WithId<Record<string, unknown>>;
}

/** Where records are read from: their checkout projections (anyone with the reference) or the records themselves (staff). */
export type RecordSource = 'checkouts' | 'records';

const READ_FROM: Record<RecordSource, Record<PayableCollection, string>> = {
  checkouts: { registrations: 'checkouts', partners: APPLICATION_CHECKOUTS },
  records: { registrations: 'registrations', partners: 'partners' },
};

/** What a code names, for staff (who alone may read its claim). */
async function byClaim(code: string): Promise<FoundRecord | null> {
  const claim = await db.fetchDocument<PaymentCodeClaim>(PAYMENT_CODES, code);
  if (!claim || !PAYABLE_COLLECTIONS.includes(claim.collection) || typeof claim.recordId !== 'string') return null;
  const record = await db.fetchDocument<Record<string, unknown>>(claim.collection, claim.recordId);
  return record && { collection: claim.collection, record };
}

/** The signed-in attendee's own registration with this code (registrations' email is stored lower case). */
async function ownRegistration(code: string, owner: string): Promise<FoundRecord | null> {
  const [record] = await db.fetchDocuments<Record<string, unknown>>('registrations', {
    where: [
      ['email', '==', owner.toLowerCase()],
      ['paymentCode', '==', code],
    ],
    orderBy: null,
  });
  return record ? { collection: 'registrations', record } : null;
}

/**
 * The record a typed payment code or reference names, or null (also for text that cannot be a
 * document id). From checkouts a code finds only `owner`'s own registration (owner: the address a
 * visitor is signed in with; null for nobody).
 */
export async function findPayableRecord(typed: string, from: RecordSource = 'records', owner: string | null = null): Promise<FoundRecord | null> {
  const code = readPaymentCode(typed);
  if (code) {
    const found = from === 'records' ? await byClaim(code) : owner ? await ownRegistration(code, owner) : null;
    if (found) return found;
  }
  for (const id of referenceCandidates(typed)) {
    if (id.includes('/')) continue;
    for (const collection of PAYABLE_COLLECTIONS) {
      const record = await db.fetchDocument<Record<string, unknown>>(READ_FROM[from][collection], id);
      if (record) return { collection, record };
    }
  }
  return null;
}

/**
 * An unpaid registration's hold on its seat as checkout sees it: the projection names the slot and
 * its claim, and the slot (public) says whether it still holds that claim, and since when. Null
 * when nothing is held: paid, free of charge, awaiting verification, cancelled, or no seat.
 */
export type Hold =
  | { state: 'held'; until: Date }
  /** `slotKept`: nobody has claimed the slot since, so paying now still keeps it (the rules' takenByPayment). */
  | { state: 'lapsed'; until: Date | null; slotKept: boolean };

export function checkoutHold(
  r: { status: unknown; paymentStatus: unknown; seat?: unknown; seatClaim?: unknown },
  slot: Record<string, unknown> | null,
  times: SeatTimes,
  now = new Date(),
): Hold | null {
  if (r.status !== 'pending' || r.paymentStatus !== 'unpaid' || typeof r.seat !== 'string' || !r.seat) return null;
  const held = !!slot && slot.state === 'held' && slot.claim === r.seatClaim && slot.heldSince instanceof Date;
  if (!held) return { state: 'lapsed', until: null, slotKept: false };
  const until = seatExpiry({ state: 'held', heldSince: slot.heldSince as Date }, times)!;
  return until > now ? { state: 'held', until } : { state: 'lapsed', until, slotKept: true };
}

/** A record a payment is for, as the messages about it need it. */
export interface PayableRecord {
  id: string;
  collection: 'registrations' | 'partners';
  /** What its messages quote (quotedCode). */
  code: string;
  email: string;
  /** The attendee's full name, or the application's contact person. */
  name: string;
  organisation?: string;
  fee: number;
  currency: string;
}

/** The name a record's messages greet: an attendee's, or an application's contact person's. */
export const recordName = (collection: 'registrations' | 'partners', d: Record<string, unknown>) =>
  String(collection === 'registrations' ? d.fullName : d.contactName);

export function payableRecord(collection: 'registrations' | 'partners', d: Record<string, unknown> & { id: string }): PayableRecord {
  return {
    id: d.id,
    collection,
    code: quotedCode(d.id, d),
    email: String(d.email),
    name: recordName(collection, d),
    organisation: typeof d.organisation === 'string' ? d.organisation : undefined,
    fee: Number(d.fee),
    currency: String(d.currency),
  };
}
