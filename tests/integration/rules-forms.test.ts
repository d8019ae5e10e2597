// Every public form's real payload, built by the UI's schema builders and committed with the UI's
// companion writes, is allowed for its visitor (an anonymous one; for a registration, an attendee
// signed in with the registration's address) — at every boundary the zod schema accepts. A limit changed in a schema but not in firestore.rules (or the reverse) fails here.
import { doc, getDoc } from 'firebase/firestore/lite';
import { afterAll, describe, expect, it } from 'vitest';
import { registrationWrites } from '../../src/features/registrations/submit.ts';
import { verdict } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { throttleWrite } from '../../src/data/visitor-throttle.ts';
import {
  ALL_FORMS,
  commit,
  dropWrite,
  FORMS,
  numberBounds,
  optionFields,
  paymentCommit,
  paymentDoc,
  REGISTRATION,
  registrationCommit,
  registrationDoc,
  SITE,
  textBounds,
  type PublicForm,
} from './support/forms.ts';
import { ownerGet, uniqueId } from './support/owner.ts';
import { slotOf } from './support/seats.ts';
import { attendeePath } from '../../src/data/attendees.ts';

afterAll(closeClients);

/** Submits the form's example with `change` applied to the form, as a fresh visitor (anonymous sign-in). */
async function submit(form: PublicForm, change: Record<string, unknown> = {}) {
  const draft = await form.draft(change);
  return { draft, result: await verdict(commit(draft.by.db, draft.writes())) };
}

describe('the submissions the site makes', () => {
  it('the registration commit in these tests is write for write what the register page makes', () => {
    const id = 'same-id';
    const choice = { seat: '7', claim: 'SAMECLAIM0123456' };
    const code = 'NCS-7K2QD';
    expect(registrationCommit(id, registrationDoc(id, {}, code), choice)).toEqual(registrationWrites(id, REGISTRATION, SITE, choice, code));
  });

  it('registers for a paid category: pending and unpaid, holding its slot, with its checkout and its confirmation email', async () => {
    const { draft, result } = await submit(FORMS.registration);
    expect(result).toBe('allowed');
    const stored = await ownerGet(`registrations/${draft.id}`);
    expect(stored).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      fee: SITE.categories.delegate.fee,
      seat: draft.seat!.seat,
      seatClaim: draft.seat!.claim,
    });
    expect(await slotOf(draft.seat!.seat)).toEqual({ state: 'held', claim: draft.seat!.claim, heldSince: stored!.heldSince });
    expect(await ownerGet(attendeePath(String(draft.doc.email)))).toEqual({ registrationId: draft.id, heldSince: stored!.heldSince });
    expect(await ownerGet(`checkouts/${draft.id}`)).toMatchObject({ id: draft.id, status: 'pending', paymentStatus: 'unpaid', seat: draft.seat!.seat });
    expect(await ownerGet(`mail/${draft.id}`)).toMatchObject({
      to: draft.doc.email,
      template: {
        name: 'registration-pending',
        data: { name: REGISTRATION.fullName, reference: draft.id, category: SITE.categories.delegate.label, amount: 'KES 15,000' },
      },
      recordCollection: 'registrations',
      recordId: draft.id,
    });
  });

  it('registers for a free category: confirmed at once, no payment needed', async () => {
    const { draft, result } = await submit(FORMS.registration, { category: 'survivor' });
    expect(result).toBe('allowed');
    expect(await ownerGet(`registrations/${draft.id}`)).toMatchObject({ status: 'confirmed', paymentStatus: 'not-required', fee: 0 });
    // Nothing to pay: the slot is taken for good at once.
    expect(await slotOf(draft.seat!.seat)).toMatchObject({ state: 'taken', claim: draft.seat!.claim });
    expect(await ownerGet(`mail/${draft.id}`)).toMatchObject({
      template: { name: 'registration-confirmed', data: { reference: draft.id, category: SITE.categories.survivor.label } },
    });
  });

  it('registers without the confirmation email (the email is optional, the seat is not)', async () => {
    const draft = await FORMS.registration.draft();
    expect(await verdict(commit(draft.by.db, dropWrite(draft.writes(), `mail/${draft.id}`)))).toBe('allowed');
  });

  it.each([FORMS.partner, FORMS.booth, FORMS.message, FORMS.donation].map((f) => [f.name, f] as const))('sends a %s', async (_, form) => {
    const { draft, result } = await submit(form);
    expect(result).toBe('allowed');
    expect(await ownerGet(`${form.collection}/${draft.id}`)).toMatchObject({ id: draft.id });
    // Its acknowledgement, to the address the form gave, about that document.
    expect(await ownerGet(`mail/${draft.id}`)).toMatchObject({ to: draft.doc.email, recordCollection: form.collection, recordId: draft.id });
  });

  it.each([FORMS.registrationPayment, FORMS.boothPayment].map((f) => [f.name, f] as const))('submits a %s, flipping it to submitted', async (_, form) => {
    const { draft, result } = await submit(form);
    expect(result).toBe('allowed');
    expect(await ownerGet(`${draft.target!.collection}/${draft.target!.id}`)).toMatchObject({ paymentStatus: 'submitted', lastPaymentId: draft.id });
  });

  it('registers, then pays from the checkout page with the reference it got', async () => {
    const registration = await FORMS.registration.draft();
    const visitor = registration.by.db;
    await commit(visitor, registration.writes());
    const checkout = (await getDoc(doc(visitor, 'registrations', registration.id))).data()!;
    const paymentId = uniqueId('pay');
    const payment = paymentDoc(paymentId, 'registrations', registration.id, { amount: checkout.fee });
    const throttle = throttleWrite(registration.by.uid, 'payments', paymentId, null);
    expect(
      await verdict(commit(visitor, [...paymentCommit(paymentId, payment, { collection: 'registrations', id: registration.id, record: checkout }), throttle])),
    ).toBe('allowed');
    expect(await ownerGet(`mail/${paymentId}`)).toMatchObject({
      to: registration.doc.email,
      template: {
        name: 'payment-received',
        data: { name: REGISTRATION.fullName, reference: registration.id, amount: 'KES 15,000', transactionCode: payment.reference },
      },
    });
    expect((await getDoc(doc(visitor, 'registrations', registration.id))).data()?.paymentStatus).toBe('submitted');
    // Paying takes the slot for good (until staff decide), under the same claim; checkout follows.
    expect(await slotOf(registration.seat!.seat)).toMatchObject({ state: 'taken', claim: registration.seat!.claim });
    expect(await ownerGet(`checkouts/${registration.id}`)).toMatchObject({ paymentStatus: 'submitted' });
  });
});

