import { describe, expect, it } from 'vitest';
import { fromDateInput, fromDateTimeInput, toDateInput, toDateTimeInput } from './datetime.ts';

describe('Nairobi times in the editors', () => {
  it('shows a stored instant as Nairobi wall time, whatever the computer zone', () => {
    expect(toDateTimeInput(new Date('2027-05-12T06:00:00Z'))).toBe('2027-05-12T09:00');
    expect(toDateInput(new Date('2027-05-12T22:30:00Z'))).toBe('2027-05-13');
  });

  it('reads typed Nairobi time back to the same instant', () => {
    expect(fromDateTimeInput('2027-05-12T09:00')?.toISOString()).toBe('2027-05-12T06:00:00.000Z');
    expect(toDateTimeInput(fromDateTimeInput('2027-12-31T23:59'))).toBe('2027-12-31T23:59');
  });

  it('a deadline day lasts until 23:59 in Nairobi', () => {
    expect(fromDateInput('2027-05-12')?.toISOString()).toBe('2027-05-12T20:59:00.000Z');
  });

  it('refuses incomplete and impossible dates instead of rolling them over', () => {
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('2027-05-12')).toBeNull();
    expect(fromDateTimeInput('2027-02-31T10:00')).toBeNull();
    expect(fromDateInput('2027-13-01')).toBeNull();
    expect(toDateTimeInput(undefined)).toBe('');
    expect(toDateInput(new Date('nope'))).toBe('');
  });
});
