import { describe, expect, it, vi } from 'vitest';
import type { EvaluationQuestion } from '../../../data/certificates.ts';

vi.mock('../../../lib/data.ts', () => ({ db: {} }));
const { aggregate, evaluationsCsv, formatAverage, percent } = await import('./evaluations.ts');

const QUESTIONS: EvaluationQuestion[] = [
  { id: 'overall', label: 'How was the day overall?', kind: 'rating' },
  { id: 'best', label: 'What was most useful?', kind: 'text' },
  { id: 'venue', label: 'The venue', kind: 'rating' },
];

const evaluation = (registrationId: string, day: string, answers: Array<{ id: string; value: number | string }>) => ({
  registrationId,
  day,
  email: `${registrationId.toLowerCase()}@example.org`,
  answers,
  submittedAt: new Date('2027-05-12T15:00:00Z'),
});

describe('evaluation figures', () => {
  it('counts each rating, averages over those who answered, and lists the written answers in order', () => {
    const rows = [
      evaluation('R1', '2027-05-12', [
        { id: 'overall', value: 5 },
        { id: 'best', value: '  The tumour board  ' },
        { id: 'venue', value: 3 },
      ]),
      evaluation('R2', '2027-05-12', [
        { id: 'overall', value: 4 },
        { id: 'best', value: '' },
        { id: 'venue', value: 3 },
      ]),
      evaluation('R3', '2027-05-13', [
        { id: 'overall', value: 5 },
        { id: 'best', value: 'Line one\nline two' },
        { id: 'venue', value: 1 },
      ]),
    ];
    const [overall, best, venue] = aggregate(rows, QUESTIONS);
    expect(overall).toMatchObject({ kind: 'rating', counts: [0, 0, 0, 1, 2], answered: 3 });
    expect(overall.kind === 'rating' && overall.average).toBeCloseTo(14 / 3);
    expect(best).toMatchObject({ kind: 'text', answers: ['The tumour board', 'Line one\nline two'], skipped: 1 });
    expect(venue).toMatchObject({ counts: [1, 0, 2, 0, 0], answered: 3 });
    expect(venue.kind === 'rating' && venue.average).toBeCloseTo(7 / 3);
  });

  it('matches answers by id, whatever their order, and ignores what a rating cannot be', () => {
    const rows = [
      evaluation('R1', 'd', [
        { id: 'venue', value: 2 },
        { id: 'overall', value: 1 },
      ]),
      // Out of range, not whole, a string, missing: none of these is a rating.
      evaluation('R2', 'd', [{ id: 'overall', value: 0 }]),
      evaluation('R3', 'd', [{ id: 'overall', value: 6 }]),
      evaluation('R4', 'd', [{ id: 'overall', value: 4.5 }]),
      evaluation('R5', 'd', [{ id: 'overall', value: '5' }]),
      { ...evaluation('R6', 'd', []), answers: null as never },
    ];
    const [overall, best, venue] = aggregate(rows, QUESTIONS);
    expect(overall).toMatchObject({ counts: [1, 0, 0, 0, 0], answered: 1, average: 1 });
    expect(venue).toMatchObject({ counts: [0, 1, 0, 0, 0], answered: 1, average: 2 });
    expect(best).toMatchObject({ answers: [], skipped: 6 });
  });

  it('has no average when nobody answered, and no questions gives no figures', () => {
    expect(aggregate([], QUESTIONS)[0]).toMatchObject({ counts: [0, 0, 0, 0, 0], answered: 0, average: null });
    expect(aggregate([evaluation('R1', 'd', [{ id: 'overall', value: 3 }])], [])).toEqual([]);
  });

  it('formats an average to one decimal and shares as whole percentages', () => {
    expect(formatAverage(14 / 3)).toBe('4.7');
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(4.25)).toBe('4.3');
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
  });
});

describe('the evaluations CSV', () => {
  it('is one row per evaluation and a column per question, answers removed from the settings kept at the end', () => {
    const rows = [
      evaluation('R1', '2027-05-12', [
        { id: 'overall', value: 5 },
        { id: 'best', value: '=HYPERLINK("x")' },
        { id: 'venue', value: 3 },
        { id: 'old', value: 'kept' },
      ]),
      evaluation('R2', '2027-05-13', [{ id: 'overall', value: 2 }]),
    ];
    const lines = evaluationsCsv(rows, QUESTIONS).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Registration,Day,Email,Submitted,How was the day overall?,What was most useful?,The venue,Removed question (old)',
      `R1,2027-05-12,r1@example.org,2027-05-12T15:00:00.000Z,5,"'=HYPERLINK(""x"")",3,kept`,
      'R2,2027-05-13,r2@example.org,2027-05-12T15:00:00.000Z,2,,,',
    ]);
  });

  it('has its header alone when there is nothing to export', () => {
    expect(evaluationsCsv([], QUESTIONS)).toBe('Registration,Day,Email,Submitted,How was the day overall?,What was most useful?,The venue\r\n');
  });
});
