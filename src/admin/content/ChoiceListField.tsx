// Several values picked from a list (a session's speakers): a group of checkboxes under a legend.
import { Controller, useFormContext } from 'react-hook-form';
import type { Option } from './content-config.ts';

export function ChoiceListField({ name, label, hint, options }: { name: string; label: string; hint?: string; options: Option[] | undefined }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen: string[] = Array.isArray(field.value) ? field.value : [];
        const toggle = (value: string, on: boolean) => field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
        // Values stored earlier that are no longer offered stay visible, so saving never drops them silently.
        const shown = [
          ...(options ?? []),
          ...chosen.filter((v) => !options?.some((o) => o.value === v)).map((v) => ({ value: v, label: `${v} (not in the list)` })),
        ];
        return (
          <fieldset aria-invalid={fieldState.error ? true : undefined}>
            <legend className="field-label">{label}</legend>
            {hint && <p className="text-sm text-slate-600">{hint}</p>}
            {options === undefined ? (
              <p className="mt-1 text-slate-600">Loading the choices…</p>
            ) : shown.length === 0 ? (
              <p className="mt-1 text-slate-600">Nothing to choose from yet.</p>
            ) : (
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                {shown.map((o, i) => (
                  <li key={o.value} className="flex items-center gap-2">
                    <input
                      ref={i === 0 ? field.ref : undefined}
                      id={`${name}-${o.value}`}
                      type="checkbox"
                      className="h-4 w-4"
                      checked={chosen.includes(o.value)}
                      onChange={(e) => toggle(o.value, e.target.checked)}
                      onBlur={field.onBlur}
                    />
                    <label htmlFor={`${name}-${o.value}`}>{o.label}</label>
                  </li>
                ))}
              </ul>
            )}
            {fieldState.error && <p className="field-error">{fieldState.error.message}</p>}
          </fieldset>
        );
      }}
    />
  );
}
