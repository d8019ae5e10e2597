// Hostile payloads: each is something a visitor or a staff member could send with the SDK by hand,
// and each must be refused by firestore.rules. Most start from the real payload of a public form
// (the control case proves it passes) and change one thing, so each denial is that change's doing.
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writePath, type BatchWrite } from '../../src/lib/db.ts';
import { sdkData } from '../../src/lib/sdk-db.ts';
import { throttleWrite } from '../../src/data/visitor-throttle.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import {
  ALL_FORMS,
  commit,
  registrationMailData,
  dropWrite,
  fieldsOf,
  FORMS,
  numberBounds,
  optionFields,
  paymentDoc,
  registrationDoc,
  replaceWrite,
  SITE,
  textBounds,
  type Doc,
  type Draft,
  type PublicForm,
  transactionCodeFor,
} from './support/forms.ts';
import { issueInvoice, nextSequence } from './support/invoices.ts';
import { fixture, ownerGet, uniqueId, withSettings } from './support/owner.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

/** What a hostile case does to a form's real submission. */
type Tamper = (draft: Draft) => BatchWrite[];
const changed =
  (change: Doc): Tamper =>
  (d) =>
    d.writes({ ...d.doc, ...change });
const omitted =
  (field: string): Tamper =>
  (d) =>
    d.writes(Object.fromEntries(Object.entries(d.doc).filter(([k]) => k !== field)));

/** A value of another type than the stored one (the server timestamp is a sentinel object). */
const otherType = (v: unknown) => (typeof v === 'string' ? 42 : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? 'yes' : 'now');

// Roughly 1 MB: still inside Firestore's 1 MiB document limit, so only the rules can refuse it.
const MEGABYTE = 'x'.repeat(1_000_000);

// Values a visitor may not give themselves, per form: states that only staff move to.
const VISITOR_FORBIDDEN: Record<string, Array<[string, Doc]>> = {
  [FORMS.registration.name]: [
    ['status confirmed on a paid category', { status: 'confirmed' }],
    ['paymentStatus paid', { paymentStatus: 'paid' }],
    ['a paid category claimed free (confirmed, not-required)', { status: 'confirmed', paymentStatus: 'not-required' }],
    ['a fee other than the category’s', { fee: 1 }],
    ['a fee of 0 on a paid category', { fee: 0 }],
    ['another currency', { currency: 'USD' }],
    ['consent false', { consent: false }],
  ],
  [FORMS.partner.name]: [
    ['published true (appearing on /about by itself)', { published: true }],
    ['status confirmed', { status: 'confirmed' }],
    ['paymentStatus paid', { paymentStatus: 'paid' }],
    ['a fee other than the tier’s', { fee: 1 }],
    ['another currency', { currency: 'USD' }],
    ['kind booth with a partner’s fields', { kind: 'booth' }],
  ],
  [FORMS.booth.name]: [
    ['published true', { published: true }],
    ['status confirmed', { status: 'confirmed' }],
    ['paymentStatus paid', { paymentStatus: 'paid' }],
    ['a fee other than the booth type’s', { fee: 1 }],
    ['kind partner with a booth’s fields', { kind: 'partner' }],
  ],
  [FORMS.message.name]: [['status read', { status: 'read' }]],
  [FORMS.donation.name]: [
    ['status received', { status: 'received' }],
    ['another currency', { currency: 'USD' }],
  ],
  [FORMS.registrationPayment.name]: [
    ['status verified', { status: 'verified' }],
    ['another currency than the registration’s', { currency: 'USD' }],
    ['a target collection other than registrations or partners', { targetCollection: 'donations' }],
  ],
  [FORMS.boothPayment.name]: [['status verified', { status: 'verified' }]],
};

