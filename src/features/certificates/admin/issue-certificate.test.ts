import { describe, expect, it } from 'vitest';
import { ServerValue } from '../../../lib/db.ts';
import { SAMPLE_CPD_SETTINGS } from '../../../../emulator/seed/sample-forms.ts';
import { REVOKE_REASON_MAX, dayLabel, type CpdSettings } from '../../../data/certificates.ts';
import { decideIssue, issuePaths, IssueRefusal, type IssueRequest } from './issue-certificate.ts';
import { decideRevoke, revokePaths } from './revoke-certificate.ts';

// Summit: 10–12 March 2027, Nairobi (UTC+3).
const SITE = {
  id: 'site',
  startDate: new Date('2027-03-10T06:00:00Z'),
  endDate: new Date('2027-03-12T15:00:00Z'),
  instituteName: 'National Cancer Institute',
  siteUrl: 'https://summit.example.org/',
};
// The sample, at 2.5 points a day (so points are not whole), without a logo or a required evaluation.
const CPD: CpdSettings & { id: string } = {
  ...SAMPLE_CPD_SETTINGS,
  id: 'cpd',
  pointsPerDay: 2.5,
  logoUrl: '',
  requireEvaluation: false,
  questions: [{ id: 'overall', label: 'Overall', kind: 'rating' }],
};
const at = new Date('2027-03-10T07:00:00Z');
const REGISTRATION = {
  id: 'reg-1',
  fullName: 'Wanjiru Kamau',
  email: 'wanjiru@example.org',
  status: 'checked-in',
  // A check-in recorded on a day outside the summit (a desk's clock) does not count.
  attendance: { '2027-03-10': at, '2027-03-11': at, '2027-03-15': at },
};
const REQUEST: IssueRequest = { registrationId: 'reg-1', issuedBy: 'admin@summit.test', certificateId: 'cert-new', mailId: 'mail-1' };

/** The transaction's reads: the first documents, then whatever `read` asks for, from `more`. */
function run(docs: { registration?: object | null; cpd?: object | null; site?: object | null; more?: Record<string, object> }, request = REQUEST) {
  const reads: string[] = [];
  const read = async (path: string) => {
    reads.push(path);
    const found = docs.more?.[path];
    return found ? { id: path.split('/')[1], ...found } : null;
  };
  const first = [
    docs.registration === undefined ? REGISTRATION : docs.registration,
    docs.cpd === undefined ? CPD : docs.cpd,
    docs.site === undefined ? SITE : docs.site,
  ] as Array<Record<string, unknown> & { id: string }>;
  return { decision: decideIssue(first, request, read), reads };
}

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IssueRefusal);
  return error as IssueRefusal;
};

