// THE erasure test: one attendee's whole footprint, built through the site's own commits under the
// real rules (a draft, the waiting list, registering, paying and the statement line that verifies
// it, an evaluation, a certificate issued, the emails and log lines they write), plus what only
// time or staff leave behind (an archived copy of an earlier registration, check-ins), then the
// erasure asked by the owner, approved and carried out by an administrator through the rules,
// and every collection of the database read back with owner access: no trace of the address or
// the phone anywhere, and the name only where it is kept on purpose (listed below).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/lib/db.ts';
import { askErasureWrites, approveErasureWrites, erasureRequestId, toDataRequest } from '../../src/data/data-requests.ts';
import { carryOutErasure, ERASURE_SOURCES } from '../../src/data/erasure.ts';
import { claimedWrite, joinWaitlistWrites, offerWrites } from '../../src/data/waitlist.ts';
import { ACCOUNTS } from './support/actors.ts';
import { client, closeClients, visitor } from './support/clients.ts';
import {
  commit,
  REGISTRATION,
  paymentCommit,
  paymentDoc,
  registrationDoc,
  registrationDraft,
  registrationDraftForm,
  throttleFor,
  fieldsOf,
} from './support/forms.ts';
import { applyLine, statementImport, statementLine } from './support/statement.ts';
import { CPD, DAY1, DAY2, evaluate, evaluationDoc, issueCommit, useCpdSettings } from './support/certificates.ts';
import { attendee, freeSlot, ownerWrite } from './support/seats.ts';
import { checkoutOf } from '../../src/data/registration-record.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';
import { scanFor } from './support/scan.ts';
import { correctionOf, correctionWrites } from '../../src/features/registrations/corrections.ts';
import { verdict } from './support/actors.ts';
import { patchDocument } from '../../emulator/seed/rest.ts';
import { stack } from './support/clients.ts';
import type { Firestore } from 'firebase/firestore/lite';
import type { RequestRecord } from '../../emulator/src/rules-usage.ts';

let restoreCpd: () => Promise<void>;
let admin: Firestore;
let finance: Firestore;

beforeAll(async () => {
  restoreCpd = await useCpdSettings({ ...CPD });
  admin = await client(ACCOUNTS.admin);
  finance = await client(ACCOUNTS.finance);
});

afterAll(async () => {
  await restoreCpd();
  await closeClients();
});

/** A name and a phone nobody else in the database has, so a hit is this person's. */
function person() {
  const tag = uniqueId('e')
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase();
  const digits = String(Date.now()).slice(-8);
  return { tag, name: `Zawadi Q${tag}`, phone: `+2547${digits}`, phoneSpaced: `+254 7${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}` };
}

