// Attacks on the retention (firestore.rules retentionDue, retentionReads, systemRetains,
// retentionKept, and erasureApproved as the timed work now passes it), and on the erasure of contact
// messages and pledges (erasesMessage, erasesDonation), each against the real rules: the system
// identity acting before the keeping time; forged tokens posing as it; staff or an attendee
// creating, approving or closing a retention request; the system's request in any shape but its
// own, over someone's open or approved request, or reopening one; erasing a message or a pledge
// of another address, without an approved request, or changing a pledge's money with it; the
// system reading or writing beyond an erasure once due; settings saves that bring anonymising
// inside a week by any route (the end date, the months, the default, an end date taken away and
// put back).
//
// Tests marked HOLE, DEFECT or GAP were found by this review and failed until the rules and the
// retention were mended (the comment above each says what was wrong).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteField, doc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { systemRunnerFor } from '../../../emulator/timed-work.ts';
import { patchDocument } from '../../../emulator/seed/rest.ts';
import { createDb, newId, serverValues, type BatchWrite, type Db } from '../../../src/lib/db.ts';
import { summitDays } from '../../../src/data/certificates.ts';
import { RETENTION_MONTH_MINUTES } from '../../../src/content/retention.ts';
import {
  approveErasureWrites,
  askErasureWrites,
  closeRetentionWrites,
  dataRequestPath,
  enterRequestWrites,
  erasureRequestId,
  retentionRequestWrites,
} from '../../../src/data/data-requests.ts';
import { anonymisedDonation, emptyFootprint, planErasure } from '../../../src/data/erasure-plan.ts';
import { checkoutOf } from '../../../src/data/registration-record.ts';
import { heldAddresses } from '../../../src/data/timed-work/retention.ts';
import { ACCOUNTS, verdict } from '../support/actors.ts';
import { client, closeClients, stack } from '../support/clients.ts';
import { asForged, forgedToken, systemClaims } from '../support/forged.ts';
import { commit, donationDoc, fieldsOf, messageDoc, registrationDoc } from '../support/forms.ts';
import { storedErasureRequest } from '../support/data-requests.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from '../support/owner.ts';
import { attendee, ownerWrite } from '../support/seats.ts';
import { serverNow } from '../support/clock.ts';
import { WAITING_COUNT_PATH } from '../support/waiting.ts';

const MONTH_MS = RETENTION_MONTH_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const KELVIN = '\u212A';

let admin: Firestore;
let editor: Firestore;
let finance: Firestore;
let runner: ReturnType<typeof systemRunnerFor>;
let system: Db;
let saved: Record<string, unknown>;
const created: string[] = [];

beforeAll(async () => {
  const site = (await ownerGet('settings/site'))!;
  saved = { startDate: site.startDate ?? null, endDate: site.endDate ?? null, summitDays: site.summitDays ?? [], retentionMonths: site.retentionMonths };
  [admin, editor, finance] = await Promise.all([client(ACCOUNTS.admin), client(ACCOUNTS.editor), client(ACCOUNTS.finance)]);
  runner = systemRunnerFor(stack());
  system = await runner.signedIn();
});

afterAll(async () => {
  // The seed always has the months kept; were they missing, the default (24) means the same.
  await patchDocument(stack(), 'settings/site', { ...saved, retentionMonths: saved.retentionMonths ?? 24 });
  await ownerDelete(...created);
  await runner.close();
  await closeClients();
});

/** The summit's dates and months kept, consistent (as a settings save must be), past the rules. */
async function siteDates(endDate: Date | null, retentionMonths: number) {
  const startDate = endDate && new Date(endDate.getTime() - 2 * DAY_MS);
  await patchDocument(stack(), 'settings/site', {
    startDate,
    endDate,
    summitDays: startDate && endDate ? summitDays(startDate, endDate) : [],
    retentionMonths,
  });
}

/** The keeping time (3 months after the end) passed a month ago, or is a month away. */
async function keepingTime(passed: boolean) {
  const now = await serverNow();
  await siteDates(new Date(now.getTime() - (passed ? 4 : 2) * MONTH_MS), 3);
}

/** An erasure request for `email` stored past the rules, in `status`, as its owner's (online) unless told. */
async function requestFor(email: string, status: 'received' | 'approved' | 'done' | 'refused', over: Record<string, unknown> = {}) {
  const id = await storedErasureRequest(email, status, over);
  created.push(dataRequestPath(id));
  return id;
}

/** The entries an erasure deletes for `email` (a draft, the attendee entry, a withdrawn waiting-list entry), stored past the rules. */
async function entriesOf(email: string): Promise<string[]> {
  const draft = `registrationDrafts/${uniqueId('d')}`;
  await fixture(draft, { email, form: {}, expiresAt: new Date() });
  await fixture(`attendees/${email}`, { registrationId: 'none', heldSince: new Date() });
  await fixture(`waitlist/${email}`, {
    email,
    fullName: 'Someone Waiting',
    status: 'withdrawn',
    offer: null,
    position: new Date(),
    category: 'delegate',
    form: {},
  });
  const paths = [draft, `attendees/${email}`, `waitlist/${email}`];
  created.push(...paths);
  return paths;
}

const address = (prefix: string) => `${uniqueId(prefix)}@example.org`;

