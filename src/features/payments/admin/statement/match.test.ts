import { describe, expect, it } from 'vitest';
import {
  countClasses,
  lineCodes,
  lineNonCodes,
  matchStatement,
  MATCH_CLASSES,
  type Ledger,
  type LedgerRecord,
  type MatchedLine,
  type RecordedPayment,
  type SubmittedPayment,
} from './match.ts';
import { codeFor, ledgerRecord } from './statement.test-support.ts';
import type { ParsedStatement, StatementLine } from './types.ts';

const CODE = codeFor(1);
const OTHER = codeFor(2);

let nextRow = 1;
function line(overrides: Partial<StatementLine> = {}): StatementLine {
  const row = nextRow++;
  const receipt = overrides.receipt ?? `TK${String(row).padStart(8, '0')}`;
  return {
    row,
    receipt,
    receiptKey: receipt.toUpperCase().replace(/[^A-Z0-9]/g, ''),
    completedAt: new Date('2026-11-20T11:03:11.000Z'),
    details: '',
    account: CODE,
    payer: '254712345678 - JANE W',
    amountMinor: 1_500_000,
    currency: 'KES',
    ...overrides,
  };
}

function match(lines: StatementLine[], ledger: Partial<Ledger> = {}): MatchedLine[] {
  const parsed: ParsedStatement = { format: 'mpesa', lines, errors: [], skipped: 0 };
  return matchStatement(parsed, { records: [ledgerRecord(1), ledgerRecord(2)], submitted: [], recorded: [], importedReceipts: new Set(), ...ledger });
}
const classes = (matched: MatchedLine[]) => matched.map((m) => m.class);
const withRecord = (record: Partial<LedgerRecord>) => ({ records: [ledgerRecord(1, record), ledgerRecord(2)] });

describe('a payment finance verified by hand, then seen on the statement', () => {
  const byHand = (over: Partial<RecordedPayment> = {}): RecordedPayment => ({
    id: 'pay-hand',
    reference: 'tk 0000 0001',
    targetCollection: 'registrations',
    targetId: ledgerRecord(1).id,
    amountMinor: 1_500_000,
    ...over,
  });
  const paid = { records: [ledgerRecord(1, { paymentStatus: 'paid', amountReceived: 15_000 }), ledgerRecord(2)] };

  it('is that payment: the line confirms it (its receipt, in any spacing or case), never "already paid — refund?"', () => {
    const [m] = match([line({ receipt: 'TK00000001', receiptKey: 'TK00000001' })], { ...paid, recorded: [byHand()] });
    expect(m).toMatchObject({ class: 'recorded', paymentId: 'pay-hand', record: { id: ledgerRecord(1).id }, overMinor: 0 });
    expect(m.reason).toBe(`Receipt TK00000001 was recorded by hand as payment pay-hand for Delegate 1 (${CODE}): this line confirms it.`);
  });

  it('whatever code the line quotes (the receipt names one payment across the summit)', () => {
    const [m] = match([line({ receipt: 'TK00000001', receiptKey: 'TK00000001', account: OTHER })], { ...paid, recorded: [byHand()] });
    expect(m).toMatchObject({ class: 'recorded', paymentId: 'pay-hand' });
  });

  it('an older payment that counted nothing is confirmed too; an amount that differs is left for finance', () => {
    const [older] = match([line({ receipt: 'TK00000001', receiptKey: 'TK00000001' })], { ...paid, recorded: [byHand({ amountMinor: null })] });
    expect(older.class).toBe('recorded');
    const [differs] = match([line({ receipt: 'TK00000001', receiptKey: 'TK00000001', amountMinor: 3_500_000 })], { ...paid, recorded: [byHand()] });
    expect(differs).toMatchObject({ class: 'unknown', paymentId: null, record: null });
    expect(differs.reason).toBe(
      `Receipt TK00000001 was recorded by hand as payment pay-hand of KES 15,000.00 for Delegate 1 (${CODE}), but the statement says KES 35,000.00: check which is right.`,
    );
  });

  it('a receipt imported before stays a duplicate; another receipt to the paid record stays "already paid"', () => {
    const [dup] = match([line({ receipt: 'TK00000001', receiptKey: 'TK00000001' })], {
      ...paid,
      recorded: [byHand()],
      importedReceipts: new Set(['TK00000001']),
    });
    expect(dup.class).toBe('duplicate');
    const [other] = match([line({ receipt: 'TK00000002', receiptKey: 'TK00000002' })], { ...paid, recorded: [byHand()] });
    expect(other.class).toBe('already-paid');
  });
});

