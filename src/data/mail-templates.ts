// The wording of every email, as the seed and `npm run mail-templates` write it into
// templates/{name} (administrators edit it in the back office afterwards), and the three partials
// rebuilt from settings/site on every settings save: the site's address for links, the contacts
// that end every email, and how to pay. Templates use only the data src/data/mail.ts gives them
// (a unit test parses each one to check); subjects never hold a visitor's words.
import Handlebars from 'handlebars';
import { href } from 'react-router';
import type { TemplateDocument } from '../lib/mail-render.ts';
import type { MailPartialName, MailTemplateName } from './mail.ts';
import { PRESENTER_CATEGORY } from '../content/site.ts';
import { PRESENTER_REGISTER_PATH } from './register-link.ts';

type Wording = { subject: string; paragraphs: string[]; html?: string; text?: string };

const link = (path: string, label: string) => ({ html: `<p><a href="{{> siteUrl}}${path}">${label}</a></p>`, text: `${label}: {{> siteUrl}}${path}` });
/** The site's pages the emails link to ({{reference}}, {{certificateId}}: the email's data). */
const CHECKOUT_PATH = href('/checkout/:id', { id: '{{reference}}' });
const MY_REGISTRATION_PATH = href('/my-registration');
const REVIEWS_PATH = href('/admin/reviews');
const VERIFY_PATH = href('/certificates/:id', { id: '{{certificateId}}' });
const checkout = link(CHECKOUT_PATH, 'Open your checkout page');
const registerAsPresenter = link(PRESENTER_REGISTER_PATH, 'Register as the presenting author');

/** A template from plain paragraphs (with {{…}} values) and optional extra blocks, in html and text. */
function template({ subject, paragraphs, html = '', text = '' }: Wording): Required<Pick<TemplateDocument, 'subject' | 'html' | 'text'>> {
  return {
    subject,
    html: `<div style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e293b;max-width:600px">\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n${html}\n{{> contacts}}\n</div>`,
    // The plain-text body is the same paragraphs without their emphasis markup.
    text: `${paragraphs.map((p) => p.replace(/<\/?(strong|em)>/g, '')).join('\n\n')}\n${text ? `\n${text}\n` : ''}\n{{> contacts}}\n`,
  };
}

