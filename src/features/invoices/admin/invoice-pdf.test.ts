import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice-pdf.ts';
import { pdfTexts } from '../../../lib/pdf-text.test-support.ts';
import type { StoredInvoice } from './schema.ts';

const invoice: StoredInvoice = {
  id: 'INV-2027-0007',
  number: 'INV-2027-0007',
  sequence: 7,
  status: 'issued',
  issuedBy: 'finance@summit.test',
  timestamp: new Date('2026-11-20T08:00:00Z'),
  reference: 'demo-partner-2',
  billTo: {
    name: 'Partnerships Office',
    organisation: 'East Africa Health Foundation',
    address: 'P.O. Box 123\nNairobi',
    email: 'partner2@example.org',
    kraPin: 'P052987654K',
  },
  items: [
    { description: 'Gold partnership — National Cancer Summit 2027', quantity: 1, unitPrice: 1000, amountMinor: 100000 },
    { description: 'Ünïcode 漢字 and a very long description '.repeat(4), quantity: 0, unitPrice: 0, amountMinor: 0 },
  ],
  currency: 'KES',
  taxRate: 16,
  subtotalMinor: 100000,
  taxMinor: 16000,
  totalMinor: 116000,
  dueDate: '2026-12-31',
  notes: 'Thank you for supporting the summit.',
  issuer: {
    name: 'National Cancer Institute',
    address: 'P.O. Box 00000-00100, Nairobi',
    phone: '+254 20 000 0000',
    emails: ['info@summit.example.org'],
    payment: { mobileMoneyPaybill: '000000', bankName: 'National Bank' },
    kraPin: 'P051234567X',
  },
};

describe('invoice PDF', () => {
  it('shows the institute, the number, the bill-to, the items and the totals as text', async () => {
    const texts = pdfTexts(await invoicePdf(invoice));
    expect(texts).toContain('National Cancer Institute');
    expect(texts).toContain('Invoice number: INV-2027-0007');
    expect(texts).toContain('Issued: 20 November 2026');
    expect(texts).toContain('Due: 31 December 2026');
    expect(texts).toContain('East Africa Health Foundation');
    expect(texts).toContain('Gold partnership — National Cancer Summit 2027');
    expect(texts).toContain('Tax (16%)');
    expect(texts[texts.indexOf('Total') + 1]).toBe('KES 1,160.00');
    expect(texts).toContain('Paybill: 000000');
    expect(texts.some((t) => t.includes('?? and a very long'))).toBe(true); // not Windows-1252: replaced, not a crash
  });

  it('prints the institute’s KRA PIN under the institute and the buyer’s under the bill-to', async () => {
    const texts = pdfTexts(await invoicePdf(invoice));
    const institutePin = texts.indexOf('KRA PIN: P051234567X');
    const buyerPin = texts.indexOf('KRA PIN: P052987654K');
    expect(institutePin).toBeGreaterThan(texts.indexOf('info@summit.example.org'));
    expect(institutePin).toBeLessThan(texts.indexOf('Bill to'));
    expect(buyerPin).toBe(texts.indexOf('partner2@example.org') + 1);
  });

  it('prints no KRA PIN line for a buyer without one, nor for an invoice issued before PINs were kept', async () => {
    const withoutBuyerPin = pdfTexts(await invoicePdf({ ...invoice, billTo: { ...invoice.billTo, kraPin: '' } }));
    expect(withoutBuyerPin.filter((t) => t.startsWith('KRA PIN'))).toEqual(['KRA PIN: P051234567X']);
    const { kraPin: _issuer, ...olderIssuer } = invoice.issuer;
    const { kraPin: _buyer, ...olderBillTo } = invoice.billTo;
    const older = pdfTexts(await invoicePdf({ ...invoice, issuer: olderIssuer, billTo: olderBillTo }));
    expect(older.filter((t) => t.includes('KRA'))).toEqual([]);
    expect(older).toContain('partner2@example.org');
  });

  it('is the same bytes every time it is rebuilt from the stored invoice', async () => {
    const [a, b] = [await invoicePdf(invoice), await invoicePdf(invoice)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
