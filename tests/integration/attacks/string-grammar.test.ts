// Attacker's suite, class 3: the grammar of every string field. Each free-text field of every public
// form is tried with the strings an attacker would send — header injection, lists and display
// names in an address, control characters, bidirectional overrides, markup — and the rules must
// answer exactly as the form's own zod schema does: what the form refuses, the server refuses.
// CPD certificates' strings (settings' wording and question labels: one line; a text answer and a
// revocation's reason: a paragraph) answer as their grammar says.
import { doc, setDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, verdict } from '../support/actors.ts';
import { client, closeClients } from '../support/clients.ts';
import { ownerWrite } from '../support/seats.ts';
import {
  ANSWERS,
  attendedRegistration,
  certifiedRegistration,
  CPD,
  DAY1,
  evaluate,
  evaluationDoc,
  revokeWrites,
  useCpdSettings,
} from '../support/certificates.ts';
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

// ---------- CPD certificates (issue 21) ----------

describe('CPD certificates and evaluations', () => {
  let restoreCpd: () => Promise<void>;
  let adminDb: Firestore;
  const admin = () => adminDb;
  const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
  beforeAll(async () => {
    adminDb = await client(ACCOUNTS.admin);
    restoreCpd = await useCpdSettings();
  });
  afterAll(() => restoreCpd());
  const certified = (days?: string[]) => certifiedRegistration(admin(), days);

  // What an attacker types, and how each grammar answers: a single line (settings' wording, question
  // labels) refuses every control character and bidirectional override; a paragraph (a text answer,
  // a revocation's reason) keeps line breaks and tabs; markup and formulas are stored as text (the
  // pages render text, and the CSV export neutralises formulas).
  const CPD_ODD: Array<[what: string, value: string, line: boolean, paragraph: boolean]> = [
    ['a CRLF header injection', 'Summit\r\nBcc: x@example.org', false, true],
    ['a line break', 'Brian\nOdhiambo', false, true],
    ['a tab', 'Brian\tOdhiambo', false, true],
    ['a NUL', 'Brian\u0000Odhiambo', false, false],
    ['an escape sequence', '\u001B[2J\u001B[31mBrian', false, false],
    ['a vertical tab', 'Brian\u000BOdhiambo', false, false],
    ['a DEL', 'Brian\u007F', false, false],
    ['a right-to-left override', 'Summit \u202E7202', false, false],
    ['a first-strong isolate', 'Brian \u2068Odhiambo', false, false],
    ['markup', '<img src=x onerror=alert(1)>', true, true],
    ['a spreadsheet formula', '=HYPERLINK("https://evil.example","Valid")', true, true],
    ['Handlebars', '{{> siteUrl}}{{#each x}}', true, true],
  ];

  describe('odd strings', () => {
    it.each(CPD_ODD.map(([what, value, line]) => [what, value, line] as const))('settings wording and labels with %s', async (_, value, line) => {
      const expected = line ? 'allowed' : 'denied';
      for (const change of [
        { accreditingBody: value },
        { activityName: value },
        { signatoryName: value },
        { signatoryTitle: value },
        { providerNumber: value.slice(0, 40) },
        { questions: [{ ...CPD.questions[0], label: value }] },
      ]) {
        expect([change, await verdict(setDoc(doc(admin(), 'settings', 'cpd'), { ...CPD, ...change }))]).toEqual([change, expected]);
      }
      await ownerWrite(['settings/cpd', { ...CPD }]);
    });

    it.each(CPD_ODD.map(([what, value, , paragraph]) => [what, value, paragraph] as const))('a text answer with %s', async (_, value, paragraph) => {
      const a = await attendedRegistration();
      const answers = ANSWERS.map((x) => (x.id === 'comments' ? { ...x, value } : x));
      expect(await verdict(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, answers)))).toBe(paragraph ? 'allowed' : 'denied');
    });

    it.each(CPD_ODD.map(([what, value, , paragraph]) => [what, value, paragraph] as const))('a revocation reason with %s', async (_, value, paragraph) => {
      const { certId } = await certified();
      expect(await verdict(commit(admin(), revokeWrites(certId, value)))).toBe(paragraph ? 'allowed' : 'denied');
    });

    it.each([
      ['a question id with a slash', 'q/1'],
      ['a question id with a dot (a field path)', 'q.1'],
      ['a question id of 41 characters', 'q'.repeat(41)],
      ['an empty question id', ''],
      ['a question id with a space', 'q 1'],
    ])('settings with %s', async (_, id) => {
      await denied(setDoc(doc(admin(), 'settings', 'cpd'), { ...CPD, questions: [{ ...CPD.questions[0], id }] }));
    });
  });
});