/** The hostile variants of one form's submission, generated from its sample document and zod schema. */
function hostileCases(form: PublicForm): Array<{ name: string; tamper: Tamper }> {
  const bounded = textBounds(form);
  const longest = [...bounded].sort((a, b) => b.longest.length - a.longest.length)[0];
  return [
    { name: 'an extra field', tamper: changed({ isVip: true }) },
    ...Object.keys(form.sample).map((f) => ({ name: `${f} missing`, tamper: omitted(f) })),
    ...Object.entries(form.sample).map(([f, v]) => ({ name: `${f} of the wrong type`, tamper: changed({ [f]: otherType(v) }) })),
    { name: 'a forged id (not the document’s own)', tamper: changed({ id: 'someone-else' }) },
    { name: 'a forged timestamp (a client date, not the server’s time)', tamper: changed({ timestamp: new Date() }) },
    { name: `a 1 MB ${longest.field}`, tamper: changed({ [longest.field]: MEGABYTE }) },
    ...bounded.flatMap(({ field, tooShort, tooLong }) => [
      { name: `${field} of ${tooLong.length} characters (one past the form’s limit)`, tamper: changed({ [field]: tooLong }) },
      ...(tooShort === undefined
        ? []
        : [{ name: `${field} of ${tooShort.length} characters (one short of the form’s minimum)`, tamper: changed({ [field]: tooShort }) }]),
    ]),
    ...numberBounds(form).flatMap(({ field, min, max }) => [
      { name: `${field} = ${min - 1}`, tamper: changed({ [field]: min - 1 }) },
      { name: `${field} = ${max + 1}`, tamper: changed({ [field]: max + 1 }) },
      { name: `${field} = ${min + 0.5} (not a whole number)`, tamper: changed({ [field]: min + 0.5 }) },
    ]),
    ...optionFields(form)
      .filter(({ options }) => typeof options[0] === 'string')
      .map(({ field }) => ({ name: `${field} outside its options`, tamper: changed({ [field]: 'something-else' }) })),
    ...Object.keys(form.choices).map((field) => ({ name: `a ${field} that is not in settings`, tamper: changed({ [field]: 'vip' }) })),
    ...(VISITOR_FORBIDDEN[form.name] ?? []).map(([name, change]) => ({ name, tamper: changed(change) })),
  ];
}

describe.each(ALL_FORMS.map((f) => [f.name, f] as const))('hostile %s', (_, form) => {
  it('control: the untampered submission is allowed', async () => {
    const draft = await form.draft();
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed');
  });

  it.each(hostileCases(form).map((c) => [c.name, c] as const))('refuses %s', async (_, { tamper }) => {
    const draft = await form.draft();
    await expectDenied(commit(draft.by.db, tamper(draft)));
  });
});

