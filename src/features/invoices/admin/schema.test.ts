import { describe, expect, it } from 'vitest';
import { invoiceDraft, invoiceFormSchema, invoiceFormValues, referenceToQuote, type InvoiceFormInput, type StoredInvoice } from './schema.ts';

const form: InvoiceFormInput = {
  reference: '',
  billTo: { name: 'Acme Ltd', organisation: 'Acme Holdings', address: 'PO Box 1, Nairobi', email: 'accounts@acme.example', kraPin: '' },
  items: [{ description: 'Gold partnership', quantity: '1', unitPrice: '250000' }],
  currency: 'KES',
  taxRate: '16',
  dueDate: '2027-06-30',
  notes: '',
};

/** The message shown under each field: the first for its path, as the form's resolver shows it. */
function messages(input: InvoiceFormInput): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const issue of invoiceFormSchema.safeParse(input).error?.issues ?? []) shown[issue.path.join('.')] ??= issue.message;
  return shown;
}
const withItem = (item: Partial<InvoiceFormInput['items'][number]>) => ({ ...form, items: [{ ...form.items[0], ...item }] });

describe('the invoice form', () => {
  it('reads numbers typed as text, and the currency in capitals', () => {
    const parsed = invoiceFormSchema.parse({
      ...form,
      currency: ' kes ',
      items: [{ description: ' Booth ', quantity: ' 2 ', unitPrice: '0.29' }],
      taxRate: '7.5',
    });
    expect(parsed.currency).toBe('KES');
    expect(parsed.items).toEqual([{ description: 'Booth', quantity: 2, unitPrice: 0.29 }]);
    expect(parsed.taxRate).toBe(7.5);
  });

  it.each([
    [{ quantity: '' }, 'items.0.quantity', 'Enter the quantity.'],
    [{ quantity: '   ' }, 'items.0.quantity', 'Enter the quantity.'],
    [{ quantity: '0' }, 'items.0.quantity', 'The quantity must be more than zero.'],
    [{ quantity: '10000.01' }, 'items.0.quantity', 'The quantity must be at most 10,000.'],
    [{ quantity: '1.005' }, 'items.0.quantity', 'Use at most two decimals in the quantity.'],
    [{ unitPrice: '' }, 'items.0.unitPrice', 'Enter the unit price.'],
    [{ unitPrice: '-1' }, 'items.0.unitPrice', 'The unit price cannot be negative.'],
    [{ unitPrice: '10000000.01' }, 'items.0.unitPrice', 'The unit price must be at most 10,000,000.'],
    [{ unitPrice: '19.999' }, 'items.0.unitPrice', 'Use at most two decimals in the unit price.'],
    [{ description: ' ' }, 'items.0.description', 'Describe the item.'],
    [{ description: 'x'.repeat(201) }, 'items.0.description', 'The description must be at most 200 characters.'],
  ])('refuses the item %j: “%s: %s”', (item, path, message) => {
    expect(messages(withItem(item))[path]).toBe(message);
  });

  it.each([
    [{ quantity: '0.01' }],
    [{ quantity: '10000' }],
    [{ unitPrice: '10000000' }],
    [{ unitPrice: '0.29' }], // 0.29 * 100 is 28.999999999999996: still two decimals
    [{ quantity: '1.15' }],
    [{ description: 'x'.repeat(200) }],
  ])('accepts the item %j', (item) => {
    expect(messages(withItem(item))).toEqual({});
  });

  it.each([
    [{ taxRate: '' }, 'taxRate', 'Enter the tax rate.'],
    [{ taxRate: '-0.01' }, 'taxRate', 'The tax rate cannot be negative.'],
    [{ taxRate: '100.01' }, 'taxRate', 'The tax rate must be at most 100.'],
    [{ taxRate: '7.125' }, 'taxRate', 'Use at most two decimals in the tax rate.'],
    [{ currency: 'KE' }, 'currency', 'Use a three-letter currency code, like KES.'],
    [{ currency: 'KES1' }, 'currency', 'Use a three-letter currency code, like KES.'],
    [{ dueDate: '' }, 'dueDate', 'Choose the due date.'],
    [{ dueDate: '30/06/2027' }, 'dueDate', 'Choose the due date.'],
    [{ notes: 'x'.repeat(1001) }, 'notes', 'The notes must be at most 1000 characters.'],
    [{ items: [] }, 'items', 'Add at least one item.'],
    [{ items: Array.from({ length: 51 }, () => form.items[0]) }, 'items', 'An invoice holds at most 50 items.'],
  ])('refuses %j: “%s: %s”', (change, path, message) => {
    expect(messages({ ...form, ...change } as InvoiceFormInput)[path]).toBe(message);
  });

  it.each([[{ taxRate: '0' }], [{ taxRate: '100' }], [{ notes: 'x'.repeat(1000) }], [{ items: Array.from({ length: 50 }, () => form.items[0]) }]])(
    'accepts %j',
    (change) => {
      expect(messages({ ...form, ...change } as InvoiceFormInput)).toEqual({});
    },
  );

  it.each([
    ['name', '', 'Enter who the invoice is for.'],
    ['name', 'x'.repeat(121), 'The name must be at most 120 characters.'],
    ['organisation', 'x'.repeat(161), 'The organisation must be at most 160 characters.'],
    ['address', 'x'.repeat(301), 'The address must be at most 300 characters.'],
    ['email', 'accounts@', 'Enter a valid email address, like name@example.org.'],
  ])('refuses billTo.%s = %j: “%s”', (field, value, message) => {
    expect(messages({ ...form, billTo: { ...form.billTo, [field]: value } })[`billTo.${field}`]).toBe(message);
  });

  it('accepts a bill-to with only a name, and each field at its limit', () => {
    expect(messages({ ...form, billTo: { name: 'Acme', organisation: '', address: '', email: ' ', kraPin: '' } })).toEqual({});
    expect(
      messages({
        ...form,
        billTo: { name: 'x'.repeat(120), organisation: 'x'.repeat(160), address: 'x'.repeat(300), email: 'a@b.org', kraPin: 'P051234567X' },
      }),
    ).toEqual({});
  });

  it('refuses an invoice whose total is zero, under its items', () => {
    expect(messages(withItem({ unitPrice: '0' }))).toEqual({ items: 'The invoice total must be more than zero.' });
    expect(messages(withItem({ quantity: '0.01', unitPrice: '0.5' }))).toEqual({}); // 0.005 rounds up to a cent
  });
});

