// Reads and actions of the Registrations and Check-in screens.
import { useQuery } from '@tanstack/react-query';
import { db } from '../../../lib/data.ts';
import { serverValues, type BatchWrite, type Cursor, type WithId } from '../../../lib/db.ts';
import { toCsv } from '../../../lib/csv.ts';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { useStaffMove, useStaffTask, useStaffTransaction, useStaffWrites } from '../../../admin/use-staff-action.ts';
import { applicationDecisionMail, registrationCancelledMail, waitlistOfferMail, type MailDocument } from '../../../data/mail.ts';
import { payableRecord } from '../../../data/payable-records.ts';
import { applicationChange } from '../../../data/application-record.ts';
import { registrationChange, registrationHolder, registrationPath, SeatLostError, seatOf } from '../../../data/registration-record.ts';
import { findFreeSeats, seatTimesOf, holdsSeat, newSeatClaim, seatIsFree, seatPath, type Seat, type SeatTimes } from '../../../data/seats.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { offerWrites, waitlistPath, type WaitlistEntry } from '../../../data/waitlist.ts';
import { deadlineText, offerDeadline } from '../../../data/timed-work/decisions.ts';
import { fetchWaiting } from '../../../data/timed-work/run.ts';
import { sponsorWrites } from '../../../data/partners.ts';
import { attendedDays } from '../../../data/certificates.ts';
import { checkInVerdict, undoCheckInPlan, type TicketHolder, type TicketLookup } from './check-in.ts';
import { PAYMENT_CODES, type PaymentCodeClaim } from '../../../data/payment-codes.ts';
import { toNairobiDate } from '../../../lib/nairobi-time.ts';
import { COLLECTION, listOptions, type ListFilters, type StaffRecord, type Tab } from './records.ts';
import { searchRecords } from './search.ts';
import { adminKey, keysShowing } from '../../../data/query-keys.ts';

export const PAGE_SIZE = 25;
const SEARCH_LIMIT = 20;

// Each tab's reads are keyed by the collection it shows (attendees: registrations; partner
// applications and booths: partners), so a change to either collection refreshes its tabs.
export const registrationKeys = {
  all: [adminKey('registrations'), adminKey('partners')],
  list: (tab: Tab, filters: ListFilters) => [...adminKey(COLLECTION[tab]), tab, filters] as const,
  search: (tab: Tab, q: string, filters: ListFilters) => [...adminKey(COLLECTION[tab]), tab, filters, 'search', q] as const,
  record: (collection: string, id: string) => [...adminKey(collection), 'record', id] as const,
};

export function useRecordPages(tab: Tab, filters: ListFilters) {
  return useCursorPages(registrationKeys.list(tab, filters), (after) => fetchRecordPage(tab, filters, after));
}

export function useRecordSearch(tab: Tab, q: string, filters: ListFilters) {
  return useQuery({
    queryKey: registrationKeys.search(tab, q, filters),
    enabled: q.trim().length > 0,
    queryFn: () => searchRecords(db, tab, q, filters, SEARCH_LIMIT),
  });
}

export function useRecord(collection: string, id: string) {
  return useQuery({ queryKey: registrationKeys.record(collection, id), queryFn: () => db.fetchDocument<StaffRecord>(collection, id) });
}

export const fetchRecordPage = (tab: Tab, filters: ListFilters, after: Cursor | null) =>
  db.fetchPage<StaffRecord>(COLLECTION[tab], { ...listOptions(tab, filters), limit: PAGE_SIZE, after });

/** Payments that name a record (finance and admin may read them). */
export const fetchRecordPayments = (id: string) =>
  db.fetchDocuments<{ amount: number; currency: string; method: string; reference: string; status: string; timestamp?: Date }>('payments', {
    where: [['targetId', '==', id]],
    limit: 50,
  });

export function useRecordPayments(collection: string, id: string, enabled: boolean) {
  return useQuery({ queryKey: [...adminKey('payments'), 'for', collection, id], enabled, queryFn: () => fetchRecordPayments(id) });
}

export type StoredMail = MailDocument & { id: string; timestamp?: Date };

/** The emails written about a record, for its Messages panel. */
export const fetchRecordMail = (collection: 'registrations' | 'partners', id: string) =>
  db.fetchDocuments<StoredMail>('mail', {
    where: [
      ['recordCollection', '==', collection],
      ['recordId', '==', id],
    ],
    limit: 50,
  });

