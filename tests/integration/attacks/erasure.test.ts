// Attacks on data requests and erasure, each against the real rules with the planner's own writes
// (src/data/erasure-plan.ts): asking for someone else's erasure, a look-alike or unverified
// address, staff entering an erasure, asking twice; an editor or finance carrying one out, an
// administrator without an approved request or with one for someone else; rewriting a log line
// that does not name the person; restoring an erased archived registration with its old data;
// a refusal's free text reaching an email beyond its bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase/firestore/lite';
import { newId } from '../../../src/lib/db.ts';
import {
  askErasureWrites,
  completeWrites,
  enterRequestWrites,
  erasureRequestId,
  refuseWrites,
  requestMailId,
  toDataRequest,
} from '../../../src/data/data-requests.ts';
import { anonymisedRegistration, emptyFootprint, planErasure, type Footprint } from '../../../src/data/erasure-plan.ts';
import { checkoutOf, checkoutWrite } from '../../../src/data/registration-record.ts';
import { ACCOUNTS, verdict } from '../support/actors.ts';
import { client, closeClients, stack } from '../support/clients.ts';
import { asForged, forgedToken, verifiedClaims } from '../support/forged.ts';
import { encodeFields } from '../../../src/lib/firestore-rest.ts';
import { commit, donationDoc, fieldsOf, messageDoc, registrationDoc } from '../support/forms.ts';

const DONATION_AMOUNT = Number(donationDoc('').amount);
import { attendee, ownerWrite } from '../support/seats.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from '../support/owner.ts';
import { storedErasureRequest } from '../support/data-requests.ts';

let admin: Firestore;
let editor: Firestore;
let finance: Firestore;

beforeAll(async () => {
  [admin, editor, finance] = await Promise.all([client(ACCOUNTS.admin), client(ACCOUNTS.editor), client(ACCOUNTS.finance)]);
});
afterAll(closeClients);

const DAYS = 14;
const KELVIN = '\u212A';

/** A person's registration (with its checkout) and their erasure request in `status`, stored past the rules. */
async function victim(status: 'received' | 'approved' = 'approved') {
  const email = `${uniqueId('victim')}@example.org`;
  const id = uniqueId('reg');
  const stored = { ...fieldsOf(registrationDoc(id, { email })), email };
  await fixture(`registrations/${id}`, stored);
  await ownerWrite([`checkouts/${id}`, checkoutOf({ ...stored, id } as never)]);
  const requestId = await storedErasureRequest(email, status);
  const registration = { ...(await ownerGet(`registrations/${id}`))!, id };
  return { email, id, requestId, registration };
}

const footprint = (v: Awaited<ReturnType<typeof victim>>, over: Partial<Footprint> = {}): Footprint => ({
  ...emptyFootprint(v.requestId, v.email),
  registrations: [v.registration],
  ...over,
});

/** An email to the person and an archived registration of theirs, with the plan's write anonymising the copy under `requestId`. */
async function copies(v: Awaited<ReturnType<typeof victim>>, requestId = v.requestId) {
  const mailId = newId();
  await fixture(`mail/${mailId}`, { to: v.email, template: { name: 'waitlist-joined', data: { name: 'X' } }, recordCollection: 'waitlist', recordId: v.email });
  const archivedId = uniqueId('old');
  await fixture(`archive/registrations/items/${archivedId}`, { ...fieldsOf(registrationDoc(archivedId, { email: v.email })), email: v.email });
  const archived = { ...(await ownerGet(`archive/registrations/items/${archivedId}`))!, id: archivedId };
  const archivedWrite = { update: `archive/registrations/items/${archivedId}`, data: anonymisedRegistration(archived, requestId) };
  return { mailId, archivedId, archivedWrite };
}

/** The plan's writes for the registration alone (the anonymised record and its checkout). */
const registrationWrites = (v: Awaited<ReturnType<typeof victim>>, requestId = v.requestId) =>
  planErasure({ ...footprint(v), requestId }).find((c) => c.what.startsWith('anonymise registrations/'))!.writes;

