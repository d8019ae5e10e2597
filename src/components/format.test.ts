import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDeadline,
  formatMinor,
  formatMinorShort,
  formatMoney,
  formatMoneyMinor,
  initials,
} from './format.ts';

describe('money as the site shows it', () => {
  it.each([
    [15000, 'KES', 'Ksh 15,000'],
    [0, 'KES', 'Ksh 0'],
    [1_250_000, 'KES', 'Ksh 1,250,000'],
    [250, 'USD', 'US$250'],
    [99.5, 'USD', 'US$100'], // whole units: fees are whole amounts, a half rounds up
    [99.4, 'USD', 'US$99'],
  ])('%d %s is “%s”', (amount, currency, shown) => {
    expect(formatMoney(amount, currency).replace(/\s/g, ' ')).toBe(shown);
  });
});

describe('dates in Nairobi', () => {
  it('shows the day in Nairobi, whatever the time zone of the reader', () => {
    expect(formatDate(new Date('2027-05-12T09:00:00Z'))).toBe('12 May 2027');
    // 22:30 UTC on the 11th is already the 12th in Nairobi (UTC+3).
    expect(formatDate(new Date('2027-05-11T22:30:00Z'))).toBe('12 May 2027');
  });

  it('shows a range of days, one day, or nothing while unknown', () => {
    expect(formatDateRange(new Date('2027-05-12T06:00:00Z'), new Date('2027-05-14T06:00:00Z'))).toBe('12 May 2027 – 14 May 2027');
    expect(formatDateRange(new Date('2027-05-12T06:00:00Z'), new Date('2027-05-12T15:00:00Z'))).toBe('12 May 2027');
    expect(formatDateRange(new Date('2027-05-12T06:00:00Z'), null)).toBe('12 May 2027');
    expect(formatDateRange(null, new Date('2027-05-14T06:00:00Z'))).toBe('');
  });

  it('shows a moment with its Nairobi time for the back office, or nothing while unknown', () => {
    expect(formatDateTime(new Date('2027-05-12T11:05:00Z'))).toBe('12 May 2027, 14:05');
    expect(formatDateTime(null)).toBe('');
    // A deadline says whose clock it is, since attendees read it anywhere.
    expect(formatDeadline(new Date('2027-05-12T23:30:00Z'))).toBe('13 May 2027, 02:30 (Nairobi time)');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('amounts in minor units', () => {
  it('prints two decimals, grouped, for invoices and statements', () => {
    expect(formatMinor(116000, 'KES')).toBe('KES 1,160.00');
    expect(formatMinor(5, 'USD')).toBe('USD 0.05');
    expect(formatMinor(123456789, 'USD')).toBe('USD 1,234,567.89');
  });

  it('prints cents in the log and lists only when there are any, always as two digits', () => {
    expect(formatMinorShort(116000, 'KES')).toBe('KES 1,160');
    expect(formatMinorShort(116050, 'KES')).toBe('KES 1,160.50');
    expect(formatMinorShort(5, 'KES')).toBe('KES 0.05');
    expect(formatMinorShort(1_500_000_000, 'KES')).toBe('KES 15,000,000');
  });
});

it('shows money in cents as the site shows money, with cents only when there are any', () => {
  expect(formatMoneyMinor(500_000, 'KES')).toBe(formatMoney(5000, 'KES'));
  expect(formatMoneyMinor(299_950, 'KES').replace(/\s/g, ' ')).toBe('Ksh 2,999.50');
});

describe('initials for a picture’s place', () => {
  it.each([
    ['Dr. Amina Otieno', 'AO'],
    ['Prof James Mwangi', 'JM'],
    ['Grace Achieng', 'GA'],
    ['Fatuma  Hassan Ali', 'FH'],
    ['Cher', 'C'],
    ['dr. lower case', 'lc'],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
