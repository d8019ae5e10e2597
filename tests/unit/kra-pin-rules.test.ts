// firestore.rules' kraPin() against the app's one KRA PIN grammar (src/lib/validation.ts), decided
// by the emulator's rules engine: the rules' own function, lifted out of firestore.rules, judges
// every sample as the TypeScript grammar does, so a PIN the forms accept is never refused on save
// and nothing the forms refuse can be written past them. Where PINs are stored, and by whom, is
// tests/integration/rules-kra-pins.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowed } from '../../emulator/src/rules/test-support.ts';
import { isKraPin, KRA_PIN_PATTERN, normaliseKraPin } from '../../src/lib/kra-pin.ts';

const rules = readFileSync('firestore.rules', 'utf8');
const kraPinFunction = /\n {4}function kraPin\(v\) \{\n[\s\S]*?\n {4}\}\n/.exec(rules)?.[0] ?? '';

/** Whether the rules' kraPin() accepts `value` as request.resource.data.v. */
const rulesAccept = (value: unknown) =>
  allowed(`${kraPinFunction}\n    match /a/{id} { allow create: if kraPin(request.resource.data.v); }`, { method: 'create', path: 'a/1', write: { v: value } });

const SAMPLES = [
  'P051234567X',
  'A123456789B',
  'A000000000A',
  'P999999999Z',
  '',
  'p051234567x',
  'P051234567x',
  ' P051234567X',
  'P051234567X ',
  'P 051 234 567 X',
  'P0512345678X', // ten digits
  'P05123456X', // eight
  'B051234567X', // neither A nor P
  'PP51234567X',
  'P051234567',
  'P0512345679',
  '\u0420051234567X', // Cyrillic Р
  'P051234567\u0425', // Cyrillic Х
  '\uFF30051234567X', // full-width P
  'P\uFF10\uFF15\uFF11234567X', // full-width digits
  'P051234567X\n',
  'P051234567X\u200B',
  'P051234567\u0131', // dotless ı
  'P051234567XP051234567X',
];

describe('the rules’ KRA PIN and the forms’', () => {
  it('the rules hold the very pattern the TypeScript grammar is', () => {
    expect(kraPinFunction).toContain(`v.matches('${KRA_PIN_PATTERN}')`);
  });

  it.each(SAMPLES)('%j: the rules decide as the grammar does, before and after normalising', (sample) => {
    expect(rulesAccept(sample)).toBe(sample === '' || isKraPin(sample));
    const normalised = normaliseKraPin(sample);
    expect(rulesAccept(normalised)).toBe(normalised === '' || isKraPin(normalised));
  });

  it('refuses what is not a string, and a missing value', () => {
    for (const value of [null, 51234567, ['P051234567X'], { pin: 'P051234567X' }, true]) expect(rulesAccept(value), JSON.stringify(value)).toBe(false);
    expect(
      allowed(`${kraPinFunction}\n    match /a/{id} { allow create: if kraPin(request.resource.data.v); }`, { method: 'create', path: 'a/1', write: {} }),
    ).toBe(false);
  });
});
