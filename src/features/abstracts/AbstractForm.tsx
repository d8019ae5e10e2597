// The author's form: a new abstract or one of theirs, saved as a draft or submitted, edited and
// withdrawn while the call is open. Each part's words and the whole's are counted as the author
// types; what they type and have not saved is kept for the tab (unsaved.ts), so a reload loses
// nothing. Saving a draft asks only the bounds every record keeps; submitting asks what the rules'
// abstractComplete asks (submitProblems), each problem beside its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, FormAlert, SelectField, TextAreaField } from '../../components/fields.tsx';
import { formatDeadline } from '../../components/format.ts';
import { TextField } from '../../components/TextField.tsx';
import { useReveal } from '../../components/use-reveal.ts';
import {
  ABSTRACT_BOUNDS,
  PART_LABELS,
  PRESENTATION_LABELS,
  PRESENTATIONS,
  submitProblems,
  wordCounts,
  type Abstract,
  type AbstractCall,
  type ProblemField,
} from '../../data/abstracts.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import { refusedByRules } from '../../lib/db.ts';
import { saveAbstract, withdrawAbstract } from './my-abstracts.ts';
import { abstractFormSchema, contentOf, formValues, type AbstractFormValues } from './schema.ts';
import { keepUnsaved, unsavedValues } from './unsaved.ts';

type Checked = z.output<typeof abstractFormSchema>;

const words = (n: number) => `${n.toLocaleString('en')} word${n === 1 ? '' : 's'}`;

type Form = ReturnType<typeof useForm<AbstractFormValues, unknown, Checked>>;

/**
 * The authors' rows, with who presents. The presenting author is an index, so it follows its
 * author when rows move or go; the radio buttons show it (controlled), never hold it.
 */
function useAuthorRows(form: Form) {
  const { control, getValues, setValue } = form;
  const rows = useFieldArray({ control, name: 'authors' });
  const presenting = () => (getValues('presenting') === '' ? -1 : Number(getValues('presenting')));
  const choose = (i: number) => setValue('presenting', i < 0 ? '' : String(i), { shouldDirty: true });
  return {
    fields: rows.fields,
    add: () => rows.append({ name: '', affiliation: '' }),
    move: (from: number, to: number) => {
      const p = presenting();
      rows.swap(from, to);
      if (p === from) choose(to);
      else if (p === to) choose(from);
    },
    remove: (i: number) => {
      const p = presenting();
      rows.remove(i);
      if (p === i) choose(-1);
      else if (p > i) choose(p - 1);
    },
    choose,
  };
}

