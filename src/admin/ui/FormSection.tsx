// Titled groups of a settings form, shared by the settings screens so they look and read alike to a
// screen reader (the legend names the group of each field).
import type { ReactNode } from 'react';

/** Fields in a two-column grid (one column on narrow screens), under an optional hint. */
export function FormSection({ legend, hint, children }: { legend: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** An editable list (fee options, questions, columns): what it is for, and the list-wide error,
 *  announced, above the list the caller renders. */
export function ListSection({ legend, hint, error, children }: { legend: string; hint: ReactNode; error?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      <p className="text-sm text-slate-700">{hint}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}
