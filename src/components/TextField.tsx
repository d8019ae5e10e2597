import { forwardRef, useId, type InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, hint, id, ...input }, ref) {
  const own = useId();
  const inputId = id ?? own;
  const described = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={`${inputId}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input ref={ref} id={inputId} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
});
