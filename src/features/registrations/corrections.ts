// The attendee corrects their own registration from "my registration": name (the one certificates
// print), phone, organisation and needs. firestore.rules ownerCorrects checks the record's side (those
// fields only, each by registering's grammar, search tokens and checkout in step) and
// ownerLogsCorrection the activity-log line written in the same commit, whose message the rules
// compose from the fields that changed: correctionMessage builds the very same words.
import type { z } from 'zod';
import { quotedCode } from '../../data/payment-codes.ts';
import { checkoutWrite, registrationPath } from '../../data/registration-record.ts';
import { withSearchTokens } from '../../data/search-tokens.ts';
import { db } from '../../lib/data.ts';
import { newId, serverValues, type BatchWrite, type WithId } from '../../lib/db.ts';
import { registrationFormSchema } from './schema.ts';

type Stored = WithId<Record<string, unknown>>;

/** What the attendee may correct, in the order the log names them (the rules' correctedWords). */
export const CORRECTABLE_FIELDS = ['fullName', 'phone', 'organisation', 'accessibilityNeeds', 'dietaryNeeds'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** Each field by the register form's own grammar: a correction stores nothing registering would refuse. */
export const correctionSchema = registrationFormSchema.pick({ fullName: true, phone: true, organisation: true, accessibilityNeeds: true, dietaryNeeds: true });
export type Correction = z.infer<typeof correctionSchema>;

const WORDS: Record<CorrectableField, string> = {
  fullName: 'name',
  phone: 'phone',
  organisation: 'organisation',
  accessibilityNeeds: 'accessibility needs',
  dietaryNeeds: 'dietary needs',
};

/** The form's starting values: the record's as stored ('' for a field an old record lacks). */
export const correctionOf = (r: Record<string, unknown>): Correction =>
  Object.fromEntries(CORRECTABLE_FIELDS.map((f) => [f, typeof r[f] === 'string' ? r[f] : ''])) as Correction;

/** The fields whose value differs, in CORRECTABLE_FIELDS' order. */
export const changedFields = (current: Record<string, unknown>, next: Correction): CorrectableField[] =>
  CORRECTABLE_FIELDS.filter((f) => current[f] !== next[f]);

/** The log's message: the code staff know the record by and the fields' names, never their values. */
export const correctionMessage = (code: string, fields: readonly CorrectableField[]) =>
  `Registration ${code} corrected by its attendee: ${fields.map((f) => WORDS[f]).join(', ')}.`;

export class NothingChangedError extends Error {}

/**
 * The commit of one correction: the record's changed fields with its search tokens re-derived, the
 * time and the log line's id; its checkout in step (the name is on it); and the log line.
 */
export function correctionWrites(current: Stored, next: Correction, attendeeEmail: string, logId = newId()): BatchWrite[] {
  const fields = changedFields(current, next);
  if (fields.length === 0) throw new NothingChangedError('Nothing to correct.');
  const changes = Object.fromEntries(fields.map((f) => [f, next[f]]));
  const after = { ...current, ...changes };
  const { searchTokens } = withSearchTokens(after);
  return [
    { update: registrationPath(current.id), data: { ...changes, searchTokens, correctedAt: serverValues.now(), correctionLog: logId } },
    checkoutWrite(after),
    {
      set: `logs/${logId}`,
      data: {
        id: logId,
        message: correctionMessage(quotedCode(current.id, current), fields),
        userEmail: attendeeEmail,
        registrationId: current.id,
        timestamp: serverValues.now(),
      },
    },
  ];
}

/** Corrects registration `id` as stored now (read in the same transaction): resolves to the fields changed. */
export async function correctOwnRegistration(id: string, next: Correction, attendeeEmail: string): Promise<CorrectableField[]> {
  const parsed = correctionSchema.parse(next);
  let fields: CorrectableField[] = [];
  await db.transact([registrationPath(id)], async ([current]) => {
    if (!current) throw new Error(`Registration ${id} was not found.`);
    fields = changedFields(current, parsed);
    return { writes: correctionWrites(current, parsed, attendeeEmail) };
  });
  return fields;
}
