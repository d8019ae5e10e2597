import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { createMailRenderer, templateProblems } from '../lib/mail-render.ts';
import { MAIL_SAMPLES, MAIL_TEMPLATES } from './mail.ts';
import { DEFAULT_MAIL_TEMPLATES, defaultMailTemplates, mailPartials, normaliseSiteUrl } from './mail-templates.ts';

const settings = {
  siteUrl: 'https://summit.example.org/',
  instituteName: 'National Cancer Institute',
  contactPhone: '+254 20 000 0000',
  contactEmails: ['info@summit.example.org', 'registration@summit.example.org'],
  payment: {
    mobileMoneyProvider: 'M-Pesa',
    mobileMoneyPaybill: '400200',
    bankName: 'National Bank',
    bankAccountName: 'NCI Summit',
    bankAccountNumber: '0100',
    bankBranch: '',
    bankSwift: 'NBKEKENX',
  },
};
const renderer = createMailRenderer(defaultMailTemplates(settings));

/** The names a template reads ({{name}}, {{#if ticket}}), partials aside. */
function namesUsed(source: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; original?: string; parts?: string[] };
    if (n.type === 'PathExpression' && n.parts?.length) names.add(n.parts[0]);
    if (n.type === 'PartialStatement') return;
    for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
  };
  visit(Handlebars.parse(source));
  return names;
}

describe('the default wording', () => {
  it.each(MAIL_TEMPLATES.map((n) => [n]))('%s renders with its data, its links on the site’s address, and no placeholder left', (name) => {
    const out = renderer.render(name, MAIL_SAMPLES[name]);
    for (const part of [out.subject, out.html, out.text]) {
      expect(part).toBeTruthy();
      expect(part).not.toMatch(/\{\{|\}\}/);
    }
    expect(out.text).toContain('National Cancer Institute');
    // Plain text is plain: no tag of any kind.
    expect(out.text).not.toMatch(/<[a-z/][^>]*>/i);
    expect(out.html).not.toContain('summit.example.org//');
    expect(templateProblems(name, DEFAULT_MAIL_TEMPLATES[name], defaultMailTemplates(settings), MAIL_SAMPLES[name])).toEqual([]);
  });

  it.each(MAIL_TEMPLATES.map((n) => [n]))('%s reads only the data it is given', (name) => {
    const given = new Set([...Object.keys(MAIL_SAMPLES[name]), 'if', 'each']);
    for (const part of ['subject', 'html', 'text'] as const) {
      for (const used of namesUsed(DEFAULT_MAIL_TEMPLATES[name][part])) expect([part, used, given.has(used)]).toEqual([part, used, true]);
    }
  });

  it('no subject holds a visitor’s words (subjects are not escaped)', () => {
    const visitorFields = new Set(['name', 'organisation', 'subject', 'transactionCode', 'reason']);
    for (const name of MAIL_TEMPLATES)
      for (const used of namesUsed(DEFAULT_MAIL_TEMPLATES[name].subject)) expect([name, used, visitorFields.has(used)]).toEqual([name, used, false]);
  });

  it('escapes markup a visitor typed, in every field of every template', () => {
    for (const name of MAIL_TEMPLATES) {
      const hostile = Object.fromEntries(
        Object.entries(MAIL_SAMPLES[name]).map(([k, v]) => [
          k,
          typeof v === 'string' ? `<script>alert('${k}')</script><a href="https://evil.example">x</a>` : v,
        ]),
      );
      const html = renderer.render(name, hostile).html!;
      expect([name, html.includes('<script>'), html.includes('href="https://evil.example"')]).toEqual([name, false, false]);
    }
  });

  it('the paid registration says how to pay with the settings’ Paybill and bank, quoting the payment code; the verified payment shows the QR code', () => {
    const paid = renderer.render('registration-pending', MAIL_SAMPLES['registration-pending']);
    expect(paid.text).toContain('Paybill number: 400200');
    expect(paid.text).toContain('Account number: 0100');
    expect(paid.text).toContain('entering NCS-7K2QD as the Paybill account number');
    expect(paid.html).toContain('<strong>NCS-7K2QD</strong> as the Paybill account number');
    expect(paid.subject).toContain('NCS-7K2QD');
    expect(paid.html).toContain('href="https://summit.example.org/checkout/Xb3kP9qLm2Rt7VwZ4yNc"');
    expect(renderer.render('payment-verified', MAIL_SAMPLES['payment-verified']).html).toContain('src="cid:ticket-qr"');
    expect(renderer.render('payment-verified', { ...MAIL_SAMPLES['payment-verified'], ticket: false }).html).not.toContain('cid:ticket-qr');
  });

  it('the certificate says its PDF is attached, its points, and where anyone can check it', () => {
    const out = renderer.render('certificate-issued', { ...MAIL_SAMPLES['certificate-issued'], points: 7.5 });
    expect(out.text).toContain('CPD points: 7.5.');
    // One point reads right too: no "1 CPD points".
    expect(renderer.render('certificate-issued', { ...MAIL_SAMPLES['certificate-issued'], points: 1 }).text).toContain('CPD points: 1.');
    expect(out.text).toContain('attached as a PDF');
    expect(out.text).toContain('Anyone can check it at https://summit.example.org/certificates/Kq7Xb3kP9qLm2Rt7VwZ4');
    expect(out.html).toContain('https://summit.example.org/certificates/Kq7Xb3kP9qLm2Rt7VwZ4');
    expect(out.subject).not.toContain('Wanjiru');
  });

  it('the invoice email carries the institute’s KRA PIN and the buyer’s, each only when there is one', () => {
    const both = renderer.render('invoice-issued', MAIL_SAMPLES['invoice-issued']);
    for (const body of [both.text!, both.html!]) {
      expect(body).toContain('Our KRA PIN: P051234567X');
      expect(body).toContain('Your KRA PIN, as invoiced: P052987654K');
    }
    const noBuyerPin = renderer.render('invoice-issued', { ...MAIL_SAMPLES['invoice-issued'], buyerPin: '' });
    expect(noBuyerPin.text).toContain('Our KRA PIN: P051234567X');
    expect(`${noBuyerPin.text}${noBuyerPin.html}`).not.toContain('Your KRA PIN');
    const none = renderer.render('invoice-issued', { ...MAIL_SAMPLES['invoice-issued'], institutePin: '', buyerPin: '' });
    expect(`${none.text}${none.html}`).not.toContain('KRA PIN');
  });
});