/** The schedule's own retention request for `email`, with fields changed. */
function retentionRequest(id: string, email: string, change: Record<string, unknown> = {}, previous: { round: number } | null = null): BatchWrite[] {
  const [w] = retentionRequestWrites(id, email, previous) as Array<{ set: string; data: Record<string, unknown> }>;
  return [{ set: w.set, data: { ...w.data, ...change } }];
}

/** A contact message and a pledge from `typed` (live, or archived), stored past the rules. */
async function sent(typed: string, archived = false) {
  const [m, p] = [uniqueId('msg'), uniqueId('pledge')];
  const message = `${archived ? 'archive/messages/items' : 'messages'}/${m}`;
  const pledge = `${archived ? 'archive/donations/items' : 'donations'}/${p}`;
  await fixture(message, { ...fieldsOf(messageDoc('')), email: typed });
  await fixture(pledge, { ...fieldsOf(donationDoc('')), email: typed });
  created.push(message, pledge);
  return { message, pledge };
}

const anonymise = (pledge: string, requestId: string, change: Record<string, unknown> = {}): BatchWrite[] => [
  { update: pledge, data: { ...anonymisedDonation(requestId), ...change } },
];

/** A registration of `email` with its checkout, stored past the rules, and the plan's writes anonymising it. */
async function registered(email: string, requestId: string) {
  const id = uniqueId('reg');
  const stored = { ...fieldsOf(registrationDoc(id, { email })), email };
  await fixture(`registrations/${id}`, stored);
  await ownerWrite([`checkouts/${id}`, checkoutOf({ ...stored, id } as never)]);
  created.push(`registrations/${id}`, `checkouts/${id}`);
  const registration = { ...(await ownerGet(`registrations/${id}`))!, id };
  const writes = planErasure({ ...emptyFootprint(requestId, email), registrations: [registration] }).find((c) =>
    c.what.startsWith('anonymise registrations/'),
  )!.writes;
  return { id, writes };
}

/** A certificate for `email` stored past the rules, and its public projection exactly (firestore.rules checkOf). */
async function certificate(email: string) {
  const id = uniqueId('cert');
  const issuedAt = new Date(Date.now() - DAY_MS);
  const c = { status: 'valid', fullName: 'Wanjiku Test', activityName: 'Summit', accreditingBody: 'KMPDC', providerNumber: 'P-1', points: 6, issuedAt };
  await fixture(`certificates/${id}`, { ...c, email, registrationId: 'none' });
  created.push(`certificates/${id}`, `certificateChecks/${id}`);
  return { id, check: { id, ...c, revokedAt: null, replacedBy: '' } };
}

describe('before the keeping time has passed', () => {
  beforeAll(() => keepingTime(false));

  it('the system identity carries out no erasure, even one an administrator approved, and reads nothing an erasure reads', async () => {
    const email = address('early');
    const requestId = await requestFor(email, 'approved');
    const live = await sent(email.toUpperCase());
    const archived = await sent(email, true);
    const mailId = newId();
    await fixture(`mail/${mailId}`, { to: email, template: { name: 'waitlist-joined', data: { name: 'X' } }, recordCollection: 'waitlist', recordId: email });
    created.push(`mail/${mailId}`);
    for (const path of [live.message, archived.message, `mail/${mailId}`])
      expect([path, await verdict(system.commit([{ delete: path }]))]).toEqual([path, 'denied']);
    for (const path of [live.pledge, archived.pledge]) expect([path, await verdict(system.commit(anonymise(path, requestId)))]).toEqual([path, 'denied']);
    for (const collection of ['messages', 'donations', 'payments', 'statementLines', 'evaluations', 'certificates', 'attendees', 'archive/messages/items']) {
      expect([collection, await verdict(system.fetchDocuments(collection, { orderBy: null, limit: 1 }))]).toEqual([collection, 'denied']);
    }
    expect(await verdict(system.fetchDocument('dataRequests', requestId))).toBe('denied');
  });

  it('nor approves an owner’s open request, nor clears the waiting count', async () => {
    const who = await attendee();
    const id = await requestFor(who.email, 'received');
    expect(await verdict(system.commit(approveErasureWrites({ id }, 'schedule')))).toBe('denied');
    await ownerWrite([WAITING_COUNT_PATH, { waiting: 0, lastAddress: who.email }]);
    expect(await verdict(system.commit([{ update: WAITING_COUNT_PATH, data: { waiting: 0, lastAddress: '' } }]))).toBe('denied');
    await ownerWrite([WAITING_COUNT_PATH, { waiting: 0, lastAddress: '' }]);
  });

  // HOLE (low): `match /certificateChecks/{id}` lets `isSystem()` write at any time, not only once
  // the keeping time has passed (`(isAdmin() || isSystem()) && request.resource.data == checkOf(...)`).
  // The value is forced to the certificate's own projection, so nothing false can be written; but the
  // system identity acts before its time, against the rules' own promise (isSystem's comment), and
  // can create the public projection of a certificate that has none. Fix: `isAdmin() || retentionReads()`.
  it('HOLE (mended): nor writes a certificate’s public projection', async () => {
    const { id, check } = await certificate(address('cert-early'));
    expect(await verdict(system.commit([{ set: `certificateChecks/${id}`, data: { ...check, fullName: 'Someone Else' } }]))).toBe('denied');
    expect(await verdict(system.commit([{ set: `certificateChecks/${id}`, data: check }]))).toBe('denied');
  });
});