export const DEFAULT_MAIL_TEMPLATES: Record<MailTemplateName, Required<Pick<TemplateDocument, 'subject' | 'html' | 'text'>>> = {
  'registration-pending': template({
    subject: 'Your summit registration {{code}}: payment due',
    paragraphs: [
      'Dear {{name}},',
      'Thank you for registering for the National Cancer Summit as {{category}}. Your payment code is <strong>{{code}}</strong>. Keep it: you quote it when you pay and show it to collect your badge.',
      'Your seat is confirmed once we receive {{amount}}.',
    ],
    html: `{{> howToPay}}\n<p>Once you have paid, submit the transaction code on your checkout page; we will send your e-ticket when finance has verified it.</p>\n${checkout.html}`,
    text: `{{> howToPay}}\n\nOnce you have paid, submit the transaction code on your checkout page; we will send your e-ticket when finance has verified it.\n${checkout.text}`,
  }),
  'registration-confirmed': template({
    subject: 'Your summit registration {{code}} is confirmed',
    paragraphs: [
      'Dear {{name}},',
      'Thank you for registering for the National Cancer Summit as {{category}}. No payment is needed: your place is confirmed.',
      'Your code is <strong>{{code}}</strong>. Your e-ticket is on your checkout page: show its QR code at the entrance.',
    ],
    html: link(CHECKOUT_PATH, 'Open your e-ticket').html,
    text: link(CHECKOUT_PATH, 'Open your e-ticket').text,
  }),
  'registration-cancelled': template({
    subject: 'Your summit registration {{code}} is cancelled',
    paragraphs: [
      'Dear {{name}},',
      'Your registration <strong>{{code}}</strong> for the National Cancer Summit is cancelled, and its seat is free for someone else.',
      'If you have paid for it, or you did not expect this, contact us: our details are below.',
    ],
  }),
  'payment-received': template({
    subject: 'We received your payment reference for {{code}}',
    paragraphs: [
      'Dear {{name}},',
      'We received your payment reference <strong>{{transactionCode}}</strong> for {{amount}} (registration or application {{code}}).',
      'Our finance team checks every payment against the M-Pesa or bank statement, usually within two working days. We will email you as soon as it is verified.',
    ],
    html: checkout.html,
    text: checkout.text,
  }),
  'payment-verified': template({
    subject: 'Payment verified: your summit e-ticket ({{code}})',
    paragraphs: ['Dear {{name}},', 'Your payment of {{amount}} for {{code}} has been verified. Thank you.'],
    html: `{{#if refund}}\n<p>That is {{refund}} more than the fee: we will refund it to you, and email you when we have.</p>\n{{/if}}\n{{#if ticket}}\n<p>Your e-ticket is below: show this QR code at the entrance. The summit's dates are attached as a calendar file.</p>\n<p><img src="cid:ticket-qr" alt="Your ticket QR code" width="200" height="200"></p>\n{{/if}}\n${link(CHECKOUT_PATH, 'Open your e-ticket and receipt').html}`,
    text: `{{#if refund}}That is {{refund}} more than the fee: we will refund it to you, and email you when we have.\n{{/if}}{{#if ticket}}Your e-ticket QR code is attached: show it at the entrance. The summit's dates are attached as a calendar file.\n{{/if}}${link(CHECKOUT_PATH, 'Open your e-ticket and receipt').text}`,
  }),
  'payment-rejected': template({
    subject: 'We could not verify your payment for {{code}}',
    paragraphs: [
      'Dear {{name}},',
      'We could not verify the payment reference you submitted for {{code}}. Our finance team wrote:',
      '<em>{{reason}}</em>',
      'Please check the transaction code in your M-Pesa message or bank slip and submit it again on your checkout page. If you have not paid yet, the payment details are there too.',
    ],
    html: checkout.html,
    text: checkout.text,
  }),
  // These six (from here to 'donation-thanks', 'invoice-issued' apart) go to an address nobody has
  // proved: they quote nothing the sender typed (mail.ts).
  'partner-received': template({
    subject: 'We received your partnership application {{code}}',
    paragraphs: [
      'Hello,',
      'Thank you for applying to partner with the National Cancer Summit at the {{option}} tier ({{amount}}).',
      'Your payment code is <strong>{{code}}</strong>. Our partnerships team will answer within two working days. Nothing is due before then: if we approve the application, we email you the amount and how to pay.',
    ],
  }),
  'booth-received': template({
    subject: 'We received your booth booking {{code}}',
    paragraphs: [
      'Hello,',
      'Thank you for booking a {{option}} ({{amount}}) at the National Cancer Summit.',
      'Your payment code is <strong>{{code}}</strong>. Our partnerships team will confirm your booking within two working days. Nothing is due before then: once it is confirmed, we email you the amount and how to pay.',
    ],
  }),
  'application-approved': template({
    subject: 'Your application {{code}} is approved',
    paragraphs: [
      'Hello,',
      'We are pleased to approve your application {{code}}. Welcome aboard.',
      'The amount due is {{amount}}. Quote <strong>{{code}}</strong> as the M-Pesa account number or bank reference when you pay, then submit the transaction code on your checkout page.',
    ],
    html: `{{> howToPay}}\n${checkout.html}`,
    text: `{{> howToPay}}\n\n${checkout.text}`,
  }),
  'application-declined': template({
    subject: 'About your application {{code}}',
    paragraphs: [
      'Hello,',
      'Thank you for your interest in the National Cancer Summit. We are sorry that we cannot take up your application {{code}} this year.',
      'Nothing is due. Reply to this email if you would like to discuss other ways to take part.',
    ],
  }),
  'invoice-issued': template({
    subject: 'Invoice {{number}} from the National Cancer Summit',
    paragraphs: [
      'Dear {{name}},',
      'Please find attached invoice {{number}} for {{total}}, due by {{dueDate}}.',
      'When you pay, quote <strong>{{quote}}</strong> as the M-Pesa account number or bank reference. The payment details are on the invoice.',
    ],
    // The KRA PINs the invoice prints, each only when there is one.
    html: '{{#if institutePin}}\n<p>Our KRA PIN: {{institutePin}}</p>\n{{/if}}\n{{#if buyerPin}}\n<p>Your KRA PIN, as invoiced: {{buyerPin}}</p>\n{{/if}}',
    text: '{{#if institutePin}}Our KRA PIN: {{institutePin}}\n{{/if}}{{#if buyerPin}}Your KRA PIN, as invoiced: {{buyerPin}}\n{{/if}}',
  }),
  'message-received': template({
    subject: 'We received your message',
    paragraphs: [
      'Hello,',
      'Thank you for writing to the summit organisers. Your message reached us under reference {{reference}}; we answer every message, usually within two working days.',
      'If you did not write to us, you can ignore this email.',
    ],
  }),
  'donation-thanks': template({
    subject: 'Thank you for your pledge',
    paragraphs: [
      'Hello,',
      'Thank you for your pledge to the summit’s cancer screening outreach and patient support (reference {{reference}}).',
      'Our finance team will contact you about how to give, and will confirm when your gift arrives. If you made no pledge, you can ignore this email.',
    ],
  }),
  'waitlist-joined': template({
    subject: 'You are on the waiting list for the National Cancer Summit',
    paragraphs: [
      'Dear {{name}},',
      'Every seat at the National Cancer Summit is taken, and you are on the waiting list, in the order people joined. When a seat frees up the organisers offer it to the next person on the list, by email: you then have a limited time to take it.',
      'Your registration page shows your place on the list; there you can also leave it.',
    ],
    html: link(MY_REGISTRATION_PATH, 'See your place on the list').html,
    text: link(MY_REGISTRATION_PATH, 'See your place on the list').text,
  }),
  'waitlist-offer': template({
    subject: 'A seat at the National Cancer Summit is yours to take',
    paragraphs: [
      'Dear {{name}},',
      'A seat has come free at the National Cancer Summit and you are next on the waiting list: it is held for you until <strong>{{deadline}}</strong>.',
      'Sign in on your registration page with this email address and confirm to take it; your registration is made with the answers you gave when you joined the list. After that time the seat goes to the next person waiting.',
    ],
    html: link(MY_REGISTRATION_PATH, 'Take your seat').html,
    text: link(MY_REGISTRATION_PATH, 'Take your seat').text,
  }),
  'hold-reminder': template({
    subject: 'Your summit seat {{code}} is held until {{deadline}}',
    paragraphs: [
      'Dear {{name}},',
      'Your registration <strong>{{code}}</strong> is not paid yet. We hold your seat until <strong>{{deadline}}</strong>; after that it may go to someone on the waiting list.',
      'To keep it, pay {{amount}} and submit the transaction code on your checkout page before then.',
    ],
    html: `{{> howToPay}}\n${checkout.html}`,
    text: `{{> howToPay}}\n${checkout.text}`,
  }),
  'payment-partial': template({
    subject: 'Part payment received for {{code}}: {{due}} still due',
    paragraphs: [
      'Dear {{name}},',
      'We received {{amount}} for {{code}}. Thank you.',
      '<strong>{{due}} is still due.</strong> Pay it the same way, quoting <strong>{{code}}</strong> as the account number or reference; we will send your confirmation once the whole amount has reached us.',
    ],
    html: checkout.html,
    text: checkout.text,
  }),
  'certificate-issued': template({
    subject: 'Your CPD certificate from the National Cancer Summit',
    paragraphs: [
      'Dear {{name}},',
      // "CPD points: 1" reads right for any number (the template has no plural).
      'Thank you for attending {{activity}}. Your certificate of attendance is attached as a PDF. CPD points: <strong>{{points}}</strong>.',
      `Its number is {{certificateId}}. Anyone can check it at {{> siteUrl}}${VERIFY_PATH}, or by scanning the QR code on the certificate.`,
      'You can download it again at any time from My registration.',
    ],
  }),
  'refund-sent': template({
    subject: 'Your refund for {{code}}',
    paragraphs: [
      'Dear {{name}},',
      'We have refunded {{amount}} for {{code}}. Its reference is <strong>{{refundReference}}</strong>: quote it if you ask your bank or M-Pesa about it.',
    ],
    html: checkout.html,
    text: checkout.text,
  }),
  'money-kept': template({
    subject: 'About the money paid for {{code}}',
    paragraphs: [
      'Dear {{name}},',
      'We will not refund {{amount}} of what was paid for {{code}}. Our reason: {{reason}}',
      'If you think this is a mistake, reply to this email or write to us quoting {{code}}.',
    ],
    html: checkout.html,
    text: checkout.text,
  }),
  // Requests under the Data Protection Act: no greeting by name (an erasure's "done" goes out
  // when the name is gone), the request's reference and kind, the days the institute commits to.
  'data-request-received': template({
    subject: 'We received your data {{kind}} request',
    paragraphs: [
      'Hello,',
      'We received your request for <strong>{{kind}}</strong> of your personal data (reference {{reference}}). We will answer within {{days}} days, as the Data Protection Act 2019 requires us to.',
      'If you did not make this request, reply to this email at once.',
    ],
  }),
  'data-request-done': template({
    subject: 'Your data {{kind}} request is done',
    paragraphs: [
      'Hello,',
      'Your request for <strong>{{kind}}</strong> of your personal data (reference {{reference}}) is done.',
      'If you asked for erasure: what the law requires us to keep for money received (amounts, dates, receipts and invoices) is kept without your contact details; everything else about you is gone, and this is the last email we send you.',
    ],
  }),
  'data-request-refused': template({
    subject: 'Your data {{kind}} request',
    paragraphs: [
      'Hello,',
      'We cannot carry out your request for <strong>{{kind}}</strong> of your personal data (reference {{reference}}), for this reason:',
      '{{reason}}',
      'You may complain to the Office of the Data Protection Commissioner (www.odpc.go.ke).',
    ],
  }),
  // The reviewers' comments as they wrote them, escaped ({{this}}), one after another, unsigned.
  'abstract-decision': template({
    subject: 'Your abstract: {{outcome}}',
    paragraphs: [
      'Hello,',
      'The scientific committee has reviewed your abstract “{{title}}” (reference {{reference}}): it is <strong>{{outcome}}</strong>.',
      `{{#if accepted}}The presenting author registers for the summit, choosing the category “${PRESENTER_CATEGORY.label}”: the link below chooses it for them.{{else}}Thank you for submitting it; we hope to see you at the summit.{{/if}}`,
    ],
    html: `{{#if accepted}}${registerAsPresenter.html}\n{{/if}}{{#if comments.length}}<p>The reviewers’ comments:</p>\n{{#each comments}}<blockquote style="white-space:pre-line;border-left:3px solid #cbd5e1;margin:0 0 12px;padding-left:12px">{{this}}</blockquote>\n{{/each}}{{/if}}`,
    text: `{{#if accepted}}${registerAsPresenter.text}\n{{/if}}{{#if comments.length}}The reviewers’ comments:\n{{#each comments}}\n---\n{{this}}\n{{/each}}{{/if}}`,
  }),
  // "Reviews still to write: 1" reads right for any number (the template has no plural).
  'review-reminder': template({
    subject: 'Your abstract reviews are due by {{due}}',
    paragraphs: [
      'Hello,',
      'Reviews for the National Cancer Summit’s call for abstracts are due by <strong>{{due}}</strong>. Reviews still to write: <strong>{{outstanding}}</strong>.',
      'Sign in to the back office to read the abstracts assigned to you and score each one, or declare a conflict.',
    ],
    html: link(REVIEWS_PATH, 'Open your reviews').html,
    text: link(REVIEWS_PATH, 'Open your reviews').text,
  }),
};

