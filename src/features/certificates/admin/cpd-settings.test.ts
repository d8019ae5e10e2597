import { fileUrl } from '../../../lib/storage-urls.ts';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_CPD_SETTINGS } from '../../../../emulator/seed/sample-forms.ts';
import { CERTIFICATE_CSV_COLUMNS, DEFAULT_CPD_SETTINGS, MAX_QUESTIONS, type CpdSettings } from '../../../data/certificates.ts';

vi.mock('../../../lib/data.ts', () => ({ db: {} }));
const { changedFields, cpdSettingsSchema, newQuestionId, QUESTION_ID_PATTERN, toCpdDocument, toCpdForm } = await import('./cpd-settings.ts');

// Half points, so the round trip keeps them.
const FILLED: CpdSettings = { ...SAMPLE_CPD_SETTINGS, pointsPerDay: 6.5 };

/** The form's values for `over` on the filled settings, parsed; the first issue's path and message. */
function check(over: Record<string, unknown>, dayCount = 0) {
  const result = cpdSettingsSchema(dayCount).safeParse({ ...toCpdForm(FILLED), ...over });
  return result.success
    ? { ok: true as const, value: result.data }
    : { ok: false as const, path: result.error.issues[0].path.join('.'), message: result.error.issues[0].message };
}

describe('the CPD settings form', () => {
  it('round-trips the stored settings through the form unchanged', () => {
    const parsed = check({});
    expect(parsed.ok && toCpdDocument(parsed.value)).toEqual(FILLED);
    // What a new project starts from needs its points per day, and nothing else, to be saved.
    const fresh = cpdSettingsSchema().safeParse(toCpdForm(DEFAULT_CPD_SETTINGS));
    expect(new Set(fresh.error?.issues.map((i) => i.path.join('.')))).toEqual(new Set(['pointsPerDay']));
    expect(cpdSettingsSchema().safeParse(toCpdForm({ ...DEFAULT_CPD_SETTINGS, pointsPerDay: 1 })).success).toBe(true);
  });

  it('takes whole and half points above 0, up to 100, nothing else', () => {
    for (const ok of [0.5, 6, 6.5, 100]) expect(check({ pointsPerDay: ok }).ok, String(ok)).toBe(true);
    expect(check({ pointsPerDay: 6.25 })).toMatchObject({ path: 'pointsPerDay', message: 'Use whole or half points, like 6 or 6.5.' });
    expect(check({ pointsPerDay: 0 })).toMatchObject({ path: 'pointsPerDay', message: 'Enter the points each day earns: more than 0.' });
    expect(check({ pointsPerDay: -0.5 })).toMatchObject({ path: 'pointsPerDay', message: 'Enter the points each day earns: more than 0.' });
    expect(check({ pointsPerDay: 100.5 })).toMatchObject({ path: 'pointsPerDay', message: 'The points per day must be at most 100.' });
    expect(check({ pointsPerDay: Number.NaN })).toMatchObject({ path: 'pointsPerDay', message: 'Enter the points per day as a number.' });
  });

  it('asks for 1 day at least and never more days than the summit has', () => {
    expect(check({ minDays: 0 })).toMatchObject({ path: 'minDays', message: 'At least 1 day.' });
    expect(check({ minDays: 1.5 })).toMatchObject({ path: 'minDays', message: 'Enter the number of days as a whole number.' });
    expect(check({ minDays: 3 }, 3).ok).toBe(true);
    expect(check({ minDays: 4 }, 3)).toMatchObject({ path: 'minDays', message: 'The summit has 3 days.' });
    expect(check({ minDays: 31 }).ok).toBe(true);
    expect(check({ minDays: 32 })).toMatchObject({ path: 'minDays', message: 'At most 31 days.' });
  });

  it('bounds the texts, one line each, trimmed', () => {
    expect(check({ providerNumber: 'x'.repeat(41) })).toMatchObject({ path: 'providerNumber', message: 'The provider number must be at most 40 characters.' });
    expect(check({ activityName: 'Summit\nday' })).toMatchObject({
      path: 'activityName',
      message: 'The activity name must be one line of visible characters.',
    });
    expect(check({ signatoryName: 'Dr A\u202Eevil' })).toMatchObject({ path: 'signatoryName' });
    const parsed = check({ accreditingBody: '  KMPDC  ' });
    expect(parsed.ok && parsed.value.accreditingBody).toBe('KMPDC');
  });

  it('takes the logo uploaded here, on the Storage emulator’s http too, but no other file of ours on http', () => {
    const logo = fileUrl('settings/cpd/abcdefghij0123456789-orig.png');
    expect(logo).toMatch(/^http:\/\/127\.0\.0\.1:9199\//);
    expect(check({ logoUrl: logo }).ok).toBe(true);
    expect(check({ logoUrl: fileUrl('content/speakers/s1/abcdefghij0123456789-960.webp') })).toMatchObject({ path: 'logoUrl' });
  });

  it('takes a logo on this site or over https only', () => {
    for (const ok of ['', '/logos/a.png', 'https://cdn.example.org/logo.jpg']) expect(check({ logoUrl: ok }).ok, ok).toBe(true);
    for (const bad of ['http://example.org/a.png', '//evil.example/a.png', 'javascript:alert(1)', 'logo.png', '/../secret', 'https://x']) {
      expect(check({ logoUrl: bad }), bad).toMatchObject({ path: 'logoUrl' });
    }
  });

  it('holds at most 8 questions, each worded, with distinct ids, and at least one when an evaluation is required', () => {
    const question = (n: number) => ({ questionId: `q-${n}`, label: `Question ${n}`, kind: 'rating' });
    expect(check({ questions: Array.from({ length: MAX_QUESTIONS }, (_, i) => question(i)) }).ok).toBe(true);
    expect(check({ questions: Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => question(i)) })).toMatchObject({
      path: 'questions',
      message: 'At most 8 questions.',
    });
    expect(check({ questions: [{ ...question(1), label: '  ' }] })).toMatchObject({ path: 'questions.0.label', message: 'Enter the question.' });
    expect(check({ questions: [{ ...question(1), kind: '' }] })).toMatchObject({ path: 'questions.0.kind', message: 'Choose how the question is answered.' });
    expect(check({ questions: [question(1), question(1)] })).toMatchObject({
      path: 'questions',
      message: 'Two questions share an id: remove one and add it again.',
    });
    expect(check({ questions: [] })).toMatchObject({ path: 'questions', message: 'Add at least one question, or do not require an evaluation.' });
    expect(check({ questions: [], requireEvaluation: false }).ok).toBe(true);
  });

  it('exports at least one column, each once', () => {
    expect(check({ exportColumns: [] })).toMatchObject({ path: 'exportColumns', message: 'Choose at least one column for the export.' });
    expect(check({ exportColumns: [{ column: 'points' }, { column: 'points' }] })).toMatchObject({ message: 'Each column can be in the export once.' });
    expect(check({ exportColumns: [{ column: 'shoeSize' }] })).toMatchObject({ path: 'exportColumns.0.column' });
    const all = Object.keys(CERTIFICATE_CSV_COLUMNS).map((column) => ({ column }));
    expect(check({ exportColumns: all }).ok).toBe(true);
  });
});

describe('stored settings', () => {
  it('name the fields a save changes, for the log', () => {
    expect(changedFields(FILLED, FILLED)).toEqual([]);
    expect(changedFields(FILLED, { ...FILLED, pointsPerDay: 6, questions: [...FILLED.questions].reverse() })).toEqual(['points per day', 'questions']);
  });
});

describe('a new question’s id', () => {
  it('is q- and 8 letters or digits, unlike those taken', () => {
    const id = newQuestionId([]);
    expect(id).toMatch(/^q-[a-z0-9]{8}$/);
    expect(id).toMatch(QUESTION_ID_PATTERN);
    // A generator that repeats itself first gives an id already taken: it draws again.
    const draws = [0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
    expect(newQuestionId(['q-00000000'], () => draws.shift()!)).toBe('q-iiiiiiii');
  });
});
