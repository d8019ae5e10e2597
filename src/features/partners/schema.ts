// Partnership applications and booth bookings share the `partners` collection (`kind`).
import { z } from 'zod';
import { emailField, lineField, paragraphField, phoneField, withWebScheme } from '../../lib/validation.ts';

export const PARTNER_KINDS = ['partner', 'booth'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

const required = (label: string, max: number) => lineField(1, max, `Enter the ${label}.`, `The ${label} must be at most ${max} characters.`);

const contact = {
  organisation: required('organisation name', 160),
  contactName: required('contact person', 120),
  email: emailField(),
  phone: phoneField(),
};

export const partnerFormSchema = z.object({
  ...contact,
  // "nht.example.com" is stored as https://nht.example.com (withWebScheme).
  website: z
    .string()
    .transform(withWebScheme)
    .pipe(
      z
        .string()
        .max(200, 'The website must be at most 200 characters.')
        .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/.test(v), 'Enter the website, like nht.example.com, or leave it empty.'),
    ),
  tier: z.string().min(1, 'Choose a partnership tier.').max(40),
  message: paragraphField(0, 2000, '', 'The message must be at most 2000 characters.'),
});

export const boothFormSchema = z.object({
  ...contact,
  boothType: z.string().min(1, 'Choose a booth type.').max(40),
  staffCount: z.coerce
    .number({ message: 'Enter how many staff will attend the booth.' })
    .int('Enter a whole number of staff.')
    .min(1, 'At least 1 person must staff the booth.')
    .max(20, 'At most 20 staff per booth.'),
  requirements: paragraphField(0, 1000, '', 'Requirements must be at most 1000 characters.'),
});

export type PartnerForm = z.infer<typeof partnerFormSchema>;
export type BoothForm = z.infer<typeof boothFormSchema>;

interface ApplicationState {
  fee: number;
  currency: string;
  status: 'pending';
  paymentStatus: 'unpaid';
  published: false;
}

export type PartnerDocument = PartnerForm & ApplicationState & { kind: 'partner' };
export type BoothDocument = BoothForm & ApplicationState & { kind: 'booth' };

const newApplication = (fee: number, currency: string): ApplicationState => ({
  fee,
  currency,
  status: 'pending',
  paymentStatus: 'unpaid',
  published: false,
});

export function partnerDocument(form: PartnerForm, fee: number, currency: string): PartnerDocument {
  return { kind: 'partner', ...partnerFormSchema.parse(form), ...newApplication(fee, currency) };
}

export function boothDocument(form: BoothForm, fee: number, currency: string): BoothDocument {
  return { kind: 'booth', ...boothFormSchema.parse(form), ...newApplication(fee, currency) };
}