describe('asking for erasure', () => {
  it('the owner may ask for their own address, once while it is open', async () => {
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, true, DAYS, null)))).toBe('allowed');
    expect(await ownerGet(`mail/${requestMailId(id, 1, 'received')}`)).toMatchObject({ to: who.email, template: { name: 'data-request-received' } });
    // Asking again while it is open: refused (as round 2 too).
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, true, DAYS, { round: 1 })))).toBe('denied');
  });

  it('nobody may ask for someone else’s address (under their id or their own)', async () => {
    const who = await attendee();
    const other = `${uniqueId('other')}@example.org`;
    const otherId = await erasureRequestId(other);
    expect(await verdict(commit(who.db, askErasureWrites(otherId, other, false, DAYS, null)))).toBe('denied');
    // Their own id, someone else's address in the request (and its email going there).
    const mine = await erasureRequestId(who.email);
    expect(await verdict(commit(who.db, askErasureWrites(mine, other, false, DAYS, null)))).toBe('denied');
  });

  it('a look-alike of an address (a Kelvin sign for a k) neither asks for it nor reads its request', async () => {
    const email = `${uniqueId('kate')}@example.org`;
    const id = await erasureRequestId(email);
    const { projectId } = stack();
    const name = (path: string) => `projects/${projectId}/databases/(default)/documents/${path}`;
    const ask = (token: string) =>
      asForged(token, ':commit', {
        body: {
          writes: askErasureWrites(id, email, false, DAYS, null).map((w) => ({
            update: {
              name: name('set' in w ? w.set : ''),
              fields: encodeFields(Object.fromEntries(Object.entries('set' in w ? w.data : {}).filter(([k]) => !['createdAt', 'timestamp'].includes(k)))),
            },
            updateTransforms: [{ fieldPath: 'set' in w && w.set.startsWith('mail/') ? 'timestamp' : 'createdAt', setToServerValue: 'REQUEST_TIME' }],
          })),
        },
      });
    const lookAlike = forgedToken(verifiedClaims(email.replace('k', KELVIN), 'emailLink'));
    expect(email.replace('k', KELVIN).toLowerCase()).toBe(email);
    expect((await ask(lookAlike)).status).toBe(403);
    // The control: its owner may, and then reads it; the look-alike still may not.
    const owner = forgedToken(verifiedClaims(email, 'emailLink'));
    expect((await ask(owner)).status).toBe(200);
    expect((await asForged(owner, `/dataRequests/${id}`)).status).toBe(200);
    expect((await asForged(lookAlike, `/dataRequests/${id}`)).status).toBe(403);
  });

  it('an unverified address asks for nothing', async () => {
    const who = await attendee(undefined, false);
    const id = await erasureRequestId(who.email);
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, false, DAYS, null)))).toBe('denied');
  });

  it('a response time other than the settings’ is refused', async () => {
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, false, 90, null)))).toBe('denied');
  });

  it('administrators enter access and correction requests from letters, never an erasure', async () => {
    const email = `${uniqueId('letter')}@example.org`;
    const access = enterRequestWrites({ kind: 'access', email, channel: 'letter' }, DAYS, ACCOUNTS.admin.email, newId());
    expect(await verdict(commit(admin, access))).toBe('allowed');
    const erasure = enterRequestWrites({ kind: 'access', email, channel: 'email' }, DAYS, ACCOUNTS.admin.email, newId()).map((w) =>
      'data' in w && w.data.kind ? { ...w, data: { ...w.data, kind: 'erasure' } } : w,
    );
    expect(await verdict(commit(admin, erasure))).toBe('denied');
    // Finance may not enter one.
    expect(await verdict(commit(finance, enterRequestWrites({ kind: 'access', email, channel: 'letter' }, DAYS, ACCOUNTS.finance.email, newId())))).toBe(
      'denied',
    );
  });
});

