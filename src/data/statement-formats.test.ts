import { describe, expect, it } from 'vitest';
import { bankFormatFormSchema, saveStatementFormatWrite, statementFormatId, toBankFormatInput, type BankFormatInput } from './statement-formats.ts';

const TYPED: BankFormatInput = {
  name: '  KCB current account ',
  receiptColumn: ' Transaction Reference',
  dateColumn: 'Value Date',
  amountColumn: 'Credit',
  detailsColumns: ' Narrative ,, Customer Reference, ',
  payerColumn: '',
  currency: ' kes ',
};

/** The messages of a refused form, by field. */
const problems = (change: Partial<BankFormatInput>) => {
  const result = bankFormatFormSchema.safeParse({ ...TYPED, ...change });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the statement format form', () => {
  it('trims every header, splits the details at commas and upper-cases the currency', () => {
    expect(bankFormatFormSchema.parse(TYPED)).toEqual({
      name: 'KCB current account',
      receiptColumn: 'Transaction Reference',
      dateColumn: 'Value Date',
      amountColumn: 'Credit',
      detailsColumns: ['Narrative', 'Customer Reference'],
      payerColumn: '',
      currency: 'KES',
    });
  });

  it('shows a stored layout as typed, and gives it back unchanged', () => {
    const values = bankFormatFormSchema.parse(TYPED);
    const stored = { id: 'kcb-current-account', ...values };
    expect(bankFormatFormSchema.parse(toBankFormatInput(stored))).toEqual(values);
    expect(saveStatementFormatWrite(stored.id, values)).toEqual({ set: 'statementFormats/kcb-current-account', data: stored });
  });

  it('refuses a missing or long name, and one without a letter or digit for its id', () => {
    expect(problems({ name: ' ' })).toEqual({ name: 'Enter a name for the layout, e.g. KCB current account.' });
    expect(problems({ name: 'x'.repeat(81) })).toEqual({ name: 'Keep the name to 80 characters.' });
    expect(problems({ name: '€ — €' })).toEqual({ name: 'Use at least one letter or digit (A–Z, 0–9) in the name.' });
    expect(problems({ name: 'MPESA' }).name).toMatch(/built-in M-Pesa layout/);
  });

  it('refuses empty, long or hidden-character column headers, each under its own field', () => {
    expect(problems({ receiptColumn: '' })).toEqual({ receiptColumn: 'Enter the receipt column’s header, as the statement’s first row spells it.' });
    expect(problems({ amountColumn: 'x'.repeat(81) })).toEqual({ amountColumn: 'Keep the amount column’s header to 80 characters.' });
    expect(problems({ dateColumn: 'Value\u0000Date' }).dateColumn).toMatch(/visible characters/);
    expect(problems({ payerColumn: 'x'.repeat(81) })).toEqual({ payerColumn: 'Keep the payer column’s header to 80 characters.' });
  });

  it('takes one to five details columns of the one-line grammar', () => {
    expect(problems({ detailsColumns: ' , ' })).toEqual({ detailsColumns: expect.stringMatching(/at least one details column/) });
    expect(problems({ detailsColumns: 'A, B, C, D, E, F' })).toEqual({ detailsColumns: 'Name at most 5 details columns.' });
    expect(problems({ detailsColumns: 'A, B, C, D, E' })).toEqual({});
    expect(problems({ detailsColumns: `Narrative, ${'x'.repeat(81)}` })).toEqual({ detailsColumns: 'Keep each details column’s header to 80 characters.' });
    expect(problems({ detailsColumns: 'Narrative, Ref\u001b' }).detailsColumns).toMatch(/visible characters/);
  });

  it('refuses one column read as two of receipt, date and amount, whatever its case', () => {
    expect(problems({ dateColumn: 'transaction reference' })).toEqual({ dateColumn: 'The date column must be another column than the receipt column.' });
    expect(problems({ amountColumn: 'Transaction Reference' })).toEqual({ amountColumn: 'The amount column must be another column than the receipt column.' });
    expect(problems({ amountColumn: ' VALUE DATE' })).toEqual({ amountColumn: 'The amount column must be another column than the date column.' });
  });

  it('takes a currency as its three-letter code only', () => {
    for (const currency of ['KE', 'KESH', 'K3S', ''])
      expect(problems({ currency })).toEqual({ currency: 'Enter the account’s currency as its three-letter code, e.g. KES or USD.' });
    expect(problems({ currency: 'usd' })).toEqual({});
  });

  it('names a layout by its name as a slug', () => {
    expect(statementFormatId('KCB current account')).toBe('kcb-current-account');
    expect(statementFormatId('Equity Bank (USD)')).toBe('equity-bank-usd');
  });
});
