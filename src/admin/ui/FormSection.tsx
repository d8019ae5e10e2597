// One titled group of a settings form: a fieldset with its legend, an optional hint, and the
// fields in a two-column grid (one column on narrow screens). Shared by the settings screens so
// they look and read alike to a screen reader (the legend names the group of each field).
import type { ReactNode } from 'react';

export function FormSection({ legend, hint, children }: { legend: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
