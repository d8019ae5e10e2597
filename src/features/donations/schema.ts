import { z } from 'zod';
import { emailField, lineField, paragraphField } from '../../lib/validation.ts';

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
export type DonationDocument = DonationForm & { currency: string; status: 'pledged' };

export function donationDocument(form: DonationForm, currency: string): DonationDocument {
  return { ...donationFormSchema.parse(form), currency, status: 'pledged' };
}
