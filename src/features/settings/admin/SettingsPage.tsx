import { RESPONSE_DAYS_BOUNDS } from '../../../content/response-days.ts';
import { RETENTION_MONTHS_BOUNDS } from '../../../content/retention.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { FormSection } from '../../../admin/ui/FormSection.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffTask, useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { CheckboxField, FormAlert, TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { SOCIAL_LABELS } from '../../../content/site.ts';
import { db } from '../../../lib/data.ts';
import type { BatchWrite } from '../../../lib/db.ts';
import { KRA_PIN_HINT } from '../../../lib/kra-pin.ts';
import { mailPartials } from '../../../data/mail-templates.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { capacityRefusal, seatsInUse, syncSeatSlots, type SlotSyncResult } from '../../../data/seat-capacity.ts';
import { countSeats } from '../../../data/seats.ts';
import { FeeOptionsFieldset } from './FeeOptionsFieldset.tsx';
import {
  PAYMENT_FIELDS,
  registrationOpeningRefusal,
  retentionHint,
  retentionRefusal,
  settingsChanges,
  settingsFormSchema,
  summitDaysStale,
  SOCIAL_KEYS,
  toFormValues,
  toSettingsDocument,
  type FeeList,
  type SettingsForm,
} from './settings-form.ts';

export default function SettingsPage() {
  return <SettingsScreen />;
}

/** Under ['settings'], so a save's invalidation of ['settings'] also refreshes the public pages' copy. */
const formKey = ['settings', 'site', 'form'];

async function loadSettings() {
  // counters/invoices exists once the first invoice is issued; from then on the rules lock the numbering.
  const [stored, invoices] = await Promise.all([db.fetchDocument('settings', 'site'), db.fetchDocument<{ last?: number }>('counters', 'invoices')]);
  return { values: toFormValues(stored), lastInvoice: invoices ? Number(invoices.last ?? 0) : null, daysStale: summitDaysStale(stored) };
}

function SettingsScreen() {
  // Read afresh when the screen opens: an admin edits what is stored now, not a cached copy. Later
  // refetches do not reset the form under the admin's hands (useForm reads its defaults once).
  const query = useQuery({ queryKey: formKey, queryFn: loadSettings, staleTime: 0, gcTime: 0 });
  return (
    <div>
      <AdminHeader
        title="Settings"
        summary="What the public site shows: the summit, registration and fees, contacts, payment instructions and invoices. Changes show on the site as soon as you save."
      />
      <QueryState query={query} noun="settings">
        {(data) => <SettingsEditor initial={data.values} lastInvoice={data.lastInvoice} daysStale={data.daysStale} />}
      </QueryState>
    </div>
  );
}

const FEE_SECTIONS = [
  {
    list: 'categories',
    legend: 'Registration categories',
    noun: 'category',
    hint: 'What a visitor chooses on the register form. A fee of 0 confirms the registration at once. Registrations already made keep their category and fee.',
  },
  {
    list: 'partnerTiers',
    legend: 'Partner tiers',
    noun: 'tier',
    hint: `Shown on ${href('/partnerships')} with their benefits, and offered on the partner application.`,
  },
  { list: 'boothTypes', legend: 'Booth types', noun: 'booth type', hint: 'Offered on the booth booking form.' },
] as const;

function useSaveSettings() {
  return useStaffTransaction<{ before: SettingsForm; after: SettingsForm }, string[]>({
    paths: () => ['settings/site'],
    decide: ([stored], { before, after }) => {
      // The first save on a new project writes the whole document; later saves only what changed,
      // so two admins editing different fields never undo each other's work.
      // Every save rebuilds the emails' partials (links, contacts, how to pay) from the settings as
      // they will be, in the same transaction, so no email ever quotes an old Paybill or address.
      const partials = (document: object) => Object.entries(mailPartials(document)).map(([name, data]): BatchWrite => ({ set: `templates/${name}`, data }));
      if (!stored) {
        const document = toSettingsDocument(after);
        return { writes: [{ set: 'settings/site', data: document }, ...partials(document)], log: 'Created the site settings', result: ['all'] };
      }
      const changes = settingsChanges(before, after);
      return {
        writes: [{ update: 'settings/site', data: changes.data }, ...partials({ ...stored, ...changes.data })],
        log: changes.log,
        result: changes.fields,
      };
    },
    invalidate: [['settings']],
  });
}

type SlotSync = { capacity: number; unpaidHoldHours: number; offerHours: number };

/** "Seat slots: 200 created": the log line and the notice of a capacity change ('' when the slots were already in step). */
export function slotSyncText({ capacity }: Pick<SlotSync, 'capacity'>, { created, moved, removed, keptAbove }: SlotSyncResult) {
  if (!created && !moved && !removed && !keptAbove) return '';
  const n = (count: number) => count.toLocaleString('en-KE');
  const parts = [...(created ? [`${n(created)} created`] : []), ...(removed ? [`${n(removed)} removed`] : [])];
  if (moved) parts.push(`${n(moved)} ${moved === 1 ? 'seat' : 'seats'} held above the new capacity moved below it`);
  if (keptAbove) parts.push(`${n(keptAbove)} still held above the capacity of ${n(capacity)}: press Save again to move them`);
  return `Seat slots: ${parts.join('; ')}`;
}

/**
 * After a capacity change is saved, the seat slots follow it (seats/1 … seats/{capacity}): the
 * missing ones are created free; when it comes down, seats held above it move below it and the
 * slots above are removed. Only administrators may, as only they may save the capacity.
 */
function useSyncSeatSlots() {
  return useStaffTask<SlotSync, SlotSyncResult>({
    run: ({ capacity, unpaidHoldHours, offerHours }) => syncSeatSlots(capacity, { unpaidHoldHours, offerHours }),
    log: (vars, result) => slotSyncText(vars, result),
    invalidate: [adminKey('seats'), ['overview']],
  });
}

/** Why a lower capacity cannot be saved now (the seats in use, counted fresh), or ''. */
async function lowerCapacityRefusal(before: SettingsForm, after: SettingsForm) {
  if (after.capacity >= before.capacity) return '';
  return capacityRefusal(after.capacity, seatsInUse(await countSeats({ unpaidHoldHours: after.unpaidHoldHours, offerHours: after.offerHours })));
}

function SettingsEditor({ initial, lastInvoice, daysStale }: { initial: SettingsForm; lastInvoice: number | null; daysStale: boolean }) {
  const saved = useRef(initial);
  // The stored document lacks the summit's days (saved before the rules read them): a save writes them even with no field changed.
  const daysToSave = useRef(daysStale);
  const [notice, setNotice] = useState('');
  const save = useSaveSettings();
  const slots = useSyncSeatSlots();
  const syncSlots = async (vars: SlotSync) => {
    try {
      const text = slotSyncText(vars, await slots.mutateAsync(vars));
      return text && ` ${text}.`;
    } catch {
      return ''; // the alert below says so, with a way to try again
    }
  };
  const { register, handleSubmit, control, watch, reset, setError, setFocus, formState } = useForm<SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: initial,
  });
  const { errors } = formState;
  const currency = watch('currency') || initial.currency;
  const savedKeys = (list: FeeList) => new Set(saved.current[list].map((r) => r.key));
  const invoicesLocked = lastInvoice !== null;

  const submit = handleSubmit(async (values) => {
    setNotice('');
    save.reset();
    const { fields } = settingsChanges(saved.current, values);
    if (!fields.length && !daysToSave.current) {
      // The slots are still brought in step: a seat a lowered capacity could not move below it (its
      // holder changed meanwhile) moves now. Nothing is logged when nothing changed.
      const slotNotice = await syncSlots({
        capacity: values.capacity,
        unpaidHoldHours: values.unpaidHoldHours,
        offerHours: values.offerHours,
      });
      setNotice(`Nothing to save: no field has changed.${slotNotice}`);
      return;
    }
    const refusal = registrationOpeningRefusal(saved.current, values);
    if (refusal) {
      setError('registrationOpen', { message: refusal });
      setFocus('registrationOpen');
      return;
    }
    const tooSoon = retentionRefusal(saved.current, values);
    if (tooSoon) {
      setError('retentionMonths', { message: tooSoon });
      setFocus('retentionMonths');
      return;
    }
    let tooLow = '';
    try {
      tooLow = await lowerCapacityRefusal(saved.current, values);
    } catch {
      tooLow = 'The seats in use could not be counted, so a lower capacity cannot be checked. Try again.';
    }
    if (tooLow) {
      setError('capacity', { message: tooLow });
      setFocus('capacity');
      return;
    }
    try {
      await save.mutateAsync({ before: saved.current, after: values });
    } catch {
      return; // the alert below says so; the form keeps everything typed
    }
    saved.current = values;
    daysToSave.current = false;
    reset(values);
    if (!fields.length) {
      setNotice("Saved the summit's days: the check-in desk and certificates count them.");
      return;
    }
    const slotNotice = fields.includes('capacity')
      ? await syncSlots({ capacity: values.capacity, unpaidHoldHours: values.unpaidHoldHours, offerHours: values.offerHours })
      : '';
    setNotice(`Saved. The public site now shows the new ${fields.length === 1 ? 'value' : 'values'}.${slotNotice}`);
  });

  const feeProps = { control, register, errors, currency };
  return (
    <form noValidate onSubmit={submit} className="mt-6 max-w-4xl space-y-6">
      <FormSection legend="The summit">
        <TextField label="Summit name" error={errors.summitName?.message} {...register('summitName')} />
        <TextField
          label="Public site address"
          type="url"
          placeholder="https://"
          hint="Where the links in every email point, e.g. https://summit.example.org."
          error={errors.siteUrl?.message}
          {...register('siteUrl')}
        />
        <TextField label="Tagline" error={errors.tagline?.message} {...register('tagline')} />
        <TextField label="Starts (Nairobi time)" type="datetime-local" error={errors.startDate?.message} {...register('startDate')} />
        <TextField label="Ends (Nairobi time)" type="datetime-local" error={errors.endDate?.message} {...register('endDate')} />
        <div className="sm:col-span-2">
          <TextField label="Venue" error={errors.venue?.message} {...register('venue')} />
        </div>
      </FormSection>

      <FormSection legend="Registration">
        <div className="sm:col-span-2">
          <CheckboxField
            label="Registration is open (the register form accepts new registrations)"
            error={errors.registrationOpen?.message}
            {...register('registrationOpen')}
          />
        </div>
        <TextField
          label="Capacity (seats)"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          error={errors.capacity?.message}
          {...register('capacity', { valueAsNumber: true })}
        />
        <TextField
          label="Currency"
          hint="Three letters, e.g. KES. Fees below are in this currency."
          error={errors.currency?.message}
          {...register('currency')}
        />
        <TextField
          label="Unpaid hold (hours)"
          type="number"
          min={1}
          max={720}
          step={1}
          inputMode="numeric"
          hint="How long an unpaid registration keeps its seat (1 to 720). After that the seat may go to someone else."
          error={errors.unpaidHoldHours?.message}
          {...register('unpaidHoldHours', { valueAsNumber: true })}
        />
        <TextField
          label="Reminder before the hold ends (hours)"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          hint="When the one payment reminder is emailed, this many hours before the hold ends (0: no reminder). Less than the hold."
          error={errors.holdReminderHours?.message}
          {...register('holdReminderHours', { valueAsNumber: true })}
        />
        <TextField
          label="Waiting-list offer (hours)"
          type="number"
          min={1}
          max={720}
          step={1}
          inputMode="numeric"
          hint="How long a seat offered to the next person on the waiting list stays theirs to take (1 to 720)."
          error={errors.offerHours?.message}
          {...register('offerHours', { valueAsNumber: true })}
        />
        <TextField
          label="Data requests: response time (days)"
          type="number"
          min={RESPONSE_DAYS_BOUNDS.min}
          max={RESPONSE_DAYS_BOUNDS.max}
          step={1}
          inputMode="numeric"
          hint={`How soon the institute answers a request to see, correct or erase personal data; each request is due this many days after it is received (${RESPONSE_DAYS_BOUNDS.min} to ${RESPONSE_DAYS_BOUNDS.max}: the Data Protection (General) Regulations 2021 allow no longer for erasure).`}
          error={errors.dataRequestDays?.message}
          {...register('dataRequestDays', { valueAsNumber: true })}
        />
        <TextField
          label="Personal data: months kept after the summit"
          type="number"
          min={RETENTION_MONTHS_BOUNDS.min}
          max={RETENTION_MONTHS_BOUNDS.max}
          step={1}
          inputMode="numeric"
          hint={`How long attendees' names, addresses, phones and needs are kept after the summit ends (${RETENTION_MONTHS_BOUNDS.min} to ${RETENTION_MONTHS_BOUNDS.max}). Then the timed work anonymises them, keeping amounts, dates and verifiable certificates; the overview lists what it will anonymise a week ahead. ${retentionHint({ endDate: watch('endDate'), retentionMonths: watch('retentionMonths') })}`}
          error={errors.retentionMonths?.message}
          {...register('retentionMonths', { valueAsNumber: true })}
        />
      </FormSection>

      {FEE_SECTIONS.map((section) => (
        <FeeOptionsFieldset key={section.list} {...section} savedKeys={savedKeys(section.list)} {...feeProps} />
      ))}

      <FormSection legend="Contact and social links" hint={`Shown in every page's footer and on ${href('/contact')}.`}>
        <TextField label="Contact phone" type="tel" error={errors.contactPhone?.message} {...register('contactPhone')} />
        <TextAreaField label="Contact emails, one per line" error={errors.contactEmails?.message} {...register('contactEmails')} />
        {SOCIAL_KEYS.map((k) => (
          <TextField
            key={k}
            label={`${SOCIAL_LABELS[k]} link`}
            type="url"
            placeholder="https://"
            error={errors.social?.[k]?.message}
            {...register(`social.${k}`)}
          />
        ))}
      </FormSection>

      <FormSection legend="Institute" hint="The organiser, linked from the footer.">
        <TextField label="Institute name" error={errors.instituteName?.message} {...register('instituteName')} />
        <TextField label="Institute website" type="url" error={errors.instituteUrl?.message} {...register('instituteUrl')} />
        <TextField label="Institute address" error={errors.instituteAddress?.message} {...register('instituteAddress')} />
        <TextField
          label="Institute KRA PIN"
          hint={`Printed on every invoice and its email. ${KRA_PIN_HINT}`}
          autoComplete="off"
          spellCheck={false}
          error={errors.instituteKraPin?.message}
          {...register('instituteKraPin')}
        />
        <TextField label="Ministry of Health website" type="url" error={errors.ministryUrl?.message} {...register('ministryUrl')} />
      </FormSection>

      <FormSection legend="Payment instructions" hint={`What payers see at checkout, on invoices and on ${href('/donate')}.`}>
        {PAYMENT_FIELDS.map(([k, label]) => (
          <TextField key={k} label={label} error={errors.payment?.[k]?.message} {...register(`payment.${k}`)} />
        ))}
      </FormSection>

      <FormSection legend="Public policies" hint="Shown on the public site as you write them. Separate paragraphs with an empty line.">
        <TextAreaField
          label={`Services (${href('/services')})`}
          rows={10}
          hint="The first line of each paragraph is its heading."
          error={errors.policies?.services?.message}
          {...register('policies.services')}
        />
        <TextAreaField label="Refund policy (terms and FAQ)" rows={5} error={errors.policies?.refunds?.message} {...register('policies.refunds')} />
        <TextAreaField label="Accessibility (FAQ)" rows={4} error={errors.policies?.accessibility?.message} {...register('policies.accessibility')} />
      </FormSection>

      <FormSection legend="Invoice numbering" hint="Invoices are numbered prefix + four digits, e.g. INV-2027-0001, starting from the start number.">
        {invoicesLocked ? (
          <>
            {/* Not registered: the stored values travel with the form unchanged (the rules refuse any change anyway). */}
            <TextField label="Invoice prefix" disabled value={initial.invoicePrefix} readOnly aria-describedby="invoice-lock" />
            <TextField label="First invoice number" disabled value={initial.invoiceStartNumber} readOnly aria-describedby="invoice-lock" />
            <p id="invoice-lock" className="text-sm text-slate-800 sm:col-span-2">
              Locked: invoices have been issued (the last is number {lastInvoice}). Accounting needs one unbroken series, so the prefix and the first number can
              no longer change.
            </p>
          </>
        ) : (
          <>
            <TextField label="Invoice prefix" error={errors.invoicePrefix?.message} {...register('invoicePrefix')} />
            <TextField
              label="First invoice number"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              hint="Both lock once the first invoice is issued."
              error={errors.invoiceStartNumber?.message}
              {...register('invoiceStartNumber', { valueAsNumber: true })}
            />
          </>
        )}
      </FormSection>

      <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-white px-4 py-3">
        {save.isError && <FormAlert>The settings could not be saved. Nothing was changed; check your connection and try again.</FormAlert>}
        {slots.isError && (
          <div className="space-y-2">
            <FormAlert>The capacity was saved, but the seat slots could not all be brought in step with it. Check your connection and try again.</FormAlert>
            <button
              type="button"
              className="btn-secondary"
              disabled={slots.isPending}
              onClick={() => slots.variables && void syncSlots(slots.variables).then((t) => t && setNotice(t.trim()))}
            >
              {slots.isPending ? 'Updating seat slots…' : 'Update the seat slots again'}
            </button>
          </div>
        )}
        {Object.keys(errors).length > 0 && <FormAlert>Some fields need attention: see the messages beside them.</FormAlert>}
        {notice && (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {notice}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
