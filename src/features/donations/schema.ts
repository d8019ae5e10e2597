import { z } from 'zod';
import { currencyField, emailField, lineField, paragraphField } from '../../lib/validation.ts';
import { DONATION_STATUSES } from '../../data/statuses.ts';

export const donationFormSchema = z.object({
  name: lineField(1, 120, 'Enter your name.', 'Your name must be at most 120 characters.'),
  email: emailField(),
  amount: z.coerce
    .number({ message: 'Enter an amount.' })
    .int('Enter a whole amount.')
    .min(1, 'The amount must be at least 1.')
    .max(10_000_000, 'For gifts above 10,000,000 please contact us directly.'),
  message: paragraphField(0, 1000, '', 'The message must be at most 1000 characters.'),
  anonymous: z.boolean(),
});

export type DonationForm = z.infer<typeof donationFormSchema>;

/** A donation as stored, over its whole life (finance marks a pledge received). The demo seed is checked against it. */
export const donationDocumentSchema = donationFormSchema.extend({
  currency: currencyField(),
  status: z.enum(DONATION_STATUSES),
});
export type DonationDocument = z.infer<typeof donationDocumentSchema>;

export function donationDocument(form: DonationForm, currency: string): DonationDocument {
  return { ...donationFormSchema.parse(form), currency, status: 'pledged' };
}
