// The retention: once the summit's personal data is past its keeping time (Settings: the months kept
// after the summit ends), the timed work, as the system identity it runs as in production, erases
// every address still held, through the rules, as an administrator's erasure would (erasure.test.ts).
// Before that moment the same identity can do none of it; nobody else can pose as the retention;
// and no settings save brings the moment closer than the overview's week of notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase/firestore/lite';
import { systemRunnerFor } from '../../emulator/timed-work.ts';
import { patchDocument } from '../../emulator/seed/rest.ts';
import { createDb, type BatchWrite, type Db } from '../../src/lib/db.ts';
import { summitDays } from '../../src/data/certificates.ts';
import { RETENTION_MONTH_MINUTES } from '../../src/content/retention.ts';
import {
  askErasureWrites,
  closeRetentionWrites,
  dataRequestPath,
  enterRequestWrites,
  erasureRequestId,
  retentionRequestWrites,
} from '../../src/data/data-requests.ts';
import { heldAddresses, retainAddresses } from '../../src/data/timed-work/retention.ts';
import { ACCOUNTS, verdict } from './support/actors.ts';
import { client, closeClients, stack } from './support/clients.ts';
import { commit } from './support/forms.ts';
import { CPD, TEST_SUMMIT, useCpdSettings, useSummit } from './support/certificates.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { attendee } from './support/seats.ts';
import { scanFor } from './support/scan.ts';
import { buildFootprint } from './support/footprint.ts';
import { lastUsage, rulesSpent } from './support/rules-spent.ts';
import { serverNow } from './support/clock.ts';

const MONTH_MS = RETENTION_MONTH_MINUTES * 60_000;
const DAY_MS = 86_400_000;

let restoreCpd: () => Promise<void>;
let admin: Firestore;
let finance: Firestore;
let runner: ReturnType<typeof systemRunnerFor>;
let system: Db;
let savedMonths: unknown;
const created: string[] = [];

beforeAll(async () => {
  restoreCpd = await useCpdSettings({ ...CPD });
  savedMonths = (await ownerGet('settings/site'))!.retentionMonths ?? null;
  admin = await client(ACCOUNTS.admin);
  finance = await client(ACCOUNTS.finance);
  runner = systemRunnerFor(stack());
  system = await runner.signedIn();
});

afterAll(async () => {
  await patchDocument(stack(), 'settings/site', { retentionMonths: savedMonths });
  await restoreCpd();
  await ownerDelete(...created);
  await runner.close();
  await closeClients();
});

/** The summit ended `monthsAgo` months ago (by the database's clock), keeping data 3 months: past the rules. */
async function summitEnded(monthsAgo: number) {
  const endDate = new Date((await serverNow()).getTime() - monthsAgo * MONTH_MS);
  await patchDocument(stack(), 'settings/site', { endDate, retentionMonths: 3 });
}

/** A retention request of the schedule's own for `address`, with fields changed. */
function retentionRequest(id: string, address: string, change: Record<string, unknown> = {}): BatchWrite[] {
  const [w] = retentionRequestWrites(id, address, null) as Array<{ set: string; data: Record<string, unknown> }>;
  return [{ set: w.set, data: { ...w.data, ...change } }];
}

describe('before the keeping time has passed', () => {
  beforeAll(() => summitEnded(2));

  it('the timed work can neither ask for an erasure nor read what one reads', async () => {
    const address = `${uniqueId('early')}@example.org`;
    const id = await erasureRequestId(address);
    expect(await verdict(system.commit(retentionRequest(id, address)))).toBe('denied');
    expect(await verdict(system.fetchDocuments('logs', { orderBy: null, limit: 1 }))).toBe('denied');
    expect(await verdict(system.fetchDocuments('mail', { where: [['to', '==', address]], orderBy: null }))).toBe('denied');
    expect(await verdict(system.fetchDocuments('registrationDrafts', { orderBy: null, limit: 1 }))).toBe('denied');
  });

  it('nor carry out an erasure an administrator approved, until the keeping time has passed', async () => {
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    created.push(dataRequestPath(id), `attendees/${who.email}`);
    await fixture(dataRequestPath(id), { id, kind: 'erasure', address: who.email, email: who.email, status: 'approved', channel: 'online' });
    await fixture(`attendees/${who.email}`, { registrationId: 'none', heldSince: new Date() });
    const erase = () => system.commit([{ delete: `attendees/${who.email}` }]);
    expect(await verdict(erase())).toBe('denied');
    await summitEnded(4);
    try {
      expect(await verdict(erase())).toBe('allowed');
    } finally {
      await summitEnded(2);
    }
  });
});