const CSV_COLUMNS: Record<Tab, Array<{ header: string; value: (r: StaffRecord) => unknown }>> = {
  attendees: [
    { header: 'Reference', value: (r) => r.id },
    { header: 'Registered', value: (r) => r.timestamp },
    { header: 'Full name', value: (r) => r.fullName },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Role', value: (r) => r.jobTitle },
    { header: 'Country', value: (r) => r.country },
    { header: 'Category', value: (r) => r.category },
    { header: 'Attendance', value: (r) => r.attendanceMode },
    { header: 'Fee', value: (r) => r.fee },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Payment', value: (r) => r.paymentStatus },
    { header: 'Checked in', value: (r) => r.checkedInAt },
    // The summit days attended ('YYYY-MM-DD', Nairobi), what CPD certificates count.
    { header: 'Days attended', value: (r) => attendedDays(r).join('; ') },
    { header: 'Accessibility needs', value: (r) => r.accessibilityNeeds },
    { header: 'Dietary needs', value: (r) => r.dietaryNeeds },
  ],
  partners: [
    { header: 'Reference', value: (r) => r.id },
    { header: 'Applied', value: (r) => r.timestamp },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Contact', value: (r) => r.contactName },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Website', value: (r) => r.website },
    { header: 'Tier', value: (r) => r.tier },
    { header: 'Fee', value: (r) => r.fee },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Payment', value: (r) => r.paymentStatus },
    { header: 'Message', value: (r) => r.message },
  ],
  booths: [
    { header: 'Reference', value: (r) => r.id },
    { header: 'Booked', value: (r) => r.timestamp },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Contact', value: (r) => r.contactName },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Booth type', value: (r) => r.boothType },
    { header: 'Staff', value: (r) => r.staffCount },
    { header: 'Fee', value: (r) => r.fee },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Payment', value: (r) => r.paymentStatus },
    { header: 'Requirements', value: (r) => r.requirements },
  ],
};

/** The whole filtered set as CSV, read a page of a thousand at a time. `onProgress` gets the rows read so far. */
export async function exportRecords(tab: Tab, filters: ListFilters, onProgress?: (rows: number) => void) {
  const rows = await db.fetchEvery<StaffRecord>(COLLECTION[tab], listOptions(tab, filters), onProgress);
  return { csv: toCsv(rows, CSV_COLUMNS[tab]), rows: rows.length };
}

/** Exporting personal data is itself an action worth a log line. */
export function useExport() {
  return useStaffTask({
    run: ({ tab, filters, onProgress }: { tab: Tab; filters: ListFilters; onProgress: (n: number) => void }) => exportRecords(tab, filters, onProgress),
    log: ({ tab }, { rows }) => `Exported ${rows} ${tab} to CSV`,
  });
}

/** An application moved to confirmed or cancelled is approved or declined: its contact hears so. */
export function applicationDecision(collection: 'registrations' | 'partners', record: StaffRecord, status: string): boolean | null {
  if (collection !== 'partners' || record.status === status) return null;
  return status === 'confirmed' ? true : status === 'cancelled' ? false : null;
}

/** A status change on a registration: with its checkout and its seat, decided on fresh reads. */
export function useStatusChange(collection: 'registrations' | 'partners') {
  const registration = useRegistrationStatusChange();
  const application = useApplicationStatusChange();
  return collection === 'registrations' ? registration : application;
}

type StatusVars = { record: StaffRecord; name: string; status: string; next?: WithId<WaitlistEntry> | null; freeSeats?: string[] };

/**
 * Cancelling gives the seat back: to the waiting list's first person when someone waits (an offer,
 * with its email, in the same transaction), else free. Reinstating takes a free slot (`reseat`, its
 * own old one when still free) and is refused when none is free.
 */
