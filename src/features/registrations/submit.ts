// Registering is one commit: the registration, its seat on the counter (the rules refuse it past
// capacity) and the confirmation email for Firebase's Trigger Email extension.
import { serverValues, type Db } from '../../lib/db.ts';
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
    { set: `mail/${id}`, data: { to: data.email, template: { name: 'registration-confirmation', data: { fullName: data.fullName, reference: id } } } },
  ];
}

export function submitRegistration(db: Db, id: string, form: RegistrationForm, settings: Pick<SiteSettings, 'categories' | 'currency'>) {
  return db.submitOnce('registrations', id, () => db.commit(registrationWrites(id, form, settings)));
}
