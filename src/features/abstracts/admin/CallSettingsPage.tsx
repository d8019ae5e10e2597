// Abstracts › Call for abstracts (settings/abstracts): when the call opens and closes, its tracks,
// the word limits and the guidelines /abstracts states, what reviewers score and how many each
// abstract gets. Administrators only.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { FormSection, ListSection } from '../../../admin/ui/FormSection.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert, TextAreaField } from '../../../components/fields.tsx';
import { formatDeadline } from '../../../components/format.ts';
import { TextField } from '../../../components/TextField.tsx';
import { abstractCallKey, fetchAbstractCall } from '../../../data/abstract-call.ts';
import { ABSTRACT_BOUNDS, ABSTRACT_PARTS, PART_LABELS, REVIEW_REMINDER_DAYS, callState, type AbstractCall } from '../../../data/abstracts.ts';
import { callDocument, callForm, callFormSchema, changedCallParts, saveCallWrite, type CallForm, type CallValues } from './call-settings.ts';

export default function CallSettingsPage() {
  // Read afresh when the screen opens, so an administrator edits what is stored now.
  const query = useQuery({ queryKey: [...abstractCallKey, 'editing'], queryFn: fetchAbstractCall, staleTime: 0, gcTime: 0 });
  return (
    <div>
      <AdminHeader
        title="Call for abstracts"
        summary="When authors may submit, the tracks they choose from, the word limits their abstracts keep and the guidelines the call’s public page shows, and what reviewers score."
      />
      <QueryState query={query} noun="the call for abstracts">
        {(call) => <CallEditor initial={call} />}
      </QueryState>
    </div>
  );
}

function useSaveCall() {
  return useStaffWrites<{ before: AbstractCall; after: AbstractCall }>({
    writes: ({ after }) => [saveCallWrite(after)],
    log: ({ before, after }) => `Updated the call for abstracts: ${changedCallParts(before, after).join(', ') || 'saved unchanged'}`,
    invalidate: [abstractCallKey],
  });
}

