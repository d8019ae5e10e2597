import { describe, expect, it } from 'vitest';
import { manualPaymentSchema, type ManualPaymentInput } from './manual-payment-schema.ts';

const form: ManualPaymentInput = { payerName: 'Acme Ltd', method: 'cheque', reference: 'CHQ 000123', amount: '150000', note: 'Banked at KCB' };

function messageFor(field: keyof ManualPaymentInput, value: unknown): string | undefined {
  return manualPaymentSchema.safeParse({ ...form, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('a payment finance records by hand', () => {
  it('reads the amount typed as a whole number, and trims the text', () => {
    expect(manualPaymentSchema.parse({ ...form, payerName: ' Acme Ltd ', reference: ' CHQ 000123 ', note: ' Paid at the desk ' })).toEqual({
      payerName: 'Acme Ltd',
      method: 'cheque',
      reference: 'CHQ 000123',
      amount: 150000,
      note: 'Paid at the desk',
    });
    expect(manualPaymentSchema.parse({ ...form, amount: 25 }).amount).toBe(25);
  });

  it.each(['cash', 'cheque', 'bank-transfer', 'mobile-money'])('accepts %s', (method) => {
    expect(messageFor('method', method)).toBeUndefined();
  });

  it.each([
    ['payerName', ' ', 'Enter who paid.'],
    ['payerName', 'x'.repeat(121), 'The name must be at most 120 characters.'],
    ['method', 'card', 'Choose how it was paid.'],
    ['reference', '', 'Enter the receipt, cheque or transaction number.'],
    ['reference', 'x'.repeat(65), 'The number must be at most 64 characters.'],
    ['amount', '', 'Enter the amount received.'],
    ['amount', '   ', 'Enter the amount received.'],
    ['amount', '12.5', 'Enter a whole amount.'],
    ['amount', '0', 'The amount must be at least 1.'],
    ['amount', '100000001', 'The amount must be at most 100,000,000.'],
    ['note', 'x'.repeat(501), 'The note must be at most 500 characters.'],
    ['note', '  ', 'Say how the payment reached you (who received it, where it is banked).'],
    ['reference', 'C-1 /', 'The number needs at least 4 letters or digits.'],
  ] as const)('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['payerName', 'x'.repeat(120)],
    ['reference', 'x'.repeat(64)],
    ['reference', 'C-12/3'],
    ['amount', '1'],
    ['amount', '100000000'],
    ['note', 'x'.repeat(500)],
  ] as const)('accepts %s at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });
});
