import { describe, expect, it } from 'vitest';
import { exportCsv, exportFileName, exportJson, OMITTED, PARTS, summaryRows, type YourData } from './your-data.ts';

const at = new Date('2027-03-10T06:30:00.000Z');

/** An attendee with one of everything, with odd characters where people type. */
const everything = (): YourData => ({
  email: 'wanjiru@example.org',
  registrations: [
    {
      id: 'reg-1',
      paymentCode: 'NCS-7K2QD',
      fullName: 'Wanjiru "Shiru" Kamau, MD',
      email: 'wanjiru@example.org',
      phone: '+254 700 111 222',
      organisation: "=cmd|' /C calc'!A0",
      accessibilityNeeds: 'Step-free access\nand a hearing loop',
      dietaryNeeds: '@SUM(1+1)',
      status: 'checked-in',
      paymentStatus: 'paid',
      timestamp: at,
      attendance: { '2027-03-11': at, '2027-03-10': at },
    },
  ],
  attendeeEntry: { id: 'wanjiru@example.org', registrationId: 'reg-1' },
  waitingList: { id: 'wanjiru@example.org', status: 'registered', position: at },
  payments: [
    {
      id: 'pay-1',
      amount: 15000,
      currency: 'KES',
      payerName: 'Ngũgĩ wa Thiong’o',
      method: 'mobile-money',
      status: 'verified',
      verifiedBy: 'finance@summit.test',
    },
  ],
  statementLines: [{ id: 'QWE12345RT', amountMinor: 1_500_050, currency: 'KES', payer: '-2+3', state: 'applied', by: 'finance@summit.test', note: 'Matched' }],
  emails: [
    {
      id: 'mail-1',
      to: 'wanjiru@example.org',
      template: { name: 'payment-verified', data: { name: 'Wanjiru' } },
      timestamp: at,
      delivery: { state: 'ERROR', error: 'Mailbox full', endTime: at },
      message: { attachments: [{ filename: 'ticket.png', contentType: 'image/png', content: 'AAAA', encoding: 'base64' }] },
    },
    { id: 'mail-2', to: 'wanjiru@example.org', template: { name: 'registration-confirmed', data: {} } },
  ],
  evaluations: [
    {
      id: 'reg-1_2027-03-10',
      day: '2027-03-10',
      answers: [
        { id: 'q1', value: 5 },
        { id: 'q2', value: '\tTabbed answer' },
      ],
      submittedAt: at,
    },
  ],
  certificates: [{ id: 'cert-1', fullName: 'Wanjiru Kamau', status: 'valid', points: 6, days: ['2027-03-10'], issuedAt: at, issuedBy: 'admin@summit.test' }],
});

describe('the JSON export', () => {
  const parsed = JSON.parse(exportJson(everything(), at)) as Record<string, unknown>;

  it('holds every part, the address, the time and what it leaves out', () => {
    for (const part of PARTS) expect(parsed[part]).toBeDefined();
    expect(parsed).toMatchObject({ format: 'nci-summit-your-data/1', email: 'wanjiru@example.org', exportedAt: at.toISOString(), omitted: [...OMITTED] });
  });

  it('keeps what people typed exactly, times as ISO 8601', () => {
    const [r] = parsed.registrations as Array<Record<string, unknown>>;
    expect(r.fullName).toBe('Wanjiru "Shiru" Kamau, MD');
    expect(r.organisation).toBe("=cmd|' /C calc'!A0");
    expect(r.accessibilityNeeds).toBe('Step-free access\nand a hearing loop');
    expect(r.timestamp).toBe(at.toISOString());
    expect(r.attendance).toEqual({ '2027-03-10': at.toISOString(), '2027-03-11': at.toISOString() });
    expect((parsed.payments as Array<Record<string, unknown>>)[0].payerName).toBe('Ngũgĩ wa Thiong’o');
  });

  it('leaves out staff members’ addresses and attachment contents (listed by name, type and size)', () => {
    const text = JSON.stringify(PARTS.map((p) => parsed[p]));
    expect(text).not.toContain('summit.test');
    for (const field of ['verifiedBy', '"by"', 'issuedBy', 'AAAA']) expect(text).not.toContain(field);
    const [mail] = parsed.emails as Array<{ message: { attachments: unknown[] }; delivery: unknown }>;
    expect(mail.message.attachments).toEqual([{ filename: 'ticket.png', contentType: 'image/png', bytes: 3 }]);
    expect(mail.delivery).toEqual({ state: 'ERROR', error: 'Mailbox full', endTime: at.toISOString() });
  });

  it('an attendee with nothing but an address still gets every part, empty', () => {
    const empty = JSON.parse(
      exportJson({
        email: 'x@example.org',
        registrations: [],
        attendeeEntry: null,
        waitingList: null,
        payments: [],
        statementLines: [],
        emails: [],
        evaluations: [],
        certificates: [],
      }),
    ) as Record<string, unknown>;
    for (const part of PARTS) expect(part in empty).toBe(true);
    expect(empty.registrations).toEqual([]);
    expect(empty.waitingList).toBeNull();
  });
});

describe('the CSV summary', () => {
  const csv = exportCsv(everything());
  const rows = summaryRows(everything());
  const value = (section: string, what: string) => rows.find((r) => r.section === section && r.what === what)?.value;

  it('has a row for each part a person looks for', () => {
    expect(csv.startsWith('Section,Record,What,Value\r\n')).toBe(true);
    expect(new Set(rows.map((r) => r.section))).toEqual(
      new Set(['Registration', 'Waiting list', 'Payment', 'Statement line', 'Email', 'Evaluation', 'Certificate']),
    );
    expect(value('Registration', 'Days attended')).toBe('2027-03-10 2027-03-11');
    expect(value('Payment', 'Amount')).toBe('15000 KES');
    expect(value('Statement line', 'Amount')).toBe('15000.50 KES');
    expect(value('Certificate', 'Name printed')).toBe('Wanjiru Kamau');
    expect(rows.filter((r) => r.section === 'Email' && r.what === 'Delivery').map((r) => r.value)).toEqual(['ERROR', 'not sent yet']);
    expect(value('Email', 'Delivery error')).toBe('Mailbox full');
  });

  it('neutralises cells a spreadsheet would run as a formula (=, +, -, @, tab)', () => {
    expect(csv).toContain(`,'=cmd|' /C calc'!A0\r\n`);
    expect(csv).toContain(`,'+254 700 111 222\r\n`);
    expect(csv).toContain(`'@SUM(1+1)`);
    expect(csv).toContain(`'-2+3`);
    expect(csv).toContain(`'\tTabbed answer`);
    for (const line of csv.split('\r\n')) for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csv).toContain('"Wanjiru ""Shiru"" Kamau, MD"');
    expect(csv).toContain('"Step-free access\nand a hearing loop"');
  });

  it('names its files by date, never by address', () => {
    expect(exportFileName('json', at)).toBe('summit-your-data-2027-03-10.json');
    expect(exportFileName('csv', at)).toBe('summit-your-data-2027-03-10.csv');
  });
});
