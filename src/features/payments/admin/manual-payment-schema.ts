// A payment finance received directly (cash at the desk, a cheque, a transfer seen on the
// statement), recorded against a registration or application reference.
import { z } from 'zod';
import { MANUAL_METHODS } from './payment-actions.ts';

export const manualPaymentSchema = z.object({
  payerName: z.string().trim().min(1, 'Enter who paid.').max(120, 'The name must be at most 120 characters.'),
  method: z.enum(MANUAL_METHODS, { message: 'Choose how it was paid.' }),
  reference: z.string().trim().min(1, 'Enter the receipt, cheque or transaction number.').max(64, 'The number must be at most 64 characters.'),
  amount: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ message: 'Enter the amount received.' })
      .int('Enter a whole amount.')
      .min(1, 'The amount must be at least 1.')
      .max(100_000_000, 'The amount must be at most 100,000,000.'),
  ),
  note: z.string().trim().max(500, 'The note must be at most 500 characters.'),
});

export type ManualPaymentInput = z.input<typeof manualPaymentSchema>;
export type ManualPaymentForm = z.output<typeof manualPaymentSchema>;
