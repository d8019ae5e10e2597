// A list of named links (a tender's documents): add and remove rows; each row is a name and an
// address, or a PDF uploaded instead of an address where the editor has an upload session.
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { TextField } from '../../components/TextField.tsx';
import { FileUpload } from '../uploads/FileUpload.tsx';
import { useUploadSession } from '../uploads/upload-session.ts';

interface LinkErrors {
  name?: { message?: string };
  url?: { message?: string };
}

export function LinksField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { control, register, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const session = useUploadSession();
  const errors = formState.errors[name] as (LinkErrors[] & { message?: string }) | undefined;
  return (
    <fieldset>
      <legend className="field-label">{label}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {fields.length === 0 && <p className="mt-1 text-slate-600">None yet.</p>}
      <ol className="mt-2 space-y-3">
        {fields.map((row, i) => (
          <li key={row.id} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <TextField label={`Name of document ${i + 1}`} error={errors?.[i]?.name?.message} {...register(`${name}.${i}.name`)} />
            {session ? (
              <Controller
                control={control}
                name={`${name}.${i}.url`}
                render={({ field }) => (
                  <FileUpload
                    kind="document"
                    label={`File of document ${i + 1}`}
                    addressLabel={`Address of document ${i + 1}`}
                    error={errors?.[i]?.url?.message}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={(url) => field.onChange(url)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    session={session}
                  />
                )}
              />
            ) : (
              <TextField
                label={`Address of document ${i + 1}`}
                type="url"
                placeholder="https://"
                error={errors?.[i]?.url?.message}
                {...register(`${name}.${i}.url`)}
              />
            )}
            <button type="button" className="btn-secondary" onClick={() => remove(i)}>
              Remove document {i + 1}
            </button>
          </li>
        ))}
      </ol>
      {errors?.message && <p className="field-error">{errors.message}</p>}
      <button type="button" className="btn-secondary mt-3" onClick={() => append({ name: '', url: '' }, { focusName: `${name}.${fields.length}.name` })}>
        Add a document
      </button>
    </fieldset>
  );
}
