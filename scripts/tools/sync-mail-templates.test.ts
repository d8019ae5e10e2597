import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '../../src/data/mail.ts';
import { plannedWrites } from './sync-mail-templates.ts';

const settings = {
  siteUrl: 'https://summit.example.org',
  instituteName: 'NCI',
  contactEmails: ['info@summit.example.org'],
  payment: { mobileMoneyPaybill: '400200' },
};

describe('which template documents the sync writes', () => {
  it('on a new project: every template and the three partials', () => {
    const names = plannedWrites(new Set(), settings, false).map(([n]) => n);
    expect(names).toEqual([...MAIL_TEMPLATES, 'siteUrl', 'contacts', 'howToPay']);
  });

  it('keeps templates that exist (edited in the back office), but always rebuilds the partials from settings', () => {
    const writes = plannedWrites(new Set(['registration-pending', 'invoice-issued', 'contacts']), settings, false);
    const names = writes.map(([n]) => n);
    expect(names).not.toContain('registration-pending');
    expect(names).not.toContain('invoice-issued');
    expect(names).toContain('contacts');
    expect(writes.find(([n]) => n === 'howToPay')![1].text).toContain('Paybill number: 400200');
  });

  it('with --overwrite, writes every template again', () => {
    expect(plannedWrites(new Set(MAIL_TEMPLATES), settings, true)).toHaveLength(MAIL_TEMPLATES.length + 3);
  });
});
