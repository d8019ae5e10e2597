// Record a payment received directly: find the registration or application by its reference (the
// amount due shows), then record what was received. One transaction creates the verified payment
// and marks the record paid, refusing a record that is already paid or waiting on a submission.
import { PAYMENT_METHOD_LABELS } from '../../../data/labels.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, SelectField, TextAreaField } from '../../../components/fields.tsx';
import { formatMoney } from '../../../components/format.ts';
import { TextField } from '../../../components/TextField.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import type { CheckoutRecord } from '../checkout-record.ts';
import { findPayable, newPaymentId, useRecordManualPayment } from './api.ts';
import { manualPaymentSchema, type ManualPaymentForm as FormValues, type ManualPaymentInput } from './manual-payment-schema.ts';
import { manualPaymentRefusal, MANUAL_METHODS, targetNoun } from './payment-actions.ts';

function PaymentDetails({ record, onDone }: { record: CheckoutRecord; onDone: (message: string) => void }) {
  const staff = useStaff();
  const record_ = useRecordManualPayment();
  // Chosen once per form, so a retry after a lost reply cannot record the payment twice.
  const [paymentId] = useState(newPaymentId);
  const { register, handleSubmit, formState, watch } = useForm<ManualPaymentInput, unknown, FormValues>({
    resolver: zodResolver(manualPaymentSchema),
    defaultValues: { payerName: record.name, method: 'cash', reference: '', amount: String(record.fee), note: '' },
  });
  const e = formState.errors;
  const amount = Number(watch('amount'));
  const short = Number.isFinite(amount) && amount > 0 && amount !== record.fee;
  return (
    <form
      noValidate
      className="mt-4 grid gap-4 sm:grid-cols-2"
      onSubmit={handleSubmit((form) =>
        record_.mutate(
          { ...form, paymentId, targetCollection: record.collection, targetId: record.id, staffEmail: staff.email },
          {
            onSuccess: () =>
              onDone(`Recorded ${formatMoney(form.amount, record.currency)} from ${form.payerName} for ${record.name} (${record.id}): it is now paid.`),
          },
        ),
      )}
    >
      {record_.isError && (
        <div className="sm:col-span-2">
          <FormAlert>
            {'code' in record_.error
              ? 'We could not record the payment. Your entries are still here: check your connection and try again.'
              : record_.error.message}
          </FormAlert>
        </div>
      )}
      <TextField label="Paid by" error={e.payerName?.message} {...register('payerName')} />
      <SelectField
        label="Method"
        options={MANUAL_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        error={e.method?.message}
        {...register('method')}
      />
      <TextField label="Receipt, cheque or transaction number" error={e.reference?.message} {...register('reference')} />
      <TextField
        label={`Amount received (${record.currency})`}
        type="number"
        inputMode="numeric"
        hint={short ? `Not the ${formatMoney(record.fee, record.currency)} due: the ${targetNoun(record.collection)} is still marked paid.` : undefined}
        error={e.amount?.message}
        {...register('amount')}
      />
      <div className="sm:col-span-2">
        <TextAreaField label="Note" error={e.note?.message} {...register('note')} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={record_.isPending}>
          {record_.isPending ? 'Recording…' : 'Record payment'}
        </button>
      </div>
    </form>
  );
}

export function ManualPaymentForm() {
  const [reference, setReference] = useState('');
  const [found, setFound] = useState<{ record: CheckoutRecord; refusal: string | null } | null>(null);
  const [lookupError, setLookupError] = useState('');
  const [looking, setLooking] = useState(false);
  const [done, setDone] = useState('');

  const find = async () => {
    setFound(null);
    setDone('');
    const ref = reference.trim();
    if (!ref) return setLookupError('Enter the reference of a registration, partner application or booth booking.');
    setLooking(true);
    const record = await findPayable(ref).catch(() => undefined);
    setLooking(false);
    if (record === undefined) return setLookupError('We could not look the reference up. Check your connection and try again.');
    if (!record) return setLookupError(`No registration or application has the reference ${ref}.`);
    setLookupError('');
    setFound({ record, refusal: manualPaymentRefusal(record, targetNoun(record.collection)) });
  };

  return (
    <div>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          void find();
        }}
      >
        <div className="min-w-64 flex-1">
          <TextField
            label="Registration or application reference"
            value={reference}
            error={lookupError || undefined}
            onChange={(ev) => setReference(ev.target.value)}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn-secondary mb-0.5" disabled={looking}>
          {looking ? 'Looking up…' : 'Find'}
        </button>
      </form>
      <div aria-live="polite">
        {done && (
          <p className="mt-4 rounded-md bg-green-50 p-3 text-green-900" role="status">
            {done}
          </p>
        )}
        {found && (
          <div className="mt-4 rounded-md border border-slate-200 p-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              <dt className="text-slate-600">For</dt>
              <dd>
                {found.record.name} · {found.record.what}
              </dd>
              <dt className="text-slate-600">Amount due</dt>
              <dd className="font-semibold">{formatMoney(found.record.fee, found.record.currency)}</dd>
              <dt className="text-slate-600">Payment status</dt>
              <dd>{found.record.paymentStatus}</dd>
            </dl>
            {found.refusal ? (
              <p className="mt-3 text-amber-900" role="alert">
                {found.refusal}
              </p>
            ) : (
              <PaymentDetails
                key={found.record.id}
                record={found.record}
                onDone={(message) => {
                  setFound(null);
                  setReference('');
                  setDone(message);
                }}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
