// Evaluations in aggregate (the Evaluations screen): reading them, per-question figures, and the
// CSV. Answers are matched to questions by id, so a reworded or reordered question keeps its
// answers; answers to a question removed since are left out of the figures but kept in the CSV.
import { RATING_MAX, RATING_MIN, type EvaluationAnswer, type EvaluationQuestion } from '../../../data/certificates.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { toCsv } from '../../../lib/csv.ts';
import { db } from '../../../lib/data.ts';
import type { WithId } from '../../../lib/db.ts';

export interface StoredEvaluation {
  registrationId: string;
  day: string;
  email: string;
  answers: EvaluationAnswer[];
  submittedAt: Date | null;
}

export const evaluationsKey = (day: string) => [...adminKey('evaluations'), day] as const;

/**
 * Every evaluation (of one day, or of all days with `day` ''), oldest first, read a thousand at a
 * time: the figures need every answer, and a summit's evaluations are a few thousand at most.
 */
export function fetchEvaluations(day: string, onProgress?: (read: number) => void): Promise<Array<WithId<StoredEvaluation>>> {
  return db.fetchEvery<StoredEvaluation>(
    'evaluations',
    day ? { where: [['day', '==', day]], orderBy: ['submittedAt', 'asc'] } : { orderBy: ['submittedAt', 'asc'] },
    onProgress,
  );
}

export interface RatingFigures {
  kind: 'rating';
  question: EvaluationQuestion;
  /** counts[r - RATING_MIN]: how many answered r. */
  counts: number[];
  answered: number;
  /** null when nobody answered it. */
  average: number | null;
}

export interface TextFigures {
  kind: 'text';
  question: EvaluationQuestion;
  /** The non-empty answers, oldest first. */
  answers: string[];
  /** Evaluations that left it empty. */
  skipped: number;
}

export type QuestionFigures = RatingFigures | TextFigures;

const answerOf = (e: StoredEvaluation, id: string) => (Array.isArray(e.answers) ? e.answers.find((a) => a?.id === id)?.value : undefined);

/** A rating as stored, or null for anything else (a question whose kind the data contradicts counts nothing). */
function rating(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX ? value : null;
}

/** Per question, in the settings' order: a rating's distribution and average, a text's answers. */
export function aggregate(evaluations: readonly StoredEvaluation[], questions: readonly EvaluationQuestion[]): QuestionFigures[] {
  return questions.map((question) => {
    if (question.kind === 'rating') {
      const counts = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, () => 0);
      let sum = 0;
      for (const e of evaluations) {
        const r = rating(answerOf(e, question.id));
        if (r === null) continue;
        counts[r - RATING_MIN] += 1;
        sum += r;
      }
      const answered = counts.reduce((a, b) => a + b, 0);
      return { kind: 'rating', question, counts, answered, average: answered ? sum / answered : null };
    }
    const answers: string[] = [];
    for (const e of evaluations) {
      const v = answerOf(e, question.id);
      if (typeof v === 'string' && v.trim()) answers.push(v.trim());
    }
    return { kind: 'text', question, answers, skipped: evaluations.length - answers.length };
  });
}

/** "4.3": an average as staff read it, to one decimal. */
export const formatAverage = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

/** A share of a whole, as a whole percentage (0 of nothing is 0). */
export const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/**
 * One row per evaluation, a column per question (headed by its wording), then a column for each
 * question answered but since removed (headed by its id), so no answer given is lost.
 */
export function evaluationsCsv(evaluations: readonly StoredEvaluation[], questions: readonly EvaluationQuestion[]): string {
  const known = new Set(questions.map((q) => q.id));
  const removed: string[] = [];
  for (const e of evaluations)
    for (const a of Array.isArray(e.answers) ? e.answers : [])
      if (a && typeof a.id === 'string' && !known.has(a.id) && !removed.includes(a.id)) removed.push(a.id);
  const answerColumn = (id: string, header: string) => ({ header, value: (e: StoredEvaluation) => answerOf(e, id) ?? '' });
  return toCsv(evaluations, [
    { header: 'Registration', value: (e) => e.registrationId },
    { header: 'Day', value: (e) => e.day },
    { header: 'Email', value: (e) => e.email },
    { header: 'Submitted', value: (e) => e.submittedAt },
    ...questions.map((q) => answerColumn(q.id, q.label)),
    ...removed.map((id) => answerColumn(id, `Removed question (${id})`)),
  ]);
}
