import { describe, expect, it } from 'vitest';
import { ServerValue } from '../../lib/db.ts';
import { certificateNameDiffers } from '../../data/certificates.ts';
import { changedFields, correctionMessage, correctionOf, correctionSchema, correctionWrites, NothingChangedError } from './corrections.ts';

const record = {
  id: 'reg-1',
  paymentCode: 'NCS-7K2QD',
  fullName: 'Wanjiru Kamau',
  email: 'wanjiru@example.org',
  phone: '+254 700 111 222',
  organisation: 'KNH',
  accessibilityNeeds: 'Wheelchair',
  dietaryNeeds: '',
  category: 'delegate',
  fee: 15000,
  currency: 'KES',
  status: 'confirmed',
  paymentStatus: 'paid',
  seat: '12',
  seatClaim: 'c',
};

describe('a correction', () => {
  it('changes only the fields that differ, in a fixed order, and logs their names without their values', () => {
    const next = { ...correctionOf(record), dietaryNeeds: 'Halal', fullName: 'Wanjiru Kamau-Otieno' };
    expect(changedFields(record, next)).toEqual(['fullName', 'dietaryNeeds']);
    const [update, checkout, log] = correctionWrites(record, next, 'wanjiru@example.org', 'log-1');
    expect(update).toMatchObject({ update: 'registrations/reg-1', data: { fullName: 'Wanjiru Kamau-Otieno', dietaryNeeds: 'Halal', correctionLog: 'log-1' } });
    const data = (update as { data: Record<string, unknown> }).data;
    expect(Object.keys(data).sort()).toEqual(['correctedAt', 'correctionLog', 'dietaryNeeds', 'fullName', 'searchTokens']);
    expect(data.correctedAt).toBeInstanceOf(ServerValue);
    expect(data.searchTokens).toEqual(expect.arrayContaining(['wanjiru@example.org', 'reg-1', 'ncs-7k2qd', 'otieno', 'kamau']));
    expect(checkout).toMatchObject({ set: 'checkouts/reg-1', data: { fullName: 'Wanjiru Kamau-Otieno', email: 'wanjiru@example.org' } });
    expect(log).toMatchObject({
      set: 'logs/log-1',
      data: {
        id: 'log-1',
        userEmail: 'wanjiru@example.org',
        registrationId: 'reg-1',
        message: 'Registration NCS-7K2QD corrected by its attendee: name, dietary needs.',
      },
    });
    expect(JSON.stringify(log)).not.toContain('Halal');
    expect(JSON.stringify(log)).not.toContain('Wheelchair');
  });

  it('names an old record without a payment code by its reference, as the rules do', () => {
    expect(correctionMessage('reg-1', ['phone'])).toBe('Registration reg-1 corrected by its attendee: phone.');
  });

  it('refuses a correction that changes nothing', () => {
    expect(() => correctionWrites(record, correctionOf(record), 'wanjiru@example.org')).toThrow(NothingChangedError);
  });

  it('takes each field by the register form’s grammar', () => {
    const ok = correctionOf(record);
    expect(correctionSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { fullName: 'N'.repeat(121) },
      { fullName: '' },
      { fullName: 'Amina\u202E' },
      { organisation: 'O'.repeat(161) },
      { phone: 'call me' },
      { dietaryNeeds: 'd'.repeat(501) },
      { accessibilityNeeds: 'a'.repeat(1001) },
    ]) {
      expect(correctionSchema.safeParse({ ...ok, ...bad }).success).toBe(false);
    }
  });

  it('says when a valid certificate prints another name than the registration', () => {
    expect(certificateNameDiffers({ status: 'valid', fullName: 'Wanjiru Kamau' }, { fullName: 'Wanjiru Kamau-Otieno' })).toBe(true);
    expect(certificateNameDiffers({ status: 'valid', fullName: 'Wanjiru Kamau' }, { fullName: 'Wanjiru Kamau' })).toBe(false);
    expect(certificateNameDiffers({ status: 'revoked', fullName: 'Old' }, { fullName: 'New' })).toBe(false);
    expect(certificateNameDiffers(null, { fullName: 'New' })).toBe(false);
  });
});