describe('hostile registration commits', () => {
  const registration = async () => FORMS.registration.draft();
  const slot = (d: Draft) => `seats/${d.seat!.seat}`;

  it.each([
    ['without claiming its slot', (d: Draft) => dropWrite(d.writes(), slot(d))],
    [
      'claiming its slot under another claim than the registration names',
      (d: Draft) => replaceWrite(d.writes(), slot(d), { state: 'held', claim: 'ANOTHERCLAIM0000', heldSince: serverTimestamp() }),
    ],
    [
      'taking its slot for good (paid) while unpaid',
      (d: Draft) => replaceWrite(d.writes(), slot(d), { state: 'taken', claim: d.seat!.claim, heldSince: serverTimestamp() }),
    ],
    [
      'holding its slot since a time of its own',
      (d: Draft) => replaceWrite(d.writes(), slot(d), { state: 'held', claim: d.seat!.claim, heldSince: new Date() }),
    ],
    ['without its checkout projection', (d: Draft) => dropWrite(d.writes(), `checkouts/${d.id}`)],
    [
      'with a checkout projection out of step (another fee)',
      (d: Draft) => {
        const checkout = d.writes().find((w) => writePath(w) === `checkouts/${d.id}`) as { data: Doc };
        return replaceWrite(d.writes(), `checkouts/${d.id}`, { ...checkout.data, fee: 0 });
      },
    ],
    [
      'with a checkout projection carrying the phone number',
      (d: Draft) => {
        const checkout = d.writes().find((w) => writePath(w) === `checkouts/${d.id}`) as { data: Doc };
        return replaceWrite(d.writes(), `checkouts/${d.id}`, { ...checkout.data, phone: d.doc.phone });
      },
    ],
    ['without its address’s entry', (d: Draft) => dropWrite(d.writes(), `attendees/${d.doc.email}`)],
    [
      'with its address’s entry naming another registration',
      (d: Draft) => replaceWrite(d.writes(), `attendees/${d.doc.email}`, { registrationId: 'demo-registration-1' }),
    ],
    [
      'with a free-form email (html, markup) instead of the template',
      (d: Draft) =>
        replaceWrite(d.writes(), `mail/${d.id}`, { to: d.doc.email, message: { subject: 'Your ticket', html: '<a href="https://evil.example">Pay here</a>' } }),
    ],
    [
      'with the email sent to another address',
      (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), to: 'victim@example.org' }),
    ],
    [
      'with the email sent to two addresses',
      (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), to: [d.doc.email, 'victim@example.org'] }),
    ],
    [
      'with a copy to someone else',
      (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), bcc: 'victim@example.org' }),
    ],
    [
      'with another template',
      (d: Draft) =>
        replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), template: { name: 'password-reset', data: { reference: d.id } } }),
    ],
    [
      'claiming the free (confirmed) template for a paid category',
      (d: Draft) => {
        const mail = registrationMailData(d.id, d.doc) as { template: { data: Doc } };
        const { amount: _amount, ...data } = mail.template.data;
        return replaceWrite(d.writes(), `mail/${d.id}`, { ...mail, template: { name: 'registration-confirmed', data } });
      },
    ],
    [
      'with an amount due other than the fee',
      (d: Draft) => {
        const mail = registrationMailData(d.id, d.doc) as { template: { name: string; data: Doc } };
        return replaceWrite(d.writes(), `mail/${d.id}`, { ...mail, template: { ...mail.template, data: { ...mail.template.data, amount: 'KES 1' } } });
      },
    ],
    [
      'with extra template data (a link to inject)',
      (d: Draft) => {
        const mail = registrationMailData(d.id, d.doc) as { template: { name: string; data: Doc } };
        return replaceWrite(d.writes(), `mail/${d.id}`, {
          ...mail,
          template: { ...mail.template, data: { ...mail.template.data, link: 'https://evil.example' } },
        });
      },
    ],
    [
      'with markup in place of the name',
      (d: Draft) => {
        const mail = registrationMailData(d.id, d.doc) as { template: { name: string; data: Doc } };
        return replaceWrite(d.writes(), `mail/${d.id}`, {
          ...mail,
          template: { ...mail.template, data: { ...mail.template.data, name: '<a href="https://evil.example">Pay here</a>' } },
        });
      },
    ],
    [
      'with attachments',
      (d: Draft) =>
        replaceWrite(d.writes(), `mail/${d.id}`, {
          ...registrationMailData(d.id, d.doc),
          message: { attachments: [{ filename: 'invoice.pdf.exe', content: 'TVqQ', encoding: 'base64' }] },
        }),
    ],
    [
      'with a sender of its own',
      (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), from: 'Finance <finance@summit.example.org>' }),
    ],
    ['with a forged time', (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), timestamp: new Date('2020-01-01') })],
    [
      'with the delivery already marked as sent',
      (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, { ...registrationMailData(d.id, d.doc), delivery: { state: 'SUCCESS' } }),
    ],
    ['with the email naming another registration', (d: Draft) => replaceWrite(d.writes(), `mail/${d.id}`, registrationMailData('demo-registration-1', d.doc))],
  ])('refuses a registration %s', async (_, tamper) => {
    const draft = await registration();
    await expectDenied(commit(draft.by.db, tamper(draft)));
  });

  it('refuses queuing a confirmation email for someone else’s existing registration', async () => {
    const mail = registrationMailData('demo-registration-1', {
      email: 'wanjiru.kamau@example.org',
      fullName: 'Wanjiru Kamau',
      category: 'delegate',
      fee: 15000,
      currency: 'KES',
    });
    await expectDenied(setDoc(doc(as.db.anonymous, 'mail', 'demo-registration-1'), sdkData(mail)));
  });

  it('refuses overwriting an existing registration with a new submission', async () => {
    const first = await registration();
    await commit(first.by.db, first.writes());
    await expectDenied(commit(first.by.db, first.writes({ ...first.doc, fullName: 'Someone Else' })));
  });

  it('refuses a registration while registration is closed', async () => {
    await withSettings({ registrationOpen: false }, async () => {
      const draft = await registration();
      await expectDenied(commit(draft.by.db, draft.writes()));
    });
  });

  it('refuses a registration on a slot above the capacity', async () => {
    const draft = await registration();
    await withSettings({ capacity: Number(draft.seat!.seat) - 1 }, async () => {
      await expectDenied(commit(draft.by.db, draft.writes()));
    });
  });
});

