import { describe, expect, it } from 'vitest';
import type { EvaluationQuestion } from '../../data/certificates.ts';
import { answerField, emptyEvaluation, evaluationAnswers, evaluationSchema } from './evaluation-form.ts';

const QUESTIONS: EvaluationQuestion[] = [
  { id: 'overall', label: 'Overall', kind: 'rating' },
  { id: '2', label: 'Comments', kind: 'text' },
];

describe('the evaluation form', () => {
  const schema = evaluationSchema(QUESTIONS);

  it('names fields so that an id of digits is not read as an array index', () => {
    expect(QUESTIONS.map(answerField)).toEqual(['a_overall', 'a_2']);
    expect(emptyEvaluation(QUESTIONS)).toEqual({ a_overall: '', a_2: '' });
  });

  it('needs every rating, from 1 to 5', () => {
    for (const missing of ['', null, undefined, '0', '6', '4.5', 'x']) {
      const r = schema.safeParse({ a_overall: missing, a_2: '' });
      expect(r.success, String(missing)).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ path: ['a_overall'], message: 'Choose a rating from 1 to 5.' });
    }
    expect(schema.safeParse({ a_overall: '1', a_2: '' }).success).toBe(true);
    expect(schema.safeParse({ a_overall: '5', a_2: '' }).success).toBe(true);
  });

  it('takes a written answer of up to 1000 characters, line breaks included, nothing hidden', () => {
    expect(schema.safeParse({ a_overall: '3', a_2: 'x'.repeat(1000) }).success).toBe(true);
    expect(schema.safeParse({ a_overall: '3', a_2: ` ${'x'.repeat(1000)} ` }).success).toBe(true);
    expect(schema.safeParse({ a_overall: '3', a_2: 'x'.repeat(1001) }).error?.issues[0].message).toBe('Keep your answer to 1000 characters.');
    expect(schema.safeParse({ a_overall: '3', a_2: 'one\ntwo' }).success).toBe(true);
    expect(schema.safeParse({ a_overall: '3', a_2: 'a\u0007b' }).success).toBe(false);
  });

  it('stores one answer per question in the settings’ order, a rating as a number, text trimmed', () => {
    const parsed = schema.parse({ a_2: '  Great \n talks ', a_overall: '4' });
    expect(evaluationAnswers(QUESTIONS, parsed)).toEqual([
      { id: 'overall', value: 4 },
      { id: '2', value: 'Great \n talks' },
    ]);
  });
});
