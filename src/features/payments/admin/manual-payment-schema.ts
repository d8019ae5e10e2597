// A payment finance received directly (cash at the desk, a cheque, a transfer seen on the
// statement), recorded against a registration or application reference.
import { z } from 'zod';
import { MANUAL_METHODS } from './payment-actions.ts';
import { normaliseReference } from '../../../data/transaction-codes.ts';

export const manualPaymentSchema = z.object({
  payerName: z.string().trim().min(1, 'Enter who paid.').max(120, 'The name must be at most 120 characters.'),
  method: z.enum(MANUAL_METHODS, { message: 'Choose how it was paid.' }),
  // Claimed once across the summit by its letters and digits (data/transaction-codes.ts), as checkout claims a visitor's code.
  reference: z
    .string()
    .trim()
    .min(1, 'Enter the receipt, cheque or transaction number.')
    .max(64, 'The number must be at most 64 characters.')
    .refine((v) => normaliseReference(v).length >= 4, 'The number needs at least 4 letters or digits.'),
  amount: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ message: 'Enter the amount received.' })
      .int('Enter a whole amount.')
      .min(1, 'The amount must be at least 1.')
      .max(100_000_000, 'The amount must be at most 100,000,000.'),
  ),
  // The evidence behind a payment no statement shows (firestore.rules manualPayment): required.
  note: z.string().trim().min(1, 'Say how the payment reached you (who received it, where it is banked).').max(500, 'The note must be at most 500 characters.'),
});

export type ManualPaymentInput = z.input<typeof manualPaymentSchema>;
export type ManualPaymentForm = z.output<typeof manualPaymentSchema>;
