// Registering is one commit: the registration, its seat on the counter (the rules refuse it past
// capacity) and the message that tells the registrant what comes next (data/mail.ts).
import { serverValues, type Db } from '../../lib/db.ts';
import { registrationMail } from '../../data/mail.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { registrationDocument, type RegistrationForm } from './schema.ts';

export class UnknownCategoryError extends Error {}

export function registrationWrites(id: string, form: RegistrationForm, settings: Pick<SiteSettings, 'categories' | 'currency'>) {
  const category = settings.categories[form.category];
  if (!category) throw new UnknownCategoryError(`Unknown category ${form.category}`);
  const data = registrationDocument(form, category.fee, settings.currency);
  return [
    { set: `registrations/${id}`, data: { ...data, id, timestamp: serverValues.now() } },
    { set: 'counters/registrations', data: { count: serverValues.increment(1), lastId: id }, merge: true },
    // The public seat count, moved in step (the counter above names the registration: staff only).
    { set: 'counters/seats', data: { count: serverValues.increment(1) }, merge: true },
    registrationMail(id, data, settings),
  ];
}

export function submitRegistration(db: Db, id: string, form: RegistrationForm, settings: Pick<SiteSettings, 'categories' | 'currency'>) {
  return db.submitOnce('registrations', id, () => db.commit(registrationWrites(id, form, settings)));
}
