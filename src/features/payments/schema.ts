// A visitor's payment submission from /checkout/{id}: staff verify it against the bank or the
// mobile-money statement. Finance records manual payments in the same collection.
import { z } from 'zod';
import { lineField } from '../../lib/validation.ts';
import { PAYABLE_COLLECTIONS } from '../../data/collections.ts';
import { PAYMENT_METHODS } from '../../data/statuses.ts';

/** What a payment pays for: the payable records' collections (data/collections.ts). */
export const PAYMENT_TARGETS = PAYABLE_COLLECTIONS;

export const paymentFormSchema = z.object({
  payerName: lineField(1, 120, 'Enter the name the payment was made in.', 'The name must be at most 120 characters.'),
  method: z.enum(PAYMENT_METHODS, { message: 'Choose how you paid.' }),
  reference: z
    .string()
    .trim()
    .min(4, 'Enter the transaction reference from your receipt (at least 4 characters).')
    .max(64, 'The reference must be at most 64 characters.')
    .regex(/^[A-Za-z0-9 /-]+$/, 'Use only letters, digits, spaces, / and - in the reference.'),
  amount: z.coerce.number({ message: 'Enter the amount paid.' }).int('Enter a whole amount.').min(1, 'The amount must be at least 1.').max(100_000_000),
});

export type PaymentForm = z.infer<typeof paymentFormSchema>;
export type PaymentTarget = (typeof PAYMENT_TARGETS)[number];
export type PaymentDocument = PaymentForm & {
  targetCollection: PaymentTarget;
  targetId: string;
  currency: string;
  status: 'submitted';
};

export function paymentDocument(form: PaymentForm, target: PaymentTarget, targetId: string, currency: string): PaymentDocument {
  return { ...paymentFormSchema.parse(form), targetCollection: target, targetId, currency, status: 'submitted' };
}
