// Labelled form controls whose errors are announced and tied to them (aria-invalid,
// aria-describedby), for react-hook-form's `register`.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { href } from 'react-router';
import { useReveal } from './use-reveal.ts';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
}

function useDescribedBy(id: string | undefined, { error, hint }: FieldProps) {
  const own = useId();
  const fieldId = id ?? own;
  const describedBy = [hint && `${fieldId}-hint`, error && `${fieldId}-error`].filter(Boolean).join(' ') || undefined;
  return { fieldId, describedBy };
}

function FieldFrame({ fieldId, label, error, hint, children }: FieldProps & { fieldId: string; children: ReactNode }) {
  return (
    <div>
      <label className="field-label" htmlFor={fieldId}>
        {label}
      </label>
      {hint && (
        <p id={`${fieldId}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: Array<{ value: string; label: string }> }
>(function SelectField({ label, error, hint, id, options, ...select }, ref) {
  const { fieldId, describedBy } = useDescribedBy(id, { label, error, hint });
  return (
    <FieldFrame fieldId={fieldId} label={label} error={error} hint={hint}>
      <select ref={ref} id={fieldId} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, hint, id, ...area },
  ref,
) {
  const { fieldId, describedBy } = useDescribedBy(id, { label, error, hint });
  return (
    <FieldFrame fieldId={fieldId} label={label} error={error} hint={hint}>
      <textarea ref={ref} id={fieldId} rows={3} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...area} />
    </FieldFrame>
  );
});

/**
 * A rating (an evaluation's question, a review's criterion) as a native radio group: Tab reaches
 * it, the arrow keys choose, the legend labels every button. The hint and the error describe each
 * button (not the group too, or they are read twice). `input` gives each button's own props: a
 * react-hook-form registration, or a controlled value.
 */
export function RatingField({
  label,
  hint,
  error,
  values,
  input,
}: {
  label: string;
  hint: string;
  error?: string;
  values: readonly number[];
  input: (value: number) => InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
}) {
  const id = useId();
  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset>
      <legend className="field-label">{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        {values.map((v) => (
          <label
            key={v}
            className="flex min-w-11 cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700"
          >
            <input type="radio" name={id} value={String(v)} aria-invalid={error ? true : undefined} aria-describedby={described} {...input(v)} />
            {v}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** `children`: more to read about the choice (e.g. links), under the label rather than inside it, so a tap on a link never ticks the box. */
export const CheckboxField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function CheckboxField(
  { label, error, hint, id, children, ...input },
  ref,
) {
  const { fieldId, describedBy } = useDescribedBy(id, { label, error, hint });
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          className="mt-1 h-4 w-4"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <label htmlFor={fieldId} className="text-slate-800">
          {label}
        </label>
      </div>
      {children && <div className="ml-6 mt-1 text-sm text-slate-700">{children}</div>}
      {error && (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
});

/**
 * The terms and the privacy policy, for a consent box or under a form. They open in a new tab so
 * what the visitor typed stays where it is.
 */
export function PolicyLinks({ lead = 'Read the' }: { lead?: string }) {
  return (
    <p>
      {lead}{' '}
      <a className="text-brand-700 underline" href={href('/terms-and-conditions')} target="_blank" rel="noopener">
        terms and conditions
      </a>{' '}
      and the{' '}
      <a className="text-brand-700 underline" href={href('/privacy-policy')} target="_blank" rel="noopener">
        Privacy Policy
      </a>{' '}
      (each opens in a new tab).
    </p>
  );
}

/** A field no person sees or fills; naive bots fill every input, which marks them. */
export const HoneypotField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function HoneypotField(props, ref) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input ref={ref} tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
});

/**
 * What went wrong on submit, announced, with what to do next. `reveal`: a failure after submitting
 * (not a field error, which focuses its field) is scrolled into view and focused, as a success is.
 */
export function FormAlert({ children, reveal = false }: { children: ReactNode; reveal?: boolean }) {
  const ref = useReveal<HTMLParagraphElement>(reveal);
  return (
    <p ref={ref} tabIndex={reveal ? -1 : undefined} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800 outline-none">
      {children}
    </p>
  );
}
