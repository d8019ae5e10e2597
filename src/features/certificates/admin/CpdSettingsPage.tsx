// Certificates › CPD settings (settings/cpd): what a certificate certifies and for whom, the
// evaluation's questions, and the accrediting body's CSV columns. Administrators only.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { FormSection, ListSection } from '../../../admin/ui/FormSection.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { CheckboxField, FormAlert, SelectField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import {
  CERTIFICATE_CSV_COLUMNS,
  cpdSettingsGaps,
  MAX_QUESTIONS,
  summitDays,
  type CertificateCsvColumn,
  type CpdSettings,
} from '../../../data/certificates.ts';
import { LOGO_MAX_BYTES } from '../../../data/certificate-pdf.ts';
import { CPD_LOGO_FOLDER } from '../../../data/storage-paths.ts';
import { FileUpload } from '../../../admin/uploads/FileUpload.tsx';
import { useNewUploadSession } from '../../../admin/uploads/upload-session.ts';
import { useOrderedList } from './cpd-settings-lists.tsx';
import {
  changedFields,
  cpdSettingsKey,
  cpdSettingsSchema,
  fetchCpdSettingsForm,
  newQuestionId,
  QUESTION_LABEL_MAX,
  saveCpdSettingsWrite,
  TEXT_LIMITS,
  toCpdDocument,
  toCpdForm,
  type CpdSettingsForm,
  type CpdSettingsValues,
} from './cpd-settings.ts';

export default function CpdSettingsPage() {
  // Read afresh when the screen opens, so an admin edits what is stored now.
  const query = useQuery({ queryKey: cpdSettingsKey, queryFn: fetchCpdSettingsForm, staleTime: 0, gcTime: 0 });
  return (
    <div>
      <AdminHeader
        title="CPD settings"
        summary="What a certificate of attendance certifies and who earns one, the evaluation attendees answer after each day, and the columns of the accrediting body’s export."
      >
        <Link className="btn-secondary" to={href('/admin/certificates')}>
          Back to certificates
        </Link>
      </AdminHeader>
      <QueryState query={query} noun="CPD settings">
        {(data) => <CpdSettingsEditor initial={data.settings} exists={data.exists} dayCount={summitDays(data.start, data.end).length} />}
      </QueryState>
    </div>
  );
}

type Save = { before: CpdSettings; after: CpdSettings; exists: boolean };

function useSaveCpdSettings() {
  return useStaffWrites<Save>({
    writes: ({ after }) => [saveCpdSettingsWrite(after)],
    log: ({ before, after, exists }) => (exists ? `Updated the CPD settings: ${changedFields(before, after).join(', ')}` : 'Created the CPD settings'),
    invalidate: [cpdSettingsKey, ['cpd']],
  });
}

