import { describe, expect, it } from 'vitest';
import { boothDocument, boothFormSchema, partnerDocument, partnerFormSchema } from './schema.ts';

const form = { organisation: 'NHT', contactName: 'Juma Ali', email: 'juma@example.org', phone: '+254 711 000 111', kraPin: '', tier: 'gold', message: '' };

describe('a partner application’s website', () => {
  it('accepts a bare domain and stores it with https://, as the rules require', () => {
    expect(partnerFormSchema.parse({ ...form, website: ' nht.example.com ' }).website).toBe('https://nht.example.com');
    expect(partnerFormSchema.parse({ ...form, website: 'http://nht.example.com/p' }).website).toBe('http://nht.example.com/p');
    expect(partnerFormSchema.parse({ ...form, website: '' }).website).toBe('');
  });

  it('refuses what is not a web address, saying what to type', () => {
    for (const bad of ['nht', 'javascript:alert(1)', 'juma@example.org', 'ftp://nht.example.com']) {
      const result = partnerFormSchema.safeParse({ ...form, website: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].message).toBe('Enter the website, like nht.example.com, or leave it empty.');
    }
  });
});

describe('a partnership application', () => {
  function messageFor(field: string, value: unknown): string | undefined {
    return partnerFormSchema.safeParse({ ...form, website: '', [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
  }

  it.each([
    ['organisation', '', 'Enter the organisation name.'],
    ['organisation', 'x'.repeat(161), 'The organisation name must be at most 160 characters.'],
    ['contactName', ' ', 'Enter the contact person.'],
    ['contactName', 'x'.repeat(121), 'The contact person must be at most 120 characters.'],
    ['tier', '', 'Choose a partnership tier.'],
    ['message', 'x'.repeat(2001), 'The message must be at most 2000 characters.'],
    ['website', `https://${'x'.repeat(190)}.example`, 'The website must be at most 200 characters.'],
  ])('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['organisation', 'x'.repeat(160)],
    ['contactName', 'x'.repeat(120)],
    ['tier', 'x'.repeat(40)],
    ['message', 'x'.repeat(2000)],
    ['website', `https://${'x'.repeat(184)}.example`], // 200 characters
  ])('accepts %s at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('refuses a tier code longer than 40 characters, and a website with a space', () => {
    expect(messageFor('tier', 'x'.repeat(41))).toBeDefined();
    expect(messageFor('website', 'https://nht example.com')).toBe('Enter the website, like nht.example.com, or leave it empty.');
  });

  it('is stored as a pending, unpaid, unpublished partnership', () => {
    expect(partnerDocument({ ...form, website: 'nht.example.com' }, 500000, 'KES')).toEqual({
      kind: 'partner',
      ...form,
      website: 'https://nht.example.com',
      fee: 500000,
      currency: 'KES',
      status: 'pending',
      paymentStatus: 'unpaid',
      published: false,
    });
  });
});

describe('a booth booking', () => {
  const booth = {
    organisation: 'NHT',
    contactName: 'Juma Ali',
    email: 'juma@example.org',
    phone: '+254 711 000 111',
    kraPin: 'P051234567X',
    boothType: 'standard',
    staffCount: 3,
    requirements: '',
  };
  function messageFor(field: string, value: unknown): string | undefined {
    return boothFormSchema.safeParse({ ...booth, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
  }

  it.each([
    ['boothType', '', 'Choose a booth type.'],
    ['staffCount', 'many', 'Enter how many staff will attend the booth.'],
    ['staffCount', 2.5, 'Enter a whole number of staff.'],
    ['staffCount', 0, 'At least 1 person must staff the booth.'],
    ['staffCount', 21, 'At most 20 staff per booth.'],
    ['requirements', 'x'.repeat(1001), 'Requirements must be at most 1000 characters.'],
  ])('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['staffCount', 1],
    ['staffCount', '20'],
    ['boothType', 'x'.repeat(40)],
    ['requirements', 'x'.repeat(1000)],
  ])('accepts %s = %j at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('refuses a booth type code longer than 40 characters', () => {
    expect(messageFor('boothType', 'x'.repeat(41))).toBeDefined();
  });

  it('is stored as a pending, unpaid booth with its staff count as a number', () => {
    expect(boothDocument({ ...booth, staffCount: '4' as unknown as number }, 80000, 'USD')).toEqual({
      kind: 'booth',
      ...booth,
      staffCount: 4,
      fee: 80000,
      currency: 'USD',
      status: 'pending',
      paymentStatus: 'unpaid',
      published: false,
    });
  });
});

describe('the buyer’s KRA PIN on an application', () => {
  const booth = {
    organisation: 'NHT',
    contactName: 'Juma Ali',
    email: 'juma@example.org',
    phone: '+254 711 000 111',
    boothType: 'standard',
    staffCount: 3,
    requirements: '',
  };

  it('is stored normalised on both kinds, or empty when not given', () => {
    expect(partnerDocument({ ...form, website: '', kraPin: ' p051 234 567x ' }, 1, 'KES').kraPin).toBe('P051234567X');
    expect(boothDocument({ ...booth, kraPin: 'a123456789b' }, 1, 'KES').kraPin).toBe('A123456789B');
    expect(partnerDocument({ ...form, website: '' }, 1, 'KES').kraPin).toBe('');
  });

  it.each(['P0512345678X', '\u0420051234567X', 'PIN P051234567X'])('refuses %j, saying what a PIN looks like', (kraPin) => {
    for (const result of [partnerFormSchema.safeParse({ ...form, website: '', kraPin }), boothFormSchema.safeParse({ ...booth, kraPin })]) {
      expect(result.error?.issues.find((i) => i.path[0] === 'kraPin')?.message).toBe(
        'Enter the KRA PIN as A or P, nine digits and a letter, like P051234567X, or leave it empty.',
      );
    }
  });
});
