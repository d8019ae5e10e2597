import { describe, expect, it } from 'vitest';
import { invoiceTotals, lineMinor, taxMinor, toMinor } from './invoice-math.ts';
import { formatMinor } from '../../../components/format.ts';

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

  // Where floating-point tax drifts from the exact half-up tax by a cent: the exact amount is a
  // half cent, and the float product lands just below it (or the float total rounds differently).
  it.each([
    // subtotal, rate, tax: the float that gets it wrong
    [3000, 1.15, 35], // 3000 * 1.15 / 100 = 34.49999999999999
    [7000, 1.15, 81], // 80.49999999999999
    [5000, 1.15, 58], // (50 * 0.0115) * 100 = 57.49999999999999
    [180, 17.5, 32], // 180 * 0.175 = 31.499999999999996
    [340, 17.5, 60], // 59.49999999999999
    [140, 17.5, 25], // (1.4 * 0.175) * 100 = 24.499999999999996
    [300, 7.5, 23], // (3 * 0.075) * 100 = 22.499999999999996
    [116, 12.5, 15], // (1.16 * 0.125) * 100 = 14.499999999999998
    [100, 2.5, 3], // 100 * 1.025 = 102.49999999999999, so a float total would be 102
    [1500, 3.3, 50], // 1500 * 1.033 = 1549.4999999999998
    [5000, 99.99, 5000], // 5000 * 0.9999 = 4999.499999999999
  ])('rounds the tax on %i minor units at %s %% half up exactly, to %i', (subtotal, rate, tax) => {
    expect(taxMinor(subtotal, rate)).toBe(tax);
    const totals = invoiceTotals([{ quantity: 1, unitPrice: subtotal / 100 }], rate);
    expect(totals).toEqual({ linesMinor: [subtotal], subtotalMinor: subtotal, taxMinor: tax, totalMinor: subtotal + tax });
  });

  it('shows a total that is the shown subtotal plus the shown tax, at a rate where floats drift', () => {
    const totals = invoiceTotals([{ quantity: 1, unitPrice: 15 }], 3.3);
    expect([formatMinor(totals.subtotalMinor, 'KES'), formatMinor(totals.taxMinor, 'KES'), formatMinor(totals.totalMinor, 'KES')]).toEqual([
      'KES 15.00',
      'KES 0.50',
      'KES 15.50',
    ]);
  });

  it('rounds each line half up, never down, at prices where floats drift', () => {
    expect(lineMinor({ quantity: 0.5, unitPrice: 0.01 })).toBe(1); // half a cent rounds up
    expect(lineMinor({ quantity: 0.49, unitPrice: 0.01 })).toBe(0);
    expect(lineMinor({ quantity: 1.15, unitPrice: 30 })).toBe(3450); // 1.15 * 30 = 34.49999999999999
    expect(lineMinor({ quantity: 10000, unitPrice: 10_000_000 })).toBe(10_000_000_000_000); // KES 100,000,000,000.00
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
});
