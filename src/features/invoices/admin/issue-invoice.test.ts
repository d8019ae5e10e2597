import { describe, expect, it } from 'vitest';
import { writePath } from '../../../lib/db.ts';
import { decideIssue, issuePaths } from './issue-invoice.ts';
import type { InvoiceDraft } from './schema.ts';

const draft: InvoiceDraft = {
  reference: '',
  billTo: { name: 'Amina Otieno', organisation: 'East Africa Health Foundation', address: 'Nairobi', email: 'amina@example.org' },
  items: [{ description: 'Gold partnership', quantity: 1, unitPrice: 1000, amountMinor: 100000 }],
  currency: 'KES',
  taxRate: 16,
  subtotalMinor: 100000,
  taxMinor: 16000,
  totalMinor: 116000,
  dueDate: '2027-03-31',
  notes: '',
};
const settings = { id: 'site', invoicePrefix: 'INV-2027-', invoiceStartNumber: 1, instituteName: 'National Cancer Institute', instituteAddress: 'P.O. Box 1, Nairobi', contactPhone: '+254 20 000 0000', contactEmails: ['info@example.org'], payment: { bankName: 'National Bank' } };
const issuedAt = new Date('2027-02-01T09:30:00.123Z');
const paths = (writes: ReturnType<typeof decideIssue>['writes']) => writes.map(writePath);

describe('issuing an invoice', () => {
  it('takes the configured start number for the first invoice and moves the counter with it', () => {
    const { writes, log, result } = decideIssue([null, settings], { draft, issuedBy: 'finance@summit.test', issuedAt });
    expect(result).toBe('INV-2027-0001');
    expect(paths(writes)).toEqual(['invoices/INV-2027-0001', 'counters/invoices']);
    const [invoice, counter] = writes as Array<{ data: Record<string, unknown> }>;
    expect(invoice.data).toMatchObject({ id: 'INV-2027-0001', number: 'INV-2027-0001', sequence: 1, status: 'issued', totalMinor: 116000, issuedBy: 'finance@summit.test', issuedAt });
    expect(invoice.data.issuer).toEqual({ name: 'National Cancer Institute', address: 'P.O. Box 1, Nairobi', phone: '+254 20 000 0000', emails: ['info@example.org'], payment: { bankName: 'National Bank' } });
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
    const { writes, log } = decideIssue([{ id: 'invoices', last: 1 }, settings, { id: 'INV-2027-0001', status: 'issued' }], { draft, issuedBy: 'x@y.z', correction, issuedAt });
    expect(paths(writes)).toEqual(['invoices/INV-2027-0002', 'counters/invoices', 'invoices/INV-2027-0001']);
    expect((writes[0] as { data: Record<string, unknown> }).data.replaces).toBe('INV-2027-0001');
    expect((writes[2] as { data: Record<string, unknown> }).data).toMatchObject({ status: 'void', voidReason: 'Wrong organisation name', replacedBy: 'INV-2027-0002' });
    expect(log).toBe('Issued invoice INV-2027-0002 (KES 1,160) correcting INV-2027-0001, voided: Wrong organisation name');
  });

  it('refuses to correct an invoice that is no longer issued, and to number without settings', () => {
    const correction = { number: 'INV-2027-0001', reason: 'x' };
    expect(() => decideIssue([null, settings, { id: 'INV-2027-0001', status: 'paid' }], { draft, issuedBy: 'x', correction, issuedAt })).toThrow('already paid');
    expect(() => decideIssue([null, settings, null], { draft, issuedBy: 'x', correction, issuedAt })).toThrow('not found');
    expect(() => decideIssue([null, null], { draft, issuedBy: 'x', issuedAt })).toThrow('settings are missing');
    expect(() => decideIssue([null, { id: 'site' }], { draft, issuedBy: 'x', issuedAt })).toThrow('numbering is not set');
  });
});