describe('every value the forms accept, at their bounds', () => {
  const cases = ALL_FORMS.flatMap((form) => [
    ...textBounds(form).flatMap(({ field, shortest, longest }) => [
      { name: `${form.name}: ${field} of ${shortest.length} characters (the shortest the form accepts)`, form, change: { [field]: shortest } },
      { name: `${form.name}: ${field} of ${longest.length} characters (the longest the form accepts)`, form, change: { [field]: longest } },
    ]),
    ...numberBounds(form).flatMap(({ field, min, max }) => [
      { name: `${form.name}: ${field} = ${min} (the smallest the form accepts)`, form, change: { [field]: min } },
      { name: `${form.name}: ${field} = ${max} (the largest the form accepts)`, form, change: { [field]: max } },
    ]),
    ...optionFields(form).flatMap(({ field, options }) =>
      options.map((o) => ({ name: `${form.name}: ${field} = ${String(o)}`, form, change: { [field]: o } })),
    ),
    // Every category, tier and booth type in settings, priced from settings.
    ...Object.entries(form.choices).flatMap(([field, keys]) => keys.map((k) => ({ name: `${form.name}: ${field} = ${k}`, form, change: { [field]: k } }))),
  ]);

  // The drafts go through the forms' builders, which parse with zod: a value the form refuses
  // fails the case before the rules are asked.
  it.each(cases.map((c) => [c.name, c] as const))('allows %s', async (_, { form, change }) => {
    expect((await submit(form, change)).result).toBe('allowed');
  });
});