describe('carrying out an erasure', () => {
  it('an administrator with the approved request anonymises the registration and its checkout', async () => {
    const v = await victim();
    expect(await verdict(commit(admin, registrationWrites(v)))).toBe('allowed');
    expect(await ownerGet(`checkouts/${v.id}`)).toMatchObject({ fullName: 'Erased', email: '' });
  });

  it('editors and finance may not carry one out', async () => {
    const v = await victim();
    expect(await verdict(commit(editor, registrationWrites(v)))).toBe('denied');
    expect(await verdict(commit(finance, registrationWrites(v)))).toBe('denied');
  });

  // (The registration itself is no test of this: administrators may edit a registration's fields
  // today, erasure or not. What only an erasure may write is tried instead.)
  it('not without an approved request: received only, or none', async () => {
    const v = await victim('received');
    const { mailId, archivedId, archivedWrite } = await copies(v);
    expect(await verdict(commit(admin, [{ delete: `mail/${mailId}` }]))).toBe('denied');
    expect(await verdict(commit(admin, [archivedWrite]))).toBe('denied');
    await ownerDelete(`dataRequests/${v.requestId}`);
    expect(await verdict(commit(admin, [{ delete: `mail/${mailId}` }]))).toBe('denied');
    expect(await verdict(commit(admin, [archivedWrite]))).toBe('denied');
    expect((await ownerGet(`archive/registrations/items/${archivedId}`))!.email).toBe(v.email);
  });

  it('a request approved for someone else erases nobody else', async () => {
    const target = await victim('received');
    const approved = await victim('approved');
    const { mailId, archivedWrite } = await copies(target, approved.requestId);
    expect(await verdict(commit(admin, [archivedWrite]))).toBe('denied');
    expect(await verdict(commit(admin, [{ delete: `mail/${mailId}` }]))).toBe('denied');
    // The control: the approved person's own copies go.
    const own = await copies(approved);
    expect(await verdict(commit(admin, [own.archivedWrite]))).toBe('allowed');
    expect(await verdict(commit(admin, [{ delete: `mail/${own.mailId}` }]))).toBe('allowed');
  });

  it('a message and a pledge from the person: archived ones go only under an approved erasure, and a pledge keeps its money', async () => {
    const received = await victim('received');
    const approved = await victim('approved');
    /** An archived message and pledge (the address typed with capitals), and the plan's writes for them. */
    async function sent(v: Awaited<ReturnType<typeof victim>>) {
      const typed = v.email.toUpperCase();
      const [messageId, pledgeId] = [uniqueId('msg'), uniqueId('pledge')];
      await fixture(`archive/messages/items/${messageId}`, { ...fieldsOf(messageDoc('')), email: typed });
      await fixture(`archive/donations/items/${pledgeId}`, { ...fieldsOf(donationDoc('')), email: typed });
      const plan = planErasure({
        ...emptyFootprint(v.requestId, v.email),
        archivedMessages: [{ id: messageId, email: typed }],
        archivedDonations: [{ id: pledgeId, email: typed }],
      });
      return { messageId, pledgeId, deleteMessage: plan[0].writes, anonymisePledge: plan[1].writes };
    }
    const early = await sent(received);
    for (const db of [admin, editor, finance]) {
      expect(await verdict(commit(db, early.deleteMessage))).toBe('denied');
      expect(await verdict(commit(db, early.anonymisePledge))).toBe('denied');
    }
    const due = await sent(approved);
    expect(await verdict(commit(editor, due.deleteMessage))).toBe('denied');
    // Anything but the plan's change (the amount lowered with it) is refused.
    const [w] = due.anonymisePledge as Array<{ update: string; data: Record<string, unknown> }>;
    expect(await verdict(commit(admin, [{ update: w.update, data: { ...w.data, amount: 1 } }]))).toBe('denied');
    expect(await verdict(commit(admin, [{ update: w.update, data: { ...w.data, name: 'Someone' } }]))).toBe('denied');
    expect(await verdict(commit(admin, due.deleteMessage))).toBe('allowed');
    expect(await verdict(commit(admin, due.anonymisePledge))).toBe('allowed');
    expect(await ownerGet(`archive/donations/items/${due.pledgeId}`)).toMatchObject({ name: 'Erased', email: '', message: '', amount: DONATION_AMOUNT });
  });

  it('an anonymised registration is exactly the plan: no other field may change with it', async () => {
    const v = await victim();
    const writes = registrationWrites(v).map((w) => ('update' in w ? { ...w, data: { ...w.data, fee: 0 } } : w));
    expect(await verdict(commit(admin, writes))).toBe('denied');
    const kept = registrationWrites(v).map((w) => ('update' in w ? { ...w, data: { ...w.data, fullName: 'Someone Else' } } : w));
    expect(await verdict(commit(admin, kept))).toBe('denied');
  });

  it('a log line that does not name the person is not rewritten', async () => {
    const v = await victim();
    const lineId = newId();
    await fixture(`logs/${lineId}`, { message: 'Published an event', userEmail: ACCOUNTS.admin.email });
    expect(await verdict(commit(admin, [{ update: `logs/${lineId}`, data: { message: '[erased]', erasedBy: v.requestId } }]))).toBe('denied');
    const naming = newId();
    await fixture(`logs/${naming}`, { message: `Moved ${v.email.toUpperCase()} up the waiting list`, userEmail: ACCOUNTS.admin.email });
    // More than the address replaced: refused; exactly the address: allowed.
    expect(await verdict(commit(admin, [{ update: `logs/${naming}`, data: { message: 'Moved [erased]', erasedBy: v.requestId } }]))).toBe('denied');
    const plan = planErasure(footprint(v, { registrations: [], logs: [{ id: naming, ...(await ownerGet(`logs/${naming}`))! }] }));
    expect(await verdict(commit(admin, plan[0].writes))).toBe('allowed');
    expect((await ownerGet(`logs/${naming}`))!.message).toBe('Moved [erased] up the waiting list');
  });

  it('a line’s author is taken off only where the person wrote it as an attendee: never a staff member’s, nor another attendee’s', async () => {
    const v = await victim();
    const authorErased = (id: string) => [{ update: `logs/${id}`, data: { userEmail: '[erased]', erasedBy: v.requestId } }];
    const line = async (data: Record<string, unknown>) => {
      const id = newId();
      await fixture(`logs/${id}`, { message: 'Registration NCS-7K2QD corrected by its attendee: name.', ...data });
      return id;
    };
    // Staff keep their authorship, even a staff member whose address is the person's.
    expect(await verdict(commit(admin, authorErased(await line({ userEmail: ACCOUNTS.admin.email }))))).toBe('denied');
    expect(await verdict(commit(admin, authorErased(await line({ userEmail: v.email }))))).toBe('denied');
    // Another attendee's correction stays theirs.
    expect(await verdict(commit(admin, authorErased(await line({ userEmail: 'someone.else@example.org', registrationId: 'x' }))))).toBe('denied');
    // The person's own correction, under a +tag and in capitals: its author goes, and nothing else changes with it.
    const own = await line({ userEmail: v.email.replace('@', '+summit@').toUpperCase(), registrationId: 'x' });
    expect(await verdict(commit(admin, [{ update: `logs/${own}`, data: { userEmail: '[erased]', message: 'x', erasedBy: v.requestId } }]))).toBe('denied');
    expect(await verdict(commit(admin, authorErased(own)))).toBe('allowed');
  });

  it('an erased archived registration cannot be restored with its old data', async () => {
    const v = await victim();
    const archivedId = uniqueId('old');
    const old = { ...fieldsOf(registrationDoc(archivedId, { email: v.email })), email: v.email, status: 'cancelled' };
    await fixture(`archive/registrations/items/${archivedId}`, old);
    const before = { ...(await ownerGet(`archive/registrations/items/${archivedId}`))!, id: archivedId };
    const erase = { update: `archive/registrations/items/${archivedId}`, data: anonymisedRegistration(before, v.requestId) };
    expect(await verdict(commit(admin, [erase]))).toBe('allowed');
    // Restoring with the old data (the copy deleted, the original created as it was): refused.
    const restore = [{ set: `registrations/${archivedId}`, data: before }, checkoutWrite(before), { delete: `archive/registrations/items/${archivedId}` }];
    expect(await verdict(commit(admin, restore))).toBe('denied');
    // Nor may the copy be put back to its old data.
    const { id: _id, ...fields } = before;
    expect(await verdict(commit(admin, [{ set: `archive/registrations/items/${archivedId}`, data: fields }]))).toBe('denied');
  });
});

