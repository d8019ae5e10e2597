import { describe, expect, it } from 'vitest';
import { parseAmount, unitsToMinor } from './amounts.ts';

describe('parseAmount', () => {
  it.each([
    ['1,500.00', 150000],
    ['1500', 150000],
    ['1500.5', 150050],
    ['1,500', 150000],
    ['1,234,567.89', 123456789],
    ['KES 1,500.50', 150050],
    ['Ksh.1,500.50', 150050],
    ['1,500.50 KES', 150050],
    ['  15000.00 ', 1500000],
    ['0.01', 1],
    ['0.10', 10],
    ['1500.', 150000],
    ['+200', 20000],
    ['007', 700],
    [1500, 150000],
    [1500.5, 150050],
    [0.29, 29],
    [1234.56, 123456],
  ])('reads %j as %i minor units', (cell, minor) => {
    expect(parseAmount(cell)).toEqual({ minor });
  });

  it.each([
    ['(200.00)', -20000],
    ['-200', -20000],
    ['−200', -20000],
    ['200.00-', -20000],
    ['KES -1,000.00', -100000],
    ['-KES 1,000.00', -100000],
    [-50, -5000],
  ])('reads %j as a debit (negative), which is not a credit', (cell, minor) => {
    expect(parseAmount(cell)).toEqual({ minor });
  });

  it('reads zero as zero, never as negative zero', () => {
    expect(parseAmount('0.00')).toEqual({ minor: 0 });
    expect(parseAmount('(0.00)')).toEqual({ minor: 0 });
    expect(Object.is((parseAmount(-0) as { minor: number }).minor, -0)).toBe(false);
  });

  it.each(['1.500,00', '1500,50', '1,50', '12.345,6'])('refuses comma decimals in %j, naming the fix', (cell) => {
    const result = parseAmount(cell);
    expect(result).toEqual({ error: expect.stringContaining('comma for decimals') });
  });

  it.each(['1500.555', '1.500', '0.001', 1500.555, 0.001])('refuses more than two decimals in %j', (cell) => {
    expect(parseAmount(cell)).toEqual({ error: expect.stringContaining('more than two decimals') });
  });

  it.each(['', '   ', 'abc', 'KES', '1,5000.00', '12,34.00', '1 500', '1e5', '.50', '--5', Number.NaN, Number.POSITIVE_INFINITY])('refuses %j', (cell) => {
    expect(parseAmount(cell)).toHaveProperty('error');
  });

  it('refuses amounts no payment could be (a misread column)', () => {
    expect(parseAmount('1000000000.00')).toEqual({ minor: 100_000_000_000 });
    expect(parseAmount('1000000000.01')).toEqual({ error: expect.stringContaining('too large') });
    expect(parseAmount('99999999999999999999')).toEqual({ error: expect.stringContaining('too large') });
    expect(parseAmount(2e9)).toEqual({ error: expect.stringContaining('too large') });
  });

  it('adds up exactly where floats drift', () => {
    const minor = ['0.10', '0.20'].map((a) => (parseAmount(a) as { minor: number }).minor);
    expect(minor[0] + minor[1]).toBe(30);
    expect(0.1 + 0.2).not.toBe(0.3);
  });
});

describe('unitsToMinor', () => {
  it('converts units (a fee, amountReceived with cents) to minor units', () => {
    expect(unitsToMinor(15000)).toBe(1500000);
    expect(unitsToMinor(1500.5)).toBe(150050);
    expect(unitsToMinor(0.29)).toBe(29);
    expect(unitsToMinor(Number.NaN)).toBe(0);
  });
});
