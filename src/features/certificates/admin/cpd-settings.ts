// CPD settings (settings/cpd): the form's shape and checks, the conversions both ways, and the save.
// The document holds exactly CpdSettings' fields (data/certificates.ts); firestore.rules checks the
// same bounds, so a save the form accepts is one the rules accept.
import { z } from 'zod';
import {
  CERTIFICATE_CSV_COLUMNS,
  CPD_SETTINGS_PATH,
  cpdSettingsFrom,
  MAX_QUESTIONS,
  QUESTION_KINDS,
  validPointsPerDay,
  type CertificateCsvColumn,
  type CpdSettings,
} from '../../../data/certificates.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { CPD_LOGO_FOLDER } from '../../../data/storage-paths.ts';
import { objectNameFromUrl } from '../../../lib/storage-urls.ts';
import { db } from '../../../lib/data.ts';
import type { BatchWrite } from '../../../lib/db.ts';
import { SINGLE_LINE_PATTERN } from '../../../lib/validation.ts';

export const TEXT_LIMITS = {
  accreditingBody: 120,
  providerNumber: 40,
  activityName: 200,
  signatoryName: 120,
  signatoryTitle: 120,
} as const;
export const QUESTION_LABEL_MAX = 200;
export const POINTS_PER_DAY_MAX = 100;
/** summitDays() lists at most 31 days, so no rule could ask for more. */
export const MIN_DAYS_MAX = 31;
export const LOGO_URL_MAX = 500;
export const QUESTION_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

const SINGLE_LINE = new RegExp(SINGLE_LINE_PATTERN.replace(/\\x\{([0-9A-F]+)\}/g, '\\u{$1}'), 'u');
const COLUMN_KEYS = Object.keys(CERTIFICATE_CSV_COLUMNS) as CertificateCsvColumn[];

const line = (label: string, max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, `Enter the ${label}.`)
    .max(max, `The ${label} must be at most ${max} characters.`)
    .regex(SINGLE_LINE, `The ${label} must be one line of visible characters.`);

/** A question as the form edits it: `questionId`, because react-hook-form's field arrays keep `id` for themselves. */
const questionRow = z.object({
  questionId: z.string().regex(QUESTION_ID_PATTERN),
  label: line('question', QUESTION_LABEL_MAX, 1),
  kind: z.enum(QUESTION_KINDS, { error: 'Choose how the question is answered.' }),
});

/** The logo: a file on this site ("/logos/institute.png"), an https address or the logo uploaded (the Storage emulator's is http); never another scheme. */
const logoUrl = z
  .string()
  .trim()
  .max(LOGO_URL_MAX, `The logo address must be at most ${LOGO_URL_MAX} characters.`)
  .refine(
    (v) =>
      v === '' ||
      (/^\/[^/\\\s]\S*$/.test(v) && !v.includes('..')) ||
      /^https:\/\/[^\s/.]+\.[^\s/]+(\/\S*)?$/.test(v) ||
      !!objectNameFromUrl(v)?.startsWith(CPD_LOGO_FOLDER),
    'Enter a path on this site, like /logos/institute.png, or an address starting with https://, or leave it empty.',
  );

/**
 * The settings form's checks. `summitDayCount`: the summit's days as settings/site dates them (0
 * when they are not set), so "at least N days" can never ask more than the summit has.
 */
