// The back office's one modal: a native <dialog> opened with showModal, so the browser makes the
// page behind it inert, keeps Tab inside it and shows it above everything; no focus trap of our own.
// It is rendered into <body> (a dialog opened from inside a form must not be part of that form:
// Enter in it would submit the whole page's form). Focus starts in its first field, or on its first
// button when it has none. Escape closes it; `children` receive `close`, which closes the dialog
// before telling the owner, so the owner can put focus back behind it (an element behind an open
// modal dialog is inert and cannot take focus).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  /** 'alertdialog' for a question that interrupts (are you sure?), 'dialog' for a form. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that names it (its title). */
  labelledBy: string;
  /** The id of the element that describes it, if any. */
  describedBy?: string;
  onClose: () => void;
  className?: string;
  children: (close: () => void) => ReactNode;
}

export function ModalDialog({ role = 'dialog', labelledBy, describedBy, onClose, className, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!d.open) d.showModal();
    (d.querySelector<HTMLElement>('input:not([tabindex="-1"]), textarea, select') ?? d.querySelector<HTMLElement>('button'))?.focus();
    return () => {
      if (d.open) d.close();
    };
  }, []);
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };
  return createPortal(
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`w-full max-w-md rounded-lg bg-white p-6 shadow-xl backdrop:bg-slate-900/50 ${className ?? ''}`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // Not to the page behind (the rich-text editor inside a form, say): this Escape was the dialog's.
        e.preventDefault();
        e.stopPropagation();
        close();
      }}
    >
      {children(close)}
    </dialog>,
    document.body,
  );
}

/**
 * Whether a modal is open, and the button that opens it, which takes focus back once it has closed
 * (while the modal is open, the page behind it is inert and cannot take focus).
 */
export function useModalOpener() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (open) opened.current = true;
    else if (opened.current) opener.current?.focus();
  }, [open]);
  return { open, setOpen, opener };
}