describe('nobody else is the retention', () => {
  beforeAll(() => keepingTime(true));
  const readsMessages = (token: string) => asForged(token, ':runQuery', { body: { structuredQuery: { from: [{ collectionId: 'messages' }], limit: 1 } } });

  it.each([
    ['a custom token for another uid with the claim', { sub: 'timed-work-2', user_id: 'timed-work-2' }],
    ['a custom token for uid "Timed-Work"', { sub: 'Timed-Work', user_id: 'Timed-Work' }],
    ['a password sign-in with the uid and claim', { firebase: { sign_in_provider: 'password', identities: {} }, email: 'x@example.org', email_verified: true }],
    [
      'an email-link sign-in with the uid and claim',
      { firebase: { sign_in_provider: 'emailLink', identities: {} }, email: 'x@example.org', email_verified: true },
    ],
    ['an anonymous sign-in with the uid and claim', { firebase: { sign_in_provider: 'anonymous', identities: {} } }],
    ['a Google sign-in with the uid and claim', { firebase: { sign_in_provider: 'google.com', identities: {} } }],
    ['the claim in other case', { system: 'TIMED-WORK' }],
    ['the claim as a list', { system: ['timed-work'] }],
    ['no claim', { system: undefined }],
    ['a staff address on a custom token, no claim', { system: undefined, email: ACCOUNTS.admin.email, email_verified: true }],
  ])('%s may not read what the retention reads', async (_name, over) => {
    expect((await readsMessages(forgedToken(systemClaims(over)))).status).toBe(403);
  });

  it('the control: the system identity’s own claims read it once the keeping time has passed', async () => {
    // (The emulator, like the Auth emulator, checks no signature: in production only the service account mints this.)
    expect((await readsMessages(forgedToken(systemClaims({})))).status).toBe(200);
  });

  /** Every staff member and the owner are refused `writes`. */
  const refusedToEveryone = async (owner: Firestore, writes: BatchWrite[]) => {
    for (const [name, db] of [
      ['admin', admin],
      ['editor', editor],
      ['finance', finance],
      ['the owner', owner],
    ] as const)
      expect([name, await verdict(commit(db, writes))]).toEqual([name, 'denied']);
  };

  it('staff and attendees neither create, approve nor close a request as the schedule', async () => {
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    created.push(dataRequestPath(id));
    await refusedToEveryone(who.db, retentionRequest(id, who.email));
    // The owner's open request: approved as the schedule by nobody but the schedule.
    await requestFor(who.email, 'received');
    await refusedToEveryone(who.db, approveErasureWrites({ id }, 'schedule'));
    // The schedule's own request, approved: closed as the schedule by nobody but the schedule.
    await requestFor(who.email, 'approved', { channel: 'retention', keepCertificate: true, days: 0, enteredBy: 'schedule', actedBy: 'schedule' });
    await refusedToEveryone(who.db, closeRetentionWrites({ id }));
    expect(await verdict(system.commit(closeRetentionWrites({ id })))).toBe('allowed');
  });

  it('staff and attendees carry out no erasure under the schedule’s request but what they could before', async () => {
    const email = address('staff-use');
    const requestId = await requestFor(email, 'approved', { channel: 'retention', keepCertificate: true, days: 0, enteredBy: 'schedule', actedBy: 'schedule' });
    const live = await sent(email);
    for (const db of [editor, finance]) {
      expect(await verdict(commit(db, [{ delete: live.message }]))).toBe('denied');
    }
    expect(await verdict(commit(editor, anonymise(live.pledge, requestId)))).toBe('denied');
    const who = await attendee(email.replace('@', '+self@'));
    expect(await verdict(commit(who.db, [{ delete: live.message }]))).toBe('denied');
    expect(await verdict(commit(who.db, anonymise(live.pledge, requestId)))).toBe('denied');
    // The entries an erasure deletes: not by an editor, finance or the owner; by an administrator (the control).
    const archived = await sent(email, true);
    const deletes = [archived.message, ...(await entriesOf(email))];
    for (const [name, db] of [
      ['editor', editor],
      ['finance', finance],
      ['the owner', who.db],
    ] as const) {
      for (const path of deletes) expect([name, path, await verdict(commit(db, [{ delete: path }]))]).toEqual([name, path, 'denied']);
    }
    for (const path of deletes) expect([path, await verdict(commit(admin, [{ delete: path }]))]).toEqual([path, 'allowed']);
  });

  it('the attendee index is listed by nobody but finance and, once due, the schedule: not by an attendee', async () => {
    const who = await attendee();
    await fixture(`attendees/${who.email}`, { registrationId: 'none', heldSince: new Date() });
    created.push(`attendees/${who.email}`);
    expect(await verdict(createDb(() => who.db).fetchDocuments('attendees', { orderBy: null, limit: 5 }))).toBe('denied');
    expect(await verdict(createDb(() => editor).fetchDocuments('attendees', { orderBy: null, limit: 5 }))).toBe('denied');
    expect(await verdict(createDb(() => who.db).fetchDocument('attendees', who.email))).toBe('allowed');
    expect(await verdict(system.fetchDocuments('attendees', { orderBy: null, limit: 5 }))).toBe('allowed');
  });
});