describe('issuing a certificate, decided on fresh data', () => {
  it('reads the registration and both settings first', () => {
    expect(issuePaths({ registrationId: 'reg-1' })).toEqual(['registrations/reg-1', 'settings/cpd', 'settings/site']);
  });

  it('writes the certificate, its public projection, the registration’s certificateId, with the settings’ figures', async () => {
    const { writes, log, result } = await run({}).decision;
    expect(writes.map((w) => ('set' in w ? `set ${w.set}` : 'update' in w ? `update ${w.update}` : 'delete'))).toEqual([
      'set certificates/cert-new',
      'set certificateChecks/cert-new',
      'update registrations/reg-1',
    ]);
    const [certificate, check, registration] = writes.map((w) => (w as { data: Record<string, unknown> }).data);
    expect(certificate).toEqual({
      id: 'cert-new',
      registrationId: 'reg-1',
      fullName: 'Wanjiru Kamau',
      email: 'wanjiru@example.org',
      days: ['2027-03-10', '2027-03-11'],
      points: 5,
      pointsPerDay: 2.5,
      activityName: 'National Cancer Summit 2027',
      accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
      providerNumber: 'KMPDC/CPD/2027/0142',
      signatoryName: 'Dr. Achieng Otieno',
      signatoryTitle: 'Director, National Cancer Institute',
      instituteName: 'National Cancer Institute',
      issuedAt: expect.any(ServerValue),
      issuedBy: 'admin@summit.test',
      status: 'valid',
      replaces: '',
    });
    expect(check).toEqual({
      id: 'cert-new',
      status: 'valid',
      fullName: 'Wanjiru Kamau',
      activityName: 'National Cancer Summit 2027',
      accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
      providerNumber: 'KMPDC/CPD/2027/0142',
      points: 5,
      issuedAt: expect.any(ServerValue),
      revokedAt: null,
      replacedBy: '',
    });
    // Nothing else of the registration changes (its checkout projection does not hold certificateId).
    expect(registration).toEqual({ certificateId: 'cert-new' });
    expect(log).toBe('Issued CPD certificate cert-new to Wanjiru Kamau (5 CPD points, 2 days)');
    expect(result).toMatchObject({ siteUrl: 'https://summit.example.org/', logoUrl: '' });
  });

  it('logs one point and one day in the singular', async () => {
    const { log } = await run({ registration: { ...REGISTRATION, attendance: { '2027-03-12': at } }, cpd: { ...CPD, minDays: 1, pointsPerDay: 1 } }).decision;
    expect(log).toBe('Issued CPD certificate cert-new to Wanjiru Kamau (1 CPD point, 1 day)');
  });

  it('issues to the registration’s address in lower case (the attendee lists their certificates by their signed-in address)', async () => {
    const { writes } = await run({ registration: { ...REGISTRATION, email: 'Wanjiru@Example.ORG' } }).decision;
    expect((writes[0] as unknown as { data: { email: string } }).data.email).toBe('wanjiru@example.org');
  });

  it('refuses when the registration no longer earns it: a check-in undone since the preview, a cancellation', async () => {
    const undone = await refusal(run({ registration: { ...REGISTRATION, attendance: { '2027-03-10': at } } }).decision);
    expect([undone.kind, undone.message]).toEqual(['ineligible', 'Wanjiru Kamau is not eligible: Checked in on 1 of the 2 days needed.']);
    const cancelled = await refusal(run({ registration: { ...REGISTRATION, status: 'cancelled' } }).decision);
    expect(cancelled.message).toContain('The registration is cancelled.');
    expect((await refusal(run({ registration: null }).decision)).kind).toBe('missing');
  });

  it('counts only the days the registration records as evaluated when the settings require them, reading no evaluation', async () => {
    const cpd = { ...CPD, requireEvaluation: true, minDays: 1 };
    // An evaluation document alone does not count (the rules count the registration's evaluatedDays).
    const one = run({
      cpd,
      registration: { ...REGISTRATION, evaluatedDays: { '2027-03-11': new Date() } },
      more: { 'evaluations/reg-1_2027-03-10': { day: '2027-03-10' } },
    });
    const { writes } = await one.decision;
    expect(one.reads).toEqual([]);
    expect((writes[0] as unknown as { data: { days: string[]; points: number } }).data).toMatchObject({ days: ['2027-03-11'], points: 2.5 });
    const none = await refusal(run({ cpd }).decision);
    expect(none.message).toContain(`No evaluation for ${dayLabel('2027-03-10')}.`);
  });

  it('refuses on settings that became incomplete, or a summit without dates', async () => {
    const gaps = await refusal(run({ cpd: { ...CPD, providerNumber: ' ', pointsPerDay: 0 } }).decision);
    expect([gaps.kind, gaps.message]).toEqual(['settings', 'The CPD settings are incomplete: set the provider number, the CPD points per day first.']);
    expect((await refusal(run({ cpd: null }).decision)).kind).toBe('settings');
    expect((await refusal(run({ site: { ...SITE, endDate: null } }).decision)).kind).toBe('settings');
  });

  it('never issues twice: a registration naming a valid certificate is refused as already issued', async () => {
    const issued = run({ registration: { ...REGISTRATION, certificateId: 'cert-old' }, more: { 'certificates/cert-old': { status: 'valid' } } });
    const error = await refusal(issued.decision);
    expect([error.kind, error.message]).toEqual(['issued', 'Wanjiru Kamau already has a valid certificate (cert-old).']);
    expect(issued.reads).toEqual(['certificates/cert-old']);
  });

  it('issues again after a revoke (without claiming to replace it), or when the named certificate is gone', async () => {
    const revoked = await run({ registration: { ...REGISTRATION, certificateId: 'cert-old' }, more: { 'certificates/cert-old': { status: 'revoked' } } })
      .decision;
    expect(revoked.writes).toHaveLength(3);
    expect((revoked.writes[0] as unknown as { data: { replaces: string } }).data.replaces).toBe('');
    const gone = await run({ registration: { ...REGISTRATION, certificateId: 'cert-lost' } }).decision;
    expect(gone.writes).toHaveLength(3);
  });
});

