// The rich-text field of a content editor. The tiptap editor is a large download, so it is
// fetched only when an editor with a rich-text field is opened.
import { lazy, Suspense, useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FieldHeading } from '../ui/FieldHeading.tsx';

const RichTextEditor = lazy(() => import('../ui/RichTextEditor.tsx'));

export function RichTextField({ name, label, hint, disabled }: { name: string; label: string; hint?: string; disabled?: boolean }) {
  const id = useId();
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        return (
          <div>
            <FieldHeading id={id} label={label} hint={hint} />
            <Suspense fallback={<p className="mt-1 rounded-md border border-slate-300 p-3 text-slate-600">Loading the editor…</p>}>
              <RichTextEditor
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                labelledBy={`${id}-label`}
                describedBy={describedBy}
                invalid={!!error}
                disabled={disabled}
              />
            </Suspense>
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