describe('once the keeping time has passed', () => {
  it('the timed work erases an attendee’s whole footprint under a request of its own, keeping the certificate verifiable', async () => {
    // Built while the summit is on (its days are the ones certificates count), then four months past its end.
    await useSummit(TEST_SUMMIT);
    const f = await buildFootprint({ admin, finance });
    await summitEnded(4);
    const needles = [f.email, f.tagged, f.p.phone, f.p.phoneSpaced, f.p.name];
    expect((await scanFor(needles)).hits.length).toBeGreaterThan(10);

    // It finds the address among those still held (a draft, the list, the registrations…).
    expect(await heldAddresses(system, 1000)).toContain(f.email);
    const since = await lastUsage();
    const started = performance.now();
    expect(await retainAddresses(system, [f.email])).toEqual({ anonymised: 1, failed: 0 });
    const ms = performance.now() - started;
    const spent = await rulesSpent(since);

    const requestId = await erasureRequestId(f.email);
    const after = await scanFor(needles);
    // Kept on purpose: the request (the institute's record of what it erased, and for whom), the
    // certificate with its public projection, verifiable by the name it prints, and the accepted
    // abstract's public copy, which the author agreed to publish (it names them as an author, never
    // by address). Their abstract itself, with its address and conflicts statement, and the
    // reviewer's blind copy are gone.
    const kept = [`dataRequests/${requestId}`, `certificates/${f.certificateId}`, `certificateChecks/${f.certificateId}`, `publishedAbstracts/${f.abstractId}`];
    expect(after.hits.filter((h) => !kept.includes(h.path))).toEqual([]);
    expect(after.hits.find((h) => h.path === `publishedAbstracts/${f.abstractId}`)?.found).toEqual([f.p.name]);
    expect(await ownerGet(`abstracts/${f.abstractId}`)).toBeNull();
    expect(await ownerGet(`blindAbstracts/${f.blindId}`)).toBeNull();
    expect(await ownerGet(`abstractOutcomes/${f.abstractId}`)).toBeNull();
    expect(await ownerGet(`publishedAbstractTexts/${f.abstractId}`)).not.toBeNull();
    expect(await ownerGet(dataRequestPath(requestId))).toMatchObject({
      channel: 'retention',
      status: 'done',
      keepCertificate: true,
      actedBy: 'schedule',
      enteredBy: 'schedule',
      round: 1,
    });
    expect((await ownerGet(`certificateChecks/${f.certificateId}`))!.status).toBe('valid');
    expect((await ownerGet(`registrations/${f.registrationId}`))!).toMatchObject({ fullName: 'Erased', email: '', erasedBy: requestId, paymentStatus: 'paid' });
    // Erased, it is no longer held: the next run passes it by.
    expect(await heldAddresses(system, 1000)).not.toContain(f.email);
    expect(await retainAddresses(system, [])).toEqual({ anonymised: 0, failed: 0 });

    console.log(
      `[retention figures] one attendee with everything erased by the timed work in ${ms.toFixed(0)} ms; ` +
        `scanned ${after.collections.length} collections (${after.documents} documents)`,
    );
    console.log(`[retention rules budget] per commit kind: op reads · request reads · expressions\n${spent.join('\n')}`);
  });

  it('approves and carries out an erasure its owner asked for, leaving its closing (with the email) to an administrator', async () => {
    await summitEnded(4);
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    created.push(dataRequestPath(id), `mail/${id}-1-received`);
    expect(await verdict(commit(who.db, askErasureWrites(id, who.email, false, 14, null)))).toBe('allowed');
    const draft = `registrationDrafts/${uniqueId('d')}`;
    await fixture(draft, { email: who.email, form: {}, expiresAt: new Date() });
    expect(await retainAddresses(system, [who.email])).toEqual({ anonymised: 1, failed: 0 });
    expect(await ownerGet(draft)).toBeNull();
    expect(await ownerGet(dataRequestPath(id))).toMatchObject({ status: 'approved', actedBy: 'schedule', channel: 'online', keepCertificate: false });
    // The schedule closes only its own requests.
    expect(await verdict(system.commit(closeRetentionWrites({ id })))).toBe('denied');
  });

  it('asks again as the next round after an answered request, and only in the schedule’s exact shape', async () => {
    await summitEnded(4);
    const address = `${uniqueId('round')}@example.org`;
    const id = await erasureRequestId(address);
    created.push(dataRequestPath(id));
    const cases: Array<[string, BatchWrite[]]> = [
      ['certificates not kept', retentionRequest(id, address, { keepCertificate: false })],
      ['another address’s id', retentionRequest(id, `x${address}`, { id })],
      ['a +tagged address', retentionRequest(id, address, { address: address.replace('@', '+1@'), email: address.replace('@', '+1@') })],
      ['closed at once', retentionRequest(id, address, { status: 'done' })],
      ['an email that is not the address', retentionRequest(id, address, { email: 'someone.else@example.org' })],
      ['entered by a person', retentionRequest(id, address, { enteredBy: ACCOUNTS.admin.email })],
      ['a later round with none before', retentionRequest(id, address, { round: 2 })],
    ];
    for (const [what, writes] of cases) expect([what, await verdict(system.commit(writes))]).toEqual([what, 'denied']);

    await fixture(dataRequestPath(id), { id, kind: 'erasure', address, email: address, status: 'refused', channel: 'online', round: 3 });
    expect(await verdict(system.commit(retentionRequest(id, address)))).toBe('denied');
    expect(await verdict(system.commit(retentionRequest(id, address, { round: 4 })))).toBe('allowed');
    expect(await verdict(system.commit(closeRetentionWrites({ id })))).toBe('allowed');
  });

  it('lets nobody else pose as the retention, and the schedule approve nothing but erasures', async () => {
    await summitEnded(4);
    const who = await attendee();
    const id = await erasureRequestId(who.email);
    created.push(dataRequestPath(id));
    for (const db of [admin, finance, who.db]) expect(await verdict(commit(db, retentionRequest(id, who.email)))).toBe('denied');
    // An administrator's hand-entered access request is not the schedule's to act on.
    const accessId = uniqueId('access')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20)
      .padEnd(20, 'x');
    created.push(dataRequestPath(accessId), `mail/${accessId}-1-received`);
    expect(await verdict(commit(admin, enterRequestWrites({ kind: 'access', email: who.email, channel: 'email' }, 14, ACCOUNTS.admin.email, accessId)))).toBe(
      'allowed',
    );
    expect(await verdict(system.commit([{ update: dataRequestPath(accessId), data: { status: 'approved', actedBy: 'schedule', actedAt: new Date() } }]))).toBe(
      'denied',
    );
  });
});

