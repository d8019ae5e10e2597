// Attacker's suite, class 12: a stranger acting on someone's registration. Whoever holds a
// registration's reference could submit a payment on it: the registrant was emailed a "payment
// received" message quoting whatever the stranger typed as the transaction code ("CALL 0712… FOR
// REFUND"), and the seat was frozen as taken until finance rejected it. Paying for a registration
// needs its attendee, signed in with its address; a transaction code is a code by grammar.
import { afterAll, describe, expect, it } from 'vitest';
import { verdict } from '../support/actors.ts';
import { closeClients, visitor } from '../support/clients.ts';
import { commit, FORMS, type Draft } from '../support/forms.ts';
import type { Firestore } from 'firebase/firestore/lite';
import { writePath } from '../../../src/lib/db.ts';
import { throttleWrite } from '../../../src/data/visitor-throttle.ts';
import { ownerDelete, ownerGet, uniqueId } from '../support/owner.ts';
import { normaliseReference } from '../../../src/data/transaction-codes.ts';
import { attendee } from '../support/seats.ts';

afterAll(closeClients);

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');

/** The record and its slot are as they were: nothing frozen, nothing mailed. */
async function untouched(draft: Draft) {
  const record = await ownerGet(`registrations/${draft.target!.id}`);
  expect(record?.paymentStatus).toBe('unpaid');
  expect((await ownerGet(`seats/${String(record?.seat)}`))?.state).toBe('held');
  expect(await ownerGet(`mail/${draft.id}`)).toBeNull();
}

describe('paying for someone else’s registration', () => {
  /** The registrant's own commit for their registration, sent by `stranger` (with the stranger's throttle entry). */
  async function asStranger(stranger: { db: Firestore; uid: string }) {
    const draft = await FORMS.registrationPayment.draft();
    const writes = draft.writes().map((w) => (writePath(w).startsWith('throttles/') ? throttleWrite(stranger.uid, 'payments', draft.id, null) : w));
    return { draft, sent: commit(stranger.db, writes) };
  }

  it('refuses an anonymous visitor holding the reference', async () => {
    const { draft, sent } = await asStranger(await visitor());
    await denied(sent);
    await untouched(draft);
  });

  it('refuses another attendee, signed in with a verified address of their own', async () => {
    const { draft, sent } = await asStranger(await attendee());
    await denied(sent);
    await untouched(draft);
  });

  it('refuses the registrant’s own address while it is unverified', async () => {
    const draft = await FORMS.registrationPayment.draft({}, await attendee(`${uniqueId('unproven')}@example.org`, false));
    await denied(commit(draft.by.db, draft.writes()));
  });

  it('the control: the registrant, signed in with its address, pays', async () => {
    const draft = await FORMS.registrationPayment.draft();
    await allowed(commit(draft.by.db, draft.writes()));
    expect((await ownerGet(`registrations/${draft.target!.id}`))?.paymentStatus).toBe('submitted');
  });
});

describe('a transaction code is a code, never the payer’s words', () => {
  const sentence = 'CALL 0712 FOR REFUND';

  it.each([
    ['a sentence with spaces', 'mobile-money', sentence],
    ['a sentence without them, as an M-Pesa code', 'mobile-money', 'CALL0712FORREFUND'],
    ['lower case (not as claimed)', 'mobile-money', 'qwe12345rt'],
    ['punctuation', 'bank-transfer', 'FT-2027/05'],
    ['no digit', 'bank-transfer', 'TRANSFERRED'],
    ['too short for a bank reference', 'bank-transfer', 'FT123'],
    ['too long for a bank reference', 'bank-transfer', `FT${'1'.repeat(23)}`],
    ['an M-Pesa code one short', 'mobile-money', 'QWE1234RT'],
    // The odd strings the grammar suite tried on the field while it was free text: invisible and bidirectional characters.
    ['a zero-width space inside', 'mobile-money', 'QWE1234\u200B5RT'],
    ['a right-to-left override inside', 'bank-transfer', 'FT12\u202E34'],
  ])('refuses %s (%s %j) on a registration and on an approved booth', async (_case, method, reference) => {
    for (const form of [FORMS.registrationPayment, FORMS.boothPayment]) {
      const draft = await form.draft();
      // Each case a first use of its code (an earlier case's claim would refuse it for another reason).
      await ownerDelete(`paymentReferences/${normaliseReference(reference)}`);
      // Past the form's own checks (which normalise and refuse these), as a script would send it.
      await denied(commit(draft.by.db, draft.writes({ ...draft.doc, method, reference })));
    }
  });

  it.each([
    ['an M-Pesa receipt', 'mobile-money', 'QWE12345RT'],
    ['a bank reference at its shortest', 'bank-transfer', 'FT1234'],
    ['a bank reference at its longest', 'bank-transfer', `FT${'2'.repeat(22)}`],
  ])('accepts %s (%s %j)', async (_case, method, reference) => {
    const draft = await FORMS.registrationPayment.draft({ method, reference } as never);
    await allowed(commit(draft.by.db, draft.writes()));
  });
});
