// Partnership applications and booth bookings share the `partners` collection (`kind`).
import { z } from 'zod';
import { currencyField, emailField, feeField, kraPinField, lineField, paragraphField, phoneField, withWebScheme } from '../../lib/validation.ts';
import { FEE_STATUSES, REGISTRATION_STATUSES } from '../../data/statuses.ts';

export const PARTNER_KINDS = ['partner', 'booth'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

const required = (label: string, max: number) => lineField(1, max, `Enter the ${label}.`, `The ${label} must be at most ${max} characters.`);

const contact = {
  organisation: required('organisation name', 160),
  contactName: required('contact person', 120),
  email: emailField(),
  phone: phoneField(),
  /** The buyer's KRA PIN, for the invoice ('' when not given: a foreign organisation has none). */
  kraPin: kraPinField(),
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

/** What an application carries beyond its form, over its life: its price and its states. */
const applicationState = {
  fee: feeField(),
  currency: currencyField(),
  status: z.enum(REGISTRATION_STATUSES),
  paymentStatus: z.enum(FEE_STATUSES),
  published: z.boolean(),
};
type ApplicationState = z.infer<z.ZodObject<typeof applicationState>>;

/**
 * A partner application or booth booking as stored (collection `partners`), over its whole life.
 * The demo seed is checked against it.
 */
export const partnerDocumentSchema = z.discriminatedUnion('kind', [
  partnerFormSchema.extend({ kind: z.literal('partner'), ...applicationState }),
  boothFormSchema.extend({ kind: z.literal('booth'), ...applicationState }),
]);

export type PartnerDocument = Extract<z.infer<typeof partnerDocumentSchema>, { kind: 'partner' }>;
export type BoothDocument = Extract<z.infer<typeof partnerDocumentSchema>, { kind: 'booth' }>;

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
