// The messages the product sends, as `mail/{id}` documents for Firebase's Trigger Email extension
// (and, locally, the stack's mail worker, which does what the extension does). This module is the
// one definition of which templates exist, what data each one gets and how its document is built;
// firestore.rules checks the same shapes (tests/integration/rules-mail.test.ts writes documents
// built here), so a visitor can never choose the template, the recipient or the wording: every
// value comes from the record the same commit creates or changes.
import { serverValues, type BatchWrite } from '../lib/db.ts';
import type { MailAttachment } from '../lib/mail-render.ts';
import { mailboxOf } from '../lib/email-address.ts';
import { quotedCode } from './payment-codes.ts';
import type { PayableRecord } from './payable-records.ts';

export const MAIL_TEMPLATES = [
  'registration-pending',
  'registration-confirmed',
  'registration-cancelled',
  'payment-received',
  'payment-verified',
  'payment-rejected',
  'partner-received',
  'booth-received',
  'application-approved',
  'application-declined',
  'invoice-issued',
  'message-received',
  'donation-thanks',
  'waitlist-joined',
  'waitlist-offer',
  'hold-reminder',
  'payment-partial',
  'certificate-issued',
  'refund-sent',
  'money-kept',
  'data-request-received',
  'data-request-done',
  'data-request-refused',
  'abstract-decision',
  'review-reminder',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/** What staff call each message (the back office's record pages and Emails settings). */
export const MAIL_LABELS: Record<MailTemplateName, string> = {
  'registration-pending': 'Registration received (payment due)',
  'registration-confirmed': 'Registration confirmed (free category)',
  'registration-cancelled': 'Registration cancelled',
  'payment-received': 'Payment reference received',
  'payment-verified': 'Payment verified (e-ticket)',
  'payment-rejected': 'Payment rejected',
  'partner-received': 'Partner application received',
  'booth-received': 'Booth booking received',
  'application-approved': 'Application approved',
  'application-declined': 'Application declined',
  'invoice-issued': 'Invoice issued',
  'message-received': 'Contact message acknowledged',
  'donation-thanks': 'Donation pledge thanked',
  'waitlist-joined': 'On the waiting list',
  'waitlist-offer': 'Seat offered (waiting list)',
  'hold-reminder': 'Unpaid hold ending soon',
  'payment-partial': 'Part payment received (statement)',
  'certificate-issued': 'CPD certificate issued',
  'refund-sent': 'Refund sent',
  'money-kept': 'No refund due (money kept)',
  'data-request-received': 'Data request received',
  'data-request-done': 'Data request done',
  'data-request-refused': 'Data request refused',
  'abstract-decision': 'Abstract decision (with the reviewers’ comments)',
  'review-reminder': 'Reviews due soon (to a reviewer)',
};

/** How staff read a delivery state. */
export const DELIVERY_LABELS: Record<DeliveryState | 'QUEUED', string> = {
  QUEUED: 'queued',
  PENDING: 'queued',
  PROCESSING: 'sending',
  RETRY: 'resending',
  SUCCESS: 'sent',
  ERROR: 'failed',
};

/**
 * Fragments every template includes ({{> siteUrl}}, {{> contacts}}, {{> howToPay}}), rebuilt from
 * settings/site whenever an administrator saves the settings, so no template repeats an address,
 * a phone number or a Paybill, and no visitor-written document needs to carry them.
 */
export const MAIL_PARTIALS = ['siteUrl', 'contacts', 'howToPay'] as const;
export type MailPartialName = (typeof MAIL_PARTIALS)[number];

/** The collections a message can be about (`test` is an administrator's test send of a template). */
export type MailRecordCollection =
  | 'registrations'
  | 'partners'
  | 'invoices'
  | 'messages'
  | 'donations'
  | 'waitlist'
  | 'certificates'
  | 'dataRequests'
  | 'abstracts'
  | 'blindAbstracts'
  | 'templates';

/**
 * `reference` is the record's id (its checkout link); `code` is what the payer quotes and every
 * message shows: its payment code (data/payment-codes.ts), or its id for a record from before codes.
 */
export interface MailDataByTemplate {
  'registration-pending': { name: string; reference: string; code: string; category: string; amount: string };
  'registration-confirmed': { name: string; reference: string; code: string; category: string };
  'registration-cancelled': { name: string; reference: string; code: string };
  'payment-received': { name: string; reference: string; code: string; amount: string; transactionCode: string };
  'payment-verified': { name: string; reference: string; code: string; amount: string; refund: string; ticket: boolean };
  'payment-rejected': { name: string; reference: string; code: string; reason: string };
  // To an address nobody has proved (an application's, a contact message's, a pledge's): no words
  // the sender chose, only the site's wording, settings' labels and the record's reference and code,
  // so a stranger cannot send someone a message in the summit's name by typing their address.
  'partner-received': { reference: string; code: string; option: string; amount: string };
  'booth-received': { reference: string; code: string; option: string; amount: string };
  'application-approved': { reference: string; code: string; amount: string };
  'application-declined': { reference: string; code: string };
  /** `institutePin`, `buyerPin`: the KRA PINs the invoice prints ('' for none), as the rules check them against it. */
  'invoice-issued': { name: string; number: string; total: string; dueDate: string; quote: string; institutePin: string; buyerPin: string };
  'message-received': { reference: string };
  'donation-thanks': { reference: string };
  'waitlist-joined': { name: string };
  'waitlist-offer': { name: string; deadline: string };
  'hold-reminder': { name: string; reference: string; code: string; amount: string; deadline: string };
  'payment-partial': { name: string; reference: string; code: string; amount: string; due: string };
  /** `points`: a number (firestore.rules checks it equals the certificate's). */
  'certificate-issued': { name: string; certificateId: string; activity: string; points: number };
  'refund-sent': { name: string; reference: string; code: string; amount: string; refundReference: string };
  /** `reason`: finance's words (one line, at most 300 characters, escaped by the template). */
  'money-kept': { name: string; reference: string; code: string; amount: string; reason: string };
  // A request under the Data Protection Act (data/data-requests.ts): its kind, the days the
  // institute commits to, and a refusal's reason (an administrator's words, at most 500 characters).
  'data-request-received': { reference: string; kind: string; days: number };
  'data-request-done': { reference: string; kind: string; days: number };
  'data-request-refused': { reference: string; kind: string; days: number; reason: string };
  // The committee's decision on an abstract (data/abstract-decision.ts): `outcome` in words,
  // `accepted` for the paragraph asking presenters to register, and the reviewers' comments to the
  // authors as they wrote them (each at most 3,000 characters, escaped by the template), unsigned.
  'abstract-decision': { title: string; outcome: string; accepted: boolean; comments: string[]; reference: string };
  // A reviewer's one reminder (timed-work/review-reminders.ts): how many of their assignments have
  // no review yet, and when reviews are due, as an email states a deadline. Never an abstract's
  // title or authors: the count and the date are all it says.
  'review-reminder': { outstanding: number; due: string };
}

/** How many times staff may send one message again: a resend cannot be turned into a mail cannon. */
export const MAX_RESENDS = 3;

/** Staff send a delivered or failed message again: the extension's own RETRY, counted. */
export const resendWrite = (mail: { id: string; resends?: number }) => ({
  update: `mail/${mail.id}`,
  data: { 'delivery.state': 'RETRY', resends: (mail.resends ?? 0) + 1 },
});

/** The delivery state the extension (and the local worker) writes back on each mail document. */
export type DeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY';

export interface MailDocument<N extends MailTemplateName = MailTemplateName> {
  to: string;
  template: { name: N; data: MailDataByTemplate[N] };
  /** What the message is about, so staff see it on that record's page. */
  recordCollection: MailRecordCollection;
  recordId: string;
  /** The payment a message about a payment concerns (received, verified, rejected). */
  paymentId?: string;
  /** Attachments (the ticket's QR code and calendar file, an invoice PDF): only staff add them. */
  message?: { attachments: MailAttachment[] };
  /** How many times staff sent it again (firestore.rules: at most MAX_RESENDS). */
  resends?: number;
  delivery?: {
    state: DeliveryState;
    attempts?: number;
    startTime?: Date;
    endTime?: Date;
    error?: string | null;
    info?: { messageId?: string | null; accepted?: string[]; rejected?: string[] };
  };
}

/** "15,000": thousands grouped with commas, as firestore.rules' grouped() builds it. */
export function groupDigits(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/** "KES 15,000": how every message states a whole-unit amount (the rules build the same text). */
export const mailMoney = (amount: number, currency: string) => `${currency} ${groupDigits(amount)}`;

/** "KES 15,000", "KES 1,160.05": an amount in cents as a message states it (firestore.rules minorMoney builds the same). */
export const mailMinorMoney = (minor: number, currency: string) =>
  minor % 100 === 0 ? mailMoney(minor / 100, currency) : `${mailMoney(minor / 100, currency)}.${String(minor % 100).padStart(2, '0')}`;

type Fee = { label: string; fee: number };
interface MailSettings {
  categories: Record<string, Fee>;
  partnerTiers: Record<string, Fee>;
  boothTypes: Record<string, Fee>;
}

/** A mail document as one write of the commit whose action it reports. */
export function mailWrite<N extends MailTemplateName>(
  id: string,
  name: N,
  to: string,
  data: MailDataByTemplate[N],
  about: { collection: MailRecordCollection; id: string },
  { attachments, paymentId }: { attachments?: MailAttachment[]; paymentId?: string } = {},
): BatchWrite {
  return {
    set: `mail/${id}`,
    data: {
      to,
      template: { name, data },
      recordCollection: about.collection,
      recordId: about.id,
      timestamp: serverValues.now(),
      ...(paymentId ? { paymentId } : {}),
      ...(attachments?.length ? { message: { attachments } } : {}),
    },
  };
}

// ---- what visitors' own commits send (the mail id is the id of the document they create) ----

export function registrationMail(
  id: string,
  r: { fullName: string; email: string; category: string; fee: number; currency: string; paymentCode?: string },
  settings: Pick<MailSettings, 'categories'>,
): BatchWrite {
  const about = { collection: 'registrations' as const, id };
  const category = settings.categories[r.category]?.label ?? r.category;
  const code = quotedCode(id, r);
  return r.fee > 0
    ? mailWrite(id, 'registration-pending', r.email, { name: r.fullName, reference: id, code, category, amount: mailMoney(r.fee, r.currency) }, about)
    : mailWrite(id, 'registration-confirmed', r.email, { name: r.fullName, reference: id, code, category }, about);
}

type Application = {
  kind: 'partner' | 'booth';
  contactName: string;
  organisation: string;
  email: string;
  fee: number;
  currency: string;
  tier?: string;
  boothType?: string;
  paymentCode?: string;
};

export function applicationMail(id: string, a: Application, settings: Pick<MailSettings, 'partnerTiers' | 'boothTypes'>): BatchWrite {
  const about = { collection: 'partners' as const, id };
  const option =
    a.kind === 'partner'
      ? (settings.partnerTiers[a.tier ?? '']?.label ?? String(a.tier))
      : (settings.boothTypes[a.boothType ?? '']?.label ?? String(a.boothType));
  const data = { reference: id, code: quotedCode(id, a), option, amount: mailMoney(a.fee, a.currency) };
  return mailWrite(id, a.kind === 'partner' ? 'partner-received' : 'booth-received', a.email, data, about);
}

export function messageMail(id: string, m: { email: string }): BatchWrite {
  return mailWrite(id, 'message-received', m.email, { reference: id }, { collection: 'messages', id });
}

export function donationMail(id: string, d: { email: string }): BatchWrite {
  return mailWrite(id, 'donation-thanks', d.email, { reference: id }, { collection: 'donations', id });
}

export function paymentReceivedMail(paymentId: string, p: { reference: string; amount: number; currency: string }, record: PayableRecord): BatchWrite {
  const data = { name: record.name, reference: record.id, code: record.code, amount: mailMoney(p.amount, p.currency), transactionCode: p.reference };
  return mailWrite(paymentId, 'payment-received', record.email, data, record, { paymentId });
}

// ---- what staff actions send (a fresh mail id each time: the same record can be decided again) ----

/** A refund finance made, to the record's payer (the message's id is the refund's: one message per refund). */
export function refundSentMail(refundId: string, record: PayableRecord, amount: string, refundReference: string): BatchWrite {
  return mailWrite(refundId, 'refund-sent', record.email, { name: record.name, reference: record.id, code: record.code, amount, refundReference }, record);
}

/** Money finance decided not to refund, to the record's payer, with why (the message's id is the decision's, keptMoney/{id}). */
export function moneyKeptMail(keptId: string, record: PayableRecord, amount: string, reason: string): BatchWrite {
  return mailWrite(keptId, 'money-kept', record.email, { name: record.name, reference: record.id, code: record.code, amount, reason }, record);
}

/**
 * The payment that makes a record paid: what came in (worded by the caller: a payment's own amount,
 * or all a statement's lines brought, cents and all) and, when that is more than the fee, the
 * over-payment to be refunded ('' when none), as the rules word both (paymentVerifiedMail).
 */
export function paymentVerifiedMail(
  mailId: string,
  record: PayableRecord,
  p: { id: string; amount: string; refund: string },
  attachments: MailAttachment[] = [],
): BatchWrite {
  const data = {
    name: record.name,
    reference: record.id,
    code: record.code,
    amount: p.amount,
    refund: p.refund,
    ticket: record.collection === 'registrations',
  };
  return mailWrite(mailId, 'payment-verified', record.email, data, record, { paymentId: p.id, attachments });
}

/**
 * A part payment a statement line brought in (features/payments/admin/statement/line-actions.ts):
 * what came in and what is still due, both as text (amounts may have cents).
 */
export function paymentPartialMail(mailId: string, record: PayableRecord, paymentId: string, amount: string, due: string): BatchWrite {
  const data = { name: record.name, reference: record.id, code: record.code, amount, due };
  return mailWrite(mailId, 'payment-partial', record.email, data, record, { paymentId });
}

export function paymentRejectedMail(mailId: string, record: PayableRecord, paymentId: string, reason: string): BatchWrite {
  return mailWrite(mailId, 'payment-rejected', record.email, { name: record.name, reference: record.id, code: record.code, reason }, record, { paymentId });
}

export function applicationDecisionMail(mailId: string, record: PayableRecord, approved: boolean): BatchWrite {
  const common = { reference: record.id, code: record.code };
  return approved
    ? mailWrite(mailId, 'application-approved', record.email, { ...common, amount: mailMoney(record.fee, record.currency) }, record)
    : mailWrite(mailId, 'application-declined', record.email, common, record);
}

/**
 * `quote`: what to quote when paying (invoices/schema.ts referenceToQuote). The KRA PINs are the
 * invoice's own (the institute's as issued, the buyer's as billed), so the email says what the PDF says.
 */
export function invoiceMail(
  mailId: string,
  invoice: { number: string; billTo: { name: string; email: string; kraPin?: string }; issuer: { kraPin?: string } },
  total: string,
  dueDate: string,
  quote: string,
  pdf: MailAttachment,
): BatchWrite {
  return mailWrite(
    mailId,
    'invoice-issued',
    invoice.billTo.email,
    {
      name: invoice.billTo.name,
      number: invoice.number,
      total,
      dueDate,
      quote,
      institutePin: invoice.issuer.kraPin ?? '',
      buyerPin: invoice.billTo.kraPin ?? '',
    },
    { collection: 'invoices', id: invoice.number },
    { attachments: [pdf] },
  );
}

/**
 * A CPD certificate, in the transaction that issues it (features/certificates/admin/issue-certificate.ts):
 * about the certificate, to the address it was issued to, with its PDF attached. Every value is the
 * certificate's own, so the rules can check the mail against the certificate written beside it.
 */
export function certificateMail(
  mailId: string,
  certificate: { id: string; fullName: string; email: string; activityName: string; points: number },
  pdf: MailAttachment,
): BatchWrite {
  return mailWrite(
    mailId,
    'certificate-issued',
    certificate.email,
    { name: certificate.fullName, certificateId: certificate.id, activity: certificate.activityName, points: certificate.points },
    { collection: 'certificates', id: certificate.id },
    { attachments: [pdf] },
  );
}

/**
 * A seat offered to a waiting-list entry, in the commit that makes the offer (firestore.rules:
 * waitlistOfferMail). About the entry (waitlist/{address}); `deadline` is when the offer lapses, as text.
 */
export function waitlistOfferMail(mailId: string, entry: { email: string; fullName: string }, deadline: string): BatchWrite {
  const address = entry.email.trim().toLowerCase();
  return mailWrite(mailId, 'waitlist-offer', entry.email, { name: entry.fullName, deadline }, { collection: 'waitlist', id: address });
}

/**
 * "Your registration is cancelled": sent by the commit that cancels it, whoever cancels (its
 * attendee or staff; firestore.rules registrationCancelledMail). Its id names the registration and
 * the cancellation before it (`cancelledAt` before this commit; none for a first), so a
 * registration reinstated and cancelled again is told again, and one cancellation sends one.
 */
export const registrationCancelledMailId = (id: string, previousCancel: unknown) =>
  `registration-cancelled-${id}-${previousCancel instanceof Date ? previousCancel.getTime() : 0}`;

export function registrationCancelledMail(r: Record<string, unknown> & { id: string }): BatchWrite {
  const data = { name: String(r.fullName), reference: r.id, code: quotedCode(r.id, r) };
  return mailWrite(registrationCancelledMailId(r.id, r.cancelledAt), 'registration-cancelled', String(r.email), data, {
    collection: 'registrations',
    id: r.id,
  });
}

/**
 * "You are on the list": sent by the commit that joins (firestore.rules waitlistJoinedMail). Its id
 * names the entry and the join before it (`previousJoin`, the entry's timestamp before this commit;
 * null for a first join), so each join sends exactly one, and a join can send no more.
 */
export const waitlistJoinedMailId = (address: string, previousJoin: Date | null) => `waitlist-joined-${address}-${previousJoin ? previousJoin.getTime() : 0}`;

export function waitlistJoinedMail(entry: { email: string; fullName: string }, previousJoin: Date | null): BatchWrite {
  const address = entry.email.trim().toLowerCase();
  return mailWrite(
    waitlistJoinedMailId(address, previousJoin),
    'waitlist-joined',
    entry.email,
    { name: entry.fullName },
    { collection: 'waitlist', id: address },
  );
}

/** The one reminder an unpaid registration gets before its hold lapses: its id says it was sent (mail documents are never deleted). */
export const holdReminderMailId = (registrationId: string) => `hold-reminder-${registrationId}`;

export function holdReminderMail(
  r: { id: string; fullName: string; email: string; fee: number; currency: string; paymentCode?: unknown },
  deadline: string,
): BatchWrite {
  const data = { name: r.fullName, reference: r.id, code: quotedCode(r.id, r), amount: mailMoney(r.fee, r.currency), deadline };
  return mailWrite(holdReminderMailId(r.id), 'hold-reminder', r.email, data, { collection: 'registrations', id: r.id });
}

/**
 * A reviewer's one reminder of reviews due: its id names their mailbox (mail documents are never
 * rewritten or deleted), so a reviewer is reminded once however many runs try; it is about one
 * assignment still without a review (the rules check that one).
 */
export const reviewReminderMailId = (reviewer: string) => `review-reminder-${mailboxOf(reviewer)}`;

export function reviewReminderMail(reviewer: string, assignmentId: string, outstanding: number, due: string): BatchWrite {
  return mailWrite(reviewReminderMailId(reviewer), 'review-reminder', reviewer, { outstanding, due }, { collection: 'blindAbstracts', id: assignmentId });
}

/** An administrator's test send of a template (with its sample data) to their own address. */
export function testMail(mailId: string, name: MailTemplateName, to: string): BatchWrite {
  return mailWrite(mailId, name, to, MAIL_SAMPLES[name] as MailDataByTemplate[typeof name], { collection: 'templates', id: name });
}

/** Plausible data for each template: the back office's preview and test send use it. */
export const MAIL_SAMPLES: { [N in MailTemplateName]: MailDataByTemplate[N] } = {
  'registration-pending': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD', category: 'Delegate', amount: 'KES 15,000' },
  'registration-confirmed': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD', category: 'Student' },
  'payment-received': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD', amount: 'KES 15,000', transactionCode: 'SGH7K2Q9XT' },
  'payment-verified': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD', amount: 'KES 15,000', refund: '', ticket: true },
  'payment-rejected': {
    name: 'Wanjiru Kamau',
    reference: 'Xb3kP9qLm2Rt7VwZ4yNc',
    code: 'NCS-7K2QD',
    reason: 'No M-Pesa payment with code SGH7K2Q9XT reached our Paybill.',
  },
  'partner-received': { reference: 'Pq8Lm2Xb3kR9tV7wZ4yN', code: 'NCS-P4TXM', option: 'Gold', amount: 'KES 1,000,000' },
  'booth-received': { reference: 'Pq8Lm2Xb3kR9tV7wZ4yN', code: 'NCS-P4TXM', option: 'Standard booth', amount: 'KES 50,000' },
  'application-approved': { reference: 'Pq8Lm2Xb3kR9tV7wZ4yN', code: 'NCS-P4TXM', amount: 'KES 1,000,000' },
  'application-declined': { reference: 'Pq8Lm2Xb3kR9tV7wZ4yN', code: 'NCS-P4TXM' },
  'invoice-issued': {
    name: 'Otieno Ouma',
    number: 'INV-2027-0001',
    total: 'KES 1,160,000.00',
    dueDate: '31 March 2027',
    quote: 'NCS-P4TXM',
    institutePin: 'P051234567X',
    buyerPin: 'P052987654K',
  },
  'message-received': { reference: 'Mx4Lm2Xb3kR9tV7wZ4yN' },
  'donation-thanks': { reference: 'Dn5Lm2Xb3kR9tV7wZ4yN' },
  'waitlist-joined': { name: 'Wanjiru Kamau' },
  'waitlist-offer': { name: 'Wanjiru Kamau', deadline: 'Friday 12 March 2027, 14:00 (Nairobi time)' },
  'registration-cancelled': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD' },
  'hold-reminder': {
    name: 'Wanjiru Kamau',
    reference: 'Xb3kP9qLm2Rt7VwZ4yNc',
    code: 'NCS-7K2QD',
    amount: 'KES 15,000',
    deadline: 'Friday 12 March 2027, 14:00 (Nairobi time)',
  },
  'payment-partial': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD', amount: 'KES 5,000', due: 'KES 10,000' },
  'certificate-issued': { name: 'Wanjiru Kamau', certificateId: 'Kq7Xb3kP9qLm2Rt7VwZ4', activity: 'National Cancer Summit 2027', points: 12 },
  'refund-sent': { name: 'Wanjiru Kamau', reference: 'Xb3kP9qLm2Rt7VwZ4yNc', code: 'NCS-7K2QD', amount: 'KES 5,000', refundReference: 'TLK4H2QX9B' },
  'money-kept': {
    name: 'Wanjiru Kamau',
    reference: 'Xb3kP9qLm2Rt7VwZ4yNc',
    code: 'NCS-7K2QD',
    amount: 'KES 15,000',
    reason: 'Cancelled 10 days before the summit: the refund policy refunds cancellations made 30 days or more before it.',
  },
  'data-request-received': { reference: 'erasure-wanjiru@example.org', kind: 'erasure', days: 14 },
  'data-request-done': { reference: 'erasure-wanjiru@example.org', kind: 'erasure', days: 14 },
  'data-request-refused': {
    reference: 'erasure-wanjiru@example.org',
    kind: 'erasure',
    days: 14,
    reason: 'An invoice issued to you must be kept for five years.',
  },
  'abstract-decision': {
    title: 'Cervical screening uptake in Kisumu County',
    outcome: 'accepted as a poster',
    accepted: true,
    comments: ['A clear study; say how the clinics were chosen.', 'The results would read better as a table.'],
    reference: 'Ab3kP9qLm2Rt7VwZ4yNc',
  },
  'review-reminder': { outstanding: 3, due: '12 Mar 2027, 17:00 (Nairobi time)' },
};