describe('correcting a certificate: revoke and reissue in one transaction', () => {
  const current = { registration: { ...REGISTRATION, certificateId: 'cert-old' }, more: { 'certificates/cert-old': { status: 'valid' } } };
  const correcting = (reason: string, certificateId = 'cert-old') => ({ ...REQUEST, correction: { certificateId, reason } });

  it('revokes the old one (replacedBy the new) with its projection, and the new one names what it replaces', async () => {
    const { writes, log } = await run({ ...current, registration: { ...current.registration, fullName: 'Wanjiru N. Kamau' } }, correcting('  Name misspelt  '))
      .decision;
    expect(writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : ''))).toEqual([
      'certificates/cert-new',
      'certificateChecks/cert-new',
      'registrations/reg-1',
      'certificates/cert-old',
      'certificateChecks/cert-old',
    ]);
    const data = writes.map((w) => (w as { data: Record<string, unknown> }).data);
    expect(data[0]).toMatchObject({ fullName: 'Wanjiru N. Kamau', replaces: 'cert-old', status: 'valid' });
    expect(data[3]).toEqual({ status: 'revoked', revokedAt: expect.any(ServerValue), revokeReason: 'Name misspelt', replacedBy: 'cert-new' });
    expect(data[4]).toEqual({ status: 'revoked', revokedAt: expect.any(ServerValue), replacedBy: 'cert-new' });
    expect(log).toBe('Issued CPD certificate cert-new to Wanjiru N. Kamau (5 CPD points, 2 days), correcting cert-old, revoked: Name misspelt');
  });

  it('refuses to correct a certificate that is not the registration’s current one, or is already revoked', async () => {
    expect((await refusal(run(current, correcting('x', 'cert-other')).decision)).kind).toBe('correction');
    const revoked = await refusal(run({ ...current, more: { 'certificates/cert-old': { status: 'revoked' } } }, correcting('x')).decision);
    expect([revoked.kind, revoked.message]).toEqual(['correction', 'Certificate cert-old is already revoked.']);
  });

  it('refuses the correction when the registration no longer earns a certificate (revoke it instead)', async () => {
    const error = await refusal(run({ ...current, registration: { ...current.registration, attendance: {} } }, correcting('Attendance wrong')).decision);
    expect(error.kind).toBe('ineligible');
  });

  it('needs a reason of 1–500 characters', async () => {
    await expect(run(current, correcting('   ')).decision).rejects.toThrow('Give the reason');
    await expect(run(current, correcting('x'.repeat(REVOKE_REASON_MAX + 1))).decision).rejects.toThrow('500 characters');
    await expect(run(current, correcting('x'.repeat(REVOKE_REASON_MAX))).decision).resolves.toBeTruthy();
  });
});

describe('revoking a certificate', () => {
  const valid = { id: 'cert-1', status: 'valid', fullName: 'Wanjiru Kamau' };

  it('revokes it and its projection, with the reason, on the certificate as stored now', () => {
    expect(revokePaths({ certificateId: 'cert-1' })).toEqual(['certificates/cert-1']);
    const { writes, log } = decideRevoke([valid], { certificateId: 'cert-1', reason: ' Did not attend day 2 ' });
    expect(writes).toEqual([
      { update: 'certificates/cert-1', data: { status: 'revoked', revokedAt: expect.any(ServerValue), revokeReason: 'Did not attend day 2' } },
      { update: 'certificateChecks/cert-1', data: { status: 'revoked', revokedAt: expect.any(ServerValue) } },
    ]);
    expect(log).toBe('Revoked CPD certificate cert-1 of Wanjiru Kamau: Did not attend day 2');
  });

  it('refuses a certificate already revoked (two administrators at once revoke it once), a missing one, and an empty reason', () => {
    expect(() => decideRevoke([{ ...valid, status: 'revoked' }], { certificateId: 'cert-1', reason: 'x' })).toThrow('already revoked');
    expect(() => decideRevoke([null], { certificateId: 'cert-1', reason: 'x' })).toThrow('not found');
    expect(() => decideRevoke([valid], { certificateId: 'cert-1', reason: '' })).toThrow('Give the reason');
  });
});