describe('hostile payment submissions and visitor updates', () => {
  const flip = (d: Draft) => `${d.target!.collection}/${d.target!.id}`;

  it.each([
    ['without flipping its target to submitted', (d: Draft) => dropWrite(d.writes(), flip(d))],
    ['flipping its target to paid', (d: Draft) => replaceWrite(d.writes(), flip(d), { paymentStatus: 'paid', lastPaymentId: d.id })],
    [
      'confirming its target while flipping it',
      (d: Draft) => replaceWrite(d.writes(), flip(d), { paymentStatus: 'submitted', lastPaymentId: d.id, status: 'confirmed' }),
    ],
    ['whose flip names another payment', (d: Draft) => replaceWrite(d.writes(), flip(d), { paymentStatus: 'submitted', lastPaymentId: 'another-payment' })],
  ])('refuses a payment %s', async (_, tamper) => {
    const draft = await FORMS.registrationPayment.draft();
    await expectDenied(commit(draft.by.db, tamper(draft)));
  });

  it('refuses a payment for a free registration (nothing to pay)', async () => {
    const draft = await FORMS.registrationPayment.draft();
    await fixture(`registrations/${draft.target!.id}`, fieldsOf(registrationDoc('', { category: 'survivor' })));
    await expectDenied(commit(draft.by.db, draft.writes()));
  });

  it('refuses a second payment once one is submitted (staff verify the first)', async () => {
    const draft = await FORMS.registrationPayment.draft();
    await commit(draft.by.db, draft.writes());
    const id = uniqueId('pay');
    const second = [
      { set: `payments/${id}`, data: paymentDoc(id, 'registrations', draft.target!.id) },
      { update: flip(draft), data: { paymentStatus: 'submitted', lastPaymentId: id } },
      { set: `paymentReferences/${transactionCodeFor(id)}`, data: { paymentId: id } },
      throttleWrite(draft.by.uid, 'payments', id, { count: 1, windowStart: new Date(), lastId: draft.id }),
    ];
    await expectDenied(commit(draft.by.db, second));
  });

  it('refuses a payment for a registration that does not exist', async () => {
    const draft = await FORMS.registrationPayment.draft();
    const ghost = { ...draft.doc, targetId: 'no-such-registration' };
    // Only the payment: with the flip, the update of a missing document would fail on its own.
    await expectDenied(
      commit(draft.by.db, [{ set: `payments/${draft.id}`, data: ghost }, ...draft.writes().filter((w) => writePath(w).startsWith('throttles/'))]),
    );
    expect(await ownerGet(`payments/${draft.id}`)).toBeNull();
  });

  it.each([
    ['paymentStatus paid', { paymentStatus: 'paid' }],
    ['status confirmed', { status: 'confirmed' }],
    ['submitted with no payment behind it', { paymentStatus: 'submitted', lastPaymentId: 'made-up' }],
    ['a new email address', { email: 'attacker@example.org' }],
  ])('refuses a visitor updating their registration: %s', async (_, change) => {
    const id = await fixture(`registrations/${uniqueId('reg')}`, fieldsOf(registrationDoc('')));
    await expectDenied(updateDoc(doc(as.db.anonymous, 'registrations', id), change));
  });

  it('refuses a visitor deleting their registration or application', async () => {
    const reg = await fixture(`registrations/${uniqueId('reg')}`, fieldsOf(registrationDoc('')));
    await expectDenied(deleteDoc(doc(as.db.anonymous, 'registrations', reg)));
    await expectDenied(deleteDoc(doc(as.db.signedIn, 'registrations', reg)));
  });
});