describe('matched, partial, overpaid: the amount against what is due', () => {
  it('matches the exact amount due and settles the record', () => {
    const [m] = match([line()]);
    expect(m).toMatchObject({ class: 'matched', record: ledgerRecord(1), dueMinor: 1_500_000, overMinor: 0, settles: true, paymentId: null });
    expect(m.reason).toBe(`Pays the KES 15,000.00 due on Delegate 1 (${CODE}).`);
  });

  it('classes one cent short as partial and one cent over as overpaid', () => {
    const [short] = match([line({ amountMinor: 1_499_999 })]);
    expect(short).toMatchObject({ class: 'partial', dueMinor: 1_500_000, overMinor: 0, settles: false });
    expect(short.reason).toBe(`Pays KES 14,999.99 of the KES 15,000.00 due on Delegate 1 (${CODE}); KES 0.01 remains.`);
    const [over] = match([line({ amountMinor: 1_500_001 })]);
    expect(over).toMatchObject({ class: 'overpaid', dueMinor: 1_500_000, overMinor: 1, settles: true });
    expect(over.reason).toBe(`Pays KES 15,000.01 where KES 15,000.00 was due on Delegate 1 (${CODE}): KES 0.01 to refund.`);
  });

  it('counts what the record already received, cents included', () => {
    expect(match([line({ amountMinor: 1_000_000 })], withRecord({ amountReceived: 5000 }))[0]).toMatchObject({ class: 'matched', dueMinor: 1_000_000 });
    expect(match([line({ amountMinor: 999_950 })], withRecord({ amountReceived: 5000.5 }))[0]).toMatchObject({ class: 'matched', dueMinor: 999_950 });
    expect(match([line({ amountMinor: 1 })], withRecord({ amountReceived: 14999.99 }))[0]).toMatchObject({ class: 'matched', dueMinor: 1 });
  });

  it('accumulates partial payments in file order until the record is settled', () => {
    const lines = [line({ amountMinor: 500_000 }), line({ amountMinor: 1_000_000 }), line({ amountMinor: 100 })];
    const matched = match(lines);
    expect(classes(matched)).toEqual(['partial', 'matched', 'already-paid']);
    expect(matched.map((m) => [m.dueMinor, m.settles])).toEqual([
      [1_500_000, false],
      [1_000_000, true],
      [0, false],
    ]);
    expect(matched[2].reason).toBe(`Delegate 1 (${CODE}) was settled by earlier lines of this file.`);
  });

  it('flags the line that goes over after a partial payment, with the excess to refund', () => {
    const matched = match([line({ amountMinor: 500_000 }), line({ amountMinor: 1_200_000 })]);
    expect(classes(matched)).toEqual(['partial', 'overpaid']);
    expect(matched[1]).toMatchObject({ dueMinor: 1_000_000, overMinor: 200_000, settles: true });
  });

  it('keeps each record’s running total apart', () => {
    const matched = match([
      line({ amountMinor: 500_000 }),
      line({ account: OTHER, amountMinor: 500_000 }),
      line({ amountMinor: 1_000_000 }),
      line({ account: OTHER, amountMinor: 500_000 }),
    ]);
    expect(classes(matched)).toEqual(['partial', 'partial', 'matched', 'partial']);
    expect(matched[3].dueMinor).toBe(1_000_000);
  });

  it('adds many small amounts exactly (no float drift)', () => {
    const lines = Array.from({ length: 10 }, () => line({ amountMinor: 10 }));
    const matched = match(lines, withRecord({ fee: 1, amountReceived: 0 }));
    expect(classes(matched)).toEqual([...Array(9).fill('partial'), 'matched']);
  });
});

