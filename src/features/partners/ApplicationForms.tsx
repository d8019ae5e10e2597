// The two applications on /partnerships. Both are one document in `partners` (kind partner or
// booth) with the fee from settings and a payment code claimed in the same commit (send.ts), then
// its code and reference.
import { newReference } from '../../lib/reference.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormAlert, HoneypotField, SelectField, TextAreaField, PolicyLinks } from '../../components/fields.tsx';
import { formatMoney } from '../../components/format.ts';
import { SubmittedNotice } from '../../components/SubmittedNotice.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import type { BoothForm, PartnerForm } from './schema.ts';
import type { Application, BoothFields, PartnerFields } from './send.ts';
import { lazyModule, lazyResolver } from '../../components/lazy-sending.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import { HydratedForm, useTypedBeforeHydration } from '../../components/HydratedForm.tsx';
import { KRA_PIN_HINT } from '../../lib/kra-pin.ts';

type Contact = Pick<PartnerForm, 'organisation' | 'contactName' | 'email' | 'phone' | 'kraPin'>;

function ContactFields({ register, errors }: { register: UseFormRegister<Contact>; errors: FieldErrors<Contact> }) {
  return (
    <>
      <TextField label="Organisation" autoComplete="organization" error={errors.organisation?.message} {...register('organisation')} />
      <TextField label="Contact person" autoComplete="name" error={errors.contactName?.message} {...register('contactName')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <TextField
        label="KRA PIN (optional)"
        hint={`The organisation's, printed on its invoice. ${KRA_PIN_HINT}`}
        autoComplete="off"
        spellCheck={false}
        error={errors.kraPin?.message}
        {...register('kraPin')}
      />
    </>
  );
}

function feeOptions(options: SiteSettings['boothTypes'], currency: string) {
  return Object.entries(options).map(([value, o]) => ({ value, label: `${o.label} — ${formatMoney(o.fee, currency)}` }));
}

interface Done {
  id: string;
  code?: string;
}

const sending = lazyModule(() => import('./send.ts'));

/** Shared submit plumbing: an id chosen up front, a retry-safe create with a free payment code, the honeypot. */
function useApplication<T>(settings: SiteSettings, application: (form: T) => Application) {
  const [id] = useState(() => newReference());
  const [done, setDone] = useState<Done | null>(null);
  const submit = useMutation({
    mutationFn: async (form: T): Promise<Done> => ({ id, code: await (await sending()).sendApplication(id, application(form), settings) }),
    onSuccess: setDone,
  });
  // The honeypot is read from the raw form values: the schema strips fields it does not know.
  const onValid = (form: T, faxNumber: unknown) => (faxNumber ? setDone({ id }) : submit.mutate(form));
  return { done, submit, onValid };
}

export function PartnerApplicationForm({ settings }: { settings: SiteSettings }) {
  const { done, submit, onValid } = useApplication<PartnerForm>(settings, (form) => ({ kind: 'partner', form }));
  const { register, handleSubmit, formState, getValues } = useForm<PartnerFields>({
    resolver: lazyResolver(async () => (await sending()).partnerResolver),
    defaultValues: { kraPin: '', website: '', message: '', ...useTypedBeforeHydration('partner-form') },
  });
  if (done)
    return (
      <SubmittedNotice title="Application received" reference={done.id} code={done.code}>
        Our partnerships team will answer within two working days. Nothing is due before then: if we approve the application, we email you the amount and how to
        pay.
      </SubmittedNotice>
    );
  const e = formState.errors;
  return (
    <HydratedForm
      id="partner-form"
      prepare={sending}
      noValidate
      className="relative mt-6 grid gap-4 sm:grid-cols-2"
      onSubmit={handleSubmit((form) => onValid(form, getValues('faxNumber')))}
    >
      {submit.isError && (
        <div className="sm:col-span-2">
          <FormAlert reveal>
            {throttleMessage(submit.error, 'applications') ?? 'We could not send your application. It is still here: check your connection and try again.'}
          </FormAlert>
        </div>
      )}
      <ContactFields register={register as unknown as UseFormRegister<Contact>} errors={e} />
      <TextField label="Website (optional)" type="url" autoComplete="url" error={e.website?.message} {...register('website')} />
      <SelectField label="Partnership tier" options={feeOptions(settings.partnerTiers, settings.currency)} error={e.tier?.message} {...register('tier')} />
      <div className="sm:col-span-2">
        <TextAreaField label="What would you like to support? (optional)" error={e.message?.message} {...register('message')} />
      </div>
      <HoneypotField {...register('faxNumber')} />
      <div className="sm:col-span-2">
        <div className="mb-3 text-sm text-slate-700">
          <PolicyLinks lead="What we do with your details: see the" />
        </div>
        <button className="btn-primary" type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Apply to partner'}
        </button>
      </div>
    </HydratedForm>
  );
}

export function BoothBookingForm({ settings }: { settings: SiteSettings }) {
  const { done, submit, onValid } = useApplication<BoothForm>(settings, (form) => ({ kind: 'booth', form }));
  const { register, handleSubmit, formState, getValues } = useForm<BoothFields, unknown, BoothForm & { faxNumber?: string }>({
    resolver: lazyResolver(async () => (await sending()).boothResolver),
    defaultValues: { kraPin: '', staffCount: 2, requirements: '', ...useTypedBeforeHydration('booth-form') },
  });
  if (done)
    return (
      <SubmittedNotice title="Booth booking received" reference={done.id} code={done.code}>
        We will confirm your booth and its place on the floor plan within two working days. Nothing is due before then: once it is confirmed, we email you the
        amount and how to pay.
      </SubmittedNotice>
    );
  const e = formState.errors;
  return (
    <HydratedForm
      id="booth-form"
      prepare={sending}
      noValidate
      className="relative mt-6 grid gap-4 sm:grid-cols-2"
      onSubmit={handleSubmit((form) => onValid(form, getValues('faxNumber')))}
    >
      {submit.isError && (
        <div className="sm:col-span-2">
          <FormAlert reveal>
            {throttleMessage(submit.error, 'bookings') ?? 'We could not send your booking. It is still here: check your connection and try again.'}
          </FormAlert>
        </div>
      )}
      <ContactFields register={register as unknown as UseFormRegister<Contact>} errors={e} />
      <SelectField label="Booth type" options={feeOptions(settings.boothTypes, settings.currency)} error={e.boothType?.message} {...register('boothType')} />
      <TextField label="Staff at the booth" type="number" min={1} max={20} inputMode="numeric" error={e.staffCount?.message} {...register('staffCount')} />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Requirements (optional)"
          hint="Power, furniture, internet, accessibility."
          error={e.requirements?.message}
          {...register('requirements')}
        />
      </div>
      <HoneypotField {...register('faxNumber')} />
      <div className="sm:col-span-2">
        <div className="mb-3 text-sm text-slate-700">
          <PolicyLinks lead="What we do with your details: see the" />
        </div>
        <button className="btn-primary" type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Booking…' : 'Book a booth'}
        </button>
      </div>
    </HydratedForm>
  );
}
