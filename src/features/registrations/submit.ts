// Registering is one transaction: the registration, its seat on the counter (the rules refuse it past
// capacity) and the message that tells the registrant what comes next (data/mail.ts). The record
// carries the tokens staff search it by (data/search-tokens.ts).
import { serverValues, type BatchWrite } from '../../lib/db.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { registrationMail } from '../../data/mail.ts';
import { withSearchTokens } from '../../data/search-tokens.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { registrationDocument, type RegistrationForm } from './schema.ts';

export class UnknownCategoryError extends Error {}

/**
 * A stored registration and its seat: the document, the staff counter and the public seat count.
 * The rules tests build their hostile commits from this too, so they test the commit the page sends.
 */
export function registrationSeatWrites(id: string, stored: Record<string, unknown>): BatchWrite[] {
  return [
    { set: `registrations/${id}`, data: stored },
    { set: 'counters/registrations', data: { count: serverValues.increment(1), lastId: id }, merge: true },
    // The public seat count, moved in step (the counter above names the registration: staff only).
    { set: 'counters/seats', data: { count: serverValues.increment(1) }, merge: true },
  ];
}

export function registrationWrites(id: string, form: RegistrationForm, settings: Pick<SiteSettings, 'categories' | 'currency'>) {
  const category = settings.categories[form.category];
  if (!category) throw new UnknownCategoryError(`Unknown category ${form.category}`);
  const data = registrationDocument(form, category.fee, settings.currency);
  return [...registrationSeatWrites(id, { ...withSearchTokens({ ...data, id }), timestamp: serverValues.now() }), registrationMail(id, data, settings)];
}

/** Registers under the visitor's identity (its throttle moves in the same transaction). */
export function submitRegistration(id: string, form: RegistrationForm, settings: Pick<SiteSettings, 'categories' | 'currency'>) {
  return submitAsVisitor('registrations', id, registrationWrites(id, form, settings));
}
