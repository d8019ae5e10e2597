// The evaluation form's checks, built from the questions in settings/cpd, and the answers it
// stores: one per question, in the settings' order (firestore.rules checks each in turn). Loaded
// with the form only (zod is most of a public page's budget), never with the page.
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, TEXT_ANSWER_MAX, type EvaluationAnswer, type EvaluationQuestion } from '../../data/certificates.ts';
import { paragraphField } from '../../lib/validation.ts';

/**
 * A question's field name. Not the id itself: react-hook-form reads a name of digits as an array
 * index, and an id may be all digits.
 */
export const answerField = (question: EvaluationQuestion) => `a_${question.id}`;

export type EvaluationFormValues = Record<string, string>;

const RATING = new RegExp(`^[${RATING_MIN}-${RATING_MAX}]$`);

/** Every rating must be given (a certificate may count on it); a written answer may be left empty. */
export function evaluationSchema(questions: readonly EvaluationQuestion[]) {
  return z.object(
    Object.fromEntries(
      questions.map((q) => [
        answerField(q),
        q.kind === 'rating'
          ? z.preprocess((v) => v ?? '', z.string().regex(RATING, `Choose a rating from ${RATING_MIN} to ${RATING_MAX}.`))
          : paragraphField(0, TEXT_ANSWER_MAX, '', `Keep your answer to ${TEXT_ANSWER_MAX} characters.`),
      ]),
    ),
  );
}

export const emptyEvaluation = (questions: readonly EvaluationQuestion[]): EvaluationFormValues =>
  Object.fromEntries(questions.map((q) => [answerField(q), '']));

/** What is stored: the answers in the questions' order, a rating as a number. */
export function evaluationAnswers(questions: readonly EvaluationQuestion[], values: Record<string, unknown>): EvaluationAnswer[] {
  return questions.map((q) => {
    const value = String(values[answerField(q)] ?? '');
    return { id: q.id, value: q.kind === 'rating' ? Number(value) : value };
  });
}
