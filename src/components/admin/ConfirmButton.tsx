// A destructive action asks first. The question is a modal dialog: focus moves into it, Escape or
// "Cancel" closes it and focus returns to the button that opened it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** The button's text, e.g. "Archive". */
  children: ReactNode;
  /** The question, e.g. "Archive the registration of Wanjiru Kamau?" */
  question: string;
  /** What confirming does, e.g. "Archive registration". */
  confirmLabel: string;
  onConfirm: () => unknown;
  disabled?: boolean;
  className?: string;
}

export function ConfirmButton({ children, question, confirmLabel, onConfirm, disabled, className }: Props) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (open) cancel.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button ref={opener} type="button" className={className ?? 'btn-secondary'} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
            onKeyDown={(e) => {
              if (e.key === 'Escape') close();
              // Keep Tab inside the dialog: it has exactly two buttons.
              if (e.key === 'Tab') {
                const buttons = e.currentTarget.querySelectorAll('button');
                const [first, last] = [buttons[0], buttons[buttons.length - 1]];
                const wrapTo = e.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
                if (wrapTo) {
                  e.preventDefault();
                  wrapTo.focus();
                }
              }
            }}
          >
            <p id={titleId} className="text-lg font-semibold text-slate-900">
              {question}
            </p>
            <div className="mt-6 flex justify-end gap-3">
              <button ref={cancel} type="button" className="btn-secondary" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="btn-primary bg-red-700 hover:bg-red-800"
                onClick={() => {
                  setOpen(false);
                  opener.current?.focus();
                  onConfirm();
                }}
              >
                {confirmLabel}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
