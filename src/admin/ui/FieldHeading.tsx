/**
 * The name and hint of a control that is not one <input> (the rich-text editor, the upload
 * control): `${id}-label` names it (aria-labelledby), `${id}-hint` describes it.
 */
export function FieldHeading({ id, label, hint }: { id: string; label: string; hint?: string }) {
  return (
    <>
      <p id={`${id}-label`} className="field-label">
        {label}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </>
  );
}
