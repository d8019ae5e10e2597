// A destructive action asks first. The question is a modal dialog (ModalDialog: the native <dialog>):
// focus moves into it, Escape or "Cancel" (or its `dismissLabel`) closes it and focus returns to the
// button that opened it. With `note`, the dialog also asks for a reason (rejecting a payment, voiding
// an invoice), required unless `note.optional`.
import { useId, useRef, useState, type ReactNode } from 'react';
import { ModalDialog, useModalOpener } from './ModalDialog.tsx';

interface Props {
  /** The button's text, e.g. "Archive". */
  children: ReactNode;
  /**
   * Its accessible name when the text alone is ambiguous (a "Revoke" in every row of a table), e.g.
   * "Revoke the certificate of Daniel Kiprono". Begin it with the visible text, so speech control
   * ("click Revoke") still finds it.
   */
  label?: string;
  /** The question, e.g. "Archive the registration of Wanjiru Kamau?" */
  question: string;
  /** What the person deciding should know, below the question (the dialog's description): money received, say. */
  detail?: string;
  /** What confirming does, e.g. "Archive registration". */
  confirmLabel: string;
  /**
   * What closing without acting does, when "Cancel" would be ambiguous: a dialog that cancels a
   * registration offers "Keep the registration" / "Cancel the registration", never "Cancel" / "Cancel it".
   */
  dismissLabel?: string;
  /** Receives the note ('' without `note`). */
  onConfirm: (note: string) => unknown;
  disabled?: boolean;
  className?: string;
  /** Ask for a note too: its label, and whether it may be left empty. */
  note?: { label: string; optional?: boolean; hint?: string };
  /** The confirm button's classes (default: red, for destructive actions). */
  confirmClassName?: string;
}

const NOTE_MAX = 500;

export function ConfirmButton({
  children,
  label,
  question,
  detail,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  disabled,
  className,
  note,
  confirmClassName,
}: Props) {
  const { open, setOpen, opener } = useModalOpener();
  const [text, setText] = useState('');
  const [noteError, setNoteError] = useState('');
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const detailId = useId();
  const noteId = useId();
  const dismiss = () => {
    setOpen(false);
    setText('');
    setNoteError('');
  };
  const confirm = (close: () => void) => {
    const value = text.trim();
    if (note && !note.optional && !value) {
      setNoteError(`Enter ${note.label.toLowerCase()}.`);
      noteInput.current?.focus();
      return;
    }
    if (value.length > NOTE_MAX) {
      setNoteError(`Keep it to ${NOTE_MAX} characters.`);
      noteInput.current?.focus();
      return;
    }
    close();
    onConfirm(value);
  };
  const described = [note?.hint && `${noteId}-hint`, noteError && `${noteId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <button ref={opener} type="button" className={className ?? 'btn-secondary'} disabled={disabled} aria-label={label} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <ModalDialog role="alertdialog" labelledBy={titleId} describedBy={detail ? detailId : undefined} onClose={dismiss}>
          {(close) => (
            <>
              <p id={titleId} className="text-lg font-semibold text-slate-900">
                {question}
              </p>
              {detail && (
                <p id={detailId} className="mt-2 text-slate-800">
                  {detail}
                </p>
              )}
              {note && (
                <div className="mt-4">
                  <label className="field-label" htmlFor={noteId}>
                    {note.label}
                    {note.optional ? ' (optional)' : ''}
                  </label>
                  {note.hint && (
                    <p id={`${noteId}-hint`} className="text-sm text-slate-600">
                      {note.hint}
                    </p>
                  )}
                  <textarea
                    ref={noteInput}
                    id={noteId}
                    rows={3}
                    className="field-input"
                    value={text}
                    aria-invalid={noteError ? true : undefined}
                    aria-describedby={described}
                    onChange={(e) => setText(e.target.value)}
                  />
                  {noteError && (
                    <p id={`${noteId}-error`} className="field-error" role="alert">
                      {noteError}
                    </p>
                  )}
                </div>
              )}
              <div className="mt-6 flex justify-end gap-3">
                <button type="button" className="btn-secondary" onClick={close}>
                  {dismissLabel}
                </button>
                <button type="button" className={confirmClassName ?? 'btn-primary bg-red-700 hover:bg-red-800'} onClick={() => confirm(close)}>
                  {confirmLabel}
                </button>
              </div>
            </>
          )}
        </ModalDialog>
      )}
    </>
  );
}
