// A registration form as a visitor fills it in, for the tests, the e2e records and the bench to
// start from (each changes what it needs: a name, an address); a bank's statement layout as
// finance types it, for the demo and the tests of Statement formats.
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
