// A reviewer's institution and tracks (the call's, as checkboxes): asked when an administrator
// adds a reviewer, makes someone one, or changes them. The same fields for react-hook-form's
// `register` (the add form) and for a row's own state (the list).
import { forwardRef, useId, type InputHTMLAttributes, type Ref } from 'react';
import { TextField } from '../../../components/TextField.tsx';
import { useAbstractCall } from '../../../data/abstract-call.ts';
import { INSTITUTION_MAX } from './staff-schema.ts';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function ReviewerProfileFields({
  who,
  institution,
  track,
  errors,
}: {
  /** Whom the fields are about, for their labels in a list ("of a@b.org"); none in the add form. */
  who?: string;
  institution: InputProps;
  /** The props of the checkbox of one track. */
  track: (key: string) => InputProps;
  errors: { institution?: string; tracks?: string };
}) {
  const call = useAbstractCall();
  const id = useId();
  const about = who ? ` of ${who}` : '';
  const tracks = Object.entries(call.data?.tracks ?? {});
  return (
    <div className="space-y-3">
      <TextField
        label={`Institution${about}`}
        hint="Where they work: the automatic assignment never gives them an abstract from it."
        autoComplete="off"
        maxLength={INSTITUTION_MAX + 50}
        error={errors.institution}
        {...institution}
      />
      <fieldset aria-describedby={errors.tracks ? `${id}-error` : undefined}>
        <legend className="field-label">Tracks they review{about}</legend>
        {call.isPending ? (
          <p role="status" className="text-slate-600">
            Loading the call’s tracks…
          </p>
        ) : call.isError ? (
          <p role="alert" className="field-error">
            The call’s tracks could not be loaded. Check your connection and reload the page.
          </p>
        ) : tracks.length === 0 ? (
          <p className="text-slate-700">The call for abstracts has no tracks yet: set them under Abstracts › Call for abstracts first.</p>
        ) : (
          <ul className="mt-1 grid gap-1 sm:grid-cols-2">
            {tracks.map(([key, label]) => (
              <li key={key}>
                <TrackBox label={label} {...track(key)} value={key} invalid={!!errors.tracks} />
              </li>
            ))}
          </ul>
        )}
        {errors.tracks && (
          <p id={`${id}-error`} className="field-error">
            {errors.tracks}
          </p>
        )}
      </fieldset>
    </div>
  );
}

const TrackBox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string; invalid: boolean }>(function TrackBox(
  { label, invalid, ...input },
  ref,
) {
  return (
    <label className="flex items-start gap-2">
      <input ref={ref} type="checkbox" className="mt-1 h-4 w-4" aria-invalid={invalid || undefined} {...input} />
      <span>{label}</span>
    </label>
  );
});
