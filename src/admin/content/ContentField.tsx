// One field of a content editor, drawn from its descriptor (see content-config.ts) inside the
// editor's react-hook-form context. Every control is labelled and announces its error.
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { slugify } from '../../lib/slug.ts';
import { CheckboxField, SelectField, TextAreaField } from '../../components/fields.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ChoiceListField } from './ChoiceListField.tsx';
import type { FieldDescriptor, Option } from './content-config.ts';
import { LinksField } from './LinksField.tsx';
import { RichTextField } from './RichTextField.tsx';
import { UploadField } from './UploadField.tsx';

/**
 * While a new document is written, its slug follows its title (SPEC's slugify); once the person
 * edits the slug, or the document exists (its address may already be shared), it stays as typed.
 */
function SlugField({ field, following }: { field: Extract<FieldDescriptor, { kind: 'slug' }>; following: boolean }) {
  const { register, setValue, formState } = useFormContext();
  const source = useWatch({ name: field.from }) as string | undefined;
  const typed = useRef(false);
  useEffect(() => {
    if (!following || typed.current || source === undefined) return;
    setValue(field.name, source.trim() ? slugify(source) : '', { shouldDirty: true });
  }, [following, source, field.name, setValue]);
  const registered = register(field.name);
  return (
    <TextField
      label={field.label}
      hint={field.hint}
      error={formState.errors[field.name]?.message as string | undefined}
      {...registered}
      onChange={(e) => {
        typed.current = true;
        return registered.onChange(e);
      }}
    />
  );
}

export function ContentField({
  field,
  options,
  isNew,
  readOnly,
}: {
  field: FieldDescriptor;
  options: Record<string, Option[] | undefined>;
  isNew: boolean;
  readOnly: boolean;
}) {
  const { register, formState } = useFormContext();
  const error = formState.errors[field.name]?.message as string | undefined;
  const common = { label: field.label, hint: field.hint, error };
  switch (field.kind) {
    case 'text':
      return <TextField {...common} type={field.inputType ?? 'text'} {...register(field.name)} />;
    case 'textarea':
      return <TextAreaField {...common} rows={field.rows ?? 4} {...register(field.name)} />;
    case 'number':
      return <TextField {...common} type="number" inputMode="numeric" {...register(field.name)} />;
    case 'datetime':
      return <TextField {...common} hint={field.hint ?? 'Nairobi time (EAT).'} type="datetime-local" {...register(field.name)} />;
    case 'date':
      return <TextField {...common} type="date" {...register(field.name)} />;
    case 'select':
      return <SelectField {...common} options={field.options ?? options[field.optionsFrom ?? ''] ?? []} {...register(field.name)} />;
    case 'checkbox':
      return <CheckboxField {...common} {...register(field.name)} />;
    case 'choices':
      return <ChoiceListField name={field.name} label={field.label} hint={field.hint} options={options[field.optionsFrom]} />;
    case 'richtext':
      return <RichTextField name={field.name} label={field.label} hint={field.hint} disabled={readOnly} />;
    case 'links':
      return <LinksField name={field.name} label={field.label} hint={field.hint} />;
    case 'slug':
      return <SlugField field={field} following={isNew} />;
    case 'image':
    case 'document':
      return <UploadField name={field.name} kind={field.kind} label={field.label} hint={field.hint} disabled={readOnly} />;
  }
}
