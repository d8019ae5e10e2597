// "My registration"'s CPD part: the signed-in attendee's evaluations and certificates, the
// evaluation's questions, and submitting an evaluation (firestore.rules: evaluations created only
// by the attendee whose registration has attendance[day]; theirs listed by email; certificates
// read by their owner). Used by CpdSections.tsx and its EvaluationForm.tsx, which the page loads
// for an attendee checked in on some day, so everyone else's page makes no extra read.
import { useQuery } from '@tanstack/react-query';
import { cpdSettingsFrom, evaluationId, evaluationWrites, type Certificate, type EvaluationAnswer, type EvaluationQuestion } from '../../data/certificates.ts';
import { db } from '../../lib/data.ts';
import type { WithId } from '../../lib/db.ts';

export interface MyCpd {
  questions: EvaluationQuestion[];
  logoUrl: string;
  /** Whether a day counts towards a certificate only once evaluated. */
  requireEvaluation: boolean;
  /** evaluationId(registrationId, day) of each evaluation submitted. */
  evaluated: Set<string>;
  /** Newest first: a correction's replacement above the one it revoked. */
  certificates: Array<WithId<Certificate>>;
}

const time = (d: unknown) => (d instanceof Date ? d.getTime() : 0);

export async function fetchMyCpd(email: string): Promise<MyCpd> {
  const [settings, evaluations, certificates] = await Promise.all([
    db.fetchDocument<Record<string, unknown>>('settings', 'cpd'),
    db.fetchDocuments<{ registrationId: string; day: string }>('evaluations', { where: [['email', '==', email]], orderBy: null }),
    db.fetchDocuments<Certificate>('certificates', { where: [['email', '==', email]], orderBy: null }),
  ]);
  const { questions, logoUrl, requireEvaluation } = cpdSettingsFrom(settings);
  return {
    questions,
    logoUrl,
    requireEvaluation,
    evaluated: new Set(evaluations.map((e) => evaluationId(e.registrationId, e.day))),
    certificates: certificates.sort((a, b) => time(b.issuedAt) - time(a.issuedAt)),
  };
}

export const myCpdKey = (email: string) => ['my-registration', email, 'cpd'] as const;

/** One read for the whole page: each registration's days and the certificates share it. */
export function useMyCpd(email: string) {
  return useQuery({ queryKey: myCpdKey(email), queryFn: () => fetchMyCpd(email), staleTime: 0 });
}

export interface EvaluationSubmission {
  registrationId: string;
  day: string;
  email: string;
  answers: EvaluationAnswer[];
}

/**
 * Creates evaluations/{registrationId}_{day} with the day in the registration's evaluatedDays
 * (evaluationWrites). The rules refuse a second write to it, so when the
 * commit fails the document is read: a first attempt whose reply was lost did land, and that is a
 * success, not an error to show.
 */
export async function submitEvaluation({ registrationId, day, email, answers }: EvaluationSubmission): Promise<void> {
  const id = evaluationId(registrationId, day);
  try {
    await db.commit(evaluationWrites({ registrationId, day, email, answers }));
  } catch (error) {
    const landed = await db.fetchDocument('evaluations', id).catch(() => null);
    if (landed) return;
    // The rules match answers to the settings' questions as they are now: the organisers may have
    // changed them since the page loaded, which the attendee can mend (unlike a lost connection).
    const settings = await db.fetchDocument('settings', 'cpd').catch(() => null);
    const ids = (list: Array<{ id: string }>) => list.map((q) => q.id).join('\n');
    if (settings && ids(cpdSettingsFrom(settings).questions) !== ids(answers)) throw new QuestionsChanged();
    throw error;
  }
}

/** The evaluation's questions changed after the page loaded: the answers no longer fit them. */
export class QuestionsChanged extends Error {
  constructor() {
    super('The evaluation questions changed.');
  }
}
