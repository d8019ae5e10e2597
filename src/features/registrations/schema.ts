// An attendee registration: what the /register form collects and exactly what is stored.
// firestore.rules checks the same field list, types and bounds (tests/integration/rules-*.test.ts
// writes payloads built by `registrationDocument` to prove the two agree).
import { z } from 'zod';
import { currencyField, emailField, feeField, lineField, paragraphField, phoneField } from '../../lib/validation.ts';
import { ATTENDANCE_MODES, FEE_STATUSES, REGISTRATION_STATUSES } from '../../data/statuses.ts';

const text = (label: string, max: number) =>
  lineField(1, max, `Enter your ${label}.`, `${label[0].toUpperCase()}${label.slice(1)} must be at most ${max} characters.`);
const optionalText = (label: string, max: number) => paragraphField(0, max, '', `${label} must be at most ${max} characters.`);

export const registrationFormSchema = z.object({
  fullName: text('full name', 120),
  email: emailField(),
  phone: phoneField(),
  organisation: text('organisation', 160),
  jobTitle: text('role or job title', 120),
  country: text('country', 80),
  category: z.string().min(1, 'Choose a registration category.').max(40),
  attendanceMode: z.enum(ATTENDANCE_MODES, { message: 'Choose how you will attend.' }),
  accessibilityNeeds: optionalText('Accessibility needs', 1000),
  dietaryNeeds: optionalText('Dietary needs', 500),
  consent: z.literal(true, { message: 'You must agree to the terms to register.' }),
});

export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/**
 * A registration as stored, over its whole life: what the form collected, its price, and its two
 * states (staff and payments move them). The demo seed is checked against it.
 */
export const registrationDocumentSchema = registrationFormSchema.extend({
  fee: feeField(),
  currency: currencyField(),
  status: z.enum(REGISTRATION_STATUSES),
  paymentStatus: z.enum(FEE_STATUSES),
});

export type RegistrationDocument = z.infer<typeof registrationDocumentSchema>;

/** The stored document (without `id`/`timestamp`, which the data module adds). */
export function registrationDocument(form: RegistrationForm, fee: number, currency: string): RegistrationDocument {
  const free = fee === 0;
  const parsed = registrationFormSchema.parse(form);
  return {
    ...parsed,
    // As Firebase Auth's tokens carry it: the rules tie the record to the token's address.
    email: parsed.email.toLowerCase(),
    fee,
    currency,
    status: free ? 'confirmed' : 'pending',
    paymentStatus: free ? 'not-required' : 'unpaid',
  };
}