describe('privacy of registrations and applications', () => {
  it('refuses listing registrations by a guessed email (read by reference only)', async () => {
    await expectDenied(getDocs(query(collection(as.db.anonymous, 'registrations'), where('email', '==', 'wanjiru.kamau@example.org'))));
  });

  // The reference alone opens checkouts/{id} (what checkout shows), never the registration itself.
  it('refuses a visitor holding a reference reading the registration; its checkout shows no phone, organisation or needs', async () => {
    const someone = await FORMS.registration.draft({ accessibilityNeeds: 'Wheelchair access' });
    await commit(someone.by.db, someone.writes());
    await expectDenied(getDoc(doc(as.db.signedIn, 'registrations', someone.id)));
    await expectDenied(getDoc(doc(as.db.anonymous, 'registrations', someone.id)));
    const checkout = (await getDoc(doc(as.db.anonymous, 'checkouts', someone.id))).data()!;
    expect(Object.keys(checkout).sort()).toEqual(
      [
        'category',
        'currency',
        'email',
        'fee',
        'fullName',
        'id',
        'paymentCode',
        'paymentNote',
        'paymentStatus',
        'receivedMinor',
        'seat',
        'seatClaim',
        'status',
      ].sort(),
    );
  });
});

describe('forged identities and role escalation', () => {
  const staffEntry = (email: string, role: string) => ({ email, role });

  it.each([
    [
      'a signed-in visitor creating their own admin entry',
      () => setDoc(doc(as.db.signedIn, 'staff', ACCOUNTS.signedIn.email), staffEntry(ACCOUNTS.signedIn.email, 'admin')),
    ],
    [
      'the unverified account (holding an admin entry) adding staff',
      () => setDoc(doc(as.db.unverified, 'staff', 'friend@example.org'), staffEntry('friend@example.org', 'admin')),
    ],
    [
      'the unverified account promoting itself',
      () => updateDoc(doc(as.db.unverified, 'staff', ACCOUNTS.unverified.email), { role: 'admin', displayName: 'Me' }),
    ],
    ['an editor making themselves admin', () => updateDoc(doc(as.db.editor, 'staff', ACCOUNTS.editor.email), { role: 'admin' })],
    ['finance making themselves admin', () => updateDoc(doc(as.db.finance, 'staff', ACCOUNTS.finance.email), { role: 'admin' })],
    ['an editor adding a friend as admin', () => setDoc(doc(as.db.editor, 'staff', 'friend@example.org'), staffEntry('friend@example.org', 'admin'))],
    ['an admin changing their own role', () => updateDoc(doc(as.db.admin, 'staff', ACCOUNTS.admin.email), { role: 'editor' })],
    ['an admin deleting their own entry (the last admin would be gone)', () => deleteDoc(doc(as.db.admin, 'staff', ACCOUNTS.admin.email))],
    ['an admin giving a role the policy does not know', () => setDoc(doc(as.db.admin, 'staff', 'new@example.org'), staffEntry('new@example.org', 'superuser'))],
    [
      'a staff entry under a mixed-case email (a second identity for the same person)',
      () => setDoc(doc(as.db.admin, 'staff', 'New@Example.org'), staffEntry('New@Example.org', 'editor')),
    ],
    ['a staff entry whose email differs from its id', () => setDoc(doc(as.db.admin, 'staff', 'one@example.org'), staffEntry('two@example.org', 'editor'))],
    [
      'a staff entry with an extra field',
      () => setDoc(doc(as.db.admin, 'staff', 'extra@example.org'), { ...staffEntry('extra@example.org', 'editor'), permissions: 'all' }),
    ],
  ])('refuses %s', async (_, attempt) => {
    await expectDenied(attempt());
  });

  it('leaves the admin an admin after all of the above', async () => {
    expect((await ownerGet(`staff/${ACCOUNTS.admin.email}`))?.role).toBe('admin');
  });

  const logEntry = (db: Firestore, userEmail: string, timestamp: unknown = serverTimestamp()) => {
    const id = uniqueId('log');
    return setDoc(doc(db, 'logs', id), { id, message: 'Deleted every registration', userEmail, timestamp });
  };
  const storedLog = () => fixture(`logs/${uniqueId('log')}`, { message: 'Published an event', userEmail: ACCOUNTS.admin.email });

  it.each([
    ['an editor logging in the admin’s name', () => logEntry(as.db.editor, ACCOUNTS.admin.email)],
    ['a signed-in visitor logging in their own name', () => logEntry(as.db.signedIn, ACCOUNTS.signedIn.email)],
    ['a log entry with a client timestamp', () => logEntry(as.db.admin, ACCOUNTS.admin.email, new Date(2020, 0, 1))],
    ['an admin rewriting a log entry', async () => updateDoc(doc(as.db.admin, 'logs', await storedLog()), { message: 'Nothing happened' })],
    ['an admin deleting a log entry', async () => deleteDoc(doc(as.db.admin, 'logs', await storedLog()))],
    ['an editor rewriting a log entry', async () => updateDoc(doc(as.db.editor, 'logs', await storedLog()), { userEmail: ACCOUNTS.editor.email })],
  ])('refuses %s', async (_, attempt) => {
    await expectDenied(attempt());
  });
});

