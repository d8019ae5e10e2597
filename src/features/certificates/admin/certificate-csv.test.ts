import { describe, expect, it } from 'vitest';
import { dayLabel, type Certificate } from '../../../data/certificates.ts';
import { certificateCsv } from './certificate-csv.ts';

const CERT: Certificate = {
  id: 'Kq7Xb3kP9qLm2Rt7VwZ4',
  registrationId: 'reg-1',
  fullName: 'Wanjiru Kamau',
  email: 'wanjiru@example.org',
  days: ['2027-03-10', '2027-03-11'],
  points: 5,
  pointsPerDay: 2.5,
  activityName: 'National Cancer Summit 2027',
  accreditingBody: 'KMPDC',
  providerNumber: 'KMPDC-0042',
  signatoryName: 'Dr Amina Njoroge',
  signatoryTitle: 'Director',
  instituteName: 'National Cancer Institute',
  // 23:30 UTC on the 12th is already the 13th in Nairobi.
  issuedAt: new Date('2027-03-12T23:30:00Z'),
  issuedBy: 'admin@summit.test',
  status: 'valid',
  replaces: '',
};
const lines = (csv: string) => csv.split('\r\n').slice(0, -1);

describe('the accrediting body’s CSV', () => {
  it('has the columns the settings choose, in their order, with the bodies’ headers', () => {
    const csv = certificateCsv([CERT], ['points', 'fullName', 'certificateId', 'issuedOn', 'verifyUrl'], 'https://summit.example.org/');
    expect(lines(csv)).toEqual([
      'CPD points,Full name,Certificate number,Date issued,Verification address',
      '5,Wanjiru Kamau,Kq7Xb3kP9qLm2Rt7VwZ4,2027-03-13,https://summit.example.org/certificates/Kq7Xb3kP9qLm2Rt7VwZ4',
    ]);
    const reversed = certificateCsv([CERT], ['verifyUrl', 'issuedOn', 'certificateId', 'fullName', 'points'], 'https://summit.example.org');
    expect(lines(reversed)[1]).toBe('https://summit.example.org/certificates/Kq7Xb3kP9qLm2Rt7VwZ4,2027-03-13,Kq7Xb3kP9qLm2Rt7VwZ4,Wanjiru Kamau,5');
  });

  it('states every column: the days as dates, their count, the status and the revoke date (blank while valid)', () => {
    const revoked = { ...CERT, id: 'c2', status: 'revoked' as const, revokedAt: new Date('2027-04-01T08:00:00Z'), points: 7.5 };
    const csv = certificateCsv(
      [CERT, revoked],
      ['email', 'activityName', 'accreditingBody', 'providerNumber', 'days', 'dayCount', 'points', 'status', 'revokedOn'],
      '',
    );
    const days = `${dayLabel('2027-03-10')}; ${dayLabel('2027-03-11')}`;
    expect(lines(csv)).toEqual([
      'Email,Activity,Accrediting body,Provider number,Dates attended,Days attended,CPD points,Status,Date revoked',
      `wanjiru@example.org,National Cancer Summit 2027,KMPDC,KMPDC-0042,"${days}",2,5,valid,`,
      `wanjiru@example.org,National Cancer Summit 2027,KMPDC,KMPDC-0042,"${days}",2,7.5,revoked,2027-04-01`,
    ]);
  });

  it('defuses a name a spreadsheet would run as a formula, and quotes commas and quotes', () => {
    const hostile = { ...CERT, fullName: '=HYPERLINK("https://evil.example","Click")', email: '+254@x.org', activityName: 'Summit, "2027"' };
    const [, row] = lines(certificateCsv([hostile], ['fullName', 'email', 'activityName'], ''));
    expect(row).toBe(`"'=HYPERLINK(""https://evil.example"",""Click"")",'+254@x.org,"Summit, ""2027"""`);
  });

  it('has only its header row when nothing was issued', () => {
    expect(certificateCsv([], ['certificateId', 'fullName'], '')).toBe('Certificate number,Full name\r\n');
  });
});