export function cpdSettingsSchema(summitDayCount = 0) {
  return z
    .object({
      accreditingBody: line('accrediting body', TEXT_LIMITS.accreditingBody),
      providerNumber: line('provider number', TEXT_LIMITS.providerNumber),
      activityName: line('activity name', TEXT_LIMITS.activityName),
      pointsPerDay: z
        .number({ error: 'Enter the points per day as a number.' })
        .gt(0, 'Enter the points each day earns: more than 0.')
        .max(POINTS_PER_DAY_MAX, `The points per day must be at most ${POINTS_PER_DAY_MAX}.`)
        // The domain's own rule, which the rules and the issuing screen share.
        .refine(validPointsPerDay, 'Use whole or half points, like 6 or 6.5.'),
      signatoryName: line('signatory’s name', TEXT_LIMITS.signatoryName),
      signatoryTitle: line('signatory’s title', TEXT_LIMITS.signatoryTitle),
      minDays: z
        .number({ error: 'Enter the number of days as a whole number.' })
        .int('Enter the number of days as a whole number.')
        .min(1, 'At least 1 day.')
        .max(summitDayCount || MIN_DAYS_MAX, summitDayCount ? `The summit has ${summitDayCount} days.` : `At most ${MIN_DAYS_MAX} days.`),
      requireEvaluation: z.boolean(),
      logoUrl,
      questions: z.array(questionRow).max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions.`),
      exportColumns: z
        .array(z.object({ column: z.enum(COLUMN_KEYS) }))
        .min(1, 'Choose at least one column for the export.')
        .refine((rows) => new Set(rows.map((r) => r.column)).size === rows.length, 'Each column can be in the export once.'),
    })
    .superRefine((v, ctx) => {
      if (v.requireEvaluation && v.questions.length === 0)
        ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Add at least one question, or do not require an evaluation.' });
      const ids = v.questions.map((q) => q.questionId);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Two questions share an id: remove one and add it again.' });
    });
}

export type CpdSettingsForm = z.input<ReturnType<typeof cpdSettingsSchema>>;
export type CpdSettingsValues = z.output<ReturnType<typeof cpdSettingsSchema>>;

export function toCpdForm(s: CpdSettings): CpdSettingsForm {
  return {
    ...s,
    questions: s.questions.map((q) => ({ questionId: q.id, label: q.label, kind: q.kind })),
    exportColumns: s.exportColumns.map((column) => ({ column })),
  };
}

/** What is stored: exactly CpdSettings' fields. */
export function toCpdDocument(v: CpdSettingsValues): CpdSettings {
  return {
    accreditingBody: v.accreditingBody,
    providerNumber: v.providerNumber,
    activityName: v.activityName,
    pointsPerDay: v.pointsPerDay,
    signatoryName: v.signatoryName,
    signatoryTitle: v.signatoryTitle,
    minDays: v.minDays,
    requireEvaluation: v.requireEvaluation,
    logoUrl: v.logoUrl,
    questions: v.questions.map((q) => ({ id: q.questionId, label: q.label, kind: q.kind })),
    exportColumns: v.exportColumns.map((c) => c.column),
  };
}

const FIELD_NAMES: Record<keyof CpdSettings, string> = {
  accreditingBody: 'accrediting body',
  providerNumber: 'provider number',
  activityName: 'activity name',
  pointsPerDay: 'points per day',
  signatoryName: 'signatory’s name',
  signatoryTitle: 'signatory’s title',
  minDays: 'days needed',
  requireEvaluation: 'evaluation required',
  logoUrl: 'logo',
  questions: 'questions',
  exportColumns: 'export columns',
};

/** The fields a save changes, in words for the activity log ("" when none). */
export function changedFields(before: CpdSettings, after: CpdSettings): string[] {
  return (Object.keys(FIELD_NAMES) as Array<keyof CpdSettings>)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => FIELD_NAMES[k]);
}

/** A new question's id: stable from now on, whatever its label becomes, and unlike the others'. */
export function newQuestionId(taken: readonly string[], random: () => number = Math.random): string {
  for (;;) {
    let id = 'q-';
    while (id.length < 10) id += '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)];
    if (!taken.includes(id)) return id;
  }
}

export const cpdSettingsKey = [...adminKey('settings'), 'cpd'] as const;

/** The stored settings and the summit's dates (for "at least N of the summit's days"). */
export async function fetchCpdSettingsForm() {
  const [cpd, site] = await Promise.all([
    db.fetchDocument<Record<string, unknown>>('settings', 'cpd'),
    db.fetchDocument<Record<string, unknown>>('settings', 'site'),
  ]);
  return {
    settings: cpdSettingsFrom(cpd),
    exists: !!cpd,
    start: site?.startDate instanceof Date ? site.startDate : null,
    end: site?.endDate instanceof Date ? site.endDate : null,
  };
}

/** The whole document, set at once: the form always holds every field. */
export const saveCpdSettingsWrite = (settings: CpdSettings): BatchWrite => ({ set: CPD_SETTINGS_PATH, data: { ...settings } });