describe('roles stay in their lane', () => {
  const ui = (db: Firestore) => createDb(() => db);
  const storedRegistration = () => fixture(`registrations/${uniqueId('reg')}`, fieldsOf(registrationDoc('')));

  it.each([
    [
      'an editor recording a payment',
      () =>
        ui(as.db.editor).createDocument('payments', {
          payerName: 'X',
          method: 'bank-transfer',
          reference: 'EDIT-1',
          amount: 1,
          currency: 'KES',
          status: 'verified',
          targetCollection: 'registrations',
          targetId: 'x',
        }),
    ],
    ['an editor marking a registration paid', async () => updateDoc(doc(as.db.editor, 'registrations', await storedRegistration()), { paymentStatus: 'paid' })],
    ['finance writing a publication', () => ui(as.db.finance).createDocument('publications', { title: 'Finance news', published: true })],
    [
      'finance deleting a publication',
      async () => deleteDoc(doc(as.db.finance, 'publications', await fixture(`publications/${uniqueId('pub')}`, { title: 'x', published: true }))),
    ],
    [
      'finance changing a registration’s fee (only payment status and status move)',
      async () => updateDoc(doc(as.db.finance, 'registrations', await storedRegistration()), { fee: 0 }),
    ],
    [
      'finance setting a payment status that does not exist',
      async () => updateDoc(doc(as.db.finance, 'registrations', await storedRegistration()), { paymentStatus: 'refunded-to-me' }),
    ],
    ['an editor changing settings', () => updateDoc(doc(as.db.editor, 'settings', 'site'), { registrationOpen: false })],
    ['finance changing settings', () => updateDoc(doc(as.db.finance, 'settings', 'site'), { capacity: 1 })],
  ])('refuses %s', async (_, attempt) => {
    await expectDenied(attempt());
  });
});

