import { describe, expect, it } from 'vitest';
import { formatMinor, formatMinorShort, invoiceTotals, lineMinor, taxMinor, toMinor } from './invoice-math.ts';

describe('invoice maths in minor units', () => {
  it('converts two-decimal amounts without float noise', () => {
    expect(toMinor(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(toMinor(1160)).toBe(116000);
    expect(toMinor(19.99)).toBe(1999);
  });

  it('multiplies quantity by unit price, rounding half up to the cent', () => {
    expect(lineMinor({ quantity: 3, unitPrice: 0.1 })).toBe(30); // 3 * 0.1 is 0.30000000000000004
    expect(lineMinor({ quantity: 1.5, unitPrice: 0.99 })).toBe(149); // 1.485 → 1.49
    expect(lineMinor({ quantity: 2.5, unitPrice: 0.01 })).toBe(3); // 0.025 → 0.03
    expect(lineMinor({ quantity: 0, unitPrice: 500 })).toBe(0);
  });

  it('adds tax on the subtotal at a percentage with decimals', () => {
    expect(taxMinor(100000, 16)).toBe(16000);
    expect(taxMinor(1005, 7.5)).toBe(75); // 75.375 → 75
    expect(taxMinor(1010, 7.5)).toBe(76); // 75.75 → 76
    expect(taxMinor(100000, 0)).toBe(0);
  });

  it('totals an invoice: KES 1,000 at 16 % is KES 1,160', () => {
    const totals = invoiceTotals(
      [
        { quantity: 2, unitPrice: 300 },
        { quantity: 1, unitPrice: 400 },
      ],
      16,
    );
    expect(totals).toEqual({ linesMinor: [60000, 40000], subtotalMinor: 100000, taxMinor: 16000, totalMinor: 116000 });
  });

  it('stays exact at the largest amounts the form allows (past 2^53 in the intermediate product)', () => {
    const lines = Array.from({ length: 50 }, () => ({ quantity: 10000, unitPrice: 10_000_000 }));
    const t = invoiceTotals(lines, 99.99);
    expect(t.subtotalMinor).toBe(50 * 10000 * 10_000_000 * 100);
    expect(t.taxMinor).toBe(499_950_000_000_000);
    expect(Number.isSafeInteger(t.totalMinor)).toBe(true);
  });

  it('formats minor units for the invoice and for the log', () => {
    expect(formatMinor(116000, 'KES')).toBe('KES 1,160.00');
    expect(formatMinor(5, 'USD')).toBe('USD 0.05');
    expect(formatMinorShort(116000, 'KES')).toBe('KES 1,160');
    expect(formatMinorShort(116050, 'KES')).toBe('KES 1,160.5');
  });
});
