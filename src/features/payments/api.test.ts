import { describe, expect, it } from 'vitest';
import { describeRecord } from './api.ts';

const settings = {
  categories: { delegate: { label: 'Delegate' } },
  partnerTiers: { gold: { label: 'Gold partner' } },
  boothTypes: { standard: { label: 'Standard booth (3 × 3 m)' } },
};
const common = { email: 'a@example.org', fee: 15000, currency: 'KES', status: 'pending', paymentStatus: 'unpaid' };

describe('what checkout calls a record', () => {
  it('names the category, tier or booth type as settings label them, not by their stored keys', () => {
    expect(describeRecord('registrations', { id: 'r1', fullName: 'Achieng', category: 'delegate', ...common }, settings).what).toBe('Registration · Delegate');
    expect(describeRecord('partners', { id: 'p1', organisation: 'EAHF', contactName: 'Juma', kind: 'partner', tier: 'gold', ...common }, settings).what).toBe(
      'Partnership · Gold partner',
    );
    expect(
      describeRecord('partners', { id: 'b1', organisation: 'EAHF', contactName: 'Juma', kind: 'booth', boothType: 'standard', ...common }, settings).what,
    ).toBe('Booth · Standard booth (3 × 3 m)');
  });

  it('falls back to the key when settings no longer hold it (or could not be read)', () => {
    expect(describeRecord('registrations', { id: 'r1', fullName: 'A', category: 'early-bird', ...common }, settings).what).toBe('Registration · early-bird');
    expect(describeRecord('registrations', { id: 'r1', fullName: 'A', category: 'delegate', ...common }, null).what).toBe('Registration · delegate');
  });

  it('greets an application’s contact person in its messages, and names the organisation on screen', () => {
    const r = describeRecord('partners', { id: 'p1', organisation: 'EAHF', contactName: 'Juma', kind: 'partner', tier: 'gold', ...common }, settings);
    expect(r.name).toBe('EAHF');
    expect(r.payable).toMatchObject({ name: 'Juma', email: 'a@example.org', collection: 'partners', id: 'p1' });
  });
});
