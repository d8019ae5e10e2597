import { describe, expect, it } from 'vitest';
import { DEFAULT_CPD_SETTINGS, cpdSettingsFrom } from './certificates.ts';

describe('settings/cpd as stored, read as CpdSettings', () => {
  it('is the defaults when the document does not exist', () => {
    expect(cpdSettingsFrom(null)).toEqual(DEFAULT_CPD_SETTINGS);
    expect(cpdSettingsFrom(undefined)).toEqual(DEFAULT_CPD_SETTINGS);
  });

  it('keeps every stored field, and drops what is not a CpdSettings field (id, timestamp)', () => {
    const stored = {
      id: 'cpd',
      timestamp: new Date(),
      accreditingBody: 'KMPDC',
      providerNumber: 'P-1',
      activityName: 'Summit',
      pointsPerDay: 2.5,
      signatoryName: 'Dr A',
      signatoryTitle: 'Director',
      minDays: 2,
      requireEvaluation: true,
      logoUrl: '/demo/logos/institute.png',
      questions: [{ id: 'q-1', label: 'Overall', kind: 'rating' }],
      exportColumns: ['points', 'fullName'],
    };
    const { id: _, timestamp: __, ...fields } = stored;
    expect(cpdSettingsFrom(stored)).toEqual(fields);
  });

  it('falls back field by field on a mistyped value, and drops malformed questions and unknown or repeated columns', () => {
    const read = cpdSettingsFrom({
      pointsPerDay: '3',
      minDays: Number.NaN,
      requireEvaluation: 'yes',
      questions: [{ id: 'q', label: 'Fine', kind: 'text', extra: 1 }, { id: 'q2', label: 'Bad', kind: 'essay' }, null, 'q3'],
      exportColumns: ['points', 'nope', 'points', 7],
    });
    expect(read).toMatchObject({ pointsPerDay: 0, minDays: 1, requireEvaluation: false, exportColumns: ['points'] });
    expect(read.questions).toEqual([{ id: 'q', label: 'Fine', kind: 'text' }]);
    expect(cpdSettingsFrom({ exportColumns: ['nope'] }).exportColumns).toEqual(DEFAULT_CPD_SETTINGS.exportColumns);
  });
});
