import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  attendedDays,
  certifiedActivity,
  newCertificateCheck,
  certificatePoints,
  certificateVerifyUrl,
  daysSentence,
  pointsLabel,
  validPointsPerDay,
  cpdSettingsGaps,
  dayLabel,
  DEFAULT_CPD_SETTINGS,
  eligibility,
  evaluationId,
  summitDays,
  verifyPath,
  type CpdSettings,
} from './certificates.ts';

const settings: CpdSettings = {
  ...DEFAULT_CPD_SETTINGS,
  accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
  providerNumber: 'KMPDC/CPD/0421',
  activityName: 'National Cancer Summit 2027',
  pointsPerDay: 6,
  signatoryName: 'Dr A. Mwangi',
  minDays: 2,
};
const DAYS = ['2027-03-10', '2027-03-11', '2027-03-12'];
const at = new Date('2027-03-10T06:00:00Z');
const attended = (...days: string[]) => Object.fromEntries(days.map((d) => [d, at]));
const none = new Set<string>();

describe('summit days', () => {
  it('lists every Nairobi calendar day from the start to the end, both included', () => {
    // 21:30 UTC on the 9th is already the 10th in Nairobi (UTC+3); 20:59 UTC on the 12th is still the 12th.
    expect(summitDays(new Date('2027-03-09T21:30:00Z'), new Date('2027-03-12T20:59:00Z'))).toEqual(DAYS);
  });

  it('counts the Nairobi day at its boundaries, not the UTC one', () => {
    expect(summitDays(new Date('2027-03-09T20:59:59Z'), new Date('2027-03-09T21:00:00Z'))).toEqual(['2027-03-09', '2027-03-10']);
  });

  it('is one day when the summit starts and ends on the same day', () => {
    expect(summitDays(new Date('2027-03-10T06:00:00Z'), new Date('2027-03-10T15:00:00Z'))).toEqual(['2027-03-10']);
  });

  it('crosses a month and a year end', () => {
    expect(summitDays(new Date('2027-12-30T06:00:00Z'), new Date('2028-01-02T06:00:00Z'))).toEqual(['2027-12-30', '2027-12-31', '2028-01-01', '2028-01-02']);
    expect(summitDays(new Date('2028-02-28T06:00:00Z'), new Date('2028-03-01T06:00:00Z'))).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('is empty without both dates or when the end comes first', () => {
    expect(summitDays(null, at)).toEqual([]);
    expect(summitDays(at, null)).toEqual([]);
    expect(summitDays(new Date('2027-03-12T06:00:00Z'), new Date('2027-03-10T06:00:00Z'))).toEqual([]);
  });

  it('stops at 31 days, whatever the settings say', () => {
    const days = summitDays(new Date('2027-01-01T06:00:00Z'), new Date('2027-12-31T06:00:00Z'));
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toBe('2027-01-31');
  });
});

describe('points', () => {
  it('multiplies the days by the points per day', () => {
    expect(certificatePoints(0, 6)).toBe(0);
    expect(certificatePoints(2, 6)).toBe(12);
    expect(certificatePoints(3, 2.5)).toBe(7.5);
  });

  it('is exact in half points, however many days', () => {
    expect(certificatePoints(7, 1.5)).toBe(10.5);
    expect(certificatePoints(31, 0.5)).toBe(15.5);
  });

  it('accepts points per day in half points from 0.5 to 100', () => {
    expect([0.5, 1, 6, 2.5, 100].every(validPointsPerDay)).toBe(true);
    expect([0, -1, 0.7, 100.5, Number.NaN, Number.POSITIVE_INFINITY].some(validPointsPerDay)).toBe(false);
  });
});

describe('the days a registration was admitted on', () => {
  it('are the attendance map’s well-formed date keys, sorted', () => {
    expect(attendedDays({ attendance: { '2027-05-13': new Date(), '2027-05-12': new Date() } })).toEqual(['2027-05-12', '2027-05-13']);
    expect(attendedDays({ attendance: { '2027-5-12': 1, today: 1, '2027-05-12T00:00': 1, '2027-05-14': 1 } })).toEqual(['2027-05-14']);
  });

  it('are none before any check-in, or when the map is not one', () => {
    for (const attendance of [undefined, null, {}, '2027-05-12', 3]) expect(attendedDays({ attendance }), String(attendance)).toEqual([]);
    expect(attendedDays({})).toEqual([]);
    expect(attendedDays(null)).toEqual([]);
  });
});

describe('how certificates are worded', () => {
  it('lists one, two or more days in words, semicolons between (a day’s label may hold a comma)', () => {
    expect(daysSentence([])).toBe('');
    expect(daysSentence(['2027-03-10'])).toBe(dayLabel('2027-03-10'));
    expect(daysSentence(['2027-03-10', '2027-03-11'])).toBe(`${dayLabel('2027-03-10')} and ${dayLabel('2027-03-11')}`);
    expect(daysSentence(DAYS)).toBe(`${dayLabel('2027-03-10')}; ${dayLabel('2027-03-11')} and ${dayLabel('2027-03-12')}`);
  });

  it('says points in the singular only for one, and by the half', () => {
    expect(pointsLabel(1)).toBe('1 CPD point');
    expect(pointsLabel(4)).toBe('4 CPD points');
    expect(pointsLabel(0.5)).toBe('0.5 CPD points');
    expect(pointsLabel(7.5)).toBe('7.5 CPD points');
  });

  it('builds the verification address on the site’s address as typed: trimmed, without doubling the slash', () => {
    expect(certificateVerifyUrl('https://a.example', 'X')).toBe('https://a.example/certificates/X');
    expect(certificateVerifyUrl('https://a.example/', 'X')).toBe('https://a.example/certificates/X');
    expect(certificateVerifyUrl(' https://summit.example.org// ', 'abc')).toBe('https://summit.example.org/certificates/abc');
    expect(certificateVerifyUrl('', 'abc')).toBe('/certificates/abc');
  });
});

describe('eligibility', () => {
  it('is eligible with the minimum days, and counts every day attended', () => {
    expect(eligibility({ status: 'checked-in', attendance: attended('2027-03-11', '2027-03-10') }, none, settings, DAYS)).toEqual({
      eligible: true,
      attended: ['2027-03-10', '2027-03-11'],
      days: ['2027-03-10', '2027-03-11'],
      points: 12,
      unevaluated: [],
      reasons: [],
    });
    expect(eligibility({ status: 'checked-in', attendance: attended(...DAYS) }, none, settings, DAYS).points).toBe(18);
  });

  it('says how many days are missing, one short of the minimum', () => {
    const result = eligibility({ status: 'checked-in', attendance: attended('2027-03-12') }, none, settings, DAYS);
    expect(result).toMatchObject({ eligible: false, points: 0, reasons: ['Checked in on 1 of the 2 days needed.'] });
  });

  it('says never checked in, with no attendance at all', () => {
    expect(eligibility({ status: 'confirmed' }, none, settings, DAYS).reasons).toEqual(['Never checked in.']);
    expect(eligibility({ status: 'confirmed', attendance: null }, none, settings, DAYS).reasons).toEqual(['Never checked in.']);
  });

  it('ignores a check-in recorded on a day that is not a summit day', () => {
    const result = eligibility({ status: 'checked-in', attendance: attended('2027-03-10', '2027-03-09') }, none, settings, DAYS);
    expect(result).toMatchObject({ eligible: false, attended: ['2027-03-10'], reasons: ['Checked in on 1 of the 2 days needed.'] });
  });

  it('refuses a cancelled registration, whatever it attended', () => {
    const result = eligibility({ status: 'cancelled', attendance: attended(...DAYS) }, none, settings, DAYS);
    expect(result).toMatchObject({ eligible: false, points: 0, reasons: ['The registration is cancelled.'] });
  });

  describe('with the evaluation required', () => {
    const required = { ...settings, requireEvaluation: true };

    it('counts only the days evaluated', () => {
      const result = eligibility({ status: 'checked-in', attendance: attended(...DAYS) }, new Set(['2027-03-10', '2027-03-12']), required, DAYS);
      expect(result).toEqual({ eligible: true, attended: DAYS, days: ['2027-03-10', '2027-03-12'], points: 12, unevaluated: ['2027-03-11'], reasons: [] });
    });

    it('names each day whose evaluation is missing when too few remain', () => {
      const result = eligibility({ status: 'checked-in', attendance: attended('2027-03-10', '2027-03-11') }, new Set(['2027-03-10']), required, DAYS);
      expect(result).toMatchObject({ eligible: false, days: ['2027-03-10'], reasons: ['No evaluation for Thu, 11 March 2027.'] });
    });

    it('does not count an evaluation of a day not attended', () => {
      const result = eligibility({ status: 'checked-in', attendance: attended('2027-03-10') }, new Set(['2027-03-10', '2027-03-11']), required, DAYS);
      expect(result).toMatchObject({ eligible: false, reasons: ['Checked in on 1 of the 2 days needed.'] });
    });
  });

  it('is eligible on one day when the rule asks for one', () => {
    expect(eligibility({ status: 'checked-in', attendance: attended('2027-03-11') }, none, { ...settings, minDays: 1 }, DAYS)).toMatchObject({
      eligible: true,
      points: 6,
    });
  });
});

describe('settings gaps', () => {
  it('names every setting a certificate needs', () => {
    expect(cpdSettingsGaps(DEFAULT_CPD_SETTINGS)).toEqual([
      'the accrediting body',
      'the provider number',
      "the activity's name",
      'the CPD points per day',
      "the signatory's name",
    ]);
    expect(cpdSettingsGaps(settings)).toEqual([]);
  });

  it('needs questions when an evaluation is required, and refuses blank names', () => {
    expect(cpdSettingsGaps({ ...settings, requireEvaluation: true })).toEqual(['the evaluation questions (an evaluation is required)']);
    expect(cpdSettingsGaps({ ...settings, signatoryName: '   ' })).toEqual(["the signatory's name"]);
  });
});

describe('names and addresses', () => {
  it('labels a summit day with its weekday, whatever the machine’s time zone', () => {
    expect(dayLabel('2027-03-10')).toBe('Wed, 10 March 2027');
  });

  it('gives an evaluation one id per registration and day', () => {
    expect(evaluationId('abc', '2027-03-10')).toBe('abc_2027-03-10');
    expect(verifyPath('Xy12')).toBe('/certificates/Xy12');
  });
});

describe('what a certificate copies, and what the public reads of it', () => {
  it('copies the points per day and the wording from the settings, and nothing else of them', () => {
    expect(certifiedActivity({ ...settings, signatoryTitle: 'Director', requireEvaluation: true })).toEqual({
      pointsPerDay: 6,
      activityName: 'National Cancer Summit 2027',
      accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
      providerNumber: 'KMPDC/CPD/0421',
      signatoryName: 'Dr A. Mwangi',
      signatoryTitle: 'Director',
    });
  });

  it('projects exactly the fields firestore.rules checkOf holds, valid and not revoked', () => {
    const check = newCertificateCheck({
      id: 'AbCdEfGhIjKlMnOpQrSt',
      fullName: 'Wanjiru Kamau',
      activityName: 'Summit',
      accreditingBody: 'KMPDC',
      providerNumber: 'P-1',
      points: 12,
      issuedAt: at,
      // What must never reach the public projection.
      ...({ email: 'w@example.org', days: ['2027-03-10'] } as object),
    });
    expect(check).toEqual({
      id: 'AbCdEfGhIjKlMnOpQrSt',
      status: 'valid',
      fullName: 'Wanjiru Kamau',
      activityName: 'Summit',
      accreditingBody: 'KMPDC',
      providerNumber: 'P-1',
      points: 12,
      issuedAt: at,
      revokedAt: null,
      replacedBy: '',
    });
    const rules = readFileSync('firestore.rules', 'utf8');
    const checkOf = /function checkOf\(c\) \{\s*return \{([^}]*)\}/.exec(rules)![1];
    expect(Object.keys(check).sort()).toEqual([...checkOf.matchAll(/'(\w+)':/g)].map((m) => m[1]).sort());
  });
});
