// A registration form as a visitor fills it in, for the tests, the e2e records and the bench to
// start from (each changes what it needs: a name, an address); a bank's statement layout as
// finance types it, for the demo and the tests of Statement formats; CPD settings as a provider fills
// them in, for the demo and the tests of certificates (each overrides what it tests: points, questions).
import type { CpdSettings } from '../../src/data/certificates.ts';
import type { BankFormatInput } from '../../src/data/statement-formats.ts';
import type { RegistrationForm } from '../../src/features/registrations/schema.ts';

export const SAMPLE_REGISTRATION: RegistrationForm = {
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
};

export const SAMPLE_BANK_FORMAT: BankFormatInput = {
  name: 'KCB current account',
  receiptColumn: 'Transaction Reference',
  dateColumn: 'Value Date',
  amountColumn: 'Credit',
  detailsColumns: 'Narrative, Customer Reference',
  payerColumn: '',
  currency: 'KES',
};

export const SAMPLE_CPD_SETTINGS: CpdSettings = {
  accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
  providerNumber: 'KMPDC/CPD/2027/0142',
  activityName: 'National Cancer Summit 2027',
  pointsPerDay: 6,
  signatoryName: 'Dr. Achieng Otieno',
  signatoryTitle: 'Director, National Cancer Institute',
  minDays: 2,
  requireEvaluation: true,
  logoUrl: '/demo/logos/institute.png',
  questions: [
    { id: 'content', label: 'How useful was the day’s content to your practice?', kind: 'rating' },
    { id: 'speakers', label: 'How would you rate the speakers?', kind: 'rating' },
    { id: 'improve', label: 'What should we change for next time?', kind: 'text' },
  ],
  exportColumns: ['certificateId', 'fullName', 'email', 'providerNumber', 'activityName', 'days', 'dayCount', 'points', 'issuedOn', 'status'],
};
