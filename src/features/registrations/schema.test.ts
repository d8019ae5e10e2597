import { describe, expect, it } from 'vitest';
import { registrationDocument, registrationFormSchema, type RegistrationForm } from './schema.ts';

const form: RegistrationForm = {
  fullName: 'Amina Njeri',
  email: 'amina@example.org',
  phone: '+254 700 000 000',
  organisation: 'Kenyatta National Hospital',
  jobTitle: 'Oncology nurse',
  country: 'Kenya',
  category: 'delegate',
  attendanceMode: 'in-person',
  accessibilityNeeds: '',
  dietaryNeeds: '',
  consent: true,
};

/** The message the form shows under a field, or undefined when the field is accepted. */
function messageFor(field: keyof RegistrationForm, value: unknown): string | undefined {
  const result = registrationFormSchema.safeParse({ ...form, [field]: value });
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('the registration form', () => {
  it('accepts a complete registration, trimmed', () => {
    expect(registrationFormSchema.parse({ ...form, fullName: '  Amina Njeri ', country: ' Kenya ' })).toEqual(form);
  });

  it.each([
    ['fullName', '', 'Enter your full name.'],
    ['fullName', '   ', 'Enter your full name.'],
    ['fullName', 'x'.repeat(121), 'Full name must be at most 120 characters.'],
    ['organisation', '', 'Enter your organisation.'],
    ['organisation', 'x'.repeat(161), 'Organisation must be at most 160 characters.'],
    ['jobTitle', '', 'Enter your role or job title.'],
    ['jobTitle', 'x'.repeat(121), 'Role or job title must be at most 120 characters.'],
    ['country', '', 'Enter your country.'],
    ['country', 'x'.repeat(81), 'Country must be at most 80 characters.'],
    ['category', '', 'Choose a registration category.'],
    ['attendanceMode', 'hybrid', 'Choose how you will attend.'],
    ['accessibilityNeeds', 'x'.repeat(1001), 'Accessibility needs must be at most 1000 characters.'],
    ['dietaryNeeds', 'x'.repeat(501), 'Dietary needs must be at most 500 characters.'],
    ['consent', false, 'You must agree to the terms to register.'],
    ['email', 'amina@', 'Enter a valid email address, like name@example.org.'],
    ['phone', '12345', 'Enter a phone number with 7 to 20 digits, like +254 700 000 000.'],
  ] as const)('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['fullName', 'x'.repeat(120)],
    ['organisation', 'x'.repeat(160)],
    ['jobTitle', 'x'.repeat(120)],
    ['country', 'x'.repeat(80)],
    ['category', 'x'.repeat(40)],
    ['attendanceMode', 'virtual'],
    ['accessibilityNeeds', 'x'.repeat(1000)],
    ['dietaryNeeds', 'x'.repeat(500)],
    ['dietaryNeeds', 'Vegetarian.\nNo nuts.'],
  ] as const)('accepts %s at its limit or in another allowed form', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('refuses a category code longer than 40 characters', () => {
    expect(messageFor('category', 'x'.repeat(41))).toBeDefined();
  });

  it('refuses a name with a line break or a hidden direction override', () => {
    expect(messageFor('fullName', 'Amina\nNjeri')).toBe('Use only visible characters: no line breaks or hidden formatting characters.');
    expect(messageFor('fullName', 'Amina \u202eirejN')).toBe('Use only visible characters: no line breaks or hidden formatting characters.');
  });
});

describe('the stored registration', () => {
  it('is pending and unpaid when there is a fee', () => {
    expect(registrationDocument(form, 15000, 'KES')).toEqual({ ...form, fee: 15000, currency: 'KES', status: 'pending', paymentStatus: 'unpaid' });
  });

  it('is confirmed at once, with no payment needed, when the category is free', () => {
    expect(registrationDocument(form, 0, 'KES')).toMatchObject({ fee: 0, status: 'confirmed', paymentStatus: 'not-required' });
  });

  it('stores only the form’s fields, checked', () => {
    const sneaky = { ...form, status: 'confirmed', isAdmin: true } as unknown as RegistrationForm;
    expect(registrationDocument(sneaky, 15000, 'KES')).not.toHaveProperty('isAdmin');
    expect(() => registrationDocument({ ...form, consent: false as true }, 15000, 'KES')).toThrow();
  });
});
