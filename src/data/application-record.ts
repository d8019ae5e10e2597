// What goes with every change to a partner application or booth booking: its checkout projection
// (applicationCheckouts/{id}, the only part the reference alone opens; partners/{id} is staff's).
// firestore.rules checks it in the same commit (applicationCheckoutFollows), so every write site
// builds its writes here, as registrations' do in registration-record.ts.
import type { BatchWrite, WithId } from '../lib/db.ts';

type Stored = Record<string, unknown>;

export const APPLICATION_CHECKOUTS = 'applicationCheckouts';

/**
 * The fields checkout shows (the rules' applicationCheckoutOf): never the phone, website, message,
 * staff count or requirements. The contact's name and address are the acknowledgement's greeting
 * and recipient, which the payer's own commit writes. A projection read back gives itself again.
 */
export function applicationCheckoutOf(a: Stored & { id: string }) {
  return {
    id: a.id,
    kind: a.kind,
    organisation: a.organisation,
    contactName: a.contactName,
    email: a.email,
    tier: a.tier ?? '',
    boothType: a.boothType ?? '',
    fee: a.fee,
    currency: a.currency,
    status: a.status,
    paymentStatus: a.paymentStatus,
    paymentNote: a.paymentNote ?? '',
    paymentCode: a.paymentCode ?? '',
    receivedMinor: a.receivedMinor ?? 0,
  };
}

export const applicationCheckoutPath = (id: string) => `${APPLICATION_CHECKOUTS}/${id}`;

export const applicationCheckoutWrite = (a: Stored & { id: string }): BatchWrite => ({ set: applicationCheckoutPath(a.id), data: applicationCheckoutOf(a) });

/** A change to an application (staff's, or the payer's submission) with its projection in step. */
export const applicationChange = (current: WithId<Stored>, changes: Stored): BatchWrite[] => [
  { update: `partners/${current.id}`, data: changes },
  applicationCheckoutWrite({ ...current, ...changes }),
];

/** Archiving takes the projection away with the application; restoring brings it back. */
export const applicationMoveWrites = (to: 'archive' | 'original', id: string, moved: Stored): BatchWrite[] =>
  to === 'archive' ? [{ delete: applicationCheckoutPath(id) }] : [applicationCheckoutWrite({ ...moved, id })];
