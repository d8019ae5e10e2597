import { describe, expect, it } from 'vitest';
import { donationDocument, donationFormSchema, type DonationForm } from './schema.ts';

const form: DonationForm = { name: 'Amina Njeri', email: 'amina@example.org', amount: 5000, message: '', anonymous: false };

function messageFor(field: keyof DonationForm, value: unknown): string | undefined {
  return donationFormSchema.safeParse({ ...form, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('the donation form', () => {
  it('reads an amount typed as text', () => {
    expect(donationFormSchema.parse({ ...form, amount: '2500' }).amount).toBe(2500);
  });

  it.each([
    ['name', '', 'Enter your name.'],
    ['name', 'x'.repeat(121), 'Your name must be at most 120 characters.'],
    ['amount', 'lots', 'Enter an amount.'],
    ['amount', 99.5, 'Enter a whole amount.'],
    ['amount', 0, 'The amount must be at least 1.'],
    ['amount', 10_000_001, 'For gifts above 10,000,000 please contact us directly.'],
    ['message', 'x'.repeat(1001), 'The message must be at most 1000 characters.'],
  ] as const)('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it('refuses an anonymity choice that is not yes or no', () => {
    expect(messageFor('anonymous', 'yes')).toBeDefined();
  });

  it.each([
    ['amount', 1],
    ['amount', 10_000_000],
    ['message', 'x'.repeat(1000)],
    ['name', 'x'.repeat(120)],
  ] as const)('accepts %s = %j at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('is stored as a pledge in the summit’s currency', () => {
    expect(donationDocument({ ...form, anonymous: true }, 'KES')).toEqual({ ...form, anonymous: true, currency: 'KES', status: 'pledged' });
  });
});
