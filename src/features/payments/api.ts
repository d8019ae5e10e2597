import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { db } from '../../lib/data.ts';
import { createWrite, serverValues, type BatchWrite, type ReadInTransaction } from '../../lib/db.ts';
import { payableRecord, paymentReceivedMail, type PayableRecord } from '../../data/mail.ts';
import { settingsLabel } from '../../data/labels.ts';
import { findPayableRecord } from '../../data/payable-records.ts';
import { seatPath } from '../../data/seats.ts';
import { checkoutWrite } from '../../data/registration-record.ts';
import { normaliseReference, referenceClaim } from '../../data/transaction-codes.ts';
import { paymentDocument, type PaymentForm, type PaymentTarget } from './schema.ts';

export interface CheckoutRecord {
  id: string;
  /** Its payment code, what the payer quotes ('' for a record from before codes: it quotes its id). */
  code: string;
  /** Money statements brought in so far, in cents: a part payment leaves the rest due. */
  receivedMinor: number;
  collection: PaymentTarget;
  /** Whose record: the attendee, or the organisation for partner and booth applications. */
  name: string;
  what: string;
  email: string;
  fee: number;
  currency: string;
  status: string;
  paymentStatus: string;
  /** Staff's note when they rejected the last payment reference, shown so the visitor can act on it. */
  paymentNote?: string;
  /** A registration's seat slot ('' for none): its hold is read from the slot. */
  seat: string;
  /** The claim the slot holds while it is still this registration's. */
  seatClaim: string;
  /** Who the messages about its payments go to, and how they greet them. */
  payable: PayableRecord;
}

type Stored = Record<string, unknown> & { id: string };

type Labels = Parameters<typeof settingsLabel>[0];

/** A record as checkout shows it: what it is named by the settings' labels ("Registration · Delegate"), not by its stored key. */
export function describeRecord(collection: PaymentTarget, d: Stored, settings: Labels | null): CheckoutRecord {
  const label = (list: Parameters<typeof settingsLabel>[1], key: unknown) => settingsLabel(settings, list, key);
  const common = {
    id: d.id,
    code: typeof d.paymentCode === 'string' ? d.paymentCode : '',
    receivedMinor: typeof d.receivedMinor === 'number' ? d.receivedMinor : 0,
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
 * A registration (its checkout projection, checkouts/{id}) or an application by its reference, as
 * typed (anyone holding the reference may read it): case, spaces and look-alikes do not matter
 * (lib/reference.ts). A list of many records passes the labels it read once.
 */
export async function fetchCheckoutRecord(typed: string, labels: Promise<Labels | null> = fetchLabels()): Promise<CheckoutRecord | null> {
  const found = await findPayableRecord(typed, 'checkouts');
  return found && describeRecord(found.collection, found.record, await labels);
}

export function useCheckoutRecord(id: string) {
  return useQuery({ queryKey: ['checkout', id], queryFn: () => fetchCheckoutRecord(id), staleTime: 0 });
}

/** What is still due on a record, in cents: its fee less what statements brought in. */
export const stillDueMinor = (r: Pick<CheckoutRecord, 'fee' | 'receivedMinor'>) => Math.max(0, Math.round(r.fee * 100) - r.receivedMinor);

/** A seat slot as it stands (public: a state, a claim and a time), to tell whether a hold still stands. */
export function useSeatSlot(seat: string) {
  return useQuery({
    queryKey: ['seats', seat],
    queryFn: () => db.fetchDocument<Record<string, unknown>>('seats', seat),
    enabled: seat !== '',
    staleTime: 0,
  });
}

/** The registration's unpaid hold lapsed and its slot went to someone else: paying cannot keep a seat now. */
export class HoldLostError extends Error {}

/**
 * What paying for a registration adds to the payment's commit: its checkout in step, and its slot
 * taken under the claim it holds (firestore.rules: checkoutInStep, takenByPayment, paysForSeat).
 * A slot that no longer holds the registration's claim has gone to someone else: refused here,
 * with the reason, as the rules would refuse it.
 */
export function payingForSeat(id: string) {
  return async (read: ReadInTransaction): Promise<BatchWrite[]> => {
    const checkout = await read(`checkouts/${id}`);
    if (!checkout) throw new Error(`Registration ${id} has no checkout.`);
    const writes = [checkoutWrite({ ...checkout, id, paymentStatus: 'submitted' })];
    const seat = typeof checkout.seat === 'string' ? checkout.seat : '';
    if (!seat) return writes;
    const slot = await read(seatPath(seat));
    if (!slot || slot.state !== 'held' || slot.claim !== checkout.seatClaim) throw new HoldLostError(`Registration ${id} no longer holds seat ${seat}.`);
    return [...writes, { set: seatPath(seat), data: { state: 'taken', claim: slot.claim, heldSince: serverValues.now() } }];
  };
}

/**
 * The payment reference, the record's flip to 'submitted', the claim on the transaction code and
 * the acknowledgement, as one commit (the rules require them together). The payment's id is chosen
 * once per form, so a retry after a lost reply finds the first attempt (the record names it).
 */
export function useSubmitPayment(record: CheckoutRecord) {
  const client = useQueryClient();
  const [paymentId] = useState(() => db.newId('payments'));
  return useMutation({
    mutationFn: async (form: PaymentForm) => {
      const payment = paymentDocument(form, record.collection, record.id, record.currency);
      const writes: BatchWrite[] = [
        createWrite('payments', paymentId, payment),
        { update: `${record.collection}/${record.id}`, data: { paymentStatus: 'submitted', lastPaymentId: paymentId } },
        referenceClaim(paymentId, payment.reference),
        paymentReceivedMail(paymentId, payment, record.payable),
      ];
      const seatWrites = record.collection === 'registrations' ? payingForSeat(record.id) : null;
      // A registration is not readable by its reference: a first attempt landed when the code it claimed names this payment.
      const landed =
        record.collection === 'registrations'
          ? async () => (await db.fetchDocument('paymentReferences', normaliseReference(payment.reference)))?.paymentId === paymentId
          : async () => (await db.fetchDocument(record.collection, record.id))?.lastPaymentId === paymentId;
      try {
        await submitAsVisitor('payments', paymentId, seatWrites ? async (read) => [...writes, ...(await seatWrites(read))] : writes, landed);
      } catch (error) {
        if (error instanceof HoldLostError) throw error;
        // Say why when the code was already used (for this or another record) rather than "try again".
        if (await db.fetchDocument('paymentReferences', normaliseReference(payment.reference)).catch(() => null))
          throw new ReferenceTakenError(payment.reference);
        throw error;
      }
    },
    // The page may be open under the reference or the payment code: every checkout query is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['checkout'] }),
    onError: (error) => error instanceof HoldLostError && client.invalidateQueries({ queryKey: ['seats', record.seat] }),
  });
}

/** A transaction code already submitted once: the same payment cannot pay for two records. */
export class ReferenceTakenError extends Error {
  constructor(readonly reference: string) {
    super(`The transaction code ${reference} has already been submitted.`);
  }
}
