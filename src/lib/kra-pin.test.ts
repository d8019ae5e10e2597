// The KRA PIN grammar and the form field built on it; tests/unit/kra-pin-rules.test.ts holds the
// rules' kraPin() to the same cases.
import { describe, expect, it } from 'vitest';
import { isKraPin, normaliseKraPin } from './kra-pin.ts';
import { kraPinField } from './validation.ts';

describe('KRA PINs', () => {
  const field = kraPinField();
  const MESSAGE = 'Enter the KRA PIN as A or P, nine digits and a letter, like P051234567X, or leave it empty.';

  it.each(['P051234567X', 'A123456789B', 'A000000000A', 'P999999999Z'])('accepts %s as it is', (pin) => {
    expect(isKraPin(pin)).toBe(true);
    expect(field.parse(pin)).toBe(pin);
  });

  it.each([
    ['lower case', 'p051234567x', 'P051234567X'],
    ['a lower-case last letter', 'A123456789b', 'A123456789B'],
    ['spaces around', '  P051234567X\t', 'P051234567X'],
    ['spaces inside, as read out in groups', 'P051 234 567X', 'P051234567X'],
    ['a no-break space inside', 'P051\u00A0234567X', 'P051234567X'],
    ['a pasted line break', 'P05123\n4567X\r\n', 'P051234567X'],
  ])('stores %s normalised', (_, typed, stored) => {
    expect(field.parse(typed)).toBe(stored);
  });

  it('stores nothing typed, or only spaces, as empty: every PIN is optional', () => {
    expect(field.parse('')).toBe('');
    expect(field.parse('   ')).toBe('');
    expect(isKraPin('')).toBe(false);
  });

  it.each([
    ['ten digits', 'P0512345678X'],
    ['eight digits', 'P05123456X'],
    ['no last letter', 'P051234567'],
    ['a digit last', 'P0512345679'],
    ['another first letter', 'B051234567X'],
    ['a digit first', '0051234567X'],
    ['two PINs', 'P051234567XP051234567X'],
    ['a hyphen', 'P-051234567-X'],
    ['a Cyrillic Р first', '\u0420051234567X'],
    ['a Cyrillic Х last', 'P051234567\u0425'],
    ['a Cyrillic а, lower case', '\u0430123456789B'],
    ['full-width digits', 'P\uFF10\uFF15\uFF11234567X'],
    ['a zero-width space', 'P051234567\u200BX'],
    ['a Turkish dotless ı (toUpperCase would make it I)', 'P051234567\u0131'],
  ])('refuses %s, saying what a PIN looks like', (_, typed) => {
    expect(field.safeParse(typed).error?.issues[0].message).toBe(MESSAGE);
    expect(isKraPin(normaliseKraPin(typed))).toBe(false);
  });
});
