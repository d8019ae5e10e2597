// "Your data" in "my registration": download everything held about you (your-data.ts), and correct
// your name, phone, organisation and needs (corrections.ts). A chunk of its own: the page loads it
// once the attendee's registration is read.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, TextAreaField } from '../../components/fields.tsx';
import { TextField } from '../../components/TextField.tsx';
import { downloadFile } from '../../lib/csv.ts';
import { quotedCode } from '../../data/payment-codes.ts';
import { changedFields, correctionOf, correctionSchema, correctOwnRegistration, NothingChangedError, type Correction } from './corrections.ts';
import type { OwnRegistration } from './my-registration.ts';
import { exportCsv, exportFileName, exportJson, fetchYourData } from './your-data.ts';
import { useMyCpd } from './my-cpd.ts';
import { NEEDS_SEEN_BY } from './needs-notice.ts';
import { attendedDays, certificateNameDiffers } from '../../data/certificates.ts';

type Kind = 'json' | 'csv';

function Downloads({ email }: { email: string }) {
  const [done, setDone] = useState('');
  const take = useMutation({
    mutationFn: async (kind: Kind) => {
      const data = await fetchYourData(email);
      const text = kind === 'json' ? exportJson(data) : exportCsv(data);
      downloadFile(exportFileName(kind), text, kind === 'json' ? 'application/json' : 'text/csv;charset=utf-8');
      return kind;
    },
    onMutate: () => setDone(''),
    onSuccess: (kind) => setDone(kind === 'json' ? 'Your data is downloaded as a JSON file.' : 'The summary of your data is downloaded as a CSV file.'),
  });
  return (
    <div className="mt-3">
      <p>
        Everything the summit holds about you: your registrations, waiting-list entry, payments and the bank statement lines matched to them, the emails we sent
        you and whether they were delivered, your evaluations and certificates.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" disabled={take.isPending} onClick={() => take.mutate('json')}>
          Download all your data (JSON)
        </button>
        <button type="button" className="btn-secondary" disabled={take.isPending} onClick={() => take.mutate('csv')}>
          Download a readable summary (CSV)
        </button>
      </div>
      <p role="status" className="mt-2">
        {take.isPending ? 'Gathering your data…' : done}
      </p>
      {take.isError && <FormAlert>We could not gather your data. Check your connection and try again.</FormAlert>}
    </div>
  );
}

/** The certificate that prints the registration's old name, if any (read only for someone who attended). */
function CertificateNameNotice({ email, record }: { email: string; record: Record<string, unknown> & { id: string } }) {
  const cpd = useMyCpd(email);
  const stale = cpd.data?.certificates.find((c) => c.registrationId === record.id && certificateNameDiffers(c, record));
  if (!stale) return null;
  return (
    <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      Your certificate prints the name “{String(stale.fullName)}”. The organisers see that it differs and issue a corrected certificate with “
      {String(record.fullName)}”; the one you have stays valid until then.
    </p>
  );
}

function CorrectForm({ item, email, onChanged }: { item: OwnRegistration; email: string; onChanged: (message: string) => void }) {
  const r = item.record;
  const code = quotedCode(r.id, r);
  const headingId = useId();
  const { register, handleSubmit, formState } = useForm<Correction>({ resolver: zodResolver(correctionSchema), defaultValues: correctionOf(r) });
  const correct = useMutation({
    mutationFn: (next: Correction) => {
      if (changedFields(r, next).length === 0) throw new NothingChangedError('Nothing to correct.');
      return correctOwnRegistration(r.id, next, email);
    },
    onSuccess: () => onChanged(`Your details on registration ${code} are corrected.`),
  });
  const e = formState.errors;
  return (
    <form aria-labelledby={headingId} noValidate className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit((next) => correct.mutate(next))}>
      <h3 id={headingId} className="text-lg sm:col-span-2">
        Correct your details on registration <span className="font-mono">{code}</span>
      </h3>
      <TextField label="Full name" hint="As your certificate prints it." autoComplete="name" error={e.fullName?.message} {...register('fullName')} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
      <TextField label="Organisation" autoComplete="organization" error={e.organisation?.message} {...register('organisation')} />
      <div className="sm:col-span-2 grid gap-4">
        <TextAreaField label="Accessibility needs (optional)" hint={NEEDS_SEEN_BY} error={e.accessibilityNeeds?.message} {...register('accessibilityNeeds')} />
        <TextAreaField label="Dietary needs (optional)" hint={NEEDS_SEEN_BY} error={e.dietaryNeeds?.message} {...register('dietaryNeeds')} />
      </div>
      {correct.isError && (
        <div className="sm:col-span-2">
          <FormAlert>
            {correct.error instanceof NothingChangedError
              ? 'Nothing changed: edit a field, then save.'
              : 'We could not save your correction. Check your connection and try again.'}
          </FormAlert>
        </div>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : 'Save the correction'}
        </button>
      </div>
    </form>
  );
}

export default function YourDataSection({
  email,
  registrations,
  onChanged,
}: {
  email: string;
  registrations: OwnRegistration[];
  onChanged: (message: string) => void;
}) {
  // The registration in force (the address's current one), else the newest: older ones are history.
  const item = registrations.find((i) => i.current) ?? registrations[0];
  return (
    <section aria-labelledby="your-data-heading" className="mt-10">
      <h2 id="your-data-heading">Your data</h2>
      <Downloads email={email} />
      {item ? (
        <>
          {/* Keyed by the stored values: after a correction the form starts from them again. */}
          <CorrectForm key={JSON.stringify(correctionOf(item.record))} item={item} email={email} onChanged={onChanged} />
          {attendedDays(item.record).length > 0 && <CertificateNameNotice email={email} record={item.record} />}
        </>
      ) : (
        <p className="mt-4">You have no registration, so there are no details to correct.</p>
      )}
    </section>
  );
}
