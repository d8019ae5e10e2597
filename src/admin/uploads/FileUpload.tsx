// The upload control: choose a file (or drop it on the control), watch it go, cancel it, replace
// or remove it; or paste the address of a file hosted elsewhere. It shows the current image (or
// the document's name), says every step in a live region, and gives the stored address to the
// form. Deleting replaced files is the editor's session's work (upload-session.ts), after a save.
import { useEffect, useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { FieldHeading } from '../ui/FieldHeading.tsx';
import { isAbort } from './uploader.ts';
import { acceptOf, uploadFile, UploadRefused, type UploadKind } from './upload-flow.ts';
import type { UploadSession } from './upload-session.ts';
import type { Size } from './image-scaling.ts';

/** No progress for this long while uploading reads as a lost connection (the SDK retries meanwhile). */
export const STALL_MS = 8000;

const NOUNS: Record<UploadKind, string> = { image: 'image', logo: 'logo', document: 'PDF' };

export interface FileUploadProps {
  kind: UploadKind;
  label: string;
  hint?: string;
  /** The form's error for the field. */
  error?: string;
  value: string;
  /** A new address: uploaded (with the image's stored size), typed, or '' when removed. */
  onChange: (url: string, size?: Size) => void;
  onBlur?: () => void;
  session: UploadSession;
  /** The address field's label. */
  addressLabel?: string;
  disabled?: boolean;
  /** The address field (react-hook-form focuses it when the field is in error). */
  ref?: Ref<HTMLInputElement>;
}

type State = { step: 'idle' } | { step: 'uploading'; sent: number; total: number; stalled: boolean } | { step: 'scaling' };

const fileName = (url: string) => {
  try {
    const path = decodeURIComponent(new URL(url).pathname);
    return path.slice(path.lastIndexOf('/') + 1) || url;
  } catch {
    return url;
  }
};

function useOnline() {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function FileUpload({ kind, label, hint, error, value, onChange, onBlur, session, addressLabel, disabled, ref }: FileUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const running = useRef<AbortController | null>(null);
  const stall = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const [dragging, setDragging] = useState(false);
  const online = useOnline();
  const noun = NOUNS[kind];
  const isImage = kind !== 'document';

  // Leaving mid-upload cancels it (nothing is stored).
  useEffect(
    () => () => {
      running.current?.abort();
      clearTimeout(stall.current);
    },
    [],
  );

  const watchStall = () => {
    clearTimeout(stall.current);
    stall.current = setTimeout(() => setState((s) => (s.step === 'uploading' ? { ...s, stalled: true } : s)), STALL_MS);
  };

  async function start(file: File) {
    if (running.current) return;
    setProblem('');
    const controller = new AbortController();
    running.current = controller;
    setState(isImage ? { step: 'scaling' } : { step: 'uploading', sent: 0, total: file.size, stalled: false });
    setMessage(isImage ? `Preparing ${file.name}…` : `Uploading ${file.name}…`);
    try {
      const result = await uploadFile(file, {
        kind,
        folder: session.folder,
        uploader: session.uploader,
        scaler: session.scaler,
        signal: controller.signal,
        onScaled: () => {
          setState({ step: 'uploading', sent: 0, total: 1, stalled: false });
          setMessage(`Uploading ${file.name}…`);
          watchStall();
        },
        onProgress: (sent, total) => {
          setState({ step: 'uploading', sent, total, stalled: false });
          watchStall();
        },
      });
      session.uploaded(result.names);
      const large = result.sizes?.variants.at(-1);
      onChange(result.url, kind === 'image' ? large : result.sizes?.original);
      const made = result.sizes
        ? ` Web sizes made: ${result.sizes.variants.map((v) => `${v.width} × ${v.height}`).join(' and ')} pixels (from ${result.sizes.original.width} × ${result.sizes.original.height}).`
        : '';
      setMessage(`Uploaded ${file.name}.${made} Save to keep it.`);
    } catch (e) {
      setMessage('');
      if (isAbort(e)) setMessage('Upload cancelled. Nothing was stored.');
      else if (e instanceof UploadRefused) setProblem(`${e.message} Nothing was uploaded.`);
      else setProblem(`The upload failed. Check your connection and choose the file again.`);
    } finally {
      clearTimeout(stall.current);
      running.current = null;
      setState({ step: 'idle' });
    }
  }

  const chosen = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file) void start(file);
  };

  const busy = state.step !== 'idle';
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled && !busy) chosen(e.dataTransfer.files);
  };
  const lost = state.step === 'uploading' && (state.stalled || !online);
  const status = lost ? 'Connection lost — retrying…' : message;
  const addressId = `${id}-address`;
  const describedBy = [hint && `${id}-hint`, (problem || error) && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <FieldHeading id={id} label={label} hint={hint} />
      <div
        data-dropzone
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled && !busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-1 flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed p-3 ${dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-300'}`}
      >
        {value &&
          (isImage ? (
            <img src={value} alt={`Current ${noun}`} className="h-16 w-16 shrink-0 rounded object-contain" />
          ) : (
            <a href={value} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              {fileName(value)}
            </a>
          ))}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={`${label}: file`}
          accept={acceptOf(kind)}
          disabled={disabled || busy}
          onChange={(e) => chosen(e.target.files)}
        />
        {!busy && (
          <button
            ref={chooser}
            type="button"
            className="btn-secondary"
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => input.current?.click()}
          >
            {value ? `Replace ${noun}…` : `Choose ${kind === 'document' ? 'a PDF' : `an ${noun}`}…`}
          </button>
        )}
        {!busy && value && (
          <button
            type="button"
            className="btn-secondary"
            disabled={disabled}
            onClick={() => {
              onChange('');
              setMessage(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} removed. Save to keep this change.`);
              chooser.current?.focus();
            }}
          >
            Remove {noun}
          </button>
        )}
        {!busy && <span className="text-sm text-slate-600">or drop a file here</span>}
        {busy && (
          <>
            <progress
              aria-label={`Uploading ${label}`}
              className="w-48"
              {...(state.step === 'uploading' ? { value: state.sent, max: state.total || 1 } : {})}
            />
            <button type="button" className="btn-secondary" onClick={() => running.current?.abort()}>
              Cancel upload
            </button>
          </>
        )}
      </div>
      <div className="mt-2">
        <label htmlFor={addressId} className="text-sm text-slate-700">
          {addressLabel ?? `or paste the ${noun}’s address`}
        </label>
        <input
          ref={ref}
          id={addressId}
          type="url"
          inputMode="url"
          className="field-input"
          placeholder="https://"
          value={value}
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      </div>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-slate-700">
        {status}
      </p>
      {(problem || error) && (
        <p id={`${id}-error`} role={problem ? 'alert' : undefined} className="field-error">
          {problem || error}
        </p>
      )}
    </div>
  );
}