describe('already-paid and cancelled records', () => {
  it.each([
    [{ paymentStatus: 'paid' }, 'is already paid.'],
    [{ paymentStatus: 'not-required' }, 'has nothing to pay.'],
    [{ amountReceived: 15000 }, 'has nothing outstanding.'],
    [{ amountReceived: 16000 }, 'has nothing outstanding.'],
    [{ fee: 0 }, 'has nothing outstanding.'],
  ])('classes a line for a record with %j as already-paid', (record, why) => {
    const [m] = match([line()], withRecord(record));
    expect(m).toMatchObject({ class: 'already-paid', record: expect.objectContaining({ id: 'reg-1' }), settles: false, overMinor: 0 });
    expect(m.reason).toBe(`Delegate 1 (${CODE}) ${why}`);
  });

  it('still matches a record whose payment was submitted but not verified', () => {
    expect(match([line()], withRecord({ paymentStatus: 'submitted' }))[0].class).toBe('matched');
  });

  it('classes a cancelled record’s line as cancelled, before whether it was paid', () => {
    const [m] = match([line()], withRecord({ status: 'cancelled', paymentStatus: 'paid' }));
    expect(m).toMatchObject({ class: 'cancelled', record: expect.objectContaining({ id: 'reg-1' }), settles: false });
    expect(m.reason).toMatch(/is cancelled/);
  });
});

describe('duplicates', () => {
  it('classes a receipt imported before as duplicate, whatever else the line says', () => {
    const matched = match([line({ receipt: 'TKDUP1' }), line({ receipt: 'TKDUP2', account: 'nothing' })], { importedReceipts: new Set(['TKDUP1', 'TKDUP2']) });
    expect(classes(matched)).toEqual(['duplicate', 'duplicate']);
    expect(matched[0]).toMatchObject({ record: null, settles: false, reason: 'Receipt TKDUP1 was imported before.' });
  });

  it('classes the second occurrence of a receipt in the same file as duplicate, not counting its amount', () => {
    const matched = match([line({ receipt: 'TK-1', amountMinor: 500_000 }), line({ receipt: 'tk 1', amountMinor: 500_000 }), line({ amountMinor: 1_000_000 })]);
    expect(classes(matched)).toEqual(['partial', 'duplicate', 'matched']);
    expect(matched[1].reason).toBe('Receipt tk 1 appears earlier in this file.');
  });

  it('makes a re-imported statement all duplicates', () => {
    const lines = [line(), line({ account: OTHER, amountMinor: 100 }), line({ account: '' })];
    const first = match(lines);
    const again = match(lines, { importedReceipts: new Set(first.map((m) => m.receiptKey)) });
    expect(classes(again)).toEqual(['duplicate', 'duplicate', 'duplicate']);
  });
});

