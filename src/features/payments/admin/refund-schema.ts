// A refund finance made, as the form takes it: how much (the currency's units, cents allowed), how,
// the bank's or M-Pesa's reference, the day it was sent (not ahead of today) and a note.
import { z } from 'zod';
import { MANUAL_METHODS } from './payment-actions.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const refundSchema = (dueMinor: number, today: string) =>
  z.object({
    amount: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/,/g, ''))) : v),
      z
        .number({ message: 'Enter the amount refunded.' })
        .positive('The amount must be more than 0.')
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Enter the amount to the cent at most.')
        .refine((v) => Math.round(v * 100) <= dueMinor, `The refund due is ${(dueMinor / 100).toLocaleString('en-KE')}: refund no more.`),
    ),
    method: z.enum(MANUAL_METHODS, { message: 'Choose how it was refunded.' }),
    reference: z.string().trim().min(1, 'Enter the M-Pesa, bank or cheque reference of the refund.').max(64, 'The reference must be at most 64 characters.'),
    refundedOn: z
      .string()
      .regex(DAY, 'Enter the day the refund was sent.')
      .refine((v) => v <= today, 'The refund cannot be dated in the future.'),
    note: z.string().trim().max(500, 'The note must be at most 500 characters.'),
  });

export type RefundInput = z.input<ReturnType<typeof refundSchema>>;
export type RefundForm = z.output<ReturnType<typeof refundSchema>>;
