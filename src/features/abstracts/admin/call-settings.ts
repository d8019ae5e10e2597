// The call for abstracts (settings/abstracts) as administrators set it, with what reviewers score: the form's shape and
// checks, the conversions both ways and the save. firestore.rules abstractCallSettings checks the
// same bounds, so a save the form accepts is one the rules accept.
import { z } from 'zod';
import { ABSTRACT_BOUNDS, ABSTRACT_PARTS, type AbstractCall, type WordLimits } from '../../../data/abstracts.ts';
import type { BatchWrite } from '../../../lib/db.ts';
import { fromNairobiDateTime, toNairobiDateTime } from '../../../lib/nairobi-time.ts';
import { idSlug } from '../../../lib/slug.ts';
import { lineField, paragraphField } from '../../../lib/validation.ts';

export const CALL_PATH = 'settings/abstracts';

const KEY_MAX = 40;

const dateTime = (what: string) => z.string().refine((v) => v === '' || fromNairobiDateTime(v) !== null, `Enter when ${what} as a date and time.`);
const limit = z
  .number({ message: 'Enter a number of words.' })
  .int('Enter a whole number of words.')
  .min(1, 'At least 1 word.')
  .max(ABSTRACT_BOUNDS.words, `At most ${ABSTRACT_BOUNDS.words.toLocaleString('en')} words.`);

/**
 * A list of labels (tracks, review criteria), each under a key that stays when its label is edited
 * ('' for a row added now): abstracts name their track, and reviews their criteria, by key.
 */
export const keyedLabels = (noun: string, max: number) =>
  z
    .array(
      z.object({
        key: z.string(),
        label: lineField(1, ABSTRACT_BOUNDS.trackLabel, `Name the ${noun}.`, `A ${noun} is named in at most ${ABSTRACT_BOUNDS.trackLabel} characters.`),
      }),
    )
    .max(max, `At most ${max} ${noun}s.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const label = row.label.trim().toLowerCase();
        if (seen.has(label)) ctx.addIssue({ code: 'custom', path: [i, 'label'], message: `Another ${noun} has this name.` });
        seen.add(label);
        if (!row.key && idSlug(row.label, KEY_MAX) === '')
          ctx.addIssue({ code: 'custom', path: [i, 'label'], message: `Use at least one letter or digit (A–Z, 0–9) in a ${noun}’s name.` });
      });
    });

export const callFormSchema = z
  .object({
    opensAt: dateTime('the call opens'),
    closesAt: dateTime('the call closes'),
    reviewsDueAt: dateTime('reviews are due'),
    tracks: keyedLabels('track', ABSTRACT_BOUNDS.tracks),
    wordLimits: z.object(Object.fromEntries([...ABSTRACT_PARTS, 'total'].map((k) => [k, limit])) as Record<keyof WordLimits, typeof limit>),
    criteria: keyedLabels('criterion', ABSTRACT_BOUNDS.criteria).min(1, 'Reviewers score at least one criterion.'),
    reviewersPerAbstract: z
      .number({ message: 'Enter a number of reviewers.' })
      .int('Enter a whole number of reviewers.')
      .min(1, 'At least 1 reviewer.')
      .max(ABSTRACT_BOUNDS.reviewersPerAbstract, `At most ${ABSTRACT_BOUNDS.reviewersPerAbstract} reviewers.`),
    guidelines: paragraphField(
      0,
      ABSTRACT_BOUNDS.guidelines,
      '',
      `The guidelines must be at most ${ABSTRACT_BOUNDS.guidelines.toLocaleString('en')} characters.`,
    ),
  })
  .superRefine((f, ctx) => {
    if ((f.opensAt === '') !== (f.closesAt === ''))
      ctx.addIssue({ code: 'custom', path: [f.opensAt === '' ? 'opensAt' : 'closesAt'], message: 'Give both dates, or neither to keep the call closed.' });
    const opens = fromNairobiDateTime(f.opensAt);
    const closes = fromNairobiDateTime(f.closesAt);
    if (opens && closes && closes <= opens) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'The call must close after it opens.' });
    // Reviewers are assigned once the call has closed, so reviews fall due after it.
    const due = fromNairobiDateTime(f.reviewsDueAt);
    if (due && !closes) ctx.addIssue({ code: 'custom', path: ['reviewsDueAt'], message: 'Set when the call closes first: reviews fall due after it.' });
    if (due && closes && due <= closes) ctx.addIssue({ code: 'custom', path: ['reviewsDueAt'], message: 'Reviews must fall due after the call closes.' });
  });

export type CallForm = z.input<typeof callFormSchema>;
export type CallValues = z.output<typeof callFormSchema>;

export function callForm(call: AbstractCall): CallForm {
  return {
    opensAt: call.opensAt ? toNairobiDateTime(call.opensAt) : '',
    closesAt: call.closesAt ? toNairobiDateTime(call.closesAt) : '',
    reviewsDueAt: call.reviewsDueAt ? toNairobiDateTime(call.reviewsDueAt) : '',
    tracks: Object.entries(call.tracks).map(([key, label]) => ({ key, label })),
    wordLimits: { ...call.wordLimits },
    guidelines: call.guidelines,
    criteria: Object.entries(call.criteria).map(([key, label]) => ({ key, label })),
    reviewersPerAbstract: call.reviewersPerAbstract,
  };
}

/** Labels under their keys: a new row's key is its label's slug, made unique among the others. */
export function keyLabels(rows: Array<{ key: string; label: string }>): Record<string, string> {
  const taken = new Set(rows.map((r) => r.key).filter(Boolean));
  const out: Record<string, string> = {};
  for (const row of rows) {
    let key = row.key;
    if (!key) {
      const base = idSlug(row.label, KEY_MAX - 3);
      key = base;
      for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
      taken.add(key);
    }
    out[key] = row.label.trim();
  }
  return out;
}

export function callDocument(values: CallValues): AbstractCall {
  return {
    opensAt: fromNairobiDateTime(values.opensAt),
    closesAt: fromNairobiDateTime(values.closesAt),
    reviewsDueAt: fromNairobiDateTime(values.reviewsDueAt),
    tracks: keyLabels(values.tracks),
    wordLimits: values.wordLimits,
    guidelines: values.guidelines.replace(/\r\n?/g, '\n'),
    criteria: keyLabels(values.criteria),
    reviewersPerAbstract: values.reviewersPerAbstract,
  };
}

export const saveCallWrite = (call: AbstractCall): BatchWrite => ({ set: CALL_PATH, data: { ...call } });

/** What a save changed, for the activity log. */
export function changedCallParts(before: AbstractCall, after: AbstractCall): string[] {
  const parts: string[] = [];
  if (before.opensAt?.getTime() !== after.opensAt?.getTime() || before.closesAt?.getTime() !== after.closesAt?.getTime()) parts.push('dates');
  if (JSON.stringify(before.tracks) !== JSON.stringify(after.tracks)) parts.push('tracks');
  if (JSON.stringify(before.wordLimits) !== JSON.stringify(after.wordLimits)) parts.push('word limits');
  if (before.guidelines !== after.guidelines) parts.push('guidelines');
  if (JSON.stringify(before.criteria) !== JSON.stringify(after.criteria)) parts.push('review criteria');
  if (before.reviewersPerAbstract !== after.reviewersPerAbstract) parts.push('reviewers per abstract');
  if (before.reviewsDueAt?.getTime() !== after.reviewsDueAt?.getTime()) parts.push('reviews due date');
  return parts;
}
