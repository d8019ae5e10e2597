// "Your data": everything the summit holds about the signed-in attendee, to download (the Data
// Protection Act's right of access and to take one's data). Each part is read as its owner
// (firestore.rules): registrations, attendees/{mailbox} and waitlist/{mailbox} as "my registration"
// reads them; payments and statement lines by the registration they are for (forOwnRegistration);
// the emails by their address (`to`); evaluations and certificates by email.
//
// Two files: JSON, complete and machine-readable (every field as stored, times as ISO 8601), and a
// CSV summary a person reads in any spreadsheet (one row per fact: section, record, what, value).
// CSV rather than a PDF: pdf-lib makes untagged PDFs a screen reader cannot follow, and its one door
// into public code is the certificate (scripts/build/public-imports.ts); csvCell neutralises formulas.
import { db } from '../../lib/data.ts';
import type { WithId } from '../../lib/db.ts';
import { toCsv } from '../../lib/csv.ts';
import { mailboxOf } from '../../lib/email-address.ts';
import { quotedCode } from '../../data/payment-codes.ts';
import { fetchMyRegistration, type Reader } from './my-registration.ts';

type Stored = WithId<Record<string, unknown>>;

export interface YourData {
  email: string;
  registrations: Stored[];
  attendeeEntry: Stored | null;
  waitingList: Stored | null;
  payments: Stored[];
  statementLines: Stored[];
  emails: Stored[];
  evaluations: Stored[];
  certificates: Stored[];
}

/** The parts of the export, in the order both files give them. */
export const PARTS = ['registrations', 'attendeeEntry', 'waitingList', 'payments', 'statementLines', 'emails', 'evaluations', 'certificates'] as const;

/** The payments or statement lines made for one registration (firestore.rules forOwnRegistration: both fields pinned). */
export const byRegistration = (collection: 'payments' | 'statementLines', id: string, from: Reader = db) =>
  from.fetchDocuments<Record<string, unknown>>(collection, {
    where: [
      ['targetCollection', '==', 'registrations'],
      ['targetId', '==', id],
    ],
    orderBy: null,
  });

/** Reads every part as the attendee signed in with `email` (lower case, proven). */
export async function fetchYourData(email: string, from: Reader = db): Promise<YourData> {
  const [mine, attendeeEntry, emails, evaluations, certificates] = await Promise.all([
    fetchMyRegistration(email, from),
    from.fetchDocument<Record<string, unknown>>('attendees', mailboxOf(email)),
    from.fetchDocuments<Record<string, unknown>>('mail', { where: [['to', '==', email]], orderBy: null }),
    from.fetchDocuments<Record<string, unknown>>('evaluations', { where: [['email', '==', email]], orderBy: null }),
    from.fetchDocuments<Record<string, unknown>>('certificates', { where: [['email', '==', email]], orderBy: null }),
  ]);
  const registrations = mine.registrations.map((r) => r.record);
  // Only a registration under this very address proves the asker owns its payments (the rules'
  // forOwnRegistration): one the same mailbox made as x@d, read by x+2@d, is listed without them.
  const money = await Promise.all(
    registrations
      .filter((r) => r.email === email)
      .map((r) => Promise.all([byRegistration('payments', r.id, from), byRegistration('statementLines', r.id, from)])),
  );
  return {
    email,
    registrations,
    attendeeEntry,
    waitingList: mine.waitlist as Stored | null,
    payments: money.flatMap(([p]) => p),
    statementLines: money.flatMap(([, l]) => l),
    emails,
    evaluations,
    certificates,
  };
}

/**
 * What the export leaves out, and why (the JSON says so too). Staff's addresses (who verified,
 * matched or issued something) are another person's data, not the attendee's. An attachment's
 * content is a rendering of data the export already holds (a ticket, an invoice), so its name, type
 * and size stand for it.
 */
export const OMITTED = [
  'Staff members’ addresses (fields such as by, verifiedBy, issuedBy): they are the staff member’s personal data, not yours.',
  'The content of email attachments (tickets, invoices): each is a copy of data given here; its file name, type and size are listed.',
] as const;

const STAFF_FIELD = /^by$|By$/;

/** A stored value as JSON carries it: times as ISO 8601, staff fields and attachment contents left out. */
function plain(value: unknown, key = ''): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => plain(v));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (key === 'attachments' || (typeof o.content === 'string' && typeof o.filename === 'string')) {
      return { filename: o.filename, contentType: o.contentType, bytes: typeof o.content === 'string' ? Math.floor((o.content.length * 3) / 4) : 0 };
    }
    return Object.fromEntries(
      Object.entries(o)
        .filter(([k]) => !STAFF_FIELD.test(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, plain(v, k)]),
    );
  }
  return value;
}

/** The complete export as JSON text. */
export function exportJson(data: YourData, now = new Date()): string {
  const parts = Object.fromEntries(PARTS.map((p) => [p, plain(data[p])]));
  return JSON.stringify({ format: 'nci-summit-your-data/1', exportedAt: now.toISOString(), email: data.email, ...parts, omitted: OMITTED }, null, 2);
}

