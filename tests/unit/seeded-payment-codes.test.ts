// The seeds' payment codes (emulator/seed/payment-codes.ts): valid, distinct across the demo and the
// back-office bench, and claimed for the record that holds each, as the site's commit claims one.
import { describe, expect, it } from 'vitest';
import { demoDocuments } from '../../emulator/seed/demo-data.ts';
import { seededPaymentCode, withSeededPaymentCodes } from '../../emulator/seed/payment-codes.ts';
import { isPaymentCode, paymentCodePath } from '../../src/data/payment-codes.ts';

describe('seeded payment codes', () => {
  it('are valid and distinct for the demo’s and the bench’s 21,000 records', () => {
    const codes = Array.from({ length: 21_000 }, (_, n) => seededPaymentCode(n));
    expect(codes.every(isPaymentCode)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('give each registration and application its code and a claim naming it, and nothing else', () => {
    const docs: Array<[string, Record<string, unknown>]> = [
      ['registrations/r1', { id: 'r1' }],
      ['messages/m1', { id: 'm1' }],
      ['partners/p1', { id: 'p1' }],
      ['archive/partners/items/p0', { id: 'p0' }],
    ];
    const claims = withSeededPaymentCodes(docs, 5);
    expect(docs[0][1].paymentCode).toBe(seededPaymentCode(5));
    expect(docs[2][1].paymentCode).toBe(seededPaymentCode(6));
    expect(docs[1][1]).not.toHaveProperty('paymentCode');
    expect(docs[3][1]).not.toHaveProperty('paymentCode');
    expect(claims).toEqual([
      [paymentCodePath(seededPaymentCode(5)), { collection: 'registrations', recordId: 'r1' }],
      [paymentCodePath(seededPaymentCode(6)), { collection: 'partners', recordId: 'p1' }],
    ]);
  });

  it('the demo’s records carry them: claimed, in their tokens, and in the checkout projections', () => {
    const docs = new Map(demoDocuments());
    const records = [...docs].filter(([path]) => /^(registrations|partners)\/[^/]+$/.test(path));
    expect(records.length).toBeGreaterThan(5);
    for (const [path, record] of records) {
      const code = String(record.paymentCode);
      expect(docs.get(paymentCodePath(code))).toEqual({ collection: path.split('/')[0], recordId: record.id });
      expect(record.searchTokens).toContain(code.toLowerCase());
      if (path.startsWith('registrations/')) expect(docs.get(`checkouts/${String(record.id)}`)).toMatchObject({ paymentCode: code });
    }
  });
});