export function decideStatusChange(
  current: WithId<Record<string, unknown>> | null,
  seat: WithId<Record<string, unknown>> | null,
  { record, name, status }: Pick<StatusVars, 'record' | 'name' | 'status'>,
  {
    next,
    times,
    mailId,
    reseat,
    now = new Date(),
  }: { next: WithId<Record<string, unknown>> | null; times: SeatTimes; mailId: string; reseat?: { seat: string; claim: string }; now?: Date },
): { writes: BatchWrite[]; log: string } {
  if (!current) throw new SeatLostError(`Registration ${record.id} no longer exists (archived?).`);
  if (current.status !== record.status) throw new SeatLostError(`Registration ${record.id} is now ${String(current.status)}: reload the page and try again.`);
  const log = `Set registration ${record.id} (${name}) to ${status}`;
  const changes: Record<string, unknown> = { status, ...(status === 'checked-in' ? { checkedInAt: serverValues.now() } : {}) };
  const n = typeof current.seat === 'string' ? current.seat : '';
  if (status === 'cancelled') {
    const offer = n && next?.status === 'waiting' && holdsSeat(seat, current.seatClaim);
    const told = registrationCancelledMail(current);
    if (!offer) return { writes: [...registrationChange(current, { ...changes, cancelledAt: serverValues.now() }, seat), told], log };
    const email = String(next.email);
    const offerTo = [
      ...offerWrites(email, n, { from: registrationHolder(current.id) }),
      waitlistOfferMail(mailId, { email, fullName: String(next.fullName) }, deadlineText(offerDeadline(times, now))),
    ];
    return {
      writes: [...registrationChange(current, { ...changes, cancelledAt: serverValues.now() }, seat, { offerTo }), told],
      log: `${log}; offered seat ${n} to ${email} from the waiting list`,
    };
  }
  if (current.status === 'cancelled' && n) {
    // Reinstated: on a free slot (its own old one when still free), a new claim, held from now while unpaid.
    if (!reseat) throw new SeatLostError(`No seat is free for registration ${record.id}: the summit is full. Free a seat first, or leave it cancelled.`);
    return { writes: registrationChange(current, changes, seat, { reseat }), log: `${log} on seat ${reseat.seat}` };
  }
  return { writes: registrationChange(current, changes, seat), log };
}

function useRegistrationStatusChange() {
  const settings = useSiteSettings();
  return useStaffTransaction<StatusVars>({
    paths: ({ record }) => [`registrations/${record.id}`],
    // Found once before the transaction (a query cannot run inside it) and read again in it: the
    // first person waiting, for a cancellation; free slots, for a reinstatement.
    prepare: async (vars) => {
      const times = seatTimesOf(settings.data);
      return {
        ...vars,
        next: vars.status === 'cancelled' ? ((await fetchWaiting(db, 1))[0] ?? null) : null,
        freeSeats: vars.record.status === 'cancelled' && vars.status !== 'cancelled' ? await findFreeSeats(times, 10) : [],
      };
    },
    decide: async ([current], vars, read) => {
      const seatPath = seatOf(current);
      const seat = seatPath ? await read(seatPath) : null;
      const next = vars.next ? await read(waitlistPath(vars.next.email)) : null;
      const times = seatTimesOf(settings.data);
      const reseat = current?.status === 'cancelled' && vars.status !== 'cancelled' ? await freeSlot(seat, vars.freeSeats ?? [], times, read) : undefined;
      return decideStatusChange(current, seat, vars, { next, times, mailId: db.newId('mail'), reseat });
    },
    invalidate: [...registrationKeys.all, adminKey('seats'), adminKey('waitlist'), ['overview']],
  });
}

/** A slot free now, read in the transaction: the registration's old one first, then those found before it. */
export async function freeSlot(
  own: WithId<Record<string, unknown>> | null,
  candidates: string[],
  times: SeatTimes,
  read: (path: string) => Promise<WithId<Record<string, unknown>> | null>,
) {
  const isFree = (s: WithId<Record<string, unknown>> | null) => !!s && seatIsFree({ state: s.state as Seat['state'], heldSince: s.heldSince as Date }, times);
  if (own && isFree(own)) return { seat: own.id, claim: newSeatClaim() };
  for (const n of candidates.filter((c) => c !== own?.id)) if (isFree(await read(seatPath(n)))) return { seat: n, claim: newSeatClaim() };
  return undefined;
}

function useApplicationStatusChange() {
  const collection = 'partners';
  return useStaffWrites({
    writes: ({ record, status }: { record: StaffRecord; name: string; status: string }) => {
      const approved = applicationDecision(collection, record, status);
      return [
        ...applicationChange(record, { status }),
        ...(approved === null ? [] : [applicationDecisionMail(db.newId('mail'), payableRecord('partners', record), approved)]),
        // Approved: among the partners on /about at once; declined after approval: off it again.
        ...(approved === true || (approved === false && record.status === 'confirmed') ? sponsorWrites(record, approved, serverValues.now()) : []),
      ];
    },
    log: ({ record, name, status }) => `Set application ${record.id} (${name}) to ${status}`,
    // An approval also writes the partner's sponsor entry: its screens, public and back office.
    invalidate: [...registrationKeys.all, ...keysShowing('sponsors')],
  });
}

