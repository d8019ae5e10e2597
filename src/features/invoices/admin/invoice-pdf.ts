// The invoice as a PDF, built in the browser with pdf-lib (loaded on demand: it stays out of every
// chunk but this one's first use). Built only from the stored invoice, with fixed metadata dates,
// so downloading a past invoice again gives the same bytes as on the day it was issued.
import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatMinor } from '../../../components/format.ts';
import { referenceToQuote, type StoredInvoice } from './schema.ts';
import { formatDate } from '../../../lib/nairobi-time.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const RIGHT = A4[0] - MARGIN;

const dueFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2027-03-31" (a calendar date, no time zone) → "31 March 2027". */
export function formatDueDate(isoDate: string): string {
  const ms = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(ms) ? isoDate : dueFormat.format(ms);
}

export function formatIssuedDate(date: Date): string {
  return formatDate(date);
}

const PAYMENT_LINES: Array<[string, string]> = [
  ['mobileMoneyProvider', 'Mobile money'],
  ['mobileMoneyPaybill', 'Paybill'],
  ['bankName', 'Bank'],
  ['bankBranch', 'Branch'],
  ['bankAccountName', 'Account name'],
  ['bankAccountNumber', 'Account number'],
  ['bankSwift', 'SWIFT'],
];

export async function invoicePdf(invoice: StoredInvoice): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const issuedAt = invoice.issuedAt ?? invoice.timestamp;
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setAuthor(invoice.issuer.name);
  pdf.setCreator('Summit back office');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.38, 0.42);

  // The standard fonts cover Windows-1252 only: anything else prints as '?' rather than failing.
  const printable = new Set(regular.getCharacterSet());
  const clean = (text: string) => Array.from(text.replace(/\s+/g, ' '), (ch) => (printable.has(ch.codePointAt(0)!) ? ch : '?')).join('');

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const ensureRoom = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (value: string, x: number, opts: { font?: PDFFont; size?: number; align?: 'left' | 'right'; color?: ReturnType<typeof rgb> } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const v = clean(value);
    const at = opts.align === 'right' ? x - font.widthOfTextAtSize(v, size) : x;
    page.drawText(v, { x: at, y, size, font, color: opts.color });
  };
  const wrap = (value: string, width: number, font: PDFFont = regular, size = 10): string[] => {
    const lines: string[] = [];
    for (const paragraph of value.split(/\r?\n/)) {
      let line = '';
      for (const word of clean(paragraph).split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  };
  const block = (lines: string[], x: number, opts: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {}) => {
    for (const line of lines.filter(Boolean)) {
      ensureRoom(14);
      text(line, x, opts);
      y -= 14;
    }
  };

  // Issuer (left) and the invoice's identity (right), on the same band.
  const top = y;
  text(invoice.issuer.name, MARGIN, { font: bold, size: 14 });
  y -= 18;
  // A Kenyan invoice names both parties' KRA PINs: the institute's, and the buyer's when they have one.
  const pin = (value: string | undefined) => (value ? `KRA PIN: ${value}` : '');
  block([invoice.issuer.address, invoice.issuer.phone, ...invoice.issuer.emails, pin(invoice.issuer.kraPin)], MARGIN, { color: grey });
  const afterIssuer = y;
  y = top;
  text('INVOICE', RIGHT, { font: bold, size: 20, align: 'right' });
  y -= 24;
  for (const [label, value] of [
    ['Invoice number', invoice.number],
    ['Issued', formatIssuedDate(issuedAt)],
    ['Due', formatDueDate(invoice.dueDate)],
    ...(invoice.reference ? [['Reference', invoice.reference]] : []),
    ...(invoice.replaces ? [['Replaces', invoice.replaces]] : []),
  ]) {
    text(`${label}: ${value}`, RIGHT, { align: 'right' });
    y -= 14;
  }
  y = Math.min(y, afterIssuer) - 20;

  text('Bill to', MARGIN, { font: bold, size: 11 });
  y -= 16;
  const b = invoice.billTo;
  block([b.name, b.organisation, ...wrap(b.address, 300), b.email, pin(b.kraPin)], MARGIN);
  y -= 16;

  // Items: description (wrapped), quantity, unit price, amount.
  const cols = { qty: 340, unit: 430, amount: RIGHT };
  ensureRoom(40);
  text('Description', MARGIN, { font: bold });
  text('Qty', cols.qty, { font: bold, align: 'right' });
  text('Unit price', cols.unit, { font: bold, align: 'right' });
  text('Amount', cols.amount, { font: bold, align: 'right' });
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.5, color: grey });
  y -= 14;
  for (const item of invoice.items) {
    const lines = wrap(item.description, 270);
    ensureRoom(14 * lines.length + 4);
    text(String(item.quantity), cols.qty, { align: 'right' });
    text(formatMinor(Math.round(item.unitPrice * 100), invoice.currency).replace(`${invoice.currency} `, ''), cols.unit, { align: 'right' });
    text(formatMinor(item.amountMinor, invoice.currency), cols.amount, { align: 'right' });
    block(lines, MARGIN);
    y -= 4;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: RIGHT, y: y + 8 }, thickness: 0.5, color: grey });

  ensureRoom(60);
  y -= 6;
  for (const [label, minor, font] of [
    ['Subtotal', invoice.subtotalMinor, regular],
    [`Tax (${invoice.taxRate}%)`, invoice.taxMinor, regular],
    ['Total', invoice.totalMinor, bold],
  ] as const) {
    text(label, cols.unit, { font, align: 'right' });
    text(formatMinor(minor, invoice.currency), RIGHT, { font, align: 'right' });
    y -= 16;
  }
  y -= 10;
  block([`Please pay by ${formatDueDate(invoice.dueDate)}. Quote ${referenceToQuote(invoice)} as the M-Pesa account number or bank reference.`], MARGIN, {
    font: bold,
  });

  const payment = PAYMENT_LINES.filter(([key]) => invoice.issuer.payment[key]).map(([key, label]) => `${label}: ${invoice.issuer.payment[key]}`);
  if (payment.length) {
    y -= 8;
    block(['How to pay'], MARGIN, { font: bold, size: 11 });
    block(payment, MARGIN);
  }
  if (invoice.notes) {
    y -= 8;
    block(['Notes'], MARGIN, { font: bold, size: 11 });
    block(wrap(invoice.notes, RIGHT - MARGIN), MARGIN);
  }
  // Uncompressed object streams keep the text operators findable (tests read the total back).
  return pdf.save({ useObjectStreams: false });
}