describe('the schedule’s requests, once the keeping time has passed', () => {
  beforeAll(() => keepingTime(true));

  it('only in its exact shape, for a mailbox as the forms write it', async () => {
    const email = address('shape');
    const id = await erasureRequestId(email);
    created.push(dataRequestPath(id));
    const kelvin = `${KELVIN}${email}`;
    const kelvinId = `erasure-${createHash('sha256').update(kelvin).digest('hex').toUpperCase()}`;
    const upper = email.toUpperCase();
    const tagged = email.replace('@', '+x@');
    const cases: Array<[string, BatchWrite[]]> = [
      ['an extra field', retentionRequest(id, email, { note: 'x' })],
      ['round 0', retentionRequest(id, email, { round: 0 })],
      ['round 2 with none before', retentionRequest(id, email, { round: 2 })],
      ['a response time', retentionRequest(id, email, { days: 14 })],
      ['certificates not kept', retentionRequest(id, email, { keepCertificate: false })],
      ['done at once', retentionRequest(id, email, { status: 'done' })],
      ['received, not approved', retentionRequest(id, email, { status: 'received' })],
      ['created at a time of its choosing', retentionRequest(id, email, { createdAt: new Date(Date.now() - 365 * DAY_MS) })],
      ['acted at a time of its choosing', retentionRequest(id, email, { actedAt: new Date(Date.now() - DAY_MS) })],
      ['an online channel', retentionRequest(id, email, { channel: 'online' })],
      ['an access request', retentionRequest(id, email, { kind: 'access' })],
      ['entered by nobody', retentionRequest(id, email, { enteredBy: '' })],
      ['acted on by an administrator', retentionRequest(id, email, { actedBy: ACCOUNTS.admin.email })],
      ['a reason', retentionRequest(id, email, { reason: 'Because.' })],
      ['an email elsewhere', retentionRequest(id, email, { email: 'someone.else@example.org' })],
      ['the upper-case address', retentionRequest(id, email, { address: upper, email: upper })],
      [
        'under the upper-case address’s own id',
        retentionRequest(`erasure-${createHash('sha256').update(upper).digest('hex').toUpperCase()}`, upper, { address: upper, email: upper }),
      ],
      ['the +tagged address', retentionRequest(id, email, { address: tagged, email: tagged })],
      [
        'under the +tagged address’s own id',
        retentionRequest(`erasure-${createHash('sha256').update(tagged).digest('hex').toUpperCase()}`, tagged, { address: tagged, email: tagged }),
      ],
      ['a Kelvin-sign look-alike under its own id', retentionRequest(kelvinId, kelvin, { id: kelvinId, address: kelvin, email: kelvin })],
      ['another address’s id', retentionRequest(id, `x${email}`, { id })],
      ['an id that is not the address’s', retentionRequest(`erasure-${'0'.repeat(64)}`, email, { id: `erasure-${'0'.repeat(64)}` })],
    ];
    for (const [what, writes] of cases) expect([what, await verdict(system.commit(writes))]).toEqual([what, 'denied']);
    // The control: its exact shape. (For any address: the rules cannot tell whether one is held, and
    // what the request opens is that mailbox's own data, bound as an administrator's erasure is.)
    expect(await verdict(system.commit(retentionRequest(id, email)))).toBe('allowed');
  });

  it('never over an owner’s open or approved request, only approving the open one', async () => {
    const open = address('open');
    const openId = await requestFor(open, 'received');
    expect(await verdict(system.commit(retentionRequest(openId, open)))).toBe('denied');
    expect(await verdict(system.commit(retentionRequest(openId, open, {}, { round: 1 })))).toBe('denied');
    // Refusing it, or closing it outright, is not the schedule's.
    const acted = { actedBy: 'schedule', actedAt: serverValues.now() };
    expect(await verdict(system.commit([{ update: dataRequestPath(openId), data: { status: 'refused', reason: 'No.', ...acted } }]))).toBe('denied');
    expect(await verdict(system.commit([{ update: dataRequestPath(openId), data: { status: 'done', ...acted } }]))).toBe('denied');
    // Approving it while changing what it erases (certificates kept) is refused; as asked, allowed.
    const approve = approveErasureWrites({ id: openId }, 'schedule') as Array<{ update: string; data: Record<string, unknown> }>;
    expect(await verdict(system.commit([{ update: approve[0].update, data: { ...approve[0].data, keepCertificate: true } }]))).toBe('denied');
    expect(await verdict(system.commit(approve))).toBe('allowed');

    const approved = address('approved');
    const approvedId = await requestFor(approved, 'approved');
    expect(await verdict(system.commit(retentionRequest(approvedId, approved, {}, { round: 1 })))).toBe('denied');
    expect(await verdict(system.commit(closeRetentionWrites({ id: approvedId })))).toBe('denied');
  });

  it('its own request changes only by closing; a closed one is reopened only as a new round', async () => {
    const email = address('reopen');
    const id = await erasureRequestId(email);
    created.push(dataRequestPath(id));
    expect(await verdict(system.commit(retentionRequest(id, email)))).toBe('allowed');
    const acted = { actedBy: 'schedule', actedAt: serverValues.now() };
    expect(await verdict(system.commit([{ update: dataRequestPath(id), data: { address: 'someone.else@example.org' } }]))).toBe('denied');
    expect(await verdict(system.commit([{ update: dataRequestPath(id), data: { keepCertificate: false, ...acted } }]))).toBe('denied');
    expect(await verdict(system.commit([{ update: dataRequestPath(id), data: { status: 'refused', ...acted } }]))).toBe('denied');
    expect(await verdict(system.commit(closeRetentionWrites({ id })))).toBe('allowed');
    // Back to approved in place: refused; the next round in full: allowed (the rules' design).
    expect(await verdict(system.commit([{ update: dataRequestPath(id), data: { status: 'approved', ...acted } }]))).toBe('denied');
    expect(await verdict(system.commit(retentionRequest(id, email, { round: 1 }, { round: 1 })))).toBe('denied');
    expect(await verdict(system.commit(retentionRequest(id, email, {}, { round: 1 })))).toBe('allowed');
    // Never deleted, and not listed.
    expect(await verdict(system.commit([{ delete: dataRequestPath(id) }]))).toBe('denied');
    expect(await verdict(system.fetchDocuments('dataRequests', { orderBy: null, limit: 1 }))).toBe('denied');
  });

  it('an administrator’s access request is not the schedule’s to approve, refuse or close', async () => {
    const who = await attendee();
    const accessId = newId();
    created.push(dataRequestPath(accessId), `mail/${accessId}-1-received`);
    expect(await verdict(commit(admin, enterRequestWrites({ kind: 'access', email: who.email, channel: 'email' }, 14, ACCOUNTS.admin.email, accessId)))).toBe(
      'allowed',
    );
    const acted = { actedBy: 'schedule', actedAt: serverValues.now() };
    for (const status of ['approved', 'done', 'refused']) {
      expect([status, await verdict(system.commit([{ update: dataRequestPath(accessId), data: { status, ...acted } }]))]).toEqual([status, 'denied']);
    }
  });

  it('an owner may not ask while the schedule’s request is open, and may once it is closed', async () => {
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    created.push(dataRequestPath(id), `mail/${id}-2-received`);
    expect(await verdict(system.commit(retentionRequest(id, who.email)))).toBe('allowed');
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, false, 14, { round: 1 })))).toBe('denied');
    expect(await verdict(system.commit(closeRetentionWrites({ id })))).toBe('allowed');
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, false, 14, { round: 1 })))).toBe('allowed');
  });
});

