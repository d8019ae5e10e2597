import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MetaFunction } from 'react-router';
import { CheckboxField, FormAlert, HoneypotField, TextAreaField, PolicyLinks } from '../../components/fields.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { SubmittedNotice } from '../../components/SubmittedNotice.tsx';
import { TextField } from '../../components/TextField.tsx';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { db } from '../../lib/data.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import type { DonationForm } from './schema.ts';
import type { DonationFields } from './send.ts';
import { lazyModule, lazyResolver } from '../../components/lazy-sending.ts';
import { HydratedForm, useTypedBeforeHydration } from '../../components/HydratedForm.tsx';

export const meta: MetaFunction = () => pageMeta('Donate', 'Support cancer screening outreach and patient support.');

const sending = lazyModule(() => import('./send.ts'));

export default function DonatePage() {
  const { data: s = DEFAULT_SETTINGS } = useSiteSettings();
  const [id] = useState(() => db.newId('donations'));
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<DonationFields, unknown, DonationForm>({
    resolver: lazyResolver(async () => (await sending()).donationResolver),
    defaultValues: { message: '', anonymous: false, ...useTypedBeforeHydration('donation-form') },
  });
  const pledge = useMutation({
    mutationFn: async (form: DonationForm) => (await sending()).sendPledge(id, form, s.currency),
    onSuccess: setDone,
  });
  const e = formState.errors;
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Donate</h1>
      <p className="mt-4 text-lg text-slate-700">
        Your gift pays for screening outreach in underserved counties and for survivors and caregivers to attend the summit free of charge.
      </p>
      {done ? (
        <SubmittedNotice title="Thank you for your pledge" reference={done}>
          Pay by {s.payment.mobileMoneyProvider ?? 'mobile money'} (paybill {s.payment.mobileMoneyPaybill}) or bank transfer to {s.payment.bankAccountName},
          using this reference.
        </SubmittedNotice>
      ) : (
        <HydratedForm
          id="donation-form"
          prepare={sending}
          noValidate
          className="relative mt-8 grid gap-4 sm:grid-cols-2"
          onSubmit={handleSubmit((form) => (getValues('faxNumber') ? setDone(id) : pledge.mutate(form)))}
        >
          {pledge.isError && (
            <div className="sm:col-span-2">
              <FormAlert reveal>
                {throttleMessage(pledge.error, 'pledges') ?? 'We could not record your pledge. It is still here: check your connection and try again.'}
              </FormAlert>
            </div>
          )}
          <TextField label="Your name" autoComplete="name" error={e.name?.message} {...register('name')} />
          <TextField label="Email" type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
          <TextField label={`Amount (${s.currency})`} type="number" inputMode="numeric" min={1} error={e.amount?.message} {...register('amount')} />
          <div className="sm:col-span-2">
            <TextAreaField label="Message (optional)" error={e.message?.message} {...register('message')} />
          </div>
          <div className="sm:col-span-2">
            <CheckboxField label="Keep my name out of any list of donors" {...register('anonymous')} />
          </div>
          <HoneypotField {...register('faxNumber')} />
          <div className="sm:col-span-2">
            <div className="mb-3 text-sm text-slate-700">
              <PolicyLinks lead="What we do with your details: see the" />
            </div>
            <button className="btn-primary" type="submit" disabled={pledge.isPending}>
              {pledge.isPending ? 'Sending…' : 'Pledge my gift'}
            </button>
          </div>
        </HydratedForm>
      )}
    </div>
  );
}
