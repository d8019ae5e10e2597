import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedEmail, EMAIL_PATTERN } from './email-address.ts';
import { emailField, lineField, MULTI_LINE_CHAR, paragraphField, phoneField, SINGLE_LINE_CHAR, SINGLE_LINE_PATTERN, withWebScheme } from './validation.ts';

const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const valid = (v: string) => emailField().safeParse(v).success;

describe('the email grammar', () => {
  it('is the very pattern firestore.rules checks', () => {
    expect(rules).toContain(`v.matches("${EMAIL_PATTERN}")`);
  });

  it.each(['wanjiru.kamau@example.org', "o'neil@example.co.ke", 'a+b@sub-domain.example.org', 'x_y@example.io', 'A1@EXAMPLE.ORG'])('accepts %s', (v) => {
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

  it('is checked the same without zod (checkedEmail), trimmed, on every case above', () => {
    const long = `${'a'.repeat(242)}@example.org`;
    const samples = [
      'wanjiru.kamau@example.org',
      "o'neil@example.co.ke",
      '  a@example.org ',
      'a@example.org,victim@example.org',
      'vic\u200Btim@example.org',
      'a..b@example.org',
      'a@b-.co',
      'é@example.org',
      long,
      `a${long}`,
      '',
      '   ',
    ];
    for (const v of samples) {
      const zod = emailField().safeParse(v);
      expect([v, checkedEmail(v)]).toEqual([v, zod.success ? zod.data : null]);
    }
  });
});

describe('one-line answers and paragraphs', () => {
  const line = lineField(0, 200, '', 'too long');
  const paragraph = paragraphField(0, 2000, '', 'too long');
  const asRules = (pattern: string) => pattern.replaceAll('\\', '\\\\');

  it('are the very characters firestore.rules checks (each backslash written twice in a rules string)', () => {
    expect(rules).toContain(`function lineChar() {\n      return '${asRules(SINGLE_LINE_CHAR)}';`);
    expect(rules).toContain(`function paragraphChar() {\n      return '${asRules(MULTI_LINE_CHAR)}';`);
    expect(SINGLE_LINE_PATTERN).toBe(`^${SINGLE_LINE_CHAR}*$`);
  });

  it.each([
    ['a name with accents and apostrophes', "Wanjiru N'gang'a-Kamau, Gertrude’s"],
    ['Arabic and Swahili', 'مستشفى Hospitali ya Kenyatta'],
    ['an emoji', 'Team 🎗️'],
  ])('accept %s', (_, v) => {
    expect(line.safeParse(v).success).toBe(true);
    expect(paragraph.safeParse(v).success).toBe(true);
  });

  it('a paragraph keeps line breaks and tabs; a one-line answer refuses them', () => {
    expect(paragraph.safeParse('Wheelchair access\r\nand a\tquiet room').success).toBe(true);
    expect(line.safeParse('Brian\nOdhiambo').success).toBe(false);
    expect(line.safeParse('Brian\tOdhiambo').success).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'Brian \u202Egpj.exe'],
    ['a left-to-right embedding', 'x\u202Ay'],
    ['a first-strong isolate', 'x\u2068y'],
    ['a NUL', 'x\u0000y'],
    ['an escape character', 'x\u001B[31my'],
    ['DEL', 'x\u007Fy'],
  ])('both refuse %s', (_, v) => {
    expect(line.safeParse(v).success).toBe(false);
    expect(paragraph.safeParse(v).success).toBe(false);
  });
});

describe('web addresses as people type them', () => {
  it('gives a bare domain https://, keeping its path, query and port', () => {
    expect(withWebScheme('nht.example.com')).toBe('https://nht.example.com');
    expect(withWebScheme('  www.nhif.or.ke/about?x=1 ')).toBe('https://www.nhif.or.ke/about?x=1');
    expect(withWebScheme('summit.example.org:8443/p')).toBe('https://summit.example.org:8443/p');
  });

  it('leaves an address with a scheme, an email address, a path and words as they are', () => {
    for (const typed of [
      'https://nht.example.com',
      'http://a.example',
      'mailto:info@example.org',
      'javascript:alert(1)',
      'info@example.org',
      '/about',
      'not a website',
      'localhost',
      '',
    ]) {
      expect(withWebScheme(typed)).toBe(typed.trim());
    }
  });
});

describe('web addresses at the edges', () => {
  it.each([
    ['NHT.EXAMPLE.COM', 'https://NHT.EXAMPLE.COM'],
    ['nht.example.com#contacts', 'https://nht.example.com#contacts'],
    ['nht.example.com?q=1', 'https://nht.example.com?q=1'],
    ['nht.example.com:8080', 'https://nht.example.com:8080'],
    ['nht.example.com:65535/x', 'https://nht.example.com:65535/x'],
    ['nht.example.com:123456', 'nht.example.com:123456'],
    ['nht.example.com:', 'nht.example.com:'],
    ['nht.example.c', 'nht.example.c'],
    ['nht .example.com', 'nht .example.com'],
    ['user@nht.example.com/x', 'user@nht.example.com/x'],
    ['HTTPS://nht.example.com', 'HTTPS://nht.example.com'],
    ['localhost:3000', 'localhost:3000'],
    ['x.ke', 'https://x.ke'],
  ])('reads %j as %j', (typed, stored) => {
    expect(withWebScheme(typed)).toBe(stored);
  });
});

describe('phone numbers', () => {
  const valid = (v: string) => phoneField().safeParse(v).success;

  it.each(['0700000', '+254 700 000 000', '(020) 271-0000', '+254700000000', `+${'1'.repeat(19)}`, ` ${'1'.repeat(20)} `])('accepts %j', (v) => {
    expect(valid(v)).toBe(true);
  });

  it.each(['070000', '1'.repeat(21), '+254 7OO 000 000', '254-700-000-000 ext 1', '++254700000000', '+', ''])('refuses %j, saying what to type', (v) => {
    expect(phoneField().safeParse(v).error?.issues[0].message).toBe('Enter a phone number with 7 to 20 digits, like +254 700 000 000.');
  });

  it('stores the number trimmed', () => {
    expect(phoneField().parse('  +254 700 000 000 ')).toBe('+254 700 000 000');
  });
});

describe('the messages of a one-line answer and a paragraph', () => {
  const line = lineField(2, 5, 'Too short.', 'Too long.');
  const paragraph = paragraphField(2, 5, 'Too short.', 'Too long.');

  it.each([
    [' a ', 'Too short.'],
    ['abcdef', 'Too long.'],
    ['a\u202Eb', 'Use only visible characters: no line breaks or hidden formatting characters.'],
  ])('a one-line answer %j: “%s”', (v, message) => {
    expect(line.safeParse(v).error?.issues[0].message).toBe(message);
  });

  it.each([
    [' a ', 'Too short.'],
    ['abcdef', 'Too long.'],
    ['a\u202Eb', 'Use only visible characters (line breaks are fine), no hidden formatting characters.'],
  ])('a paragraph %j: “%s”', (v, message) => {
    expect(paragraph.safeParse(v).error?.issues[0].message).toBe(message);
  });

  it('trims both, and accepts their limits', () => {
    expect(line.parse('  ab  ')).toBe('ab');
    expect(line.parse('abcde')).toBe('abcde');
    expect(paragraph.parse(' a\nb ')).toBe('a\nb');
  });
});
