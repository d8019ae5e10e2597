// The rich-text editor's questions (a link's address; an image's address and description) as modal
// dialogs (ModalDialog) instead of the browser's prompt(), named by their title, with focus in their
// first field. Escape or Cancel closes one and the editor puts focus back on the toolbar button that
// opened it; a refused answer is said next to its field and the dialog stays open.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ModalDialog } from './ModalDialog.tsx';
import { safeUrl } from '../../components/RichText.tsx';
import type { ImageSize } from '../../components/image-size.ts';
import { FileUpload } from '../uploads/FileUpload.tsx';
import { useUploadSession } from '../uploads/upload-session.ts';

export const LINK_RULE = 'Links must start with https://, http:// or mailto:.';
export const IMAGE_RULE = 'Image addresses must start with https:// or http://.';
const ALT_MAX = 250;

interface DialogProps {
  title: string;
  submitLabel: string;
  /** Checks and applies the answer; a message keeps the dialog open (shown by the field it names). */
  onSubmit: () => Promise<boolean> | boolean;
  onClose: () => void;
  busy?: boolean;
  /** Extra buttons before Cancel (e.g. "Remove link"), given the function that closes the dialog. */
  actions?: (finish: () => void) => ReactNode;
  children: ReactNode;
}

function EditorDialog({ title, submitLabel, onSubmit, onClose, busy, actions, children }: DialogProps) {
  const titleId = useId();
  const body = useRef<HTMLFormElement>(null);
  // Each refused answer moves focus to the first field in error, once its message is on screen.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      {(finish) => (
        <form
          ref={body}
          noValidate
          onSubmit={async (e: FormEvent) => {
            e.preventDefault();
            // The dialog is in <body> but React still bubbles its events up the editor's tree, to the content form.
            e.stopPropagation();
            if (busy) return;
            if (await onSubmit()) finish();
            else setRefusals((n) => n + 1);
          }}
        >
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-4 space-y-4">{children}</div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {actions?.(finish)}
            <button type="button" className="btn-secondary" onClick={finish}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
              {submitLabel}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** A labelled input whose hint and error are tied to it. */
function DialogField({
  label,
  hint,
  error,
  value,
  onChange,
  inputMode,
}: {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (v: string) => void;
  inputMode?: 'url';
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="field-input"
        type="text"
        inputMode={inputMode}
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface LinkDialogProps {
  /** The address of the link at the cursor, when there is one (editing it, or removing it). */
  current?: string;
  /** `href` is the checked address, `typed` what the person typed (the text of a new link). */
  onSave: (href: string, typed: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

export function LinkDialog({ current, onSave, onRemove, onClose }: LinkDialogProps) {
  const [address, setAddress] = useState(current ?? '');
  const [error, setError] = useState('');
  const save = () => {
    const typed = address.trim();
    const href = typed ? safeUrl(typed) : null;
    // safeUrl also accepts a path on this site; a link in an article names its whole address.
    if (!typed || !href || !/^(https?:\/\/|mailto:)/i.test(typed)) {
      setError(typed ? `That address was not added. ${LINK_RULE}` : 'Enter the link’s address.');
      return false;
    }
    onSave(href, typed);
    return true;
  };
  return (
    <EditorDialog
      title={current ? 'Edit link' : 'Add a link'}
      submitLabel={current ? 'Save link' : 'Add link'}
      onSubmit={save}
      onClose={onClose}
      actions={(finish) =>
        current ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              onRemove();
              finish();
            }}
          >
            Remove link
          </button>
        ) : null
      }
    >
      <DialogField label="Link address" hint={LINK_RULE} inputMode="url" value={address} onChange={setAddress} error={error} />
    </EditorDialog>
  );
}

export interface ImageDialogProps {
  /** Adds the checked image (with its size when it was uploaded here); answers null, or why it could not be added (e.g. it does not load). */
  onSave: (src: string, alt: string, size?: ImageSize) => Promise<string | null>;
  onClose: () => void;
}

export function ImageDialog({ onSave, onClose }: ImageDialogProps) {
  const [address, setAddress] = useState('');
  // The uploaded image's size (from scaling); an address typed afterwards is measured when added.
  const [size, setSize] = useState<ImageSize | undefined>();
  const session = useUploadSession();
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ address?: string; alt?: string }>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const typed = address.trim();
    const src = typed ? safeUrl(typed, { images: true }) : null;
    const found = {
      address: !typed ? 'Enter the image’s address.' : !src || !/^https?:\/\//i.test(typed) ? `That image was not added. ${IMAGE_RULE}` : undefined,
      alt: !alt.trim()
        ? 'Describe the image for people who cannot see it.'
        : alt.trim().length > ALT_MAX
          ? `Keep the description to ${ALT_MAX} characters.`
          : undefined,
    };
    setErrors(found);
    if (found.address || found.alt || !src) return false;
    setBusy(true);
    const refused = await onSave(src, alt.trim(), size);
    setBusy(false);
    if (refused) {
      setErrors({ address: refused });
      return false;
    }
    return true;
  };
  return (
    <EditorDialog title="Add an image" submitLabel={busy ? 'Checking the image…' : 'Add image'} busy={busy} onSubmit={save} onClose={onClose}>
      {session ? (
        <FileUpload
          kind="image"
          label="Image"
          hint={`Upload a JPEG, PNG or WebP image, or give its address. ${IMAGE_RULE}`}
          addressLabel="Image address"
          error={errors.address}
          value={address}
          onChange={(url, uploaded) => {
            setAddress(url);
            setSize(uploaded);
          }}
          session={session}
        />
      ) : (
        <DialogField label="Image address" hint={IMAGE_RULE} inputMode="url" value={address} onChange={setAddress} error={errors.address} />
      )}
      <DialogField label="Description (alt text)" hint="What the image shows, for people who cannot see it." value={alt} onChange={setAlt} error={errors.alt} />
      <p role="status" className="text-sm text-slate-700">
        {busy ? 'Checking the image…' : ''}
      </p>
    </EditorDialog>
  );
}
