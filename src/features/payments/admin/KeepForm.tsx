// Money finance decides not to refund, on one record of the refunds-due list (refunds.ts
// decideKeep): how much (all the refund due, unless part of it is refunded) and why. The payer is
// emailed the reason, so the form says so.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { formatMoneyMinor } from '../../../components/format.ts';
import { KEPT_REASON_MAX, type MoneyKept } from '../../../data/money-kept.ts';
import { db } from '../../../lib/data.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { decideKeep, decisionPaths, type RefundDue } from './refunds.ts';
import { keepSchema, type KeepForm as FormValues, type KeepInput } from './refund-schema.ts';

export function KeepForm({ record, onDone }: { record: RefundDue; onDone: (message: string) => void }) {
  const staff = useStaff();
  const keep = useStaffTransaction<MoneyKept>({
    paths: decisionPaths,
    decide: (docs, k) => decideKeep(docs, k),
    invalidate: [adminKey('payments'), adminKey('registrations')],
  });
  // Chosen once per form, so a retry after a lost reply cannot record the decision twice.
  const [keptId] = useState(() => db.newId('keptMoney'));
  const name = record.name || record.id;
  const { register, handleSubmit, formState } = useForm<KeepInput, unknown, FormValues>({
    resolver: zodResolver(keepSchema(record.refundDueMinor)),
    defaultValues: { amount: String(record.refundDueMinor / 100), reason: '' },
  });
  const e = formState.errors;
  return (
    <form
      noValidate
      aria-label={`No refund to ${name}`}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      onSubmit={handleSubmit((form) => {
        const amountMinor = Math.round(form.amount * 100);
        keep.mutate(
          { keptId, collection: record.collection, id: record.id, amountMinor, reason: form.reason, staffEmail: staff.tokenEmail },
          {
            onSuccess: () =>
              onDone(`Recorded that ${formatMoneyMinor(amountMinor, record.currency)} paid by ${name} is kept, not refunded: they are emailed why.`),
          },
        );
      })}
    >
      <h3 className="sm:col-span-2">
        No refund to {name} <span className="font-normal text-slate-700">(due {formatMoneyMinor(record.refundDueMinor, record.currency)})</span>
      </h3>
      {keep.isError && (
        <div className="sm:col-span-2">
          <FormAlert>
            {'code' in keep.error ? 'We could not record it. Your entries are still here: check your connection and try again.' : keep.error.message}
          </FormAlert>
        </div>
      )}
      <TextField
        label={`Amount kept, not refunded (${record.currency})`}
        hint="All of the refund due, unless you refund the rest."
        inputMode="decimal"
        error={e.amount?.message}
        {...register('amount')}
      />
      <TextField
        label="Why no refund is due"
        hint={`One line, at most ${KEPT_REASON_MAX} characters: the payer is emailed it. For example: cancelled within 30 days of the summit, under the refund policy.`}
        error={e.reason?.message}
        {...register('reason')}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={keep.isPending}>
          {keep.isPending ? 'Recording…' : 'Record no refund'}
        </button>
      </div>
    </form>
  );
}
