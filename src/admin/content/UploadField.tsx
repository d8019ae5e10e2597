// An image or document field of a content editor: the upload control (admin/uploads) bound to the
// form, in the editor's upload session (the record's folder). Without a session, the address alone.
import { Controller, useFormContext } from 'react-hook-form';
import { TextField } from '../../components/TextField.tsx';
import { FileUpload } from '../uploads/FileUpload.tsx';
import { useUploadSession } from '../uploads/upload-session.ts';

export function UploadField({
  name,
  kind,
  label,
  hint,
  disabled,
}: {
  name: string;
  kind: 'image' | 'document';
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const { control, register, formState } = useFormContext();
  const session = useUploadSession();
  const error = formState.errors[name]?.message as string | undefined;
  if (!session) return <TextField label={label} hint={hint} error={error} type="url" {...register(name)} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FileUpload
          kind={kind}
          label={label}
          hint={hint}
          error={fieldState.error?.message}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(url) => field.onChange(url)}
          onBlur={field.onBlur}
          ref={field.ref}
          session={session}
          disabled={disabled}
        />
      )}
    />
  );
}
