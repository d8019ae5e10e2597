import { describe, expect, it } from 'vitest';
import { demoDocuments } from '../../emulator/seed/demo-data.ts';
import { goLiveGaps, isPlaceholder, registrationBlockers } from './go-live.ts';
import type { SiteSettings } from './site-settings-schema.ts';

const LIVE: Partial<SiteSettings> = {
  siteUrl: 'https://summit.nci.go.ke',
  contactPhone: '+254 20 271 7077',
  contactEmails: ['info@nci.go.ke', 'summit@nci.go.ke'],
  instituteAddress: 'P.O. Box 30016-00100, Nairobi',
  instituteKraPin: 'P051234567X',
  payment: {
    mobileMoneyPaybill: '522533',
    bankName: 'Kenya Commercial Bank',
    bankAccountName: 'National Cancer Institute of Kenya',
    bankAccountNumber: '1234567890',
  },
};

describe('isPlaceholder', () => {
  it.each([
    '',
    '   ',
    null,
    undefined,
    42,
    '000000',
    '0000000000',
    '0',
    '+254 20 000 0000',
    '+254 700 000 000',
    'P.O. Box 00000-00100, Nairobi',
    'DEMO-PAYBILL',
    '123456 (demo)',
    'Demo Bank',
    'info@summit.example.org',
    'admin@summit.test',
    'Test account',
    'TBC',
    'xxxx',
    '174379',
    '600000',
    '+254 708 374 149',
    'P000000000X',
  ])('%j is a placeholder', (value) => {
    expect(isPlaceholder(value)).toBe(true);
  });

  it.each([
    '522533',
    '1234567890',
    '+254 20 271 7077',
    'P.O. Box 30016-00100, Nairobi',
    'Kenya Commercial Bank',
    'Demographics Unit',
    'Testimony House, Kenyatta Avenue',
    'info@nci.go.ke',
    '0700 123 456',
    'Nairobi 00100',
  ])('%j is real', (value) => {
    expect(isPlaceholder(value)).toBe(false);
  });
});

describe('goLiveGaps', () => {
  it('is empty for real settings', () => {
    expect(goLiveGaps(LIVE)).toEqual([]);
    expect(registrationBlockers(LIVE)).toEqual([]);
  });

  it('lists everything for no settings at all', () => {
    expect(goLiveGaps(null).map((g) => g.label)).toEqual([
      'M-Pesa Paybill number',
      'Bank account number',
      'Bank account name',
      'Bank name',
      'Contact phone',
      'Contact mailboxes',
      'Institute postal address',
      'Institute KRA PIN',
      'Public site address (https)',
    ]);
  });

  it('lists the demo seed’s placeholders, and the payment ones block registration', () => {
    const seeded = new Map(demoDocuments()).get('settings/site') as Partial<SiteSettings>;
    const gaps = goLiveGaps(seeded);
    expect(gaps.map((g) => g.label)).toEqual(
      expect.arrayContaining([
        'M-Pesa Paybill number',
        'Bank account number',
        'Contact phone',
        'Contact mailboxes',
        'Institute postal address',
        'Institute KRA PIN',
        'Public site address (https)',
      ]),
    );
    expect(registrationBlockers(seeded).length).toBeGreaterThan(0);
    expect(registrationBlockers(seeded).every((g) => g.blocksRegistration)).toBe(true);
  });

  it('names each item by its Settings field, and only payment details block registration', () => {
    const one = goLiveGaps({ ...LIVE, contactPhone: '', payment: { ...LIVE.payment, mobileMoneyPaybill: '000000' } });
    expect(one).toEqual([
      { label: 'M-Pesa Paybill number', field: 'Paybill number', blocksRegistration: true },
      { label: 'Contact phone', field: 'Contact phone', blocksRegistration: false },
    ]);
  });

  it('flags one demo mailbox among real ones, an empty list, and a site served locally or over http', () => {
    expect(goLiveGaps({ ...LIVE, contactEmails: ['info@nci.go.ke', 'registration@summit.example.org'] }).map((g) => g.label)).toEqual(['Contact mailboxes']);
    expect(goLiveGaps({ ...LIVE, contactEmails: [] }).map((g) => g.label)).toEqual(['Contact mailboxes']);
    for (const siteUrl of ['http://localhost:5173', 'https://localhost', 'http://summit.nci.go.ke', 'https://127.0.0.1:4173', ''])
      expect(goLiveGaps({ ...LIVE, siteUrl }).map((g) => g.label)).toEqual(['Public site address (https)']);
  });

  it('treats a missing payment map or non-text values as missing', () => {
    expect(registrationBlockers({ ...LIVE, payment: undefined }).length).toBe(4);
    expect(registrationBlockers({ ...LIVE, payment: { ...LIVE.payment, bankAccountNumber: 12345 as unknown as string } }).map((g) => g.label)).toEqual([
      'Bank account number',
    ]);
  });
});