function AuthorRows({ form, rows, problem }: { form: Form; rows: ReturnType<typeof useAuthorRows>; problem: (field: ProblemField) => string | undefined }) {
  const { control, register, formState } = form;
  const presenting = useWatch({ control, name: 'presenting' });
  const legendId = useId();
  const listError = problem('authors') ?? problem('presenting') ?? formState.errors.authors?.message ?? formState.errors.authors?.root?.message;
  return (
    <fieldset aria-labelledby={legendId} aria-describedby={listError ? `${legendId}-error` : undefined} className="rounded-md border border-slate-300 p-4">
      <legend id={legendId} className="px-1 font-semibold">
        Authors, in order
      </legend>
      <p className="text-sm text-slate-600">Each author with their institution. Choose the one who will present.</p>
      <ol className="mt-3 space-y-4">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="rounded-md border border-slate-200 p-3">
            <fieldset>
              <legend className="font-medium">Author {i + 1}</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <TextField label="Name" autoComplete="off" error={formState.errors.authors?.[i]?.name?.message} {...register(`authors.${i}.name`)} />
                <TextField
                  label="Institution"
                  autoComplete="off"
                  error={formState.errors.authors?.[i]?.affiliation?.message}
                  {...register(`authors.${i}.affiliation`)}
                />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2">
                  <input type="radio" name={`${legendId}-presenting`} checked={presenting === String(i)} onChange={() => rows.choose(i)} />
                  Presents the abstract
                </label>
                <button type="button" className="btn-secondary" disabled={i === 0} onClick={() => rows.move(i, i - 1)} aria-label={`Move author ${i + 1} up`}>
                  Move up
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={i === rows.fields.length - 1}
                  onClick={() => rows.move(i, i + 1)}
                  aria-label={`Move author ${i + 1} down`}
                >
                  Move down
                </button>
                <button type="button" className="btn-secondary" onClick={() => rows.remove(i)} aria-label={`Remove author ${i + 1}`}>
                  Remove
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" className="btn-secondary mt-3" disabled={rows.fields.length >= ABSTRACT_BOUNDS.authors} onClick={rows.add}>
        Add an author
      </button>
      {rows.fields.length >= ABSTRACT_BOUNDS.authors && <p className="mt-2 text-sm">An abstract has at most {ABSTRACT_BOUNDS.authors} authors.</p>}
      {listError && (
        <p id={`${legendId}-error`} className="field-error">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

function WithdrawConfirm({
  title,
  busy,
  failed,
  onWithdraw,
  onKeep,
}: {
  title: string;
  busy: boolean;
  failed: boolean;
  onWithdraw: () => void;
  onKeep: () => void;
}) {
  const heading = useReveal<HTMLHeadingElement>();
  const headingId = useId();
  return (
    <div role="alertdialog" aria-modal="false" aria-labelledby={headingId} className="mt-4 rounded-md border border-red-300 bg-red-50 p-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Withdraw “{title}”?
      </h3>
      <p className="mt-1">A withdrawn abstract is not reviewed, and this cannot be undone: to take part after all you would submit it again as a new one.</p>
      {failed && (
        <div className="mt-2">
          <FormAlert>We could not withdraw the abstract. The call may have closed: reload the page to see, or try again.</FormAlert>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy} onClick={onWithdraw}>
          {busy ? 'Withdrawing…' : 'Withdraw the abstract'}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={onKeep}>
          Keep the abstract
        </button>
      </div>
    </div>
  );
}

export function AbstractForm({
  id,
  email,
  call,
  before,
  onDone,
}: {
  id: string;
  email: string;
  call: AbstractCall;
  /** The stored record, or null for a new abstract. */
  before: Abstract | null;
  /** Saved, submitted or withdrawn (with what to tell the author), or closed without a change (''). */
  onDone: (message: string) => void;
}) {
  const kept = useMemo(() => unsavedValues(id), [id]);
  const [restored, setRestored] = useState(kept !== null);
  const form = useForm<AbstractFormValues, unknown, Checked>({
    resolver: zodResolver(abstractFormSchema),
    defaultValues: kept ?? formValues(before),
  });
  const { control, register, handleSubmit, formState, reset, watch, getValues } = form;
  const headingId = useId();
  const heading = useReveal<HTMLHeadingElement>();
  const [attempted, setAttempted] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdrawButton = useRef<HTMLButtonElement>(null);

  const rows = useAuthorRows(form);

  // What the author types is kept for the tab as they type, and dropped once saved (or when it is
  // what was saved again).
  useEffect(() => {
    const saved = JSON.stringify(formValues(before));
    const watching = watch(() => {
      const now = getValues();
      keepUnsaved(id, JSON.stringify(now) === saved ? null : now);
    });
    return () => watching.unsubscribe();
  }, [id, before, watch, getValues]);

  const values = useWatch({ control }) as AbstractFormValues;
  const counts = wordCounts(values, call.wordLimits);
  // Once the author tried to submit, what still stands in the way is shown and kept up to date as they fix it.
  const problems = attempted ? submitProblems(contentOf(values as Checked), call) : [];
  const problem = (field: ProblemField) => problems.find((p) => p.field === field)?.message;
  const fieldError = (field: FieldPath<AbstractFormValues>) =>
    (formState.errors[field as keyof AbstractFormValues] as { message?: string } | undefined)?.message;

  const save = useMutation({
    mutationFn: ({ checked, status }: { checked: Checked; status: 'draft' | 'submitted' }) => saveAbstract(id, email, contentOf(checked), status, before),
    onSuccess: (_, { checked, status }) => {
      keepUnsaved(id, null);
      const title = checked.title || 'Untitled abstract';
      onDone(
        status === 'draft'
          ? `Draft “${title}” saved. It is not submitted yet.`
          : before?.status === 'submitted'
            ? `Your changes to “${title}” are saved. It stays submitted.`
            : `“${title}” is submitted. You can still edit or withdraw it until ${call.closesAt ? formatDeadline(call.closesAt) : 'the call closes'}.`,
      );
    },
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawAbstract(id),
    onSuccess: () => {
      keepUnsaved(id, null);
      onDone(`“${before?.title || 'Untitled abstract'}” is withdrawn.`);
    },
  });

  const send = (status: 'draft' | 'submitted') => (event?: BaseSyntheticEvent) => {
    // An author row left wholly empty means nothing: it goes, rather than blocking the save.
    getValues('authors')
      .flatMap((a, i) => (a.name.trim() === '' && a.affiliation.trim() === '' ? [i] : []))
      .reverse()
      .forEach(rows.remove);
    if (status === 'submitted') setAttempted(true);
    return handleSubmit((checked) => {
      if (status === 'submitted' && submitProblems(contentOf(checked), call).length > 0) return;
      save.mutate({ checked, status });
    })(event);
  };

  const submitted = before?.status === 'submitted';
  const saveError = save.error
    ? (throttleMessage(save.error, 'new abstracts') ??
      (refusedByRules(save.error)
        ? `This abstract can no longer be changed: the call ${call.closesAt ? `closed on ${formatDeadline(call.closesAt)}` : 'is closed'}, or it was withdrawn. Your text is still here to copy.`
        : 'We could not save the abstract. Check your connection and try again: your text is still here.'))
    : null;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="outline-none">
        {before ? `Edit “${before.title || 'Untitled abstract'}”` : 'A new abstract'}
      </h2>
      <p className="mt-2 text-slate-700">
        {submitted ? 'Submitted. Changes you save keep it submitted; ' : 'Save it as a draft as often as you like, and submit it when it is ready; '}
        {call.closesAt ? `the call closes on ${formatDeadline(call.closesAt)}.` : 'the call closes soon.'}
      </p>
      {restored && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p>We kept the changes you had not saved yet.</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              keepUnsaved(id, null);
              reset(formValues(before));
              setRestored(false);
            }}
          >
            Discard them
          </button>
        </div>
      )}
      {problems.length > 0 && (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
          <p className="font-semibold">The abstract cannot be submitted yet:</p>
          <ul className="mt-1 list-disc pl-6">
            {problems.map((p) => (
              <li key={p.field + p.message}>{p.message}</li>
            ))}
          </ul>
        </div>
      )}
      <form noValidate className="mt-6 space-y-5" onSubmit={send('submitted')}>
        <TextField label="Title" autoComplete="off" error={fieldError('title') ?? problem('title')} {...register('title')} />
        <AuthorRows form={form} rows={rows} problem={problem} />
        <SelectField
          label="Track"
          options={Object.entries(call.tracks).map(([value, label]) => ({ value, label }))}
          error={fieldError('track') ?? problem('track')}
          {...register('track')}
        />
        <fieldset>
          <legend className="field-label">Presentation you would rather give</legend>
          <div className="mt-1 flex flex-wrap gap-6">
            {PRESENTATIONS.map((p) => (
              <label key={p} className="flex items-center gap-2">
                <input type="radio" value={p} {...register('presentation')} />
                {PRESENTATION_LABELS[p]}
              </label>
            ))}
          </div>
        </fieldset>
        {counts.parts.map(({ part, words: n, limit }) => (
          <TextAreaField
            key={part}
            label={PART_LABELS[part]}
            rows={5}
            hint={`${words(n)} of ${limit.toLocaleString('en')}${n > limit ? `: ${(n - limit).toLocaleString('en')} over the limit` : ''}`}
            error={fieldError(part) ?? problem(part)}
            {...register(part)}
          />
        ))}
        <p id={`${headingId}-total`} className={counts.total > counts.totalLimit ? 'field-error' : 'text-slate-700'}>
          The whole abstract: {words(counts.total)} of {counts.totalLimit.toLocaleString('en')}
          {counts.total > counts.totalLimit ? `: ${(counts.total - counts.totalLimit).toLocaleString('en')} over the limit` : ''}.
        </p>
        {/* Announced only when a limit is crossed, not at every word. */}
        <p role="status" className="sr-only">
          {counts.over ? 'Over a word limit.' : ''}
        </p>
        <TextField
          label="Keywords"
          hint="Separated by commas, like: cervical cancer, screening"
          autoComplete="off"
          error={fieldError('keywords') ?? problem('keywords')}
          {...register('keywords')}
        />
        <TextAreaField
          label="Conflicts of interest"
          hint="Funding, employment or other interests that bear on this work; “None” if there are none."
          error={fieldError('conflicts')}
          {...register('conflicts')}
        />
        <CheckboxField
          label="If the abstract is accepted, it may be published in the abstract book and on this site."
          error={problem('consent')}
          {...register('consent')}
        />
        {saveError && <FormAlert reveal>{saveError}</FormAlert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending && save.variables?.status === 'submitted' ? 'Submitting…' : submitted ? 'Save changes' : 'Submit the abstract'}
          </button>
          {!submitted && (
            <button type="button" className="btn-secondary" disabled={save.isPending} onClick={send('draft')}>
              {save.isPending && save.variables?.status === 'draft' ? 'Saving…' : 'Save as a draft'}
            </button>
          )}
          <button type="button" className="btn-secondary" disabled={save.isPending} onClick={() => onDone('')}>
            Back to my abstracts
          </button>
          {before && !withdrawing && (
            <button ref={withdrawButton} type="button" className="btn-secondary" onClick={() => setWithdrawing(true)}>
              Withdraw
            </button>
          )}
        </div>
      </form>
      {withdrawing && (
        <WithdrawConfirm
          title={before?.title || 'Untitled abstract'}
          busy={withdraw.isPending}
          failed={withdraw.isError}
          onWithdraw={() => withdraw.mutate()}
          onKeep={() => {
            setWithdrawing(false);
            requestAnimationFrame(() => withdrawButton.current?.focus());
          }}
        />
      )}
    </section>
  );
}
