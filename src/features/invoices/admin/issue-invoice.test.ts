import { describe, expect, it } from 'vitest';
import { writePath } from '../../../lib/db.ts';
import { decideIssue, issuePaths } from './issue-invoice.ts';
import type { InvoiceDraft } from './schema.ts';

const draft: InvoiceDraft = {
  reference: '',
  billTo: { name: 'Amina Otieno', organisation: 'East Africa Health Foundation', address: 'Nairobi', email: 'amina@example.org', kraPin: 'A123456789B' },
  items: [{ description: 'Gold partnership', quantity: 1, unitPrice: 1000, amountMinor: 100000 }],
  currency: 'KES',
  taxRate: 16,
  subtotalMinor: 100000,
  taxMinor: 16000,
  totalMinor: 116000,
  dueDate: '2027-03-31',
  notes: '',
};
const settings = {
  id: 'site',
  invoicePrefix: 'INV-2027-',
  invoiceStartNumber: 1,
  instituteName: 'National Cancer Institute',
  instituteAddress: 'P.O. Box 1, Nairobi',
  instituteKraPin: 'P051234567X',
  contactPhone: '+254 20 000 0000',
  contactEmails: ['info@example.org'],
  payment: { bankName: 'National Bank' },
};
const issuedAt = new Date('2027-02-01T09:30:00.123Z');
const paths = (writes: ReturnType<typeof decideIssue>['writes']) => writes.map(writePath);

describe('issuing an invoice', () => {
  it('takes the configured start number for the first invoice and moves the counter with it', () => {
    const { writes, log, result } = decideIssue([null, settings], { draft, issuedBy: 'finance@summit.test', issuedAt });
    expect(result).toBe('INV-2027-0001');
    expect(paths(writes)).toEqual(['invoices/INV-2027-0001', 'counters/invoices']);
    const [invoice, counter] = writes as Array<{ data: Record<string, unknown> }>;
    expect(invoice.data).toMatchObject({
      id: 'INV-2027-0001',
      number: 'INV-2027-0001',
      sequence: 1,
      status: 'issued',
      totalMinor: 116000,
      issuedBy: 'finance@summit.test',
      issuedAt,
    });
    expect(invoice.data.issuer).toEqual({
      name: 'National Cancer Institute',
      address: 'P.O. Box 1, Nairobi',
      phone: '+254 20 000 0000',
      emails: ['info@example.org'],
      payment: { bankName: 'National Bank' },
      kraPin: 'P051234567X',
    });
    expect(invoice.data.billTo).toMatchObject({ kraPin: 'A123456789B' });
    expect(counter.data).toEqual({ last: 1 });
    expect(log).toBe('Issued invoice INV-2027-0001 (KES 1,160)');
  });

  it('follows the counter after the first', () => {
    const { result, writes } = decideIssue([{ id: 'invoices', last: 41 }, settings], { draft, issuedBy: 'x@y.z', issuedAt });
    expect(result).toBe('INV-2027-0042');
    expect((writes[1] as { data: unknown }).data).toEqual({ last: 42 });
  });

  it('voids the corrected invoice and links both, in the same writes', () => {
    const correction = { number: 'INV-2027-0001', reason: 'Wrong organisation name' };
    expect(issuePaths({ correction })).toEqual(['counters/invoices', 'settings/site', 'invoices/INV-2027-0001']);
    const { writes, log } = decideIssue([{ id: 'invoices', last: 1 }, settings, { id: 'INV-2027-0001', status: 'issued' }], {
      draft,
      issuedBy: 'x@y.z',
      correction,
      issuedAt,
    });
    expect(paths(writes)).toEqual(['invoices/INV-2027-0002', 'counters/invoices', 'invoices/INV-2027-0001']);
    expect((writes[0] as { data: Record<string, unknown> }).data.replaces).toBe('INV-2027-0001');
    expect((writes[2] as { data: Record<string, unknown> }).data).toMatchObject({
      status: 'void',
      voidReason: 'Wrong organisation name',
      replacedBy: 'INV-2027-0002',
    });
    expect(log).toBe('Issued invoice INV-2027-0002 (KES 1,160) correcting INV-2027-0001, voided: Wrong organisation name');
  });

  it('refuses to correct an invoice that is no longer issued, and to number without settings', () => {
    const correction = { number: 'INV-2027-0001', reason: 'x' };
    expect(() => decideIssue([null, settings, { id: 'INV-2027-0001', status: 'paid' }], { draft, issuedBy: 'x', correction, issuedAt })).toThrow(
      'already paid',
    );
    expect(() => decideIssue([null, settings, null], { draft, issuedBy: 'x', correction, issuedAt })).toThrow('not found');
    expect(() => decideIssue([null, null], { draft, issuedBy: 'x', issuedAt })).toThrow('settings are missing');
    expect(() => decideIssue([null, { id: 'site' }], { draft, issuedBy: 'x', issuedAt })).toThrow('numbering is not set');
  });
});