type Row = { section: string; record: string; what: string; value: unknown };

const when = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
const money = (minor: unknown, currency: unknown) => (typeof minor === 'number' ? `${(minor / 100).toFixed(2)} ${String(currency ?? '')}`.trim() : '');

/** Facts of a document, in the given order, as rows (a field it lacks is left out). */
function facts(section: string, record: string, d: Record<string, unknown>, fields: Array<[string, string]>): Row[] {
  return fields.filter(([f]) => d[f] !== undefined && d[f] !== null && d[f] !== '').map(([f, what]) => ({ section, record, what, value: when(d[f]) }));
}

/** The readable summary: one row per fact a person would look for (the JSON has every field). */
export function summaryRows(data: YourData): Row[] {
  const rows: Row[] = [];
  for (const r of data.registrations) {
    rows.push(
      ...facts('Registration', quotedCode(r.id, r), r, [
        ['fullName', 'Name'],
        ['email', 'Email'],
        ['phone', 'Phone'],
        ['organisation', 'Organisation'],
        ['jobTitle', 'Role or job title'],
        ['country', 'Country'],
        ['category', 'Category'],
        ['attendanceMode', 'Attendance'],
        ['accessibilityNeeds', 'Accessibility needs'],
        ['dietaryNeeds', 'Dietary needs'],
        ['status', 'Status'],
        ['paymentStatus', 'Payment status'],
        ['timestamp', 'Registered'],
        ['correctedAt', 'Last corrected'],
      ]),
    );
    const days = r.attendance && typeof r.attendance === 'object' ? Object.keys(r.attendance).sort() : [];
    if (days.length) rows.push({ section: 'Registration', record: quotedCode(r.id, r), what: 'Days attended', value: days.join(' ') });
  }
  if (data.waitingList) {
    rows.push(
      ...facts('Waiting list', data.waitingList.id, data.waitingList, [
        ['status', 'Status'],
        ['position', 'Joined'],
      ]),
    );
  }
  for (const p of data.payments) {
    rows.push(
      ...facts('Payment', p.id, p, [
        ['timestamp', 'Submitted'],
        ['payerName', 'Payer'],
        ['method', 'Method'],
        ['reference', 'Reference'],
        ['status', 'Status'],
      ]),
    );
    if (typeof p.amount === 'number') rows.push({ section: 'Payment', record: p.id, what: 'Amount', value: `${p.amount} ${String(p.currency ?? '')}`.trim() });
  }
  for (const l of data.statementLines) {
    rows.push(
      ...facts('Statement line', l.id, l, [
        ['completedAt', 'Paid'],
        ['payer', 'Payer on the statement'],
        ['state', 'State'],
      ]),
    );
    rows.push({ section: 'Statement line', record: l.id, what: 'Amount', value: money(l.amountMinor, l.currency) });
  }
  for (const m of data.emails) {
    const template = (m.template ?? {}) as { name?: unknown };
    const delivery = (m.delivery ?? {}) as { state?: unknown; endTime?: unknown; error?: unknown };
    rows.push({ section: 'Email', record: m.id, what: 'Message', value: template.name });
    rows.push(
      ...facts('Email', m.id, m, [
        ['to', 'To'],
        ['timestamp', 'Written'],
      ]),
    );
    rows.push({ section: 'Email', record: m.id, what: 'Delivery', value: delivery.state ?? 'not sent yet' });
    if (delivery.endTime) rows.push({ section: 'Email', record: m.id, what: 'Delivered or failed at', value: when(delivery.endTime) });
    if (delivery.error) rows.push({ section: 'Email', record: m.id, what: 'Delivery error', value: delivery.error });
  }
  for (const e of data.evaluations) {
    rows.push(
      ...facts('Evaluation', e.id, e, [
        ['day', 'Day'],
        ['submittedAt', 'Submitted'],
      ]),
    );
    const answers = Array.isArray(e.answers) ? (e.answers as Array<{ id?: unknown; value?: unknown }>) : [];
    for (const a of answers) rows.push({ section: 'Evaluation', record: e.id, what: `Answer ${String(a.id)}`, value: a.value });
  }
  for (const c of data.certificates) {
    rows.push(
      ...facts('Certificate', c.id, c, [
        ['fullName', 'Name printed'],
        ['status', 'Status'],
        ['points', 'CPD points'],
        ['issuedAt', 'Issued'],
        ['revokedAt', 'Revoked'],
      ]),
    );
    if (Array.isArray(c.days)) rows.push({ section: 'Certificate', record: c.id, what: 'Days', value: c.days.join(' ') });
  }
  return rows;
}

export function exportCsv(data: YourData): string {
  return toCsv(summaryRows(data), [
    { header: 'Section', value: (r) => r.section },
    { header: 'Record', value: (r) => r.record },
    { header: 'What', value: (r) => r.what },
    { header: 'Value', value: (r) => r.value },
  ]);
}

/** The files' names: the date, never the address (a download folder is often shared). */
export const exportFileName = (kind: 'json' | 'csv', now = new Date()) => `summit-your-data-${now.toISOString().slice(0, 10)}.${kind}`;