/** What the partials are built from: settings/site as stored. */
export interface MailSettings {
  siteUrl?: string;
  instituteName?: string;
  contactPhone?: string;
  contactEmails?: string[];
  payment?: Record<string, string>;
}

/**
 * A staff-entered value as a partial may hold it: escaped for html, and with every "{{" broken,
 * so a value is shown as typed and never evaluated by Handlebars.
 */
const inHtml = (value: string) => Handlebars.Utils.escapeExpression(value).replace(/\{/g, '&#123;').replace(/\}/g, '&#125;').replace(/\\/g, '&#92;');

/**
 * In text there are no entities. Each "{{" gets a backslash before it, which Handlebars prints as
 * typed. A backslash the staff member typed just before "{{" would cancel that one, so an escaped
 * empty comment goes between them (the typed backslash prints, the comment prints nothing); the
 * same at the very end of the value.
 */
function inText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length;) {
    if (value.startsWith('{{', i)) {
      if (value[i - 1] === '\\') out += '\\{{!}}';
      out += '\\{{';
      i += 2;
    } else {
      out += value[i];
      i += 1;
    }
  }
  return value.endsWith('\\') ? `${out}\\{{!}}` : out;
}

const PAYMENT_LINES: Array<[string, string]> = [
  ['mobileMoneyPaybill', 'Paybill number'],
  ['bankName', 'Bank'],
  ['bankAccountName', 'Account name'],
  ['bankAccountNumber', 'Account number'],
  ['bankBranch', 'Branch'],
  ['bankSwift', 'SWIFT code'],
];

