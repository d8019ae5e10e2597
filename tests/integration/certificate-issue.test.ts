// The issuing screen's own transactions against the whole stack (firestore.rules enforced): the
// decision the Certificates screen runs (issue-certificate.ts, revoke-certificate.ts), with the
// mail it adds and useStaffTransaction's log entry, exactly as api.ts assembles them. Two
// administrators issuing for the same registration at the same instant issue one certificate; a
// correction revokes and reissues in one commit; a revoke is one change, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { SAMPLE_CPD_SETTINGS } from '../../emulator/seed/sample-forms.ts';
import { certificateMail } from '../../src/data/mail.ts';
import { checkoutOf } from '../../src/data/registration-record.ts';
import { summitDays, type CpdSettings } from '../../src/data/certificates.ts';
import { decideIssue, issuePaths, IssueRefusal, type IssueRequest } from '../../src/features/certificates/admin/issue-certificate.ts';
import { decideRevoke, revokePaths } from '../../src/features/certificates/admin/revoke-certificate.ts';
import { createDb, newId, type Db } from '../../src/lib/db.ts';
import { client, closeClients } from './support/clients.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';
import { findDocuments, writeDocuments } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { stack } from './support/clients.ts';

const admin = DEMO_STAFF.find((s) => s.role === 'admin')!;
const SECOND = { email: 'second.admin@example.org', password: 'second-admin-2027' };
// The sample, at 2.5 points a day (so points are not whole), without a logo or an evaluation.
const CPD: CpdSettings = { ...SAMPLE_CPD_SETTINGS, pointsPerDay: 2.5, logoUrl: '', requireEvaluation: false, questions: [] };
// A few bytes of PDF, base64: the rules check the attachment's shape, not its content.
const PDF = { filename: 'certificate.pdf', content: 'JVBERi0xLjcK', encoding: 'base64', contentType: 'application/pdf' };

interface Desk {
  email: string;
  db: Db;
}

let one: Desk;
let two: Desk;
let days: string[];
let cpdBefore: Record<string, unknown> | null;

/** As api.ts's useIssueCertificate and useStaffTransaction build it; `meanwhile` runs after the reads, before the commit. */
function issue(desk: Desk, vars: Pick<IssueRequest, 'registrationId' | 'correction'>, meanwhile: () => Promise<unknown> = async () => {}) {
  const request: IssueRequest = { ...vars, issuedBy: desk.email, certificateId: newId(), mailId: newId() };
  return desk.db.transact<string>(issuePaths(request), async (docs, read) => {
    const decided = await decideIssue(docs, request, read);
    await meanwhile();
    return {
      writes: [...decided.writes, certificateMail(request.mailId, decided.result.certificate, PDF), desk.db.activityWrite(decided.log, desk.email)],
      result: request.certificateId,
    };
  });
}

function revoke(desk: Desk, certificateId: string, reason: string) {
  return desk.db.transact(revokePaths({ certificateId }), async (docs) => {
    const { writes, log } = decideRevoke(docs, { certificateId, reason });
    return { writes: [...writes, desk.db.activityWrite(log, desk.email)] };
  });
}

/** A checked-in registration admitted on the summit's first two days, with its checkout in step. */
async function attendee(name = 'Wanjiru Kamau') {
  const id = uniqueId('reg');
  const at = new Date();
  const registration = {
    fullName: name,
    email: `${id}@example.org`,
    category: 'delegate',
    fee: 0,
    currency: 'KES',
    status: 'checked-in',
    paymentStatus: 'not-required',
    checkedInAt: at,
    attendance: { [days[0]]: at, [days[1]]: at },
  };
  await fixture(`registrations/${id}`, registration);
  // Exactly its projection (no timestamp), as the rules compare them.
  await writeDocuments(stack(), [[`checkouts/${id}`, checkoutOf({ ...registration, id })]]);
  return id;
}

beforeAll(async () => {
  await fixture(`staff/${SECOND.email}`, { email: SECOND.email, role: 'admin' });
  const [a, b] = await Promise.all([client(admin), client(SECOND)]);
  one = { email: admin.email, db: createDb(() => a) };
  two = { email: SECOND.email, db: createDb(() => b) };
  const site = (await ownerGet('settings/site'))!;
  days = summitDays(site.startDate as Date, site.endDate as Date);
  cpdBefore = await ownerGet('settings/cpd');
  await writeDocuments(stack(), [['settings/cpd', { ...CPD }]]);
});