describe('the keeping time in Settings', () => {
  const adminDb = () => createDb(() => admin);
  /** Saves the summit's dates ending `endsIn` from the database's now, and the months kept, as the settings form does. */
  async function save(endsInMs: number, retentionMonths: unknown) {
    const endDate = new Date((await serverNow()).getTime() + endsInMs);
    const startDate = new Date(endDate.getTime() - 2 * DAY_MS);
    return verdict(adminDb().commit([{ update: 'settings/site', data: { startDate, endDate, summitDays: summitDays(startDate, endDate), retentionMonths } }]));
  }

  it('holds the months kept to 3 to 120 whole months', async () => {
    for (const bad of [2, 121, 2.5, '24', null]) expect([bad, await save(30 * DAY_MS, bad)]).toEqual([bad, 'denied']);
    for (const good of [3, 120]) expect([good, await save(30 * DAY_MS, good)]).toEqual([good, 'allowed']);
  });

  it('never brings anonymising closer than a week away, but may move it later', async () => {
    // Ends in 3 days from now (3 months kept): refused; 8 days: allowed.
    expect(await save(3 * DAY_MS - 3 * MONTH_MS, 3)).toBe('denied');
    expect(await save(8 * DAY_MS - 3 * MONTH_MS, 3)).toBe('allowed');
    // From there (8 days off) to 5 days: closer, refused; to 6 months later: allowed.
    expect(await save(5 * DAY_MS - 3 * MONTH_MS, 3)).toBe('denied');
    expect(await save(8 * DAY_MS - 3 * MONTH_MS, 9)).toBe('allowed');
  });
});
