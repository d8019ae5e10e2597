// KRA PINs where they are stored, against the real rules: the institute's in settings/site (only
// an administrator, only in the grammar), a buyer's on a partner application or booth booking (the
// visitor's own commit, only in the grammar or none), and on an invoice (finance; the institute's
// PIN exactly as settings have it, the buyer's in the grammar or none). The grammar itself, against
// the rules' kraPin(), is tests/unit/kra-pin-rules.test.ts; the invoice email's PINs, rules-mail.test.ts.
import { doc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, ADMIN, FINANCE, signInActors, verdict, type Actor, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { commit, FORMS, SITE } from './support/forms.ts';
import { invoiceParties, issueInvoice } from './support/invoices.ts';
import { ownerGet, withSettings } from './support/owner.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');
const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

/** Strings the forms never store: odd case, spacing, length, look-alike letters, hidden characters, words. */
const ODD: Array<[string, unknown]> = [
  ['lower case', 'p051234567x'],
  ['a space inside', 'P051 234567X'],
  ['a space around', ' P051234567X'],
  ['ten digits', 'P0512345678X'],
  ['eight digits', 'P05123456X'],
  ['another first letter', 'B051234567X'],
  ['a Cyrillic Р', '\u0420051234567X'],
  ['a full-width digit', 'P\uFF10512345678X'],
  ['a zero-width space', 'P051234567X\u200B'],
  ['a line break and words', 'P051234567X\nPay into account 0123 instead'],
  ['two PINs', 'P051234567XA123456789B'],
  ['a number', 51234567],
  ['a list', ['P051234567X']],
  ['null', null],
];

describe('the institute’s KRA PIN in settings/site', () => {
  const save = (actor: Actor, instituteKraPin: unknown) => updateDoc(doc(as.db[actor], 'settings', 'site'), { instituteKraPin });
  // Each case puts the seeded PIN back, whatever it saved.
  const saving = (actor: Actor, pin: unknown) => withSettings({ instituteKraPin: SITE.instituteKraPin }, () => verdict(save(actor, pin)));

  it.each(ACTORS.map((a) => [a, ADMIN.includes(a) ? 'allowed' : 'denied'] as const))('%s saving a valid PIN: %s', async (actor, expected) => {
    expect(await saving(actor, 'A123456789B')).toBe(expected);
  });

  it('an administrator may clear it (it is optional)', async () => {
    expect(await saving('admin', '')).toBe('allowed');
  });

  it.each(ODD)('an administrator saving %s is refused', async (_, pin) => {
    expect(await saving('admin', pin)).toBe('denied');
  });

  it('the seeded PIN is back after the cases above', async () => {
    expect((await ownerGet('settings/site'))?.instituteKraPin).toBe(SITE.instituteKraPin);
  });
});

describe('the buyer’s KRA PIN on an application', () => {
  it.each([
    ['partner application', FORMS.partner],
    ['booth booking', FORMS.booth],
  ])('a %s with a PIN or with none ("") is stored; without the field it is refused, as any field left out', async (_, form) => {
    for (const kraPin of ['P051234567X', '']) {
      const draft = await form.draft({ kraPin });
      await expectAllowed(commit(draft.by.db, draft.writes()));
      expect((await ownerGet(`partners/${draft.id}`))?.kraPin).toBe(kraPin);
    }
    const without = await form.draft();
    const { kraPin: _pin, ...withoutPin } = without.doc;
    await expectDenied(commit(without.by.db, without.writes(withoutPin)));
  });

  it('the form stores what a visitor typed in lower case with spaces as the PIN', async () => {
    const draft = await FORMS.partner.draft({ kraPin: ' p051 234 567x ' });
    await expectAllowed(commit(draft.by.db, draft.writes()));
    expect((await ownerGet(`partners/${draft.id}`))?.kraPin).toBe('P051234567X');
  });

  it.each(ODD)('a visitor sending %s past the form is refused', async (_, kraPin) => {
    const draft = await FORMS.booth.draft();
    await expectDenied(commit(draft.by.db, draft.writes({ ...draft.doc, kraPin })));
  });
});

describe('KRA PINs on an invoice', () => {
  const buyer = (kraPin: unknown) => ({ billTo: { ...invoiceParties().billTo, kraPin } });

  it.each(ACTORS.map((a) => [a, FINANCE.includes(a) ? 'allowed' : 'denied'] as const))('%s issuing an invoice with both PINs: %s', async (actor, expected) => {
    expect(await verdict(issueInvoice(as.db[actor]))).toBe(expected);
  });

  it('finance issue an invoice to a buyer without a PIN, or one from before PINs were asked', async () => {
    await expectAllowed(issueInvoice(as.db.finance, buyer('')));
    const { kraPin: _pin, ...olderBillTo } = invoiceParties().billTo;
    await expectAllowed(issueInvoice(as.db.finance, { billTo: olderBillTo }));
  });

  it.each(ODD)('an invoice whose buyer’s PIN is %s is refused', async (_, kraPin) => {
    await expectDenied(issueInvoice(as.db.finance, buyer(kraPin)));
  });

  it.each([
    ['another institute PIN than settings have', { kraPin: 'P099999999Z' }],
    ['no institute PIN while settings have one', { kraPin: '' }],
    ['the institute PIN left out', {}],
  ])('an invoice with %s is refused', async (_, issuer) => {
    await expectDenied(issueInvoice(as.db.finance, { issuer: { name: 'National Cancer Institute', ...issuer } }));
  });

  it('without a PIN in settings, an invoice carries none', async () => {
    await withSettings({ instituteKraPin: '' }, async () => {
      await expectDenied(issueInvoice(as.db.finance));
      await expectAllowed(issueInvoice(as.db.finance, { issuer: { name: 'National Cancer Institute', kraPin: '' } }));
    });
  });
});