function CpdSettingsEditor({ initial, exists, dayCount }: { initial: CpdSettings; exists: boolean; dayCount: number }) {
  const saved = useRef({ settings: initial, exists });
  const [notice, setNotice] = useState('');
  const [gaps, setGaps] = useState(() => cpdSettingsGaps(initial));
  const save = useSaveCpdSettings();
  // The logo uploaded here goes to settings/cpd/; a save deletes the one it replaced.
  const uploads = useNewUploadSession(CPD_LOGO_FOLDER, initial)!;
  const schema = useMemo(() => cpdSettingsSchema(dayCount), [dayCount]);
  const { register, handleSubmit, control, reset, formState } = useForm<CpdSettingsForm, unknown, CpdSettingsValues>({
    resolver: zodResolver(schema),
    defaultValues: toCpdForm(initial),
  });
  const { errors } = formState;
  // A saved question's kind stays fixed: its answers were given to that kind.
  const savedIds = new Set(saved.current.settings.questions.map((q) => q.id));

  const submit = handleSubmit(async (values) => {
    setNotice('');
    save.reset();
    const after = toCpdDocument(values);
    const before = saved.current.settings;
    if (saved.current.exists && changedFields(before, after).length === 0) {
      setNotice('Nothing to save: no field has changed.');
      return;
    }
    try {
      await save.mutateAsync({ before, after, exists: saved.current.exists });
    } catch {
      return; // the alert below says so; the form keeps everything typed
    }
    saved.current = { settings: after, exists: true };
    void uploads.saved(after);
    reset(toCpdForm(after));
    setGaps(cpdSettingsGaps(after));
    setNotice('Saved. New certificates and evaluations use these settings; certificates already issued keep the figures they were issued with.');
  });

  const numberHint = dayCount
    ? `The summit has ${dayCount} ${dayCount === 1 ? 'day' : 'days'} (from Settings).`
    : 'The summit’s dates are not set in Settings yet.';
  return (
    <form noValidate onSubmit={submit} className="mt-6 max-w-4xl space-y-6">
      {gaps.length > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          No certificate can be issued until the settings give {gaps.join(', ')}.
        </p>
      )}
      <FormSection legend="The activity" hint="As the accrediting body knows it: printed on every certificate and in the export.">
        <TextField label="Accrediting body" maxLength={TEXT_LIMITS.accreditingBody} error={errors.accreditingBody?.message} {...register('accreditingBody')} />
        <TextField
          label="Provider number"
          hint="The number the body gave the institute as a CPD provider."
          maxLength={TEXT_LIMITS.providerNumber}
          error={errors.providerNumber?.message}
          {...register('providerNumber')}
        />
        <div className="sm:col-span-2">
          <TextField label="Activity name" maxLength={TEXT_LIMITS.activityName} error={errors.activityName?.message} {...register('activityName')} />
        </div>
        <TextField
          label="CPD points per day"
          type="number"
          min={0}
          step={0.5}
          inputMode="decimal"
          hint="Whole or half points."
          error={errors.pointsPerDay?.message}
          {...register('pointsPerDay', { valueAsNumber: true })}
        />
        <Controller
          control={control}
          name="logoUrl"
          render={({ field, fieldState }) => (
            <FileUpload
              kind="logo"
              label="Logo (optional)"
              hint={`A PNG or JPEG of at most ${LOGO_MAX_BYTES / 1024} KB, printed on the certificate as it is: upload it, or give a file on this site, like /logos/institute.png, or an https:// address (a larger one is left off the PDF).`}
              addressLabel="Logo address (optional)"
              error={fieldState.error?.message}
              value={field.value}
              onChange={(url) => field.onChange(url)}
              onBlur={field.onBlur}
              ref={field.ref}
              session={uploads}
            />
          )}
        />
        <TextField label="Signatory’s name" maxLength={TEXT_LIMITS.signatoryName} error={errors.signatoryName?.message} {...register('signatoryName')} />
        <TextField label="Signatory’s title" maxLength={TEXT_LIMITS.signatoryTitle} error={errors.signatoryTitle?.message} {...register('signatoryTitle')} />
      </FormSection>

      <FormSection legend="Who earns a certificate">
        <TextField
          label="Days checked in, at least"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          hint={numberHint}
          error={errors.minDays?.message}
          {...register('minDays', { valueAsNumber: true })}
        />
        <div className="sm:col-span-2">
          <CheckboxField
            label="Only a day whose evaluation the attendee submitted counts"
            error={errors.requireEvaluation?.message}
            {...register('requireEvaluation')}
          />
        </div>
      </FormSection>

      <QuestionsEditor control={control} register={register} errors={errors} savedIds={savedIds} />
      <ColumnsEditor control={control} errors={errors} />

      {save.isError && <FormAlert reveal>The settings could not be saved. Check your connection, then try again.</FormAlert>}
      <p role="status" className="font-medium text-green-900">
        {notice}
      </p>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save CPD settings'}
      </button>
    </form>
  );
}

interface EditorProps {
  control: Control<CpdSettingsForm, unknown, CpdSettingsValues>;
  errors: FieldErrors<CpdSettingsForm>;
}

const KIND_OPTIONS = [
  { value: 'rating', label: 'A rating from 1 to 5' },
  { value: 'text', label: 'A written answer' },
];