describe('numbering and the issuer on the invoice', () => {
  const data = (writes: ReturnType<typeof decideIssue>['writes'], i: number) => (writes[i] as { data: Record<string, unknown> }).data;

  it('continues after a counter at 0 instead of restarting at the start number', () => {
    const { result, writes } = decideIssue(
      [
        { id: 'invoices', last: 0 },
        { ...settings, invoiceStartNumber: 100 },
      ],
      { draft, issuedBy: 'x@y.z', issuedAt },
    );
    expect(result).toBe('INV-2027-0001');
    expect(data(writes, 1)).toEqual({ last: 1 });
  });

  it('starts at the configured number, with an empty prefix too', () => {
    expect(decideIssue([null, { ...settings, invoicePrefix: '', invoiceStartNumber: 500 }], { draft, issuedBy: 'x', issuedAt }).result).toBe('0500');
  });

  it.each([
    [{ invoicePrefix: 7 }],
    [{ invoicePrefix: undefined }],
    [{ invoiceStartNumber: 1.5 }],
    [{ invoiceStartNumber: '1' }],
    [{ invoiceStartNumber: undefined }],
  ])('refuses to number with %j, saying an administrator must set it', (change) => {
    expect(() => decideIssue([null, { ...settings, ...change }], { draft, issuedBy: 'x', issuedAt })).toThrow(
      'Invoice numbering is not set: an administrator must set the invoice prefix and start number in Settings.',
    );
  });

  it('says what to do when the settings were never saved', () => {
    expect(() => decideIssue([null, null], { draft, issuedBy: 'x', issuedAt })).toThrow(
      'The site settings are missing: an administrator must save them in Settings before invoices can be issued.',
    );
  });

  it('prints the institute as far as the settings have it, as text', () => {
    const sparse = {
      id: 'site',
      invoicePrefix: 'INV-',
      invoiceStartNumber: 1,
      contactEmails: 'info@example.org',
      payment: 'none',
      contactPhone: 712345678,
      instituteKraPin: 51234567,
    };
    const { writes } = decideIssue([null, sparse], { draft, issuedBy: 'x', issuedAt });
    expect(data(writes, 0).issuer).toEqual({ name: '', address: '', phone: '712345678', emails: [], payment: {}, kraPin: '' });
    const bare = { id: 'site', invoicePrefix: 'INV-', invoiceStartNumber: 1 };
    expect(data(decideIssue([null, bare], { draft, issuedBy: 'x', issuedAt }).writes, 0).issuer).toEqual({
      name: '',
      address: '',
      phone: '',
      emails: [],
      payment: {},
      kraPin: '',
    });
    const numeric = { ...settings, payment: { accountNumber: 1234567, paybill: 222111 } };
    expect(data(decideIssue([null, numeric], { draft, issuedBy: 'x', issuedAt }).writes, 0).issuer).toMatchObject({
      payment: { accountNumber: '1234567', paybill: '222111' },
    });
    expect(data(decideIssue([null, { ...settings, payment: null }], { draft, issuedBy: 'x', issuedAt }).writes, 0).issuer).toMatchObject({ payment: {} });
  });

  it('stores the whole draft with the number, and no correction link when it corrects nothing', () => {
    const { writes } = decideIssue([null, settings], { draft, issuedBy: 'finance@summit.test', issuedAt });
    expect(data(writes, 0)).toMatchObject({ ...draft, id: 'INV-2027-0001', number: 'INV-2027-0001', sequence: 1, status: 'issued' });
    expect(data(writes, 0)).not.toHaveProperty('replaces');
    expect(data(writes, 0).timestamp).toBeDefined();
    expect(issuePaths({})).toEqual(['counters/invoices', 'settings/site']);
  });

  it('logs the amount in the invoice currency, with decimals when there are cents', () => {
    const cents = { ...draft, currency: 'USD', totalMinor: 116050 };
    expect(decideIssue([null, settings], { draft: cents, issuedBy: 'x', issuedAt }).log).toBe('Issued invoice INV-2027-0001 (USD 1,160.50)');
  });

  it('refuses to correct an invoice already void, naming its status', () => {
    const correction = { number: 'INV-2027-0001', reason: 'x' };
    expect(() => decideIssue([null, settings, { id: 'INV-2027-0001', status: 'void' }], { draft, issuedBy: 'x', correction, issuedAt })).toThrow(
      'Invoice INV-2027-0001 is already void, so it cannot be corrected.',
    );
    expect(() => decideIssue([null, settings, null], { draft, issuedBy: 'x', correction, issuedAt })).toThrow(
      'Invoice INV-2027-0001 is not found, so it cannot be corrected.',
    );
  });

  it('records when the corrected invoice was voided', () => {
    const correction = { number: 'INV-2027-0001', reason: 'Wrong name' };
    const { writes } = decideIssue([{ id: 'invoices', last: 1 }, settings, { id: 'INV-2027-0001', status: 'issued' }], {
      draft,
      issuedBy: 'x',
      correction,
      issuedAt,
    });
    expect(writes[2]).toEqual({
      update: 'invoices/INV-2027-0001',
      data: { status: 'void', voidedAt: expect.anything(), voidReason: 'Wrong name', replacedBy: 'INV-2027-0002' },
    });
  });
});
