// One attendee's whole footprint, built through the site's own commits under the real rules (a
// draft, the waiting list, registering, paying and the statement line that verifies it, an
// evaluation, a certificate issued, the emails and log lines they write), plus what only time or
// staff leave behind (an archived copy of an earlier registration, check-ins, a staff log line,
// the attendee's own correction): what an erasure (erasure.test.ts) and the retention
// (retention.test.ts) must leave no trace of.
import { expect } from 'vitest';
import type { Firestore } from 'firebase/firestore/lite';
import { createDb } from '../../../src/lib/db.ts';
import { claimedWrite, joinWaitlistWrites, offerWrites } from '../../../src/data/waitlist.ts';
import { checkoutOf } from '../../../src/data/registration-record.ts';
import { correctionOf, correctionWrites } from '../../../src/features/registrations/corrections.ts';
import { patchDocument } from '../../../emulator/seed/rest.ts';
import { ACCOUNTS, verdict } from './actors.ts';
import { stack, visitor } from './clients.ts';
import {
  commit,
  donationDoc,
  FORMS,
  messageDoc,
  REGISTRATION,
  paymentCommit,
  paymentDoc,
  registrationDoc,
  registrationDraft,
  registrationDraftForm,
  throttleFor,
  fieldsOf,
} from './forms.ts';
import { applyLine, statementImport, statementLine } from './statement.ts';
import { DAY1, DAY2, evaluate, evaluationDoc, issueCommit } from './certificates.ts';
import { attendee, freeSlot, ownerWrite } from './seats.ts';
import { fixture, ownerGet, uniqueId } from './owner.ts';

/** A name and a phone nobody else in the database has, so a hit is this person's. */
export function person() {
  const tag = uniqueId('e')
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase();
  const digits = String(Date.now()).slice(-8);
  return { tag, name: `Zawadi Q${tag}`, phone: `+2547${digits}`, phoneSpaced: `+254 7${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}` };
}

