// The invoice form: who it is for (typed, or filled from an application's reference), the items,
// currency, tax, due date and notes, with the totals worked out as staff type.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { KRA_PIN_HINT } from '../../../lib/kra-pin.ts';
import { toNairobiDate } from '../../../lib/nairobi-time.ts';
import { invoiceTotals } from './invoice-math.ts';
import { formatMinor } from '../../../components/format.ts';
import { invoiceFormSchema, type InvoiceForm as InvoiceFormValues, type InvoiceFormInput } from './schema.ts';
import type { BillingRecord } from './api.ts';

const DAY = 86_400_000;
const blankItem = { description: '', quantity: '1', unitPrice: '' };

export function blankInvoice(currency: string, now = new Date()): InvoiceFormInput {
  return {
    reference: '',
    billTo: { name: '', organisation: '', address: '', email: '', kraPin: '' },
    items: [{ ...blankItem }],
    currency,
    taxRate: '0',
    dueDate: toNairobiDate(new Date(now.getTime() + 30 * DAY)),
    notes: '',
  };
}

/** A typed number, or 0 while it is not one yet (the totals update as staff type). */
const asNumber = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim() || NaN);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

function Totals({ control }: { control: Control<InvoiceFormInput, unknown, InvoiceFormValues> }) {
  const [items, taxRate, currency] = useWatch({ control, name: ['items', 'taxRate', 'currency'] });
  const code =
    String(currency ?? '')
      .trim()
      .toUpperCase() || '—';
  const t = invoiceTotals(
    (items ?? []).map((i) => ({ quantity: asNumber(i?.quantity), unitPrice: asNumber(i?.unitPrice) })),
    Math.min(asNumber(taxRate), 100),
  );
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-md bg-slate-50 p-4 sm:col-span-2 sm:ml-auto sm:w-80" aria-live="polite">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{formatMinor(t.subtotalMinor, code)}</dd>
      <dt>Tax ({asNumber(taxRate)}%)</dt>
      <dd className="text-right tabular-nums">{formatMinor(t.taxMinor, code)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="invoice-total">
        {formatMinor(t.totalMinor, code)}
      </dd>
    </dl>
  );
}

interface Props {
  initial: InvoiceFormInput;
  /** Finds an application or registration by its reference. */
  lookup: (reference: string) => Promise<BillingRecord | null>;
  /** Resolves once issued (the form then clears); rejects to keep the input. */
  onIssue: (form: InvoiceFormValues) => Promise<unknown>;
  busy: boolean;
  submitLabel: string;
  summitName?: string;
}

