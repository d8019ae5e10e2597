import { describe, expect, it } from 'vitest';
import { normaliseReference, referenceClaim } from '../../data/transaction-codes.ts';
import { paymentDocument, paymentFormSchema, type PaymentForm } from './schema.ts';

const MPESA = 'An M-Pesa transaction code is 10 letters and digits, like QWE12345RT: copy it from your M-Pesa message.';
const form: PaymentForm = { payerName: 'Brian Odhiambo', method: 'mobile-money', reference: 'QWE12345RT', amount: 15000 };

function messageFor(field: keyof PaymentForm, value: unknown): string | undefined {
  return paymentFormSchema.safeParse({ ...form, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('a payment submitted at checkout', () => {
  it('accepts the payer, the method, the transaction code and a whole amount typed as text', () => {
    expect(paymentFormSchema.parse({ ...form, payerName: ' Brian Odhiambo ', reference: ' QWE12345RT ', amount: '15000' })).toEqual(form);
  });

  it('keeps the transaction code as it is claimed and as statements print it', () => {
    expect(paymentFormSchema.parse({ ...form, reference: 'qwe 1234-5rt' }).reference).toBe('QWE12345RT');
    expect(paymentFormSchema.parse({ ...form, method: 'bank-transfer', reference: 'FT 2027/05-12' }).reference).toBe('FT20270512');
  });

  it.each([
    ['payerName', '', 'Enter the name the payment was made in.'],
    ['payerName', 'x'.repeat(121), 'The name must be at most 120 characters.'],
    ['method', 'cash', 'Choose how you paid.'],
    ['reference', '', 'Enter the transaction code from your M-Pesa message or bank slip.'],
    ['reference', '   ', 'Enter the transaction code from your M-Pesa message or bank slip.'],
    ['reference', 'Q'.repeat(65), 'The transaction code must be at most 64 characters.'],
    ['reference', 'QWE1234RT', MPESA],
    ['reference', 'QWE12345RTX', MPESA],
    // Words are not a code, however they are spaced: the acknowledgement would quote them.
    ['reference', 'CALL ME NOW', MPESA],
    ['reference', 'CALL 0712 FOR REFUND', MPESA],
    ['reference', 'QWE12345RŤ', MPESA],
    ['amount', 'abc', 'Enter the amount paid.'],
    ['amount', 1500.5, 'Enter a whole amount.'],
    ['amount', 0, 'The amount must be at least 1.'],
  ] as const)('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['reference', 'QWE12345RT'],
    ['reference', '1234567890'],
    ['amount', 1],
    ['amount', 100_000_000],
    ['payerName', 'x'.repeat(120)],
  ] as const)('accepts %s = %j at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it.each([
    ['FT1234', true],
    ['FT123', false],
    ['F'.repeat(23) + '1', true],
    ['F'.repeat(24) + '1', false],
    ['TRANSFER', false],
  ])('takes a bank transfer reference %j: %s', (reference, ok) => {
    expect(paymentFormSchema.safeParse({ ...form, method: 'bank-transfer', reference }).success).toBe(ok);
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
