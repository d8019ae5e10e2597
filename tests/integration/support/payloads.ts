// Exactly what the public forms write, built with the same schema builders the UI uses.
import { boothDocument, partnerDocument } from '../../../src/features/partners/schema.ts';
import { messageDocument } from '../../../src/features/contact/schema.ts';
import { donationDocument } from '../../../src/features/donations/schema.ts';
import { paymentDocument, type PaymentTarget } from '../../../src/features/payments/schema.ts';
import { registrationDocument, type RegistrationForm } from '../../../src/features/registrations/schema.ts';

export const registrationForm = (over: Partial<RegistrationForm> = {}): RegistrationForm => ({
  fullName: 'Achieng Otieno',
  email: 'achieng@example.org',
  phone: '+254 700 123 456',
  organisation: 'Kisumu County Hospital',
  jobTitle: 'Nurse',
  country: 'Kenya',
  category: 'delegate',
  attendanceMode: 'in-person',
  accessibilityNeeds: '',
  dietaryNeeds: 'Vegetarian',
  consent: true,
  ...over,
});

// Fees as seeded in settings/site (emulator/seed/demo-data.ts).
export const FEES: Record<string, number> = { delegate: 15000, student: 5000, survivor: 0, international: 30000 };

export const registration = (over: Partial<RegistrationForm> = {}) => {
  const form = registrationForm(over);
  return registrationDocument(form, FEES[form.category], 'KES');
};

const contact = { organisation: 'East Africa Health Foundation', contactName: 'Juma Ali', email: 'juma@example.org', phone: '+254 711 000 111' };
export const partnerApplication = () => partnerDocument({ ...contact, website: 'https://example.org', tier: 'gold', message: 'We would like to support the summit.' }, 1500000, 'KES');
export const boothBooking = () => boothDocument({ ...contact, boothType: 'standard', staffCount: 3, requirements: 'Power and two tables.' }, 150000, 'KES');
export const contactMessage = () => messageDocument({ name: 'Amina', email: 'amina@example.org', subject: 'Abstracts', message: 'When is the abstract deadline?' });
export const donation = () => donationDocument({ name: 'Peter', email: 'peter@example.org', amount: 2500, message: 'For screening outreach.', anonymous: false }, 'KES');
export const paymentSubmission = (target: PaymentTarget, targetId: string, amount = 15000) =>
  paymentDocument({ payerName: 'Achieng Otieno', method: 'mobile-money', reference: 'QWE12345RT', amount }, target, targetId, 'KES');
