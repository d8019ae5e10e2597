// Attacker's suite, class 3: the grammar of every string field. Each free-text field of every public
// form is tried with the strings an attacker would send — header injection, lists and display
// names in an address, control characters, bidirectional overrides, markup — and the rules must
// answer exactly as the form's own zod schema does: what the form refuses, the server refuses.
import { afterAll, describe, expect, it } from 'vitest';
import { verdict } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { ALL_FORMS, commit, textBounds, type PublicForm } from '../support/forms.ts';

afterAll(closeClients);

const ODD: Array<[string, string]> = [
  ['a CRLF header injection', 'victim@example.org\r\nBcc: x@example.org'],
  ['a list of addresses', 'a@example.org,victim@example.org'],
  ['an address in angle brackets', '<victim@example.org>'],
  ['a display name', 'Victim <victim@example.org>'],
  ['a right-to-left override', 'victim@example.org\u202Egro.live'],
  ['a first-strong isolate', 'Brian \u2068Odhiambo'],
  ['a NUL', 'Brian\u0000Odhiambo'],
  ['an escape sequence', '\u001B[2J\u001B[31mBrian'],
  ['a line break', 'Brian\nOdhiambo'],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['a spreadsheet formula', '=HYPERLINK("https://evil.example","Pay")'],
];

/** Every free-text field of every form, with the form's own verdict on each odd string. */
const cases = ALL_FORMS.flatMap((form: PublicForm) =>
  textBounds(form).flatMap(({ field }) =>
    ODD.map(([what, value]) => {
      const formAccepts = form.schema.shape[field].safeParse(value).success;
      return { name: `${form.name}.${field} with ${what}: ${formAccepts ? 'stored as text' : 'refused'}`, form, field, value, formAccepts };
    }),
  ),
);

describe('every string field answers odd strings as its form does', () => {
  it('covers every text field of every form', () => {
    expect(new Set(cases.map((c) => `${c.form.name}.${c.field}`)).size).toBeGreaterThanOrEqual(20);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { form, field, value, formAccepts }) => {
    const draft = await form.draft();
    const writes = draft.writes({ ...draft.doc, [field]: value });
    expect(await verdict(commit(draft.by.db, writes))).toBe(formAccepts ? 'allowed' : 'denied');
  });
});