describe('unknown: no record named, or more than one', () => {
  it('has no code and no submitted receipt', () => {
    const [m] = match([line({ account: '', details: 'Pay Bill from 254712345678 - JANE W' })]);
    expect(m).toMatchObject({ class: 'unknown', record: null, reason: 'The line quotes no payment code, and no visitor submitted its receipt.' });
  });

  it('quotes a valid code that no record holds', () => {
    const [m] = match([line({ account: codeFor(999) })]);
    expect(m).toMatchObject({ class: 'unknown', reason: `${codeFor(999)} names no registration or application.` });
  });

  it('quotes a code with a wrong check symbol (a typo) as no code, and says which it quoted', () => {
    const typo = CODE.slice(0, -1) + (CODE.endsWith('2') ? '3' : '2');
    expect(match([line({ account: typo })])[0]).toMatchObject({
      class: 'unknown',
      reason: `The line quotes "${typo}", not a payment code anyone was given, and no visitor submitted its receipt.`,
    });
    expect(match([line({ account: ' jane wanjiru ' })])[0].reason).toMatch(/^The line quotes "jane wanjiru", not a payment code/);
    const inDetails = match([line({ account: '', details: `Transfer ref ${typo.toLowerCase()} and NCS 22223 thanks` })])[0];
    expect(inDetails.reason).toMatch(new RegExp(`^The line quotes "${typo.toLowerCase()}" and "NCS 22223", none of them a payment code anyone`));
  });

  it('does not call a valid code in the account cell mistyped', () => {
    expect(lineNonCodes({ account: CODE.toLowerCase().replace('-', ' '), details: '' })).toEqual([]);
    expect(lineNonCodes({ account: `Acc ${CODE}`, details: '' })).toEqual([]);
    expect(lineNonCodes({ account: '   ', details: 'Pay Bill from 254712345678 - JANE W' })).toEqual([]);
  });

  it('quotes codes of two different records', () => {
    const [m] = match([line({ account: CODE, details: `Acc. ${OTHER}` })]);
    expect(m.class).toBe('unknown');
    expect(m.reason).toBe(`The line quotes codes of different records: Delegate 1 (${CODE}) and Delegate 2 (${OTHER}).`);
  });

  it('quotes the same record’s code twice: not ambiguous', () => {
    expect(match([line({ account: CODE, details: `Pay Bill Acc. ${CODE.toLowerCase()}` })])[0].class).toBe('matched');
  });
});

describe('payment codes, as payers type them', () => {
  it.each([
    ['the canonical code', { account: CODE }],
    ['lower case', { account: CODE.toLowerCase() }],
    ['no dash', { account: CODE.replace('-', '') }],
    ['spaces', { account: CODE.replace('-', ' ').split('').join(' ') }],
    ['the account number without prefix', { account: CODE.slice(4).toLowerCase() }],
    ['the code in the details only', { account: '', details: `Pay Bill from 254712345678 - JANE W Acc. ${CODE.replace('-', '').toLowerCase()}` }],
    ['the code in a bank narration', { account: '', details: `RTGS ACME LTD | ref ${CODE.replace('-', ' ')}` }],
  ])('finds %s', (_, where) => {
    expect(match([line(where)])[0]).toMatchObject({ class: 'matched', record: expect.objectContaining({ id: 'reg-1' }) });
  });

  it('does not read a bare five-symbol word in the details as a code', () => {
    expect(lineCodes({ account: '', details: CODE.slice(4) })).toEqual([]);
    expect(lineCodes({ account: CODE.slice(4), details: '' })).toEqual([CODE]);
  });

  it('matches partner applications by their code too', () => {
    const partner = ledgerRecord(7, { collection: 'partners', id: 'p-7', name: 'ACME Ltd', fee: 250000 });
    const [m] = match([line({ account: codeFor(7), amountMinor: 25_000_000 })], { records: [partner] });
    expect(m).toMatchObject({ class: 'matched', record: partner });
  });
});