afterAll(async () => {
  if (cpdBefore) await writeDocuments(stack(), [['settings/cpd', cpdBefore]]);
  await closeClients();
});

describe('issuing certificates under the rules', () => {
  it('the summit has at least two days to attend (the seed’s dates)', () => {
    expect(days.length).toBeGreaterThanOrEqual(2);
  });

  it('two administrators issuing for one registration at the same instant issue one certificate; the other is told it exists', async () => {
    const id = await attendee();
    let arrived = 0;
    let bothRead!: () => void;
    const together = new Promise<void>((resolve) => (bothRead = resolve));
    const atOnce = async () => {
      if (++arrived === 2) bothRead();
      await together;
    };
    const outcomes = await Promise.allSettled([issue(one, { registrationId: id }, atOnce), issue(two, { registrationId: id }, atOnce)]);
    const issued = outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<string>).value);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as IssueRefusal);
    expect(issued).toHaveLength(1);
    expect(refused.map((e) => [e instanceof IssueRefusal, e.kind])).toEqual([[true, 'issued']]);
    const [certificateId] = issued;
    expect(await ownerGet(`registrations/${id}`)).toMatchObject({ certificateId });
    expect(await ownerGet(`certificates/${certificateId}`)).toMatchObject({
      registrationId: id,
      days: days.slice(0, 2),
      points: 5,
      status: 'valid',
      replaces: '',
    });
    expect(await ownerGet(`certificateChecks/${certificateId}`)).toMatchObject({ status: 'valid', points: 5, revokedAt: null, replacedBy: '' });
    // One email, with its PDF; one log entry.
    const mail = (await findDocuments(stack(), 'mail', 'recordId', certificateId)).map((d) => decodeFields(d.fields as Parameters<typeof decodeFields>[0]));
    expect(mail).toEqual([
      expect.objectContaining({
        to: `${id}@example.org`,
        template: { name: 'certificate-issued', data: { name: 'Wanjiru Kamau', certificateId, activity: CPD.activityName, points: 5 } },
        message: { attachments: [PDF] },
      }),
    ]);
    expect(await findDocuments(stack(), 'logs', 'message', `Issued CPD certificate ${certificateId} to Wanjiru Kamau (5 CPD points, 2 days)`)).toHaveLength(1);
  });

  it('a correction revokes the old certificate and issues the new one in one commit; a revoke is once, with its reason', async () => {
    const id = await attendee('Chebet Kiprpo');
    const first = await issue(one, { registrationId: id });
    // The name is corrected on the registration, then the certificate.
    const corrected = { ...(await ownerGet(`registrations/${id}`)), fullName: 'Chebet Kiprop' };
    await writeDocuments(stack(), [
      [`registrations/${id}`, corrected],
      [`checkouts/${id}`, checkoutOf({ ...corrected, id })],
    ]);
    const second = await issue(one, { registrationId: id, correction: { certificateId: first, reason: 'Name misspelt' } });
    expect(await ownerGet(`certificates/${first}`)).toMatchObject({ status: 'revoked', revokeReason: 'Name misspelt', replacedBy: second });
    expect(await ownerGet(`certificateChecks/${first}`)).toMatchObject({ status: 'revoked', replacedBy: second });
    expect(await ownerGet(`certificates/${second}`)).toMatchObject({ fullName: 'Chebet Kiprop', replaces: first, status: 'valid' });

    await revoke(two, second, 'Did not attend');
    expect(await ownerGet(`certificates/${second}`)).toMatchObject({ status: 'revoked', revokeReason: 'Did not attend' });
    expect(await ownerGet(`certificateChecks/${second}`)).toMatchObject({ status: 'revoked', replacedBy: '' });
    await expect(revoke(one, second, 'Again')).rejects.toThrow('already revoked');
    // Revoked without a replacement: it may be issued afresh.
    const third = await issue(one, { registrationId: id });
    expect(await ownerGet(`certificates/${third}`)).toMatchObject({ status: 'valid', replaces: '' });
  });
});
