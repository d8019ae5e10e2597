// What finance decides about a refund due, as the forms take it: a refund made (how much, in the
// currency's units with cents allowed; how; the bank's or M-Pesa's reference; the day it was sent,
// not ahead of today; a note), or money kept, not refunded (how much, and why).
import { z } from 'zod';
import { keptReasonProblem, tidyKeptReason } from '../../../data/money-kept.ts';
import { MANUAL_METHODS } from './payment-actions.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An amount typed in ("5,000.50"), more than nothing, to the cent, and at most the refund due. */
const amountUpTo = (dueMinor: number, missing: string, over: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/,/g, ''))) : v),
    z
      .number({ message: missing })
      .positive('The amount must be more than 0.')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Enter the amount to the cent at most.')
      .refine((v) => Math.round(v * 100) <= dueMinor, `The refund due is ${(dueMinor / 100).toLocaleString('en-KE')}: ${over}`),
  );

export const refundSchema = (dueMinor: number, today: string) =>
  z.object({
    amount: amountUpTo(dueMinor, 'Enter the amount refunded.', 'refund no more.'),
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

/** The reason is one line: the payer's email quotes it (firestore.rules keptFacts). */
const keptReason = z
  .string()
  .transform(tidyKeptReason)
  .superRefine((reason, ctx) => {
    const problem = keptReasonProblem(reason);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const keepSchema = (dueMinor: number) =>
  z.object({
    amount: amountUpTo(dueMinor, 'Enter the amount kept.', 'keep no more.'),
    reason: keptReason,
  });

export type KeepInput = z.input<ReturnType<typeof keepSchema>>;
export type KeepForm = z.output<ReturnType<typeof keepSchema>>;