describe('messages and pledges, once the keeping time has passed', () => {
  beforeAll(() => keepingTime(true));

  it('go only under an approved erasure of the address that sent them', async () => {
    const email = address('sender');
    const other = address('bystander');
    const requestId = await requestFor(email, 'received');
    const mine = { live: await sent(email.replace('@', '+news@').toUpperCase()), archived: await sent(email.toUpperCase(), true) };
    const theirs = { live: await sent(other), archived: await sent(other, true) };
    const tries = async (expected: 'allowed' | 'denied', s: typeof mine) => {
      for (const x of [s.live, s.archived]) {
        expect([x.message, await verdict(system.commit([{ delete: x.message }]))]).toEqual([x.message, expected]);
        expect([x.pledge, await verdict(system.commit(anonymise(x.pledge, requestId)))]).toEqual([x.pledge, expected]);
      }
    };
    // Received, not approved: nothing goes.
    await tries('denied', mine);
    await requestFor(email, 'approved');
    // Another address's, under this request (or erased naming it): nothing goes.
    await tries('denied', theirs);
    const theirId = await erasureRequestId(other);
    for (const x of [theirs.live, theirs.archived]) expect(await verdict(system.commit(anonymise(x.pledge, theirId)))).toBe('denied');
    // The control: the address's own, however typed.
    await tries('allowed', mine);
    expect(await ownerGet(mine.live.message)).toBeNull();
    expect(await ownerGet(mine.archived.pledge)).toMatchObject({ name: 'Erased', email: '', message: '' });
    expect(await ownerGet(theirs.live.message)).not.toBeNull();
  });

  it('a pledge keeps its money, state and date: nothing but the plan’s change', async () => {
    const email = address('donor');
    const requestId = await requestFor(email, 'approved');
    const otherId = await requestFor(address('other-donor'), 'approved');
    for (const archived of [false, true]) {
      const { pledge } = await sent(email, archived);
      const cases: Array<[string, Record<string, unknown>]> = [
        ['the amount', { amount: 1 }],
        ['the state', { status: 'received' }],
        ['the currency', { currency: 'USD' }],
        ['anonymous', { anonymous: true }],
        ['the date', { timestamp: new Date(0) }],
        ['a name kept', { name: 'Someone' }],
        ['an address kept', { email: email }],
        ['another address', { email: 'someone.else@example.org' }],
        ['a message kept', { message: 'Hello' }],
        ['another request named', { erasedBy: otherId }],
        ['erased at a time of its choosing', { erasedAt: new Date(0) }],
      ];
      for (const [what, change] of cases) {
        expect([pledge, what, await verdict(system.commit(anonymise(pledge, requestId, change)))]).toEqual([pledge, what, 'denied']);
      }
      expect(await verdict(system.commit(anonymise(pledge, requestId)))).toBe('allowed');
      // Once erased, it is not erased again (under this request or another).
      expect(await verdict(system.commit(anonymise(pledge, requestId)))).toBe('denied');
      expect(await verdict(system.commit(anonymise(pledge, otherId)))).toBe('denied');
      // Nor deleted, by the schedule.
      expect(await verdict(system.commit([{ delete: pledge }]))).toBe('denied');
    }
  });

  it('a message is only deleted: never marked read, nor rewritten', async () => {
    const email = address('writer');
    await requestFor(email, 'approved');
    const { message } = await sent(email);
    expect(await verdict(system.commit([{ update: message, data: { status: 'read' } }]))).toBe('denied');
    expect(await verdict(system.commit([{ update: message, data: { message: '', name: 'Erased' } }]))).toBe('denied');
  });
});

