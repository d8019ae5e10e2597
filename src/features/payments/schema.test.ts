import { describe, expect, it } from 'vitest';
import { normaliseReference, referenceClaim } from '../../data/transaction-codes.ts';
import { paymentDocument, paymentFormSchema, type PaymentForm } from './schema.ts';

const form: PaymentForm = { payerName: 'Brian Odhiambo', method: 'mobile-money', reference: 'QWE12345RT', amount: 15000 };

function messageFor(field: keyof PaymentForm, value: unknown): string | undefined {
  return paymentFormSchema.safeParse({ ...form, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('a payment submitted at checkout', () => {
  it('accepts the payer, the method, the transaction code and a whole amount typed as text', () => {
    expect(paymentFormSchema.parse({ ...form, payerName: ' Brian Odhiambo ', reference: ' QWE12345RT ', amount: '15000' })).toEqual(form);
    expect(paymentFormSchema.parse({ ...form, method: 'bank-transfer', reference: 'FT 2027/05-12' }).reference).toBe('FT 2027/05-12');
  });

  it.each([
    ['payerName', '', 'Enter the name the payment was made in.'],
    ['payerName', 'x'.repeat(121), 'The name must be at most 120 characters.'],
    ['method', 'cash', 'Choose how you paid.'],
    ['reference', 'QWE', 'Enter the transaction reference from your receipt (at least 4 characters).'],
    ['reference', '  QWE  ', 'Enter the transaction reference from your receipt (at least 4 characters).'],
    ['reference', 'Q'.repeat(65), 'The reference must be at most 64 characters.'],
    ['reference', 'QWE_123', 'Use only letters, digits, spaces, / and - in the reference.'],
    ['reference', 'QWE1234;', 'Use only letters, digits, spaces, / and - in the reference.'],
    ['amount', 'abc', 'Enter the amount paid.'],
    ['amount', 1500.5, 'Enter a whole amount.'],
    ['amount', 0, 'The amount must be at least 1.'],
  ] as const)('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['reference', 'QWE1'],
    ['reference', 'Q'.repeat(64)],
    ['amount', 1],
    ['amount', 100_000_000],
    ['payerName', 'x'.repeat(120)],
  ] as const)('accepts %s = %j at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('refuses an amount over 100,000,000', () => {
    expect(messageFor('amount', 100_000_001)).toBeDefined();
  });

  it('is stored as submitted, against the record it pays for, in the record’s currency', () => {
    expect(paymentDocument(form, 'partners', 'booth-1', 'USD')).toEqual({
      ...form,
      targetCollection: 'partners',
      targetId: 'booth-1',
      currency: 'USD',
      status: 'submitted',
    });
  });
});

describe('a transaction code claimed once', () => {
  it.each([
    ['qwe 123-rt', 'QWE123RT'],
    ['QWE123RT', 'QWE123RT'],
    [' ft/2027/05 ', 'FT202705'],
  ])('reads %j as %j', (typed, code) => {
    expect(normaliseReference(typed)).toBe(code);
  });

  it('is claimed under its normalised code, naming the payment', () => {
    expect(referenceClaim('pay-1', 'qwe 123-rt')).toEqual({ set: 'paymentReferences/QWE123RT', data: { paymentId: 'pay-1' } });
  });
});
