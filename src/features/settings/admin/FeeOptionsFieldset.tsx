// Registration categories, partner tiers and booth types: rows of key, name and fee, added and
// removed in place. A row's key is what registrations and applications store, so a saved key is
// read-only; remove the row and add a new one to retire it.
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ListSection } from '../../../admin/ui/FormSection.tsx';
import { TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { FeeList, SettingsForm } from './settings-form.ts';

interface Props {
  list: FeeList;
  legend: string;
  /** "category", "tier", "booth type" */
  noun: string;
  hint: string;
  currency: string;
  savedKeys: ReadonlySet<string>;
  control: Control<SettingsForm>;
  register: UseFormRegister<SettingsForm>;
  errors: FieldErrors<SettingsForm>;
}

export function FeeOptionsFieldset({ list, legend, noun, hint, currency, savedKeys, control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: list });
  const rowErrors = errors[list];
  const listError = rowErrors?.message ?? rowErrors?.root?.message;
  return (
    <ListSection legend={legend} hint={hint} error={listError}>
      <ol className="mt-3 space-y-4">
        {fields.map((field, i) => {
          const e = rowErrors?.[i];
          const saved = savedKeys.has(field.key);
          const name = `${noun} ${i + 1}`;
          return (
            <li key={field.id} className="rounded-md bg-slate-50 p-3">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-800">{name[0].toUpperCase() + name.slice(1)}</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_2fr_1fr]">
                  <TextField
                    label="Key"
                    readOnly={saved}
                    hint={saved ? 'Saved keys stay fixed.' : 'Lower-case, e.g. early-bird.'}
                    error={e?.key?.message}
                    {...register(`${list}.${i}.key`)}
                  />
                  <TextField label="Name" error={e?.label?.message} {...register(`${list}.${i}.label`)} />
                  <TextField
                    label={`Fee (${currency})`}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    error={e?.fee?.message}
                    {...register(`${list}.${i}.fee`, { valueAsNumber: true })}
                  />
                </div>
                {list === 'partnerTiers' && (
                  <div className="mt-3">
                    <TextAreaField label="Benefits, one per line" error={e?.benefits?.message} {...register(`${list}.${i}.benefits`)} />
                  </div>
                )}
                <button type="button" className="mt-3 text-sm font-medium text-red-800 underline" onClick={() => remove(i)}>
                  Remove {name}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn-secondary mt-4" onClick={() => append({ key: '', label: '', fee: 0, benefits: '' }, { shouldFocus: true })}>
        Add a {noun}
      </button>
    </ListSection>
  );
}
