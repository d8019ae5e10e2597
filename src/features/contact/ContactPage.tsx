import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MetaFunction } from 'react-router';
import { FormAlert, HoneypotField, TextAreaField, PolicyLinks } from '../../components/fields.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { SubmittedNotice } from '../../components/SubmittedNotice.tsx';
import { TextField } from '../../components/TextField.tsx';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { db } from '../../lib/data.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import type { ContactForm } from './schema.ts';
import { lazyModule, lazyResolver } from '../../components/lazy-sending.ts';
import { HydratedForm, useTypedBeforeHydration } from '../../components/HydratedForm.tsx';

export const meta: MetaFunction = () => pageMeta('Contact Us', 'Contact the summit organisers: registration, partnership and programme questions.');

const sending = lazyModule(() => import('./send.ts'));

function ContactForm({ onSent }: { onSent: (id: string) => void }) {
  const [id] = useState(() => db.newId('messages'));
  const { register, handleSubmit, formState, getValues } = useForm<ContactForm & { faxNumber?: string }>({
    resolver: lazyResolver(async () => (await sending()).contactResolver),
    defaultValues: useTypedBeforeHydration('contact-form'),
  });
  const send = useMutation({
    mutationFn: async (form: ContactForm) => (await sending()).sendMessage(id, form),
    onSuccess: onSent,
  });
  const e = formState.errors;
  return (
    <HydratedForm
      id="contact-form"
      prepare={sending}
      noValidate
      className="relative mt-6 space-y-4"
      onSubmit={handleSubmit((form) => (getValues('faxNumber') ? onSent(id) : send.mutate(form)))}
    >
      {send.isError && (
        <FormAlert reveal>
          {throttleMessage(send.error, 'messages') ?? 'We could not send your message. It is still here: check your connection and press Send again.'}
        </FormAlert>
      )}
      <TextField label="Your name" autoComplete="name" error={e.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
      <TextField label="Subject" error={e.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" rows={6} error={e.message?.message} {...register('message')} />
      <HoneypotField {...register('faxNumber')} />
      <div className="mb-3 text-sm text-slate-700">
        <PolicyLinks lead="What we do with your details: see the" />
      </div>
      <button className="btn-primary" type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </HydratedForm>
  );
}

export default function ContactPage() {
  const { data: s = DEFAULT_SETTINGS } = useSiteSettings();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_2fr]">
      <div>
        <h1>Contact Us</h1>
        <p className="mt-4 text-lg text-slate-700">Questions about registration, partnership or the programme? We answer within two working days.</p>
        <ul className="mt-6 space-y-1">
          {s.contactPhone && (
            <li>
              Phone:{' '}
              <a className="text-brand-700 underline" href={`tel:${s.contactPhone.replace(/\s+/g, '')}`}>
                {s.contactPhone}
              </a>
            </li>
          )}
          {s.contactEmails.map((email) => (
            <li key={email}>
              Email:{' '}
              <a className="text-brand-700 underline" href={`mailto:${email}`}>
                {email}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div>
        {sent ? (
          <SubmittedNotice title="Message sent" reference={sent}>
            We will reply to the email you gave within two working days.
          </SubmittedNotice>
        ) : (
          <>
            <h2>Send us a message</h2>
            <ContactForm onSent={setSent} />
          </>
        )}
      </div>
    </div>
  );
}