/** Every email ends with the way to the attendee's own page (sign in by email: see, pay for or cancel a registration). */
const MY_REGISTRATION = {
  html: `Registered? <a href="{{> siteUrl}}${MY_REGISTRATION_PATH}">My registration</a>: see, pay for or cancel it.`,
  text: `Registered? My registration (see, pay for or cancel it): {{> siteUrl}}${MY_REGISTRATION_PATH}`,
};

/** The site's address without a trailing slash (links in every template start with it). */
export const normaliseSiteUrl = (url: string) => url.trim().replace(/\/+$/, '');

/** The three partials, rebuilt from settings/site. */
export function mailPartials(settings: MailSettings): Record<MailPartialName, TemplateDocument & { partial: true }> {
  const site = normaliseSiteUrl(settings.siteUrl ?? '');
  const name = settings.instituteName ?? '';
  const emails = (settings.contactEmails ?? []).filter(Boolean);
  const phone = settings.contactPhone ?? '';
  const contactHtml = [phone && `Phone ${inHtml(phone)}`, ...emails.map((e) => inHtml(e))].filter(Boolean).join(' · ');
  const contactText = [phone && `Phone ${inText(phone)}`, ...emails.map(inText)].filter(Boolean).join(' · ');
  const payment = settings.payment ?? {};
  const provider = payment.mobileMoneyProvider || 'M-Pesa';
  const lines = PAYMENT_LINES.filter(([key]) => payment[key]);
  return {
    siteUrl: { partial: true, html: inHtml(site), text: inText(site) },
    contacts: {
      partial: true,
      html: `<hr style="border:none;border-top:1px solid #cbd5e1;margin:24px 0 12px">\n<p style="font-size:14px;color:#475569">${inHtml(name)}${contactHtml ? `<br>${contactHtml}` : ''}<br>This is an automatic message about your summit record.<br>${MY_REGISTRATION.html}</p>`,
      text: `--\n${inText(name)}${contactText ? `\n${contactText}` : ''}\nThis is an automatic message about your summit record.\n${MY_REGISTRATION.text}`,
    },
    howToPay: {
      partial: true,
      html: `<p><strong>How to pay</strong> — by ${inHtml(provider)} (Lipa na ${inHtml(provider)}, Paybill) or bank transfer, entering <strong>{{code}}</strong> as the Paybill account number or the bank transfer's reference:</p>\n<ul>\n${lines.map(([key, label]) => `<li>${label}: ${inHtml(payment[key])}</li>`).join('\n')}\n</ul>`,
      text: `How to pay: by ${inText(provider)} (Paybill) or bank transfer, entering {{code}} as the Paybill account number or the bank transfer's reference.\n${lines.map(([key, label]) => `${label}: ${inText(payment[key])}`).join('\n')}`,
    },
  };
}

/** Every template document the product needs: the default wording and the partials from settings. */
export function defaultMailTemplates(settings: MailSettings): Record<string, TemplateDocument> {
  return { ...DEFAULT_MAIL_TEMPLATES, ...mailPartials(settings) };
}
