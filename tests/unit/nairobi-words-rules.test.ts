// firestore.rules' nairobiWords() against the app's formatDeadline (src/lib/nairobi-time.ts),
// decided by the emulator's rules engine: the pattern the rules build for a moment matches exactly
// the words an email states it in, and no other moment's, through every month (September included),
// midnight, single-digit days and the year's turn in Nairobi (UTC+3).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowed } from '../../emulator/src/rules/test-support.ts';
import { formatDeadline } from '../../src/lib/nairobi-time.ts';

const rules = readFileSync('firestore.rules', 'utf8');
const fn = /\n {4}function nairobiWords\(t\) \{\n[\s\S]*?\n {4}\}\n/.exec(rules)?.[0] ?? '';

/** Whether the rules take `words` as the email's statement of `at`. */
const rulesAccept = (at: Date, words: string) =>
  allowed(`${fn}\n    match /a/{id} { allow create: if request.resource.data.s.matches(nairobiWords(request.resource.data.t)); }`, {
    method: 'create',
    path: 'a/1',
    write: { t: at, s: words },
  });

const MOMENTS = [
  ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2027, m, 5, 14, 7))),
  new Date('2027-05-31T14:00:00Z'), // 17:00
  new Date('2027-05-31T21:00:00Z'), // midnight in Nairobi, the next day
  new Date('2027-12-31T21:30:00Z'), // the new year in Nairobi
  new Date('2027-03-01T06:05:59.999Z'), // seconds are not stated
];

describe('the rules state a moment as an email does', () => {
  it('finds the function in firestore.rules', () => expect(fn).toContain('function nairobiWords'));

  it.each(MOMENTS.map((m) => [formatDeadline(m), m] as const))('takes “%s” for its own moment', async (words, at) => {
    expect(await rulesAccept(at, words)).toBe(true);
  });

  it.each(MOMENTS.map((m) => [m.toISOString(), m] as const))('refuses a minute or a day off for %s', async (_, at) => {
    expect(await rulesAccept(at, formatDeadline(new Date(at.getTime() + 60_000)))).toBe(false);
    expect(await rulesAccept(at, formatDeadline(new Date(at.getTime() - 86_400_000)))).toBe(false);
    expect(await rulesAccept(at, `${formatDeadline(at)} and more`)).toBe(false);
  });
});
