// Checking in at the desk and undoing it: the reads and transactions around check-in.ts's decisions.
import { db } from '../../../lib/data.ts';
import { serverValues, type WithId } from '../../../lib/db.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { registrationChange, registrationPath, seatOf } from '../../../data/registration-record.ts';
import { checkInVerdict, undoCheckInPlan, type TicketHolder, type TicketLookup } from './check-in.ts';
import { PAYMENT_CODES, type PaymentCodeClaim } from '../../../data/payment-codes.ts';
import { toNairobiDate } from '../../../lib/nairobi-time.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { registrationKeys } from './record-queries.ts';

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