describe('the partials built from settings', () => {
  it('escape staff-entered values and never evaluate them as a template', () => {
    const partials = mailPartials({ ...settings, instituteName: 'NCI <script>x</script> {{evil}}', contactPhone: '{{#each x}}' });
    const r = createMailRenderer({ ...DEFAULT_MAIL_TEMPLATES, ...partials });
    const out = r.render('message-received', { name: 'A', subject: 'B', evil: 'EVALUATED' });
    expect(out.html).toContain('NCI &lt;script&gt;x&lt;/script&gt;');
    expect(out.html).not.toContain('EVALUATED');
    expect(out.text).toContain('NCI <script>x</script> {{evil}}');
    expect(out.text).toContain('Phone {{#each x}}');
    expect(out.text).not.toContain('EVALUATED');
  });

  // Hundreds of renders: CPU-bound, so allowed more than the default 5 s on a busy two-core machine.
  it('show any staff-entered value as typed, however it plays with braces and backslashes', { timeout: 60_000 }, () => {
    const tricky = ['\\{{evil}}', '\\\\{{evil}}', '{{{evil}}}', 'a\\', '}} {{#each x}}', '\\{{!}}', '{{', '{', '\\'];
    let seed = 7;
    const random = () => Array.from({ length: 12 }, () => '{}\\ ae'[(seed = (seed * 48271) % 2147483647) % 7]).join('');
    for (const value of [...tricky, ...Array.from({ length: 500 }, random)]) {
      const partials = mailPartials({ ...settings, instituteName: value });
      const out = createMailRenderer({ ...DEFAULT_MAIL_TEMPLATES, ...partials }).render('message-received', {
        name: 'A',
        subject: 'B',
        evil: 'EVALUATED',
        x: [1],
      });
      expect([value, out.text!.includes(`--\n${value}\n`)]).toEqual([value, true]);
      expect([value, out.html!.includes('EVALUATED') || out.text!.includes('EVALUATED')]).toEqual([value, false]);
    }
  });

  it('leave out a payment line whose setting is empty, and a missing phone', () => {
    const { howToPay, contacts } = mailPartials({ ...settings, contactPhone: '' });
    expect(howToPay.text).not.toContain('Branch');
    expect(howToPay.text).toContain('SWIFT code: NBKEKENX');
    expect(contacts.text).not.toContain('Phone');
    expect(contacts.text).toContain('info@summit.example.org · registration@summit.example.org');
  });

  it('end every email with the way to the attendee’s own page', () => {
    const out = createMailRenderer({ ...DEFAULT_MAIL_TEMPLATES, ...mailPartials(settings) }).render('message-received', { name: 'A', subject: 'B' });
    expect(out.text).toContain('My registration (see, pay for or cancel it): https://summit.example.org/my-registration');
    expect(out.html).toContain('<a href="https://summit.example.org/my-registration">My registration</a>');
  });

  it('hold the site’s address without a trailing slash', () => {
    expect(normaliseSiteUrl(' https://summit.example.org/// ')).toBe('https://summit.example.org');
    expect(mailPartials(settings).siteUrl.text).toBe('https://summit.example.org');
  });
});