describe('what the system reads and writes once the keeping time has passed', () => {
  beforeAll(() => keepingTime(true));

  it('reads nothing beyond what an erasure reads', async () => {
    const lists = [
      'staff',
      'settings',
      'partners',
      'invoices',
      'templates',
      'throttles',
      'paymentCodes',
      'statementFormats',
      'dataRequests',
      'archive/payments/items',
      'archive/partners/items',
      'archive/invoices/items',
      'archive/statementLines/items',
    ];
    for (const collection of lists) {
      expect([collection, await verdict(system.fetchDocuments(collection, { orderBy: null, limit: 1 }))]).toEqual([collection, 'denied']);
    }
    for (const [collection, id] of [
      ['staff', ACCOUNTS.admin.email],
      ['timedWork', 'schedule'],
      ['counters', 'invoices'],
      ['throttles', 'someone'],
    ]) {
      expect([collection, await verdict(system.fetchDocument(collection, id))]).toEqual([collection, 'denied']);
    }
    // The control: what an erasure reads.
    for (const collection of ['messages', 'donations', 'logs', 'archive/donations/items']) {
      expect([collection, await verdict(system.fetchDocuments(collection, { orderBy: null, limit: 1 }))]).toEqual([collection, 'allowed']);
    }
  });

  it('writes nothing that is not an erasure of an address under an approved request', async () => {
    const email = address('bystander');
    const typed = await sent(email);
    const mailId = newId();
    await fixture(`mail/${mailId}`, { to: email, template: { name: 'waitlist-joined', data: { name: 'X' } }, recordCollection: 'waitlist', recordId: email });
    const [draft] = await entriesOf(email);
    const lineId = newId();
    await fixture(`logs/${lineId}`, { message: `Moved ${email} up the waiting list`, userEmail: ACCOUNTS.admin.email });
    const cert = await certificate(email);
    created.push(`mail/${mailId}`, `logs/${lineId}`);
    const requestId = await erasureRequestId(email);
    const reg = await registered(email, requestId);

    const attempts: Array<[string, BatchWrite[]]> = [
      ['delete a message', [{ delete: typed.message }]],
      ['anonymise a pledge', anonymise(typed.pledge, requestId)],
      ['delete an email', [{ delete: `mail/${mailId}` }]],
      ['delete a draft', [{ delete: draft }]],
      ['delete an attendee entry', [{ delete: `attendees/${email}` }]],
      ['delete a waiting-list entry', [{ delete: `waitlist/${email}` }]],
      ['rewrite a log line', [{ update: `logs/${lineId}`, data: { message: 'Moved [erased] up the waiting list', erasedBy: requestId } }]],
      ['anonymise a registration', reg.writes],
      [
        'take a certificate’s address (its projection following)',
        [
          { update: `certificates/${cert.id}`, data: { email: '', erasedBy: requestId, erasedAt: serverValues.now() } },
          { set: `certificateChecks/${cert.id}`, data: cert.check },
        ],
      ],
      ['delete a registration', [{ delete: `registrations/${reg.id}` }]],
      ['delete a log line', [{ delete: `logs/${lineId}` }]],
      ['save the settings', [{ update: 'settings/site', data: { retentionMonths: 120 } }]],
      ['make itself staff', [{ set: `staff/${email}`, data: { email, role: 'admin' } }]],
      ['archive a message', [{ set: `archive/messages/items/${typed.message.split('/')[1]}`, data: { email } }, { delete: typed.message }]],
    ];
    for (const [what, writes] of attempts) expect([what, await verdict(system.commit(writes))]).toEqual([what, 'denied']);

    // The control: under an approved request the erasing writes go (settings, staff, deleting a
    // registration or a log line, archiving stay refused).
    await requestFor(email, 'approved', { channel: 'retention', keepCertificate: true, days: 0, enteredBy: 'schedule', actedBy: 'schedule' });
    for (const [what, writes] of attempts.slice(0, 9)) expect([what, await verdict(system.commit(writes))]).toEqual([what, 'allowed']);
    for (const [what, writes] of attempts.slice(9)) expect([what, await verdict(system.commit(writes))]).toEqual([what, 'denied']);
  });

  it('the waiting count: the address taken off it, never the count moved', async () => {
    await ownerWrite([WAITING_COUNT_PATH, { waiting: 2, lastAddress: 'someone@example.org' }]);
    expect(await verdict(system.commit([{ update: WAITING_COUNT_PATH, data: { waiting: 1, lastAddress: '' } }]))).toBe('denied');
    expect(await verdict(system.commit([{ update: WAITING_COUNT_PATH, data: { waiting: 5, lastAddress: '' } }]))).toBe('denied');
    expect(await verdict(system.commit([{ update: WAITING_COUNT_PATH, data: { waiting: 2, lastAddress: 'x@example.org' } }]))).toBe('denied');
    // (Allowed whoever it names, erased or not: the name is only the last move's marker, and an
    // administrator may set the count itself. Noted in the report, harmless.)
    expect(await verdict(system.commit([{ update: WAITING_COUNT_PATH, data: { waiting: 2, lastAddress: '' } }]))).toBe('allowed');
  });
});

