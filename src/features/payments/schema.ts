// A visitor's payment submission from /checkout/{id}: staff verify it against the bank or the
// mobile-money statement. Finance records manual payments in the same collection.
import { z } from 'zod';
import { lineField } from '../../lib/validation.ts';
import { PAYABLE_COLLECTIONS } from '../../data/collections.ts';
import { PAYMENT_METHODS } from '../../data/statuses.ts';
import { normaliseReference, transactionCodeProblem } from '../../data/transaction-codes.ts';

/** What a payment pays for: the payable records' collections (data/collections.ts). */
export const PAYMENT_TARGETS = PAYABLE_COLLECTIONS;

export const paymentFormSchema = z
  .object({
    payerName: lineField(1, 120, 'Enter the name the payment was made in.', 'The name must be at most 120 characters.'),
    method: z.enum(PAYMENT_METHODS, { message: 'Choose how you paid.' }),
    // Kept as it is claimed and as statements print it ("qwe 123-rt" is QWE123RT), and checked by
    // the method's grammar below: the acknowledgement quotes it, so it is a code, never a sentence.
    reference: z
      .string()
      .trim()
      .min(1, 'Enter the transaction code from your M-Pesa message or bank slip.')
      .max(64, 'The transaction code must be at most 64 characters.')
      .transform(normaliseReference),
    amount: z.coerce.number({ message: 'Enter the amount paid.' }).int('Enter a whole amount.').min(1, 'The amount must be at least 1.').max(100_000_000),
  })
  .superRefine((form, ctx) => {
    const problem = transactionCodeProblem(form.method, form.reference);
    if (problem) ctx.addIssue({ code: 'custom', path: ['reference'], message: problem });
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