/** Builds the footprint as `admin` and `finance` act (CPD settings in use: certificates.ts useCpdSettings). */
export async function buildFootprint({ admin, finance }: { admin: Firestore; finance: Firestore }) {
  const p = person();
  const email = `zawadi.${p.tag.toLowerCase()}@example.org`;
  const who = await attendee(email);
  const form = { fullName: p.name, phone: p.phoneSpaced, email };

  // 1. The register form's draft, sent before the address is proven (a visitor's identity).
  const draftBy = await visitor();
  const draft = await registrationDraftForm.draft(form, { db: draftBy.db, uid: draftBy.uid });
  expect(await verdict(commit(draftBy.db, draft.writes()))).toBe('allowed');

  // 2. The waiting list: joined (with its email); finance offers a freed slot (the slot's move
  // names the entry); 3. the offer claimed: registering (a paid category) on that slot, the entry
  // marked registered, with its checkout, attendee entry and email.
  expect(await verdict(commit(who.db, joinWaitlistWrites({ ...REGISTRATION, ...form })))).toBe('allowed');
  const seat = await freeSlot();
  expect(await verdict(commit(finance, offerWrites(email, seat)))).toBe('allowed');
  const reg = await registrationDraft(form, who, { seat });
  expect(await verdict(commit(who.db, [...reg.writes(), claimedWrite(email)]))).toBe('allowed');
  const registrationId = reg.id;
  const stored = (await ownerGet(`registrations/${registrationId}`))!;

  // 4. Paying: the attendee submits their M-Pesa code (the payment, its email)…
  const paymentId = uniqueId('pay');
  const pay = paymentDoc(paymentId, 'registrations', registrationId, { payerName: p.name });
  const payWrites = [
    ...paymentCommit(paymentId, pay, { collection: 'registrations', id: registrationId, record: stored }),
    await throttleFor(who, 'payments', paymentId),
  ];
  expect(await verdict(commit(who.db, payWrites))).toBe('allowed');
  // … and finance applies the statement line that shows it (payer's name and phone as M-Pesa prints them).
  const importId = await statementImport('erasure');
  const line = statementLine(Number(stored.fee) * 100, {
    receipt: String(pay.reference),
    receiptKey: String(pay.reference),
    payer: `${p.phone} ${p.name.toUpperCase()}`,
    details: `Pay Bill from ${p.phone} - ${p.name.toUpperCase()} Acc. ${String(stored.paymentCode)}`,
    account: String(stored.paymentCode),
  });
  await applyLine(finance, importId, line, { collection: 'registrations', id: registrationId }, { submittedId: paymentId });

  // 5. Check-ins on two days (a staff scan: stored as the check-in screen leaves them), an
  // evaluation through the rules, and a certificate issued by an administrator through the rules.
  await patchDocument(stack(), `registrations/${registrationId}`, {
    attendance: { [DAY1]: new Date(`${DAY1}T06:30:00.000Z`), [DAY2]: new Date(`${DAY2}T06:30:00.000Z`) },
    status: 'checked-in',
  });
  await ownerWrite([`checkouts/${registrationId}`, checkoutOf({ ...(await ownerGet(`registrations/${registrationId}`))!, id: registrationId } as never)]);
  const evaluation = evaluationDoc(registrationId, DAY1, email);
  expect(await verdict(evaluate(who, evaluation))).toBe('allowed');
  const now = (await ownerGet(`registrations/${registrationId}`))!;
  const issue = issueCommit({ who, id: registrationId, stored: { ...now, id: registrationId }, seat: String(now.seat) }, [DAY1, DAY2]);
  expect(await verdict(commit(admin, issue.writes))).toBe('allowed');

  // 6. Last year's registration, archived by an administrator (stored as archiving leaves it).
  const archivedId = uniqueId('old');
  // Under a +tag of the address: the same person (one mailbox), which the erasure must find too.
  const tagged = email.replace('@', '+2026@');
  await fixture(`archive/registrations/items/${archivedId}`, {
    ...fieldsOf(registrationDoc(archivedId, { ...form, email: tagged })),
    email: tagged,
    status: 'cancelled',
  });

  // 7. An activity-log line naming the address (staff actions name people by address).
  await createDb(() => finance).recordActivity(`Moved ${email} up the waiting list`, ACCOUNTS.finance.email);

  // 8. The attendee corrects their organisation from "my registration": its log line names them as its author.
  const current = { ...(await ownerGet(`registrations/${registrationId}`))!, id: registrationId };
  const correction = correctionWrites(current, { ...correctionOf(current), organisation: 'Kenyatta National Hospital' }, email);
  expect(await verdict(commit(who.db, correction))).toBe('allowed');

  // 9. A contact message and a pledge from the same person, the address typed with capitals (stored
  // as typed, with their acknowledgements), and last year's of each, archived.
  const typed = email.replace(/^z/, 'Z').replace('example.org', 'Example.org');
  for (const form of [FORMS.message, FORMS.donation]) {
    const sent = await form.draft({ email: typed, name: p.name, ...(form === FORMS.message ? { message: `Call me on ${p.phoneSpaced}` } : {}) });
    expect(await verdict(commit(sent.by.db, sent.writes()))).toBe('allowed');
  }
  await fixture(`archive/messages/items/${uniqueId('oldmsg')}`, { ...fieldsOf(messageDoc('')), name: p.name, email: typed });
  await fixture(`archive/donations/items/${uniqueId('oldpledge')}`, { ...fieldsOf(donationDoc('')), name: p.name, email: tagged });

  // 10. An abstract they submitted to the call, naming them as its presenting author (stored as the
  // author's form leaves it, whatever the call's dates are now), a reviewer's blind copy of it, and
  // the committee's acceptance published: its public copy and text.
  const abstractId = uniqueId('abs');
  const parts = { background: 'Screening uptake.', methods: 'A cohort.', results: 'More screened.', conclusions: 'It works.' };
  const authored = {
    title: `Screening in Kisumu ${p.tag}`,
    authors: [p.name, 'Achieng Otieno'],
    affiliations: ['KNH', 'KEMRI'],
    presenting: 0,
    track: 'prevention',
    keywords: 'screening',
  };
  await fixture(`abstracts/${abstractId}`, {
    ...authored,
    ...parts,
    id: abstractId,
    email,
    status: 'submitted',
    presentation: 'oral',
    conflicts: `None. Call ${p.phoneSpaced}.`,
    consent: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    submittedAt: new Date(),
  });
  const blindId = `${abstractId}__reviewer@summit.test`;
  await fixture(`blindAbstracts/${blindId}`, {
    id: blindId,
    abstractId,
    reviewer: 'reviewer@summit.test',
    title: authored.title,
    track: 'prevention',
    presentation: 'oral',
    ...parts,
    keywords: 'screening',
    assignedAt: new Date(),
  });
  await fixture(`publishedAbstracts/${abstractId}`, {
    ...authored,
    id: abstractId,
    presentation: 'oral',
    sessionId: '',
    sessionOrder: 0,
    publishedAt: new Date(),
  });
  await fixture(`publishedAbstractTexts/${abstractId}`, { id: abstractId, ...parts });
  await fixture(`abstractOutcomes/${abstractId}`, { id: abstractId, email, outcome: 'oral', comments: ['Clear methods.'], decidedAt: new Date() });

  return {
    p,
    email,
    tagged,
    who,
    seat,
    registrationId,
    archivedId,
    certificateId: issue.certId,
    paymentId,
    lineKey: line.receiptKey,
    draftId: draft.id,
    abstractId,
    blindId,
  };
}
