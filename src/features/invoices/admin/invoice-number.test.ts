import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, nextInvoiceSequence } from './invoice-number.ts';

describe('invoice numbers', () => {
  it('pads the sequence to four digits after the prefix, as the rules do', () => {
    expect(formatInvoiceNumber('INV-2027-', 1)).toBe('INV-2027-0001');
    expect(formatInvoiceNumber('INV-2027-', 42)).toBe('INV-2027-0042');
    expect(formatInvoiceNumber('INV-2027-', 999)).toBe('INV-2027-0999');
    expect(formatInvoiceNumber('INV-2027-', 1000)).toBe('INV-2027-1000');
    expect(formatInvoiceNumber('NCI/', 12345)).toBe('NCI/12345');
  });

  it('starts at the configured number, then follows the counter', () => {
    expect(nextInvoiceSequence(null, 1)).toBe(1);
    expect(nextInvoiceSequence(undefined, 100)).toBe(100);
    expect(nextInvoiceSequence(7, 1)).toBe(8);
    expect(nextInvoiceSequence(0, 1)).toBe(1);
  });

  it('continues after a counter at 0 rather than restarting the series at the start number', () => {
    expect(nextInvoiceSequence(0, 100)).toBe(1);
    expect(nextInvoiceSequence(0, 0)).toBe(1);
    expect(nextInvoiceSequence(99, 100)).toBe(100);
  });
});