async function usage(since = 0): Promise<RequestRecord[]> {
  const { firestore, projectId } = stack();
  const r = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}:rulesUsage?since=${since}`);
  return ((await r.json()) as { requests: RequestRecord[] }).requests;
}
const lastUsage = async () => (await usage()).at(-1)?.seq ?? 0;

/** The worst rules figures of each kind of commit the erasure made since `since` (other files' requests are other kinds). */
async function rulesSpent(since: number): Promise<string[]> {
  const worst = new Map<string, [number, number, number]>();
  for (const r of (await usage(since)).filter((x) => x.kind === 'commit')) {
    const kind = r.operations.map((o) => `${o.method} ${o.path.split('/')[0]}`).join(' + ');
    const [a, b, c] = worst.get(kind) ?? [0, 0, 0];
    worst.set(kind, [
      Math.max(a, ...r.operations.map((o) => o.reads.length)),
      Math.max(b, r.documentReads),
      Math.max(c, ...r.operations.map((o) => o.expressions)),
    ]);
  }
  return [...worst].map(([kind, f]) => `${kind}: ${f.join(' · ')}`);
}

async function buildFootprint() {
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

  return { p, email, tagged, who, seat, registrationId, archivedId, certificateId: issue.certId, paymentId, lineKey: line.receiptKey, draftId: draft.id };
}

describe('erasing one attendee’s whole footprint', () => {
  it.each([
    ['keeps their certificate verifiable when they chose so', true],
    ['revokes and anonymises their certificate otherwise', false],
  ])('%s; nothing else holds their address, phone or name', async (_, keepCertificate) => {
    const f = await buildFootprint();

    // Before: the scan finds them (so its silence afterwards means something).
    const before = await scanFor([f.email, f.tagged, f.p.phone, f.p.phoneSpaced, f.p.name]);
    expect(before.hits.length).toBeGreaterThan(10);

    const since = await lastUsage();
    // The owner asks, from "my registration".
    const requestId = await erasureRequestId(f.email);
    const days = 14;
    expect(await verdict(commit(f.who.db, askErasureWrites(requestId, f.email, keepCertificate, days, null)))).toBe('allowed');
    // An administrator approves and carries it out.
    const adminDb = createDb(() => admin);
    await adminDb.commit(approveErasureWrites({ id: requestId }, ACCOUNTS.admin.email));
    const request = toDataRequest({ ...(await adminDb.fetchDocument('dataRequests', requestId))!, id: requestId });
    const report = await carryOutErasure(adminDb, request, ACCOUNTS.admin.email);
    const spent = await rulesSpent(since);

    const after = await scanFor([f.email, f.tagged, f.p.phone, f.p.phoneSpaced, f.p.name]);
    // What is kept on purpose: the request itself and its "done" email (the institute's record
    // that it answered, which must say to whom), and, when the attendee chose it, the certificate
    // and its public projection with the name they print.
    const kept = [
      `dataRequests/${requestId}`,
      `mail/${requestId}-1-done`,
      ...(keepCertificate ? [`certificates/${f.certificateId}`, `certificateChecks/${f.certificateId}`] : []),
    ];
    expect(after.hits.filter((h) => !kept.includes(h.path))).toEqual([]);
    if (keepCertificate) {
      expect(after.hits.find((h) => h.path === `certificates/${f.certificateId}`)?.found).toEqual([f.p.name]);
      expect((await ownerGet(`certificateChecks/${f.certificateId}`))!.status).toBe('valid');
    } else {
      expect((await ownerGet(`certificateChecks/${f.certificateId}`))!).toMatchObject({ status: 'revoked', fullName: 'Erased' });
    }
    // Seats and money stay whole: the registration keeps its id, amounts, states and seat.
    const r = (await ownerGet(`registrations/${f.registrationId}`))!;
    expect(r).toMatchObject({ fullName: 'Erased', email: '', phone: '', paymentStatus: 'paid', erasedBy: requestId });
    expect(r.receivedMinor).toBeGreaterThan(0);
    expect((await ownerGet(`payments/${f.paymentId}`))!).toMatchObject({ payerName: 'Erased', status: 'verified' });
    expect((await ownerGet(`statementLines/${f.lineKey}`))!).toMatchObject({ payer: '', details: '', state: 'applied' });
    expect((await ownerGet(`checkouts/${f.registrationId}`))!).toMatchObject({ fullName: 'Erased', email: '' });
    expect(await ownerGet(`dataRequests/${requestId}`)).toMatchObject({ status: 'done', actedBy: ACCOUNTS.admin.email });
    // The slot offered to them names nobody in its last move; the slot itself is still the registration's.
    expect((await ownerGet(`seatMoves/${f.seat}`))!.from ?? null).toBeNull();
    expect((await ownerGet(`seats/${f.seat}`))!.claim).toBe(r.seatClaim);

    // The figures the issue asks for (printed, not asserted as time).
    console.log(
      `[erasure figures] keepCertificate=${keepCertificate}: ${report.commits} commits, ${report.documentsTouched} documents touched, ` +
        `${report.ms.toFixed(0)} ms; scanned ${after.collections.length} collections (${after.documents} documents): ${after.collections.join(', ')}; ` +
        `footprint hits before ${before.hits.length}, after ${after.hits.length} (kept: ${after.hits.map((h) => h.path).join(', ')}); sources read: ${ERASURE_SOURCES.join(', ')}`,
    );
    console.log(`[erasure rules budget] per commit kind: op reads · request reads · expressions\n${spent.join('\n')}`);
  });
});