describe('the keeping time in Settings, by every route', () => {
  const adminDb = () => createDb(() => admin);
  /** An administrator's save of the summit's end (and start, summitDays) and, when given, the months kept. */
  const save = (endDate: Date | null, change: Record<string, unknown> = {}) => {
    const startDate = endDate && new Date(endDate.getTime() - 2 * DAY_MS);
    return verdict(
      adminDb().commit([
        { update: 'settings/site', data: { startDate, endDate, summitDays: startDate && endDate ? summitDays(startDate, endDate) : [], ...change } },
      ]),
    );
  };
  const now = async () => (await serverNow()).getTime();

  it('changing the months kept alone', async () => {
    const end = new Date((await now()) - 3 * MONTH_MS + 3 * DAY_MS);
    await siteDates(end, 12);
    expect(await verdict(adminDb().commit([{ update: 'settings/site', data: { retentionMonths: 3 } }]))).toBe('denied');
    expect(await verdict(adminDb().commit([{ update: 'settings/site', data: { retentionMonths: 4 } }]))).toBe('allowed');
  });

  it('removing the months kept, so the default applies', async () => {
    const end = new Date((await now()) - 24 * MONTH_MS + 3 * DAY_MS);
    await siteDates(end, 36);
    expect(await verdict(updateDoc(doc(admin, 'settings/site'), { retentionMonths: deleteField() }))).toBe('denied');
    await siteDates(new Date((await now()) - 24 * MONTH_MS + 8 * DAY_MS), 36);
    expect(await verdict(updateDoc(doc(admin, 'settings/site'), { retentionMonths: deleteField() }))).toBe('allowed');
  });

  it('taking the end date away, then putting back one that is due or within the week', async () => {
    const end = new Date((await now()) - 3 * MONTH_MS + 30 * DAY_MS);
    await siteDates(end, 3);
    expect(await save(null)).toBe('allowed');
    expect(await save(new Date(end.getTime() - 27 * DAY_MS))).toBe('denied');
    expect(await save(new Date(end.getTime() - MONTH_MS))).toBe('denied');
    // An end date of another type is no way round it.
    expect(await verdict(adminDb().commit([{ update: 'settings/site', data: { endDate: '2020-01-01' } }]))).toBe('denied');
    expect(await save(end)).toBe('allowed');
  });

  // DEFECT (rules budget, not a hole): the saves allowed only by retentionKept's "moves it later"
  // branch (`before.get('endDate', null) is timestamp && retentionEnds(d) >= retentionEnds(before)`,
  // firestore.rules retentionKept) evaluate more than the project's budget of 600 expressions per
  // operation (docs/boundary.md; the emulator says "'update' on /settings/site evaluates more than
  // 600 expressions"), after summitDaysOf's ~325: so once anonymising is within the week or due,
  // NO settings/site save that keeps or postpones it goes through locally (the administrator cannot
  // change anything in Settings), and production is left with under 400 expressions of margin.
  // (Under Cloud Firestore's own 1,000, SUMMIT_RULES_LIMITS=firestore, this test passes.) Fix: make
  // the branch cheap, e.g. test `d.endDate == before.endDate && m == before.get('retentionMonths', 24)`
  // first, or compare the end date and the months separately (later end and no fewer months).
  it('DEFECT (mended): while it is due: never earlier; unchanged or later may be saved', async () => {
    const end = new Date((await now()) - 4 * MONTH_MS);
    await siteDates(end, 3);
    expect(await save(new Date(end.getTime() - DAY_MS), { retentionMonths: 3 })).toBe('denied');
    expect(await save(end, { retentionMonths: 3 })).toBe('allowed');
    // (The same moment by an earlier end and more months is refused: the rules compare the end and
    // the months each way, without date arithmetic; raise the months first, then move the end.)
    expect(await save(new Date(end.getTime() - 12 * MONTH_MS), { retentionMonths: 15 })).toBe('denied');
    expect(await save(end, { retentionMonths: 4 })).toBe('allowed');
    expect(await save(new Date(end.getTime() - 12 * MONTH_MS), { retentionMonths: 14 })).toBe('denied');
    expect(await save(new Date(end.getTime() + DAY_MS), { retentionMonths: 3 })).toBe('denied');
    expect(await save(new Date(end.getTime() + DAY_MS), { retentionMonths: 4 })).toBe('allowed');
  });

  it('nobody but an administrator saves it', async () => {
    const end = new Date((await now()) + 30 * DAY_MS);
    await siteDates(end, 24);
    for (const db of [editor, finance])
      expect(await verdict(createDb(() => db).commit([{ update: 'settings/site', data: { retentionMonths: 3 } }]))).toBe('denied');
  });
});

