// The two applications on /partnerships. Both are one document in `partners` (kind partner or
// booth) with the fee from settings and a payment code claimed in the same commit, then its code and
// reference.
import { newReference } from '../../lib/reference.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert, HoneypotField, SelectField, TextAreaField, PolicyLinks } from '../../components/fields.tsx';
import { formatMoney } from '../../components/format.ts';
import { SubmittedNotice } from '../../components/SubmittedNotice.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import {
  boothDocument,
  boothFormSchema,
  partnerDocument,
  partnerFormSchema,
  type BoothDocument,
  type BoothForm,
  type PartnerDocument,
  type PartnerForm,
} from './schema.ts';
import { applicationMail } from '../../data/mail.ts';
import { recordSearchTokens } from '../../data/search-tokens.ts';
import { claimPaymentCode } from '../../data/payment-codes.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import { db } from '../../lib/data.ts';
import { createWrite } from '../../lib/db.ts';
import { HydratedForm, useTypedBeforeHydration } from '../../components/HydratedForm.tsx';

type Contact = Pick<PartnerForm, 'organisation' | 'contactName' | 'email' | 'phone'>;

function ContactFields({ register, errors }: { register: UseFormRegister<Contact>; errors: FieldErrors<Contact> }) {
  return (
    <>
      <TextField label="Organisation" autoComplete="organization" error={errors.organisation?.message} {...register('organisation')} />
      <TextField label="Contact person" autoComplete="name" error={errors.contactName?.message} {...register('contactName')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
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

/** Shared submit plumbing: an id chosen up front, a retry-safe create with a free payment code, the honeypot. */
function useApplication<T>(settings: SiteSettings, build: (form: T) => PartnerDocument | BoothDocument) {
  const [id] = useState(() => newReference());
  const [done, setDone] = useState<Done | null>(null);
  const submit = useMutation({
    mutationFn: async (form: T): Promise<Done> => {
      await submitAsVisitor('partners', id, async (read) => {
        const { code, write } = await claimPaymentCode({ collection: 'partners', recordId: id }, read);
        const application = { ...build(form), paymentCode: code };
        const searchable = { ...application, searchTokens: recordSearchTokens({ ...application, id }) };
        return [createWrite('partners', id, searchable), write, applicationMail(id, application, settings)];
      });
      // Read back: after a lost reply the code that landed is the first attempt's, not the last drawn.
      const stored = await db.fetchDocument<{ paymentCode?: string }>('partners', id).catch(() => null);
      return { id, code: stored?.paymentCode };
    },
    onSuccess: setDone,
  });
  // The honeypot is read from the raw form values: the schema strips fields it does not know.
  const onValid = (form: T, faxNumber: unknown) => (faxNumber ? setDone({ id }) : submit.mutate(form));
  return { done, submit, onValid };
}

export function PartnerApplicationForm({ settings }: { settings: SiteSettings }) {
  const { done, submit, onValid } = useApplication<PartnerForm>(settings, (form) =>
    partnerDocument(form, settings.partnerTiers[form.tier]?.fee ?? 0, settings.currency),
  );
  const { register, handleSubmit, formState, getValues } = useForm<PartnerForm & { faxNumber?: string }>({
    resolver: zodResolver(partnerFormSchema),
    defaultValues: { website: '', message: '', ...useTypedBeforeHydration('partner-form') },
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
  const { done, submit, onValid } = useApplication<BoothForm>(settings, (form) =>
    boothDocument(form, settings.boothTypes[form.boothType]?.fee ?? 0, settings.currency),
  );
  const { register, handleSubmit, formState, getValues } = useForm<
    z.input<typeof boothFormSchema> & { faxNumber?: string },
    unknown,
    BoothForm & { faxNumber?: string }
  >({
    resolver: zodResolver(boothFormSchema),
    defaultValues: { staffCount: 2, requirements: '', ...useTypedBeforeHydration('booth-form') },
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