describe('answering a request', () => {
  it('a refusal’s reason reaches the email within its bounds only; only administrators refuse', async () => {
    const v = await victim('received');
    const request = toDataRequest({ ...(await ownerGet(`dataRequests/${v.requestId}`))!, id: v.requestId });
    expect(await verdict(commit(admin, refuseWrites(request, 'x'.repeat(501), ACCOUNTS.admin.email)))).toBe('denied');
    expect(await verdict(commit(admin, refuseWrites(request, 'Line\u0007bell', ACCOUNTS.admin.email)))).toBe('denied');
    expect(await verdict(commit(finance, refuseWrites(request, 'No.', ACCOUNTS.finance.email)))).toBe('denied');
    expect(await verdict(commit(admin, refuseWrites(request, 'An invoice issued to you must be kept.', ACCOUNTS.admin.email)))).toBe('allowed');
    expect(await ownerGet(`mail/${requestMailId(v.requestId, 1, 'refused')}`)).toMatchObject({
      to: v.email,
      template: { data: { reason: 'An invoice issued to you must be kept.' } },
    });
  });

  it('an erasure is done only after it was approved, with its email; never refused once under way', async () => {
    const v = await victim('received');
    const request = toDataRequest({ ...(await ownerGet(`dataRequests/${v.requestId}`))!, id: v.requestId });
    expect(await verdict(commit(admin, completeWrites(request, ACCOUNTS.admin.email)))).toBe('denied');
    const approved = await victim('approved');
    const running = toDataRequest({ ...(await ownerGet(`dataRequests/${approved.requestId}`))!, id: approved.requestId });
    expect(await verdict(commit(admin, refuseWrites(running, 'Changed our mind.', ACCOUNTS.admin.email)))).toBe('denied');
    // Without its email: refused; with it: done.
    expect(await verdict(commit(admin, completeWrites(running, ACCOUNTS.admin.email).slice(0, 1)))).toBe('denied');
    expect(await verdict(commit(admin, completeWrites(running, ACCOUNTS.admin.email)))).toBe('allowed');
  });
});