describe('invoices stay an unbroken, unchangeable series', () => {
  let issued: string;
  beforeAll(async () => {
    issued = await issueInvoice(as.db.finance);
  });

  it.each([
    ['changing the invoice prefix after the first invoice', () => updateDoc(doc(as.db.admin, 'settings', 'site'), { invoicePrefix: 'NEW-' })],
    ['changing the start number after the first invoice', () => updateDoc(doc(as.db.admin, 'settings', 'site'), { invoiceStartNumber: 500 })],
    ['editing an issued invoice’s amount', () => updateDoc(doc(as.db.finance, 'invoices', issued), { total: 1 })],
    ['deleting an issued invoice, even as admin', () => deleteDoc(doc(as.db.admin, 'invoices', issued))],
    ['an invoice that skips a number', async () => issueInvoice(as.db.finance, { sequence: (await nextSequence()) + 1 })],
    ['an invoice that reuses the last number', async () => issueInvoice(as.db.finance, { sequence: (await nextSequence()) - 1 })],
    ['the counter jumping by two', async () => setDoc(doc(as.db.finance, 'counters', 'invoices'), { last: (await nextSequence()) + 1 })],
    ['the counter going back', async () => setDoc(doc(as.db.finance, 'counters', 'invoices'), { last: (await nextSequence()) - 2 })],
    // The prefix is locked once invoices exist, which only means something if numbers carry it.
    ['an invoice numbered outside the configured prefix', async () => issueInvoice(as.db.finance, { number: `HACK-${await nextSequence()}` })],
  ])('refuses %s', async (_, attempt) => {
    await expectDenied(attempt());
  });

  it('refuses reviving a voided invoice as paid', async () => {
    const number = await issueInvoice(as.db.finance);
    await updateDoc(doc(as.db.finance, 'invoices', number), { status: 'void', voidedAt: serverTimestamp(), voidReason: 'Wrong customer' });
    await expectDenied(updateDoc(doc(as.db.finance, 'invoices', number), { status: 'paid', paidAt: serverTimestamp() }));
  });

  it('still numbers the next invoice right after all of the above', async () => {
    const expected = await nextSequence();
    const number = await issueInvoice(as.db.finance);
    expect((await ownerGet(`invoices/${number}`))?.sequence).toBe(expected);
    expect(SITE.invoicePrefix).toBe((await ownerGet('settings/site'))?.invoicePrefix);
  });
});

describe('the archive keeps documents as they were', () => {
  const event = () => fixture(`events/${uniqueId('event')}`, { title: 'Past event', published: true });
  /** An archive move written by hand: a copy under archive/events/items, and (optionally) the original deleted. */
  const move = (db: Firestore, id: string, copy: Doc, deleteOriginal = true) => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'archive', 'events', 'items', id), copy);
    if (deleteOriginal) batch.delete(doc(db, 'events', id));
    return batch.commit();
  };

  it.each([
    ['archiving a doctored copy', async () => move(as.db.editor, await event(), { title: 'Rewritten', published: true })],
    [
      'an archive copy while the original stays',
      async () => {
        const id = await event();
        return move(as.db.editor, id, (await ownerGet(`events/${id}`))!, false);
      },
    ],
    [
      'deleting an archived item outright, even as admin',
      async () => deleteDoc(doc(as.db.admin, 'archive', 'events', 'items', await fixture(`archive/events/items/${uniqueId('old')}`, { title: 'Old' }))),
    ],
    [
      'an editor archiving a registration (editors may not delete registrations)',
      async () => createDb(() => as.db.editor).moveToArchive('registrations', await fixture(`registrations/${uniqueId('reg')}`, fieldsOf(registrationDoc('')))),
    ],
  ])('refuses %s', async (_, attempt) => {
    await expectDenied(attempt());
  });
});

describe('the public content version only moves forward, by one', () => {
  // A version set back (or jumped) could match an old page's and keep a stale page from updating.
  const version = async () => Number((await ownerGet('counters/content'))?.version ?? 0);
  it.each([
    ['setting it back to 0', () => ({ version: 0 })],
    ['jumping it by two', async () => ({ version: (await version()) + 2 })],
    ['adding another field', async () => ({ version: (await version()) + 1, note: 'x' })],
  ])('refuses %s, even as admin', async (_, data) => {
    await expectDenied(setDoc(doc(as.db.admin, 'counters', 'content'), await data()));
  });

  it('takes an editor’s move by one, with the change it belongs to', async () => {
    const before = await version();
    const db = createDb(() => as.db.editor);
    await db.commit([
      { set: `events/${uniqueId('event')}`, data: { title: 'New event', published: true } },
      { set: 'counters/content', data: { version: increment(1) }, merge: true },
    ]);
    expect(await version()).toBe(before + 1);
  });
});
