import { newReference } from '../../lib/reference.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, type MetaFunction } from 'react-router';
import { CheckboxField, FormAlert, HoneypotField, PolicyLinks, SelectField, TextAreaField } from '../../components/fields.tsx';
import { CHECKOUT_LINK } from '../../content/site.ts';
import { ATTENDANCE_LABELS } from '../../data/labels.ts';
import { formatMoney } from '../../components/format.ts';
import { pageMeta } from '../../components/page-meta.ts';
import { SubmittedNotice } from '../../components/SubmittedNotice.tsx';
import { TextField } from '../../components/TextField.tsx';
import { getStoredLocation } from '../../lib/geo.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { useSeatsTaken } from './api.ts';
import { ATTENDANCE_MODES, registrationFormSchema, type RegistrationForm } from './schema.ts';
import { submitRegistration } from './submit.ts';
import { throttleMessage } from '../../data/visitor-submit.ts';
import { HydratedForm } from '../../components/HydratedForm.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';

export const meta: MetaFunction = () => pageMeta('Register', 'Register to attend the National Cancer Summit.');

type FormValues = RegistrationForm & { faxNumber?: string };

function RegistrationClosed({ full }: { full: boolean }) {
  return (
    <div className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h2>Registration closed</h2>
      <p className="mt-2 text-slate-800">
        {full ? 'The summit is full: every seat has been taken.' : 'Registration for the summit is closed.'} Follow the{' '}
        <Link className="text-brand-700 underline" to="/blogs">
          news
        </Link>{' '}
        for what is next, or{' '}
        <Link className="text-brand-700 underline" to="/contact">
          contact the organisers
        </Link>
        .
      </p>
    </div>
  );
}

function RegistrationFormView({ settings, onDone }: { settings: SiteSettings; onDone: (id: string) => void }) {
  // Chosen once per visit, so a retry after a lost reply cannot register twice.
  const [id] = useState(() => newReference());
  const { register, handleSubmit, formState, setValue, getValues } = useForm<FormValues>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { attendanceMode: 'in-person', accessibilityNeeds: '', dietaryNeeds: '' },
  });
  useEffect(() => {
    const country = getStoredLocation()?.country;
    if (country && !getValues('country')) setValue('country', country);
  }, [getValues, setValue]);
  const submit = useMutation({ mutationFn: (form: RegistrationForm) => submitRegistration(id, form, settings), onSuccess: onDone });
  const e = formState.errors;
  const options = Object.entries(settings.categories).map(([value, c]) => ({
    value,
    label: `${c.label} — ${c.fee === 0 ? 'free' : formatMoney(c.fee, settings.currency)}`,
  }));
  return (
    <HydratedForm
      noValidate
      className="relative mt-8 grid gap-5 sm:grid-cols-2"
      onSubmit={handleSubmit((form) => {
        // A bot filled the hidden field: pretend, write nothing. Read raw: the schema strips it.
        if (getValues('faxNumber')) return onDone(id);
        submit.mutate(form);
      })}
    >
      {submit.isError && (
        <div className="sm:col-span-2">
          <FormAlert reveal>
            {throttleMessage(submit.error, 'registrations') ??
              'We could not send your registration. Your answers are still here: check your connection and press Register again. If it keeps failing, registration may have just closed.'}
          </FormAlert>
        </div>
      )}
      <TextField label="Full name" autoComplete="name" error={e.fullName?.message} {...register('fullName')} />
      <TextField label="Email" type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
      <TextField label="Organisation" autoComplete="organization" error={e.organisation?.message} {...register('organisation')} />
      <TextField label="Role or job title" autoComplete="organization-title" error={e.jobTitle?.message} {...register('jobTitle')} />
      <TextField label="Country" autoComplete="country-name" error={e.country?.message} {...register('country')} />
      <SelectField label="Category" options={options} error={e.category?.message} {...register('category')} />
      <SelectField
        label="Attendance"
        options={[...ATTENDANCE_MODES.map((mode) => ({ value: mode, label: ATTENDANCE_LABELS[mode] }))]}
        error={e.attendanceMode?.message}
        {...register('attendanceMode')}
      />
      <TextAreaField
        label="Accessibility needs (optional)"
        hint="Tell us what would help you take part fully."
        error={e.accessibilityNeeds?.message}
        {...register('accessibilityNeeds')}
      />
      <TextAreaField label="Dietary needs (optional)" error={e.dietaryNeeds?.message} {...register('dietaryNeeds')} />
      <div className="sm:col-span-2">
        <CheckboxField label="I agree to the terms and conditions and to being contacted about the summit." error={e.consent?.message} {...register('consent')}>
          <PolicyLinks />
        </CheckboxField>
      </div>
      <HoneypotField {...register('faxNumber')} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={submit.isPending}>
          {submit.isPending ? 'Registering…' : 'Register'}
        </button>
      </div>
    </HydratedForm>
  );
}

export default function RegisterPage() {
  const settings = useSiteSettings();
  const seats = useSeatsTaken();
  const [done, setDone] = useState<string | null>(null);
  const s = settings.data;
  const full = !!s && s.capacity > 0 && (seats.data ?? 0) >= s.capacity;
  // The form is this page's heaviest render (every country, every category). Mounting it in a
  // deferred render lets React yield to the browser between its parts instead of blocking the
  // phone for one long task when the data arrives.
  const loaded = useDeferredValue(!settings.isPending && !seats.isPending);
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Register to Attend</h1>
      <p className="mt-4 text-lg text-slate-700">Choose your category, tell us about yourself, then pay by mobile money or bank transfer.</p>
      <p className="mt-2 text-slate-700">
        Registered already?{' '}
        <Link className="text-brand-700 underline" to={CHECKOUT_LINK.to}>
          {CHECKOUT_LINK.label}
        </Link>{' '}
        with the reference from your confirmation email.
      </p>
      {done ? (
        <SubmittedNotice title="Registration received" reference={done} checkout>
          Keep it: you need it to pay and to collect your badge. We have sent it to your email too.
        </SubmittedNotice>
      ) : !loaded ? (
        <LoadingLine>Loading registration…</LoadingLine>
      ) : settings.isError ? (
        <FormAlert>We could not load the registration form. Check your connection and reload the page.</FormAlert>
      ) : !s?.registrationOpen || full ? (
        <RegistrationClosed full={full} />
      ) : (
        // Its own boundary: React hydrates it as a separate task from the rest of the page, so the
        // phone stays responsive while the page's heaviest part (every country, every category) hydrates.
        <Suspense fallback={null}>
          <RegistrationFormView settings={s} onDone={setDone} />
        </Suspense>
      )}
    </div>
  );
}
