// What staff do to a registration or an application: change its status (a registration's seat and
// the waiting list move with it), decide an application, archive either.
import { db } from '../../../lib/data.ts';
import { serverValues, type BatchWrite, type WithId } from '../../../lib/db.ts';
import { useStaffMove, useStaffTransaction, useStaffWrites } from '../../../admin/use-staff-action.ts';
import { applicationDecisionMail, registrationCancelledMail, waitlistOfferMail } from '../../../data/mail.ts';
import { payableRecord } from '../../../data/payable-records.ts';
import { registrationChange, registrationHolder, SeatLostError, seatOf } from '../../../data/registration-record.ts';
import { findFreeSeats, seatTimesOf, holdsSeat, newSeatClaim, seatIsFree, seatPath, type Seat, type SeatTimes } from '../../../data/seats.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { offerWrites, waitlistPath, type WaitlistEntry } from '../../../data/waitlist.ts';
import { applicationChange } from '../../../data/application-record.ts';
import { deadlineText, offerDeadline } from '../../../data/timed-work/decisions.ts';
import { fetchWaiting } from '../../../data/timed-work/run.ts';
import { sponsorWrites } from '../../../data/partners.ts';
import { keepMoney, keptLog, type MoneyKept } from '../../../data/money-kept.ts';
import { moneyOf, refundDueMinor } from '../../../data/money-received.ts';
import { type StaffRecord } from './records.ts';
import { adminKey, keysShowing } from '../../../data/query-keys.ts';
import { registrationKeys } from './record-queries.ts';

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

/** Finance's answer, cancelling a registration that holds money, that no refund is due: all of it is kept (data/money-kept.ts). */
export type KeepOnCancel = Pick<MoneyKept, 'keptId' | 'reason' | 'staffEmail'>;

type StatusVars = {
  record: StaffRecord;
  name: string;
  status: string;
  keep?: KeepOnCancel;
  next?: WithId<WaitlistEntry> | null;
  freeSeats?: string[];
};

/**
 * Cancelling gives the seat back: to the waiting list's first person when someone waits (an offer,
 * with its email, in the same transaction), else free; with `keep`, the money the registration
 * holds is kept, not refunded, in the same commit. Reinstating takes a free slot (`reseat`, its own
 * old one when still free) and is refused when none is free.
 */
export function decideStatusChange(
  current: WithId<Record<string, unknown>> | null,
  seat: WithId<Record<string, unknown>> | null,
  { record, name, status, keep }: Pick<StatusVars, 'record' | 'name' | 'status' | 'keep'>,
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
  const changes: Record<string, unknown> = { status, ...(status === 'checked-in' ? { checkedInAt: serverValues.now() } : {}) };
  const n = typeof current.seat === 'string' ? current.seat : '';
  if (status === 'cancelled') {
    const kept = keep ? keepAll(current, keep) : null;
    const log = `Set registration ${record.id} (${name}) to ${status}${kept ? `; ${kept.log}` : ''}`;
    Object.assign(changes, kept?.changes, { cancelledAt: serverValues.now() });
    const offer = n && next?.status === 'waiting' && holdsSeat(seat, current.seatClaim);
    const told = [registrationCancelledMail(current), ...(kept?.writes ?? [])];
    if (!offer) return { writes: [...registrationChange(current, changes, seat), ...told], log };
    const email = String(next.email);
    const offerTo = [
      ...offerWrites(email, n, { from: registrationHolder(current.id) }),
      waitlistOfferMail(mailId, { email, fullName: String(next.fullName) }, deadlineText(offerDeadline(times, now))),
    ];
    return {
      writes: [...registrationChange(current, changes, seat, { offerTo }), ...told],
      log: `${log}; offered seat ${n} to ${email} from the waiting list`,
    };
  }
  const log = `Set registration ${record.id} (${name}) to ${status}`;
  if (current.status === 'cancelled' && n) {
    // Reinstated: on a free slot (its own old one when still free), a new claim, held from now while unpaid.
    if (!reseat) throw new SeatLostError(`No seat is free for registration ${record.id}: the summit is full. Free a seat first, or leave it cancelled.`);
    return { writes: registrationChange(current, changes, seat, { reseat }), log: `${log} on seat ${reseat.seat}` };
  }
  return { writes: registrationChange(current, changes, seat), log };
}

/** All the money a registration holds once cancelled, kept: decided on the record as read in the transaction. */
function keepAll(current: WithId<Record<string, unknown>>, keep: KeepOnCancel) {
  const after = { ...current, status: 'cancelled' };
  const amountMinor = refundDueMinor(moneyOf(after));
  if (amountMinor <= 0) throw new SeatLostError(`Registration ${current.id} holds no money to refund now: reload the page and try again.`);
  const k = { ...keep, collection: 'registrations' as const, id: current.id, amountMinor };
  return { ...keepMoney(after, k), log: keptLog(k, String(current.currency)) };
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
