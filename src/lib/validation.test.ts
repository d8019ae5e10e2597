import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, emailField } from './validation.ts';

const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const valid = (v: string) => emailField().safeParse(v).success;

describe('the email grammar', () => {
  it('is the very pattern firestore.rules checks', () => {
    expect(rules).toContain(`v.matches("${EMAIL_PATTERN}")`);
  });

  it.each([
    'wanjiru.kamau@example.org', "o'neil@example.co.ke", 'a+b@sub-domain.example.org', 'x_y@example.io', 'A1@EXAMPLE.ORG',
  ])('accepts %s', (v) => {
    expect(valid(v)).toBe(true);
  });

  it.each([
    ['a line break and a header', 'victim@example.org\r\nBcc:x@example.org'],
    ['a list', 'a@example.org,victim@example.org'],
    ['angle brackets', '<victim@example.org>'],
    ['a display name', 'Victim <victim@example.org>'],
    ['a right-to-left override', 'victim@example.org\u202Egro'],
    ['a zero-width space', 'vic\u200Btim@example.org'],
    ['a space inside', 'vic tim@example.org'],
    ['two @', 'a@b@example.org'],
    ['no domain dot', 'a@localhost'],
    ['a leading dot', '.a@example.org'],
    ['two dots', 'a..b@example.org'],
    ['a trailing apostrophe', "a'@example.org"],
    ['a one-letter top-level domain', 'a@example.o'],
    ['a domain starting with a dash', 'a@-example.org'],
  ])('refuses %s', (_, v) => {
    expect(valid(v)).toBe(false);
  });

  it('agrees with zod’s own email check on every case above and on edge shapes', () => {
    const samples = ['a@b.co', 'a-@b.co', '-a@b.co', 'a.@b.co', 'a@b-.co', 'a@b..co', 'é@example.org', 'a@exämple.org', 'a@example.c0m', "'a@b.co", 'a@1.co'];
    for (const v of samples) expect([v, valid(v)]).toEqual([v, z.email().safeParse(v).success]);
  });

  it('trims what was typed around the address, and allows 254 characters at most', () => {
    expect(emailField().parse('  a@example.org ')).toBe('a@example.org');
    const long = `${'a'.repeat(242)}@example.org`;
    expect(long).toHaveLength(254);
    expect(valid(long)).toBe(true);
    expect(valid(`a${long}`)).toBe(false);
  });
});