function QuestionsEditor({ control, register, errors, savedIds }: EditorProps & { register: UseFormRegister<CpdSettingsForm>; savedIds: ReadonlySet<string> }) {
  const { fields, append, move, remove } = useFieldArray({ control, name: 'questions' });
  const { list, controls, announcer } = useOrderedList('questions', { move, remove });
  const listError = errors.questions?.message ?? errors.questions?.root?.message;
  const full = fields.length >= MAX_QUESTIONS;
  return (
    <ListSection
      legend="Evaluation questions"
      hint={
        <>
          Attendees answer these after each day they attended, on “My registration”. Keep them few (at most {MAX_QUESTIONS}). A saved question keeps its kind:
          to ask differently, remove it and add a new one (the answers already given stay in the export).
        </>
      }
      error={listError}
    >
      {announcer}
      <ol ref={list} className="mt-3 space-y-4">
        {fields.map((field, i) => {
          const e = errors.questions?.[i];
          const saved = savedIds.has(field.questionId);
          const name = `question ${i + 1}`;
          return (
            <li key={field.id} className="rounded-md bg-slate-50 p-3">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-800">Question {i + 1}</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-[2fr_1fr]">
                  <TextField label="Question" data-item={i} maxLength={QUESTION_LABEL_MAX} error={e?.label?.message} {...register(`questions.${i}.label`)} />
                  {saved ? (
                    <div>
                      <p className="field-label">Answered with</p>
                      <p className="py-2">{KIND_OPTIONS.find((o) => o.value === field.kind)?.label}</p>
                    </div>
                  ) : (
                    <SelectField label="Answered with" options={KIND_OPTIONS} error={e?.kind?.message} {...register(`questions.${i}.kind`)} />
                  )}
                </div>
                <div className="mt-3">{controls(i, fields.length, name)}</div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {fields.length === 0 && <p className="mt-3 text-slate-700">No questions yet: attendees are not asked to evaluate.</p>}
      <button
        type="button"
        data-add="questions"
        className="btn-secondary mt-4"
        disabled={full}
        aria-describedby={full ? 'questions-full' : undefined}
        onClick={() => append({ questionId: newQuestionId(fields.map((f) => f.questionId)), label: '', kind: 'rating' }, { shouldFocus: true })}
      >
        Add a question
      </button>
      {full && (
        <p id="questions-full" className="mt-2 text-sm text-slate-700">
          That is the most questions an evaluation can have.
        </p>
      )}
    </ListSection>
  );
}

const COLUMN_KEYS = Object.keys(CERTIFICATE_CSV_COLUMNS) as CertificateCsvColumn[];

function ColumnsEditor({ control, errors }: EditorProps) {
  const { fields, append, move, remove } = useFieldArray({ control, name: 'exportColumns' });
  const { list, controls, announcer } = useOrderedList('columns', { move, remove });
  const [adding, setAdding] = useState('');
  const chosen = new Set(fields.map((f) => f.column));
  const left = COLUMN_KEYS.filter((k) => !chosen.has(k));
  const listError = errors.exportColumns?.message ?? errors.exportColumns?.root?.message;
  return (
    <ListSection legend="Export columns" hint="The certificates’ CSV for the accrediting body holds these columns, in this order." error={listError}>
      {announcer}
      <ol ref={list} className="mt-3 space-y-2">
        {fields.map((field, i) => {
          const label = CERTIFICATE_CSV_COLUMNS[field.column];
          return (
            <li key={field.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
              <span data-item={i} tabIndex={-1} className="font-medium outline-none">
                {i + 1}. {label}
              </span>
              {controls(i, fields.length, `column “${label}”`)}
            </li>
          );
        })}
      </ol>
      {left.length > 0 && (
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <div>
            <SelectField
              label="Add a column"
              data-add="columns"
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              options={left.map((k) => ({ value: k, label: CERTIFICATE_CSV_COLUMNS[k] }))}
            />
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={!adding}
            onClick={() => {
              append({ column: adding as CertificateCsvColumn });
              setAdding('');
            }}
          >
            Add column
          </button>
        </div>
      )}
    </ListSection>
  );
}
