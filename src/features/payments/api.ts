import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { db } from '../../lib/data.ts';
import { settingsLabel } from '../../data/labels.ts';
import { findPayableRecord, payableRecord } from '../../data/payable-records.ts';
import { readPaymentCode } from '../../data/payment-codes.ts';
import { receivedMinorOf } from '../../data/money-received.ts';
import type { PaymentForm, PaymentTarget } from './schema.ts';
import { lazyModule } from '../../components/lazy-sending.ts';
import { HoldLostError } from './errors.ts';
import type { CheckoutRecord } from './checkout-record.ts';

/** The payment form's checks and sending (send.ts), loaded when the payer starts on the form. */
export const sending = lazyModule(() => import('./send.ts'));

export type { CheckoutRecord };

type Stored = Record<string, unknown> & { id: string };

type Labels = Parameters<typeof settingsLabel>[0];

/** A record as checkout shows it: what it is named by the settings' labels ("Registration · Delegate"), not by its stored key. */
export function describeRecord(collection: PaymentTarget, d: Stored, settings: Labels | null): CheckoutRecord {
  const label = (list: Parameters<typeof settingsLabel>[1], key: unknown) => settingsLabel(settings, list, key);
  const common = {
    id: d.id,
    code: typeof d.paymentCode === 'string' ? d.paymentCode : '',
    receivedMinor: receivedMinorOf(d),
    collection,
    payable: payableRecord(collection, d),
    email: String(d.email),
    fee: Number(d.fee),
    currency: String(d.currency),
    status: String(d.status),
    paymentStatus: String(d.paymentStatus),
    paymentNote: typeof d.paymentNote === 'string' && d.paymentNote ? d.paymentNote : undefined,
    seat: typeof d.seat === 'string' ? d.seat : '',
    seatClaim: typeof d.seatClaim === 'string' ? d.seatClaim : '',
  };
  if (collection === 'registrations') return { ...common, name: String(d.fullName), what: `Registration · ${label('categories', d.category)}` };
  return {
    ...common,
    name: String(d.organisation),
    what: d.kind === 'booth' ? `Booth · ${label('boothTypes', d.boothType)}` : `Partnership · ${label('partnerTiers', d.tier)}`,
  };
}

/** The labels checkout names records by: settings/site (null when it cannot be read). */
export const fetchLabels = () => db.fetchDocument<NonNullable<Labels> & { id: string }>('settings', 'site').catch(() => null);

/**
 * A registration or an application (their checkout projections) by its reference, as typed (anyone
 * holding the reference may read it): case, spaces and look-alikes do not matter (lib/reference.ts).
 * By its payment code, only `owner`'s own registration (the address they are signed in with): a code
 * alone opens nothing. A list of many records passes the labels it read once.
 */
export async function fetchCheckoutRecord(
  typed: string,
  labels: Promise<Labels | null> = fetchLabels(),
  owner: string | null = null,
): Promise<CheckoutRecord | null> {
  const found = await findPayableRecord(typed, 'checkouts', owner);
  return found && describeRecord(found.collection, found.record, await labels);
}

/** The same for staff, who also find a record by its payment code (its claim, which only they read). */
export async function fetchStaffRecord(typed: string, labels: Promise<Labels | null> = fetchLabels()): Promise<CheckoutRecord | null> {
  const found = await findPayableRecord(typed, 'records');
  return found && describeRecord(found.collection, found.record, await labels);
}

/** Checkout under a reference, or under a payment code for the attendee signed in on this browser (null otherwise). */
export function useCheckoutRecord(id: string) {
  return useQuery({
    queryKey: ['checkout', id],
    queryFn: async () => {
      // The Auth SDK loads only for a code: a reference opens its checkout for anyone.
      const owner = readPaymentCode(id) ? ((await (await import('../../lib/email-link.ts')).attendeeSession())?.email ?? null) : null;
      return fetchCheckoutRecord(id, fetchLabels(), owner);
    },
    staleTime: 0,
  });
}

/** A seat slot as it stands (public: a state, a claim and a time), to tell whether a hold still stands. */
export function useSeatSlot(seat: string) {
  return useQuery({
    queryKey: ['seats', seat],
    queryFn: () => db.fetchDocument<Record<string, unknown>>('seats', seat),
    enabled: seat !== '',
    staleTime: 0,
  });
}

/** Sends the form's payment reference (send.ts) under a payment id chosen once per form. */
export function useSubmitPayment(record: CheckoutRecord) {
  const client = useQueryClient();
  const [paymentId] = useState(() => db.newId('payments'));
  return useMutation({
    mutationFn: async (form: PaymentForm) => (await sending()).submitPayment(record, paymentId, form),
    // The page may be open under the reference or the payment code: every checkout query is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['checkout'] }),
    onError: (error) => error instanceof HoldLostError && client.invalidateQueries({ queryKey: ['seats', record.seat] }),
  });
}

/**
 * Who is signed in on this browser with a proven address (lib/email-link.ts, which brings the Auth
 * SDK: loaded only where a registration's payment reference may be sent). Null for nobody.
 */
export function useAttendeeSession() {
  return useQuery({
    queryKey: ['attendee-session'],
    queryFn: async () => (await import('../../lib/email-link.ts')).attendeeSession(),
    // Read again whenever checkout opens: the attendee may have signed in on My registration since.
    staleTime: 0,
    retry: false,
  });
}

/** Whether `email` (a session's, lower case) is the address the registration belongs to: only its attendee sends its payment reference. */
export const registrantIs = (record: Pick<CheckoutRecord, 'email'>, email: string | null | undefined) =>
  !!email && record.email.toLowerCase() === email.toLowerCase();