/** Tracks or review criteria: labels kept under their keys, added, renamed and removed. */
function KeyedLabelsEditor({
  name,
  noun,
  legend,
  hint,
  max,
  empty,
  control,
  register,
  errors,
}: {
  name: 'tracks' | 'criteria';
  noun: string;
  legend: string;
  hint: string;
  max: number;
  empty: string;
  control: Control<CallForm, unknown, CallValues>;
  register: UseFormRegister<CallForm>;
  errors: FieldErrors<CallForm>;
}) {
  const rows = useFieldArray({ control, name });
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  return (
    <ListSection legend={legend} hint={hint} error={errors[name]?.message ?? errors[name]?.root?.message}>
      <ol className="mt-3 space-y-3">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="flex flex-wrap items-end gap-3">
            <div className="min-w-[16rem] flex-1">
              <TextField
                label={`${Noun} ${i + 1}`}
                maxLength={ABSTRACT_BOUNDS.trackLabel}
                error={errors[name]?.[i]?.label?.message}
                {...register(`${name}.${i}.label`)}
              />
            </div>
            <button type="button" className="btn-secondary" onClick={() => rows.remove(i)} aria-label={`Remove ${noun} ${i + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {rows.fields.length === 0 && <p className="mt-3">{empty}</p>}
      <button type="button" className="btn-secondary mt-3" disabled={rows.fields.length >= max} onClick={() => rows.append({ key: '', label: '' })}>
        Add a {noun}
      </button>
    </ListSection>
  );
}

function CallEditor({ initial }: { initial: AbstractCall }) {
  const saved = useRef(initial);
  const [notice, setNotice] = useState('');
  const save = useSaveCall();
  const { register, handleSubmit, control, reset, formState } = useForm<CallForm, unknown, CallValues>({
    resolver: zodResolver(callFormSchema),
    defaultValues: callForm(initial),
  });
  const { errors } = formState;
  const state = callState(saved.current);

  const submit = handleSubmit(async (values) => {
    setNotice('');
    save.reset();
    const after = callDocument(values);
    const before = saved.current;
    if (changedCallParts(before, after).length === 0) return setNotice('Nothing to save: no field has changed.');
    try {
      await save.mutateAsync({ before, after });
    } catch {
      return; // the alert below says so; the form keeps everything typed
    }
    saved.current = after;
    reset(callForm(after));
    const now = callState(after);
    setNotice(
      now === 'open'
        ? `Saved. The call is open until ${formatDeadline(after.closesAt!)}.`
        : now === 'before'
          ? `Saved. The call opens on ${formatDeadline(after.opensAt!)}.`
          : now === 'closed'
            ? 'Saved. The call is closed: authors can read their abstracts but not change them.'
            : 'Saved. The call has no dates, so it stays closed.',
    );
  });

  return (
    <form noValidate onSubmit={submit} className="mt-6 max-w-4xl space-y-6">
      <p>
        {state === 'open'
          ? `The call is open until ${formatDeadline(saved.current.closesAt!)}.`
          : state === 'before'
            ? `The call opens on ${formatDeadline(saved.current.opensAt!)}.`
            : state === 'closed'
              ? `The call closed on ${formatDeadline(saved.current.closesAt!)}.`
              : 'The call has no dates yet: it is closed.'}
      </p>
      <FormSection
        legend="Dates"
        hint="Nairobi time. Authors save, submit, edit and withdraw from the opening until the closing, by the database’s clock. Leave both empty to keep the call closed."
      >
        <TextField label="Opens" type="datetime-local" error={errors.opensAt?.message} {...register('opensAt')} />
        <TextField label="Closes" type="datetime-local" error={errors.closesAt?.message} {...register('closesAt')} />
      </FormSection>
      <KeyedLabelsEditor
        name="tracks"
        noun="track"
        legend="Tracks"
        hint="Authors choose one. Renaming a track keeps its abstracts in it; removing one leaves its abstracts without a track, and their authors are asked to choose again before submitting."
        max={ABSTRACT_BOUNDS.tracks}
        empty="No track yet: authors cannot submit until there is one."
        control={control}
        register={register}
        errors={errors}
      />
      <FormSection legend="Word limits" hint="Each part within its own limit, and the whole within the total, counted as the author types.">
        {[...ABSTRACT_PARTS, 'total' as const].map((part) => (
          <TextField
            key={part}
            label={part === 'total' ? 'The whole abstract' : PART_LABELS[part]}
            type="number"
            min={1}
            max={ABSTRACT_BOUNDS.words}
            step={1}
            inputMode="numeric"
            error={errors.wordLimits?.[part]?.message}
            {...register(`wordLimits.${part}`, { valueAsNumber: true })}
          />
        ))}
      </FormSection>
      <TextAreaField
        label="Guidelines"
        hint="Shown on the call’s public page. Separate paragraphs with an empty line."
        rows={8}
        error={errors.guidelines?.message}
        {...register('guidelines')}
      />
      <KeyedLabelsEditor
        name="criteria"
        noun="criterion"
        legend="Review criteria"
        hint="Reviewers score each from 1 to 5. Renaming one keeps its scores; adding or removing one once reviewing has begun leaves the reviews already written scored on the criteria they had."
        max={ABSTRACT_BOUNDS.criteria}
        empty="No criterion: reviewers need at least one to score."
        control={control}
        register={register}
        errors={errors}
      />
      <FormSection legend="Reviewing" hint="When abstracts are assigned automatically, each gets this many reviewers from its track.">
        <TextField
          label="Reviewers per abstract"
          type="number"
          min={1}
          max={ABSTRACT_BOUNDS.reviewersPerAbstract}
          step={1}
          inputMode="numeric"
          error={errors.reviewersPerAbstract?.message}
          {...register('reviewersPerAbstract', { valueAsNumber: true })}
        />
        <TextField
          label="Reviews due"
          type="datetime-local"
          hint={`Nairobi time, after the call closes. Each reviewer with a review still to write is emailed one reminder ${REVIEW_REMINDER_DAYS} days before. Leave it empty for no due date and no reminder.`}
          error={errors.reviewsDueAt?.message}
          {...register('reviewsDueAt')}
        />
      </FormSection>
      {save.isError && <FormAlert reveal>The call could not be saved. Check your connection, then try again.</FormAlert>}
      <p role="status" className="font-medium text-green-900">
        {notice}
      </p>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save the call'}
      </button>
    </form>
  );
}