export function InvoiceForm({ initial, lookup, onIssue, busy, submitLabel, summitName }: Props) {
  const { register, control, handleSubmit, formState, getValues, setValue, setError, clearErrors, reset } = useForm<
    InvoiceFormInput,
    unknown,
    InvoiceFormValues
  >({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: initial,
  });
  const items = useFieldArray({ control, name: 'items' });
  const [filled, setFilled] = useState('');
  const [looking, setLooking] = useState(false);
  const e = formState.errors;

  const fillFromReference = async () => {
    setFilled('');
    const reference = String(getValues('reference') ?? '').trim();
    if (!reference) {
      setError('reference', { message: 'Enter the reference of an application, booth booking or registration.' }, { shouldFocus: true });
      return;
    }
    setLooking(true);
    const record = await lookup(reference).catch(() => undefined);
    setLooking(false);
    if (record === undefined) {
      setError('reference', { message: 'We could not look the reference up. Check your connection and try again.' }, { shouldFocus: true });
      return;
    }
    if (!record) {
      setError('reference', { message: `No application, booth booking or registration has the reference ${reference}.` }, { shouldFocus: true });
      return;
    }
    clearErrors('reference');
    setValue('reference', record.reference);
    setValue('billTo.name', record.name, { shouldValidate: formState.isSubmitted });
    setValue('billTo.organisation', record.organisation);
    setValue('billTo.email', record.email);
    setValue('billTo.kraPin', record.kraPin);
    if (record.currency) setValue('currency', record.currency);
    const first = getValues('items.0');
    const item = { description: `${record.description}${summitName ? ` — ${summitName}` : ''}`, quantity: '1', unitPrice: String(record.fee) };
    if (items.fields.length === 1 && !String(first?.description ?? '').trim() && !String(first?.unitPrice ?? '').trim()) items.update(0, item);
    else items.append(item);
    setFilled(`Filled in from ${record.description} for ${record.organisation || record.name}. Add the postal address if the invoice needs one.`);
  };

  return (
    <form
      noValidate
      className="mt-4 grid gap-6"
      onSubmit={handleSubmit(async (form) => {
        try {
          await onIssue(form);
          reset(blankInvoice(form.currency));
          setFilled('');
        } catch {
          // The page says what failed; the input stays for another try.
        }
      })}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-lg font-semibold">Bill to</legend>
        <div className="flex items-end gap-2 sm:col-span-2">
          <div className="flex-1">
            <TextField
              label="Application or registration reference (optional)"
              hint="Fills in the organisation, contact, fee and KRA PIN from a partner application, booth booking or registration."
              error={e.reference?.message}
              {...register('reference')}
            />
          </div>
          <button type="button" className="btn-secondary mb-0.5" disabled={looking} onClick={fillFromReference}>
            {looking ? 'Looking up…' : 'Fill from reference'}
          </button>
        </div>
        {filled && (
          <p role="status" className="rounded-md bg-brand-50 p-3 text-slate-800 sm:col-span-2">
            {filled}
          </p>
        )}
        <TextField label="Name" autoComplete="off" error={e.billTo?.name?.message} {...register('billTo.name')} />
        <TextField label="Organisation" autoComplete="off" error={e.billTo?.organisation?.message} {...register('billTo.organisation')} />
        <TextAreaField label="Postal address" error={e.billTo?.address?.message} {...register('billTo.address')} />
        <TextField label="Billing email" type="email" autoComplete="off" error={e.billTo?.email?.message} {...register('billTo.email')} />
        <TextField
          label="Buyer's KRA PIN (optional)"
          hint={`Printed on the invoice and its email. ${KRA_PIN_HINT}`}
          autoComplete="off"
          spellCheck={false}
          error={e.billTo?.kraPin?.message}
          {...register('billTo.kraPin')}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="text-lg font-semibold">Items</legend>
        {items.fields.map((field, i) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_8rem_10rem_auto] sm:items-start">
            <legend className="px-1 text-sm font-medium text-slate-700">Item {i + 1}</legend>
            <TextField label="Description" error={e.items?.[i]?.description?.message} {...register(`items.${i}.description`)} />
            <TextField
              label="Quantity"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={e.items?.[i]?.quantity?.message}
              {...register(`items.${i}.quantity`)}
            />
            <TextField
              label="Unit price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={e.items?.[i]?.unitPrice?.message}
              {...register(`items.${i}.unitPrice`)}
            />
            <button
              type="button"
              className="btn-secondary sm:mt-6"
              disabled={items.fields.length === 1}
              onClick={() => items.remove(i)}
              aria-label={`Remove item ${i + 1}`}
            >
              Remove
            </button>
          </fieldset>
        ))}
        {(e.items?.root?.message ?? e.items?.message) && (
          <p className="field-error" role="alert">
            {e.items?.root?.message ?? e.items?.message}
          </p>
        )}
        <div>
          <button type="button" className="btn-secondary" disabled={items.fields.length >= 50} onClick={() => items.append({ ...blankItem })}>
            Add item
          </button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Currency" maxLength={3} autoComplete="off" error={e.currency?.message} {...register('currency')} />
        <TextField label="Tax rate (%)" type="number" inputMode="decimal" step="0.01" min="0" max="100" error={e.taxRate?.message} {...register('taxRate')} />
        <TextField label="Due date" type="date" error={e.dueDate?.message} {...register('dueDate')} />
        <div className="sm:col-span-3">
          <TextAreaField label="Notes (printed on the invoice)" error={e.notes?.message} {...register('notes')} />
        </div>
        <div className="sm:col-span-3">
          <Totals control={control} />
        </div>
      </div>

      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Issuing…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
