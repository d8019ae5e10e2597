import { describe, expect, it } from 'vitest';
import { partnerFormSchema } from './schema.ts';

const form = { organisation: 'NHT', contactName: 'Juma Ali', email: 'juma@example.org', phone: '+254 711 000 111', tier: 'gold', message: '' };

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
