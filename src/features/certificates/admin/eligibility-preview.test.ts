// The issuing screen's preview counts the days evaluated as the rules do: the registration's own
// `evaluatedDays` (written by each evaluation's commit), never the evaluations it might read
// elsewhere, so it never offers "Issue" for someone the rules would refuse.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CPD_SETTINGS, type CpdSettings } from '../../../data/certificates.ts';
import { attendeeItem, previewRow, type AttendeeRecord } from './eligibility-preview.ts';

const DAYS = ['2027-03-10', '2027-03-11', '2027-03-12'];
const at = new Date('2027-03-10T07:00:00Z');
const REQUIRED: CpdSettings = { ...DEFAULT_CPD_SETTINGS, minDays: 2, pointsPerDay: 2, requireEvaluation: true };
const NOT_REQUIRED: CpdSettings = { ...REQUIRED, requireEvaluation: false };

const record = (over: Partial<AttendeeRecord> = {}): AttendeeRecord => ({
  id: 'r1',
  fullName: 'Achieng Otieno',
  email: 'achieng@example.org',
  status: 'checked-in',
  attendance: { '2027-03-10': at, '2027-03-11': at },
  ...over,
});

describe("the preview's days evaluated", () => {
  it("are the registration's evaluatedDays keys, sorted, and nothing else of the map", () => {
    const item = attendeeItem(record({ evaluatedDays: { '2027-03-11': at, '2027-03-10': at } }), null);
    expect(item.evaluatedDays).toEqual(['2027-03-10', '2027-03-11']);
    expect(attendeeItem(record(), null).evaluatedDays).toEqual([]);
    expect(attendeeItem(record({ evaluatedDays: null }), null).evaluatedDays).toEqual([]);
  });

  it('make an attendee eligible when an evaluation is required only for the days they hold', () => {
    const both = previewRow(attendeeItem(record({ evaluatedDays: { '2027-03-10': at, '2027-03-11': at } }), null), REQUIRED, DAYS);
    expect(both).toMatchObject({ action: 'issue', verdict: { eligible: true, days: ['2027-03-10', '2027-03-11'], points: 4 } });

    // An evaluation stored before the registration recorded its day (no evaluatedDays): the rules
    // refuse a certificate counting that day, and so does the preview.
    const none = previewRow(attendeeItem(record(), null), REQUIRED, DAYS);
    expect(none).toMatchObject({ action: 'ineligible', verdict: { eligible: false, unevaluated: ['2027-03-10', '2027-03-11'] } });
    expect(none.verdict.reasons).toEqual(['No evaluation for Wed, 10 March 2027.', 'No evaluation for Thu, 11 March 2027.']);

    const one = previewRow(attendeeItem(record({ evaluatedDays: { '2027-03-11': at } }), null), REQUIRED, DAYS);
    expect(one).toMatchObject({ action: 'ineligible', verdict: { days: ['2027-03-11'], unevaluated: ['2027-03-10'] } });
  });

  it('do not matter when the settings require no evaluation', () => {
    expect(previewRow(attendeeItem(record(), null), NOT_REQUIRED, DAYS)).toMatchObject({ action: 'issue', verdict: { points: 4 } });
  });

  it('count only summit days: a day evaluated outside the summit as now set earns nothing', () => {
    const moved = record({ attendance: { '2027-03-09': at, '2027-03-10': at }, evaluatedDays: { '2027-03-09': at, '2027-03-10': at } });
    expect(previewRow(attendeeItem(moved, null), REQUIRED, DAYS)).toMatchObject({ action: 'ineligible', verdict: { attended: ['2027-03-10'] } });
  });
});