describe('a visitor’s submitted transaction code', () => {
  const submitted = (reference: string, targetId = 'reg-1', id = 'pay-1'): SubmittedPayment => ({ id, reference, targetCollection: 'registrations', targetId });

  it('names the record when the line quotes no code, and is the payment the line confirms', () => {
    const [m] = match([line({ receipt: 'TKJ4ABCD12', account: '' })], { submitted: [submitted(' tkj4-abcd12 ')] });
    expect(m).toMatchObject({ class: 'matched', record: expect.objectContaining({ id: 'reg-1' }), paymentId: 'pay-1' });
  });

  it('confirms the submission when the code names the same record', () => {
    expect(match([line({ receipt: 'TKJ4ABCD12' })], { submitted: [submitted('TKJ4ABCD12')] })[0]).toMatchObject({ class: 'matched', paymentId: 'pay-1' });
  });

  it('confirms a partial payment’s submission too', () => {
    expect(match([line({ receipt: 'TKJ4ABCD12', account: '', amountMinor: 100 })], { submitted: [submitted('TKJ4ABCD12')] })[0]).toMatchObject({
      class: 'partial',
      paymentId: 'pay-1',
    });
  });

  it('is unknown when the code names one record and the receipt was submitted for another', () => {
    const [m] = match([line({ receipt: 'TKJ4ABCD12' })], { submitted: [submitted('TKJ4ABCD12', 'reg-2')] });
    expect(m).toMatchObject({ class: 'unknown', record: null, paymentId: null });
    expect(m.reason).toBe(`The line quotes Delegate 1 (${CODE}), but its receipt TKJ4ABCD12 was submitted for Delegate 2 (${OTHER}).`);
  });

  it('is unknown when the same receipt was submitted for several records and no code decides', () => {
    const [m] = match([line({ receipt: 'TKJ4ABCD12', account: '' })], {
      submitted: [submitted('TKJ4ABCD12', 'reg-1', 'a'), submitted('TKJ4ABCD12', 'reg-2', 'b')],
    });
    expect(m.class).toBe('unknown');
    expect(m.reason).toMatch(/submitted for several records: Delegate 1 .*, Delegate 2/);
  });

  it('lets the code decide when the receipt was submitted for several records, one of them the code’s', () => {
    const [m] = match([line({ receipt: 'TKJ4ABCD12' })], { submitted: [submitted('TKJ4ABCD12', 'reg-1', 'a'), submitted('TKJ4ABCD12', 'reg-1', 'b')] });
    expect(m).toMatchObject({ class: 'matched', paymentId: 'a' });
  });

  it('is unknown when the submission names a record that is gone, and ignores empty references', () => {
    expect(match([line({ receipt: 'TKJ4ABCD12', account: '' })], { submitted: [submitted('TKJ4ABCD12', 'reg-gone')] })[0].reason).toMatch(/no longer exists/);
    expect(match([line({ receipt: 'TKJ4ABCD12', account: '' })], { submitted: [submitted('  ')] })[0].reason).toMatch(/quotes no payment code/);
  });
});

describe('invalid: another currency than the record’s', () => {
  it('classes the line invalid and names both currencies', () => {
    const [m] = match([line({ currency: 'USD', amountMinor: 100 })]);
    expect(m).toMatchObject({ class: 'invalid', record: expect.objectContaining({ id: 'reg-1' }), settles: false });
    expect(m.reason).toBe(`The line is in USD, but Delegate 1 (${CODE}) is charged in KES.`);
  });

  it('compares currencies without case, and the invalid line adds nothing to the running total', () => {
    const matched = match([line({ currency: 'kes', amountMinor: 500_000 }), line({ currency: 'USD', amountMinor: 500_000 }), line({ amountMinor: 1_000_000 })]);
    expect(classes(matched)).toEqual(['partial', 'invalid', 'matched']);
  });
});

describe('countClasses', () => {
  it('counts every class, zero included', () => {
    const matched = match([line(), line({ receipt: 'X1' }), line({ receipt: 'x-1' }), line({ account: '' })], withRecord({ fee: 30000 }));
    expect(countClasses(matched)).toEqual({
      matched: 1,
      partial: 1,
      overpaid: 0,
      recorded: 0,
      duplicate: 1,
      unknown: 1,
      'already-paid': 0,
      cancelled: 0,
      invalid: 0,
    });
    expect(Object.keys(countClasses([]))).toEqual([...MATCH_CLASSES]);
  });
});