// GAP (not a rule): the retention promises every address still held is erased, and an erasure
// now reaches contact messages and pledges; but HELD_ADDRESSES (src/data/timed-work/retention.ts)
// lists only registrations, the waiting list, drafts, attendee entries, evaluations and
// certificates. Someone who only wrote through the contact form or pledged a donation (never
// registered) is never found, so their name, address and message are kept past the keeping time,
// with the acknowledgement emails sent to them. Fix: add messages, archive/messages/items,
// donations and archive/donations/items (field 'email') to HELD_ADDRESSES (addresses as typed:
// heldAddresses' mailboxOf lower-cases them and drops the +tag, and readFootprint matches in any case).
describe('GAP (mended): what the retention finds', () => {
  beforeAll(() => keepingTime(true));

  it('GAP: finds an address held only by a contact message or a pledge', async () => {
    const onlyWrote = address('only-wrote');
    const onlyPledged = address('only-pledged');
    const m = `messages/${uniqueId('msg')}`;
    const p = `donations/${uniqueId('pledge')}`;
    await fixture(m, { ...fieldsOf(messageDoc('')), email: onlyWrote });
    await fixture(p, { ...fieldsOf(donationDoc('')), email: onlyPledged });
    created.push(m, p);
    const held = await heldAddresses(system, 10_000);
    expect(held).toContain(onlyWrote);
    expect(held).toContain(onlyPledged);
  });
});

// An author's abstracts (issue 39): the one way an abstract is deleted is an approved erasure of its
// author's address (firestore.rules abstracts' delete), and the schedule reaches the reviewers'
// blind copies only through that abstract's author.
describe('an author’s abstracts', () => {
  /** A submitted abstract of `email` and a reviewer's blind copy of it, stored past the rules. */
  async function abstractOf(email: string) {
    const id = uniqueId('abs');
    const blind = `blindAbstracts/${id}__${ACCOUNTS.admin.email}`;
    await fixture(`abstracts/${id}`, { id, email, status: 'submitted', title: 'Screening', authors: ['A Author'], affiliations: ['KNH'], conflicts: '' });
    await fixture(blind, { id: blind.split('/')[1], abstractId: id, reviewer: ACCOUNTS.admin.email, title: 'Screening' });
    await fixture(`abstractOutcomes/${id}`, { id, email, outcome: 'poster', comments: [], decidedAt: new Date() });
    created.push(`abstracts/${id}`, blind, `abstractOutcomes/${id}`);
    return { path: `abstracts/${id}`, blind, outcome: `abstractOutcomes/${id}` };
  }

  it('before the keeping time: the schedule reads none and deletes none, even under an approved request', async () => {
    await keepingTime(false);
    const email = address('author-early');
    await requestFor(email, 'approved');
    const a = await abstractOf(email);
    for (const collection of ['abstracts', 'blindAbstracts', 'abstractOutcomes']) {
      expect([collection, await verdict(system.fetchDocuments(collection, { orderBy: null, limit: 1 }))]).toEqual([collection, 'denied']);
    }
    for (const path of [a.outcome, a.blind, a.path]) expect([path, await verdict(system.commit([{ delete: path }]))]).toEqual([path, 'denied']);
  });

  it('once due: deleted only under an approved erasure of the author’s own address, never a look-alike’s', async () => {
    await keepingTime(true);
    const email = address('author');
    const a = await abstractOf(email);
    const tryAll = async (db: Db) => [
      await verdict(db.commit([{ delete: a.outcome }])),
      await verdict(db.commit([{ delete: a.blind }])),
      await verdict(db.commit([{ delete: a.path }])),
    ];
    // No request yet; then requests of look-alikes (a KELVIN SIGN before it, a dot inside it: dots are
    // kept, so another mailbox) and of someone else. (Capitals and a +tag are the same mailbox, the same person.)
    expect(await tryAll(system)).toEqual(['denied', 'denied', 'denied']);
    for (const other of [`${KELVIN}${email}`, email.replace('author', 'au.thor'), address('someone-else')]) await requestFor(other, 'approved');
    expect(await tryAll(system)).toEqual(['denied', 'denied', 'denied']);
    // The author's own request, asked but not approved.
    const requestId = await requestFor(email, 'received');
    expect(await tryAll(system)).toEqual(['denied', 'denied', 'denied']);
    for (const path of [a.path, a.outcome]) expect([path, await verdict(commit(admin, [{ delete: path }]))]).toEqual([path, 'denied']);
    // Nobody but an administrator or the schedule, whatever the request's state: not the author, an editor, finance or a reviewer.
    const who = await attendee(email);
    await requestFor(email, 'approved');
    for (const [name, db] of [
      ['the author', who.db],
      ['an editor', editor],
      ['finance', finance],
    ] as const) {
      for (const path of [a.path, a.outcome]) expect([name, path, await verdict(commit(db, [{ delete: path }]))]).toEqual([name, path, 'denied']);
    }
    expect(requestId).toBe(await erasureRequestId(email));
    // The control: approved, the schedule deletes the blind copy first (found through the abstract), then the abstract.
    expect(await tryAll(system)).toEqual(['allowed', 'allowed', 'allowed']);
  });
});