export function useArchiveRecord(collection: 'registrations' | 'partners') {
  return useStaffMove({
    move: ({ id }: { id: string; name: string }) => ({ collection, id, to: 'archive' }),
    log: ({ id, name }) => `Archived ${collection === 'registrations' ? 'registration' : 'application'} ${id} (${name})`,
    // A registration archived while active gives its seat back.
    invalidate: [...registrationKeys.all, ...keysShowing(collection), adminKey('seats'), ['overview']],
  });
}

/** The registration a ticket code names (ticketLookup), or null: a payment code is looked up (staff may read its claim). */
export async function ticketRegistrationId(lookup: TicketLookup): Promise<string | null> {
  if ('reference' in lookup) return lookup.reference;
  const claim = await db.fetchDocument<PaymentCodeClaim>(PAYMENT_CODES, lookup.paymentCode);
  return claim?.collection === 'registrations' ? claim.recordId : null;
}

export interface CheckInVars {
  /** The code as the desk typed or scanned it, for its messages. */
  code: string;
  /** The registration it names (ticketRegistrationId). */
  id: string;
  /** The summit day being checked in ('YYYY-MM-DD', Nairobi): today's, one of `days`. */
  day: string;
  days: readonly string[];
}

/**
 * A check-in decided on the registration as read in the transaction: the day's attendance (one
 * key of the map, a field-path update, so the days already stored keep their exact times),
 * `checkedInAt` and the status, with its checkout projection in step (and its seat, which a
 * confirmed ticket already holds). Throws CheckInRefused with the desk's words, a day that is not
 * today by this device's clock (`now`) included, before the rules refuse it without any.
 */
export function decideCheckIn(
  doc: WithId<Record<string, unknown>> | null,
  { code, day, days }: CheckInVars,
  seat: WithId<Record<string, unknown>> | null,
  now = new Date(),
) {
  const holder = doc as unknown as TicketHolder | null;
  const verdict = checkInVerdict(holder, code, day, days, toNairobiDate(now));
  if (verdict.kind === 'refuse' || !holder || !doc) throw new CheckInRefused(verdict.message);
  const at = serverValues.now();
  return {
    writes: registrationChange(doc, { [`attendance.${day}`]: at, checkedInAt: at, status: 'checked-in' }, seat),
    log: `Checked in ${holder.fullName} (${code}) for ${day}`,
    result: verdict.message,
  };
}

/**
 * Checking in decides on the registration as it is at that instant (a transaction), so the same
 * ticket presented at two desks at once admits one person: the second desk sees "already checked
 * in" for that day.
 */
export function useCheckIn() {
  return useStaffTransaction({
    paths: ({ id }: CheckInVars) => [registrationPath(id)],
    decide: async ([doc], vars, read) => {
      const seatPath = seatOf(doc);
      return decideCheckIn(doc, vars, seatPath ? await read(seatPath) : null);
    },
    invalidate: [...registrationKeys.all, adminKey('seats')],
  });
}

export class CheckInRefused extends Error {}

/**
 * Undoing a check-in removes the latest day attended (one key, the others untouched); with no day
 * left the registration is confirmed again. Refused (an Error whose message says why) when the
 * registration changed meanwhile.
 */
export function decideUndoCheckIn(current: WithId<Record<string, unknown>> | null, name: string, seat: WithId<Record<string, unknown>> | null) {
  const plan = undoCheckInPlan(current as unknown as TicketHolder | null);
  if ('refuse' in plan || !current) throw new CheckInRefused('refuse' in plan ? plan.refuse : 'This registration no longer exists.');
  const changes: Record<string, unknown> = { status: plan.status, ...(plan.day ? { [`attendance.${plan.day}`]: serverValues.remove() } : {}) };
  return {
    writes: registrationChange(current, changes, seat),
    log: `Undid the check-in of ${name} (${current.id})${plan.day ? ` for ${plan.day}` : ''}${plan.status === 'confirmed' ? '; confirmed again' : ''}`,
    result: plan,
  };
}

export function useUndoCheckIn() {
  return useStaffTransaction({
    paths: ({ id }: { id: string; name: string }) => [registrationPath(id)],
    decide: async ([current], { name }, read) => {
      const seatPath = seatOf(current);
      return decideUndoCheckIn(current, name, seatPath ? await read(seatPath) : null);
    },
    invalidate: [...registrationKeys.all, adminKey('seats')],
  });
}