describe('the draft issued from the form', () => {
  it('carries each line’s amount and the totals in minor units', () => {
    const parsed = invoiceFormSchema.parse({
      ...form,
      items: [
        { description: 'Booth', quantity: '2', unitPrice: '300' },
        { description: 'Lunch', quantity: '1.5', unitPrice: '0.99' },
      ],
    });
    expect(invoiceDraft(parsed)).toEqual({
      reference: '',
      billTo: form.billTo,
      items: [
        { description: 'Booth', quantity: 2, unitPrice: 300, amountMinor: 60000 },
        { description: 'Lunch', quantity: 1.5, unitPrice: 0.99, amountMinor: 149 },
      ],
      currency: 'KES',
      taxRate: 16,
      subtotalMinor: 60149,
      taxMinor: 9624,
      totalMinor: 69773,
      dueDate: '2027-06-30',
      notes: '',
    });
  });

  it('comes back as the form values a correction starts from', () => {
    const draft = invoiceDraft(invoiceFormSchema.parse({ ...form, reference: 'REG123', notes: 'Thanks' }));
    const stored = { ...draft, id: 'INV-0001', number: 'INV-0001' } as StoredInvoice;
    const values = invoiceFormValues(stored);
    expect(values).toEqual({ ...form, reference: 'REG123', notes: 'Thanks' });
    expect(invoiceFormSchema.parse(values)).toEqual(invoiceFormSchema.parse({ ...form, reference: 'REG123', notes: 'Thanks' }));
  });
});

describe('what the payer quotes', () => {
  it('is the billed record’s reference, or the invoice number when it bills none', () => {
    expect(referenceToQuote({ reference: 'REG123', number: 'INV-0001' })).toBe('REG123');
    expect(referenceToQuote({ reference: '', number: 'INV-0001' })).toBe('INV-0001');
  });
});
