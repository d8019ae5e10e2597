// What sending a payment reference needs and showing checkout does not: the form's checks (zod)
// and the commit with its seat, claim and email. Loaded when the payer starts on the form
// (CheckoutPage.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { db } from '../../lib/data.ts';
import { createWrite, serverValues, type BatchWrite, type ReadInTransaction } from '../../lib/db.ts';
import { paymentReceivedMail } from '../../data/mail.ts';
import { seatPath } from '../../data/seats.ts';
import { checkoutWrite } from '../../data/registration-record.ts';
import { applicationCheckoutPath, applicationCheckoutWrite } from '../../data/application-record.ts';
import { normaliseReference, referenceClaim } from '../../data/transaction-codes.ts';
import { paymentDocument, paymentFormSchema, type PaymentForm } from './schema.ts';
import type { CheckoutRecord } from './checkout-record.ts';
import { HoldLostError, ReferenceTakenError } from './errors.ts';

export type PaymentFields = z.input<typeof paymentFormSchema>;
export const paymentResolver: Resolver<PaymentFields, unknown, PaymentForm> = zodResolver(paymentFormSchema);

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

/** What paying for an application adds: its checkout projection in step (firestore.rules: applicationCheckoutFollows). */
export function applicationPaid(id: string) {
  return async (read: ReadInTransaction): Promise<BatchWrite[]> => {
    const checkout = await read(applicationCheckoutPath(id));
    if (!checkout) throw new Error(`Application ${id} has no checkout.`);
    return [applicationCheckoutWrite({ ...checkout, id, paymentStatus: 'submitted' })];
  };
}

/**
 * The payment reference, the record's flip to 'submitted', the claim on the transaction code and
 * the acknowledgement, as one commit (the rules require them together), under a payment id chosen
 * once per form, so a retry after a lost reply finds the first attempt (the record names it).
 */
export async function submitPayment(record: CheckoutRecord, paymentId: string, form: PaymentForm): Promise<void> {
  const payment = paymentDocument(form, record.collection, record.id, record.currency);
  const writes: BatchWrite[] = [
    createWrite('payments', paymentId, payment),
    { update: `${record.collection}/${record.id}`, data: { paymentStatus: 'submitted', lastPaymentId: paymentId } },
    referenceClaim(paymentId, payment.reference),
    paymentReceivedMail(paymentId, payment, record.payable),
  ];
  const inStep = record.collection === 'registrations' ? payingForSeat(record.id) : applicationPaid(record.id);
  // Neither record is readable by its reference: a first attempt landed when the code it claimed names this payment.
  const landed = async () => (await db.fetchDocument('paymentReferences', normaliseReference(payment.reference)))?.paymentId === paymentId;
  try {
    await submitAsVisitor('payments', paymentId, async (read) => [...writes, ...(await inStep(read))], landed);
  } catch (error) {
    if (error instanceof HoldLostError) throw error;
    // Say why when the code was already used (for this or another record) rather than "try again".
    if (await db.fetchDocument('paymentReferences', normaliseReference(payment.reference)).catch(() => null)) throw new ReferenceTakenError(payment.reference);
    throw error;
  }
}
