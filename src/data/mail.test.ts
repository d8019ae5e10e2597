import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applicationMail,
  certificateMail,
  donationMail,
  groupDigits,
  mailMinorMoney,
  mailMoney,
  messageMail,
  registrationMail,
  MAIL_LABELS,
  MAIL_SAMPLES,
  MAIL_TEMPLATES,
  MAX_RESENDS,
  resendWrite,
} from './mail.ts';

const settings = {
  categories: { delegate: { label: 'Delegate', fee: 15000 }, survivor: { label: 'Survivor', fee: 0 } },
  partnerTiers: { gold: { label: 'Gold', fee: 1500000 } },
  boothTypes: { standard: { label: 'Standard booth', fee: 50000 } },
};
const dataOf = (w: unknown) => w as { set: string; data: Record<string, unknown> };

describe('amounts as every message states them (and firestore.rules rebuilds them)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1005, '1,005'],
    [15000, '15,000'],
    [999999, '999,999'],
    [1000000, '1,000,000'],
    [2500000, '2,500,000'],
    [100000000, '100,000,000'],
    [-1500, '-1,500'],
  ])('%d → %s', (n, text) => {
    expect(groupDigits(n)).toBe(text);
  });

  it('names the currency first', () => {
    expect(mailMoney(15000, 'KES')).toBe('KES 15,000');
  });

  it.each([
    [1_500_000, 'KES 15,000'],
    [116_005, 'KES 1,160.05'],
    [116_050, 'KES 1,160.50'],
    [1, 'KES 0.01'],
  ])('%d cents → %s, cents only when there are some', (minor, text) => {
    expect(mailMinorMoney(minor, 'KES')).toBe(text);
  });
});

describe('the messages visitors’ own commits send', () => {
  it('a paid registration gets the amount due; a free one is confirmed; both about the registration, to its address', () => {
    const paid = dataOf(
      registrationMail(
        'r1',
        { fullName: 'Achieng', email: 'a@example.org', category: 'delegate', fee: 15000, currency: 'KES', paymentCode: 'NCS-7K2QD' },
        settings,
      ),
    );
    expect(paid.set).toBe('mail/r1');
    expect(paid.data).toMatchObject({
      to: 'a@example.org',
      template: { name: 'registration-pending', data: { name: 'Achieng', reference: 'r1', code: 'NCS-7K2QD', category: 'Delegate', amount: 'KES 15,000' } },
      recordCollection: 'registrations',
      recordId: 'r1',
    });
    const free = dataOf(registrationMail('r2', { fullName: 'Baraka', email: 'b@example.org', category: 'survivor', fee: 0, currency: 'KES' }, settings));
    // A record from before payment codes quotes its reference.
    expect(free.data.template).toEqual({ name: 'registration-confirmed', data: { name: 'Baraka', reference: 'r2', code: 'r2', category: 'Survivor' } });
    expect(free.data).not.toHaveProperty('message');
  });

  it('an application names its tier or booth type from settings', () => {
    const partner = dataOf(
      applicationMail(
        'p1',
        {
          kind: 'partner',
          contactName: 'Juma',
          organisation: 'EAHF',
          email: 'j@example.org',
          fee: 1500000,
          currency: 'KES',
          tier: 'gold',
          paymentCode: 'NCS-P4TXM',
        },
        settings,
      ),
    );
    expect(partner.data.template).toEqual({
      name: 'partner-received',
      // Nothing the applicant typed (the address is not proven): the settings' label, the fee, the reference and code.
      data: { reference: 'p1', code: 'NCS-P4TXM', option: 'Gold', amount: 'KES 1,500,000' },
    });
    const booth = dataOf(
      applicationMail(
        'b1',
        { kind: 'booth', contactName: 'Juma', organisation: 'EAHF', email: 'j@example.org', fee: 50000, currency: 'KES', boothType: 'standard' },
        settings,
      ),
    );
    expect(booth.data.template).toMatchObject({ name: 'booth-received', data: { option: 'Standard booth' } });
  });

  it('a contact message and a pledge are acknowledged to the address given, with their reference and none of the sender’s words', () => {
    const message = { name: 'Refund due: confirm at https://evil.example/r', email: 'l@example.org', subject: 'CALL 0712 000 000' };
    const mail = dataOf(messageMail('m1', message)).data as { template: { data: object } };
    expect(mail).toMatchObject({ to: 'l@example.org', template: { name: 'message-received' }, recordCollection: 'messages' });
    expect(mail.template.data).toEqual({ reference: 'm1' });
    const pledge = { name: 'Peter', email: 'p@example.org', amount: 2500, currency: 'KES' };
    expect((dataOf(donationMail('d1', pledge)).data as { template: object }).template).toEqual({ name: 'donation-thanks', data: { reference: 'd1' } });
  });
});

describe('the messages staff actions send', () => {
  it('a certificate is mailed to the address it was issued to, about the certificate, with its figures and its PDF', () => {
    const pdf = { filename: 'certificate-c1.pdf', content: 'JVBERi0=', encoding: 'base64', contentType: 'application/pdf' };
    const mail = dataOf(
      certificateMail('m1', { id: 'c1', fullName: 'Wanjiru Kamau', email: 'w@example.org', activityName: 'National Cancer Summit 2027', points: 7.5 }, pdf),
    );
    expect(mail.set).toBe('mail/m1');
    expect(mail.data).toMatchObject({
      to: 'w@example.org',
      // points stay a number: the rules compare it with the certificate's own.
      template: { name: 'certificate-issued', data: { name: 'Wanjiru Kamau', certificateId: 'c1', activity: 'National Cancer Summit 2027', points: 7.5 } },
      recordCollection: 'certificates',
      recordId: 'c1',
      message: { attachments: [pdf] },
    });
    expect(Object.keys(mail.data).sort()).toEqual(['message', 'recordCollection', 'recordId', 'template', 'timestamp', 'to']);
  });
});

describe('the catalogue', () => {
  it('every template has a label and sample data', () => {
    for (const name of MAIL_TEMPLATES) {
      expect(MAIL_LABELS[name]).toBeTruthy();
      expect(MAIL_SAMPLES[name]).toBeTruthy();
    }
  });
});

describe('resends', () => {
  it('count up by one from none, to the cap firestore.rules holds', () => {
    expect(resendWrite({ id: 'm1' })).toEqual({ update: 'mail/m1', data: { 'delivery.state': 'RETRY', resends: 1 } });
    expect(resendWrite({ id: 'm1', resends: 2 }).data.resends).toBe(3);
    expect(readFileSync('firestore.rules', 'utf8')).toContain(`request.resource.data.resends <= ${MAX_RESENDS}`);
  });
});
