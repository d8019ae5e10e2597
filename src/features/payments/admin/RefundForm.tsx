// Recording a refund finance made to one record on the refunds-due list (refunds.ts decideRefund):
// the amount (the refund due, unless less was sent), how, its reference, the day and a note.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, SelectField, TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { formatMoneyMinor } from '../../../components/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../../data/labels.ts';
import { db } from '../../../lib/data.ts';
import { nairobiDayStart, toNairobiDate } from '../../../lib/nairobi-time.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { MANUAL_METHODS } from './payment-actions.ts';
import { decideRefund, decisionPaths, type RefundDue, type RefundMade } from './refunds.ts';
import { refundSchema, type RefundForm as FormValues, type RefundInput } from './refund-schema.ts';

function useRecordRefund() {
  return useStaffTransaction<RefundMade>({
    paths: decisionPaths,
    decide: (docs, r) => decideRefund(docs, r),
    invalidate: [adminKey('payments'), adminKey('registrations')],
  });
}

export function RefundForm({ record, onDone }: { record: RefundDue; onDone: (message: string) => void }) {
  const staff = useStaff();
  const refund = useRecordRefund();
  // Chosen once per form, so a retry after a lost reply cannot record the refund twice.
  const [refundId] = useState(() => db.newId('refunds'));
  const today = toNairobiDate(new Date());
  const due = formatMoneyMinor(record.refundDueMinor, record.currency);
  const { register, handleSubmit, formState } = useForm<RefundInput, unknown, FormValues>({
    resolver: zodResolver(refundSchema(record.refundDueMinor, today)),
    defaultValues: { amount: String(record.refundDueMinor / 100), method: 'mobile-money', reference: '', refundedOn: today, note: '' },
  });
  const e = formState.errors;
  return (
    <form
      noValidate
      aria-label={`Record a refund to ${record.name || record.id}`}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      onSubmit={handleSubmit((form) => {
        const amountMinor = Math.round(form.amount * 100);
        refund.mutate(
          {
            refundId,
            collection: record.collection,
            id: record.id,
            amountMinor,
            method: form.method,
            reference: form.reference,
            refundedOn: nairobiDayStart(form.refundedOn),
            note: form.note,
            staffEmail: staff.tokenEmail,
          },
          {
            onSuccess: () => onDone(`Recorded a refund of ${formatMoneyMinor(amountMinor, record.currency)} to ${record.name || record.id}: they are emailed.`),
          },
        );
      })}
    >
      <h3 className="sm:col-span-2">
        Refund to {record.name || record.id} <span className="font-normal text-slate-700">(due {due})</span>
      </h3>
      {refund.isError && (
        <div className="sm:col-span-2">
          <FormAlert>
            {'code' in refund.error
              ? 'We could not record the refund. Your entries are still here: check your connection and try again.'
              : refund.error.message}
          </FormAlert>
        </div>
      )}
      <TextField label={`Amount refunded (${record.currency})`} inputMode="decimal" error={e.amount?.message} {...register('amount')} />
      <SelectField
        label="Refunded by"
        options={MANUAL_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        error={e.method?.message}
        {...register('method')}
      />
      <TextField
        label="Refund reference"
        hint="The M-Pesa, bank or cheque reference: the payer is sent it."
        error={e.reference?.message}
        {...register('reference')}
      />
      <TextField label="Refunded on" type="date" max={today} error={e.refundedOn?.message} {...register('refundedOn')} />
      <div className="sm:col-span-2">
        <TextAreaField label="Note" error={e.note?.message} {...register('note')} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={refund.isPending}>
          {refund.isPending ? 'Recording…' : 'Record refund'}
        </button>
      </div>
    </form>
  );
}
