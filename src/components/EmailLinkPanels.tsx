// The two panels of an email-link sign-in (lib/email-link.ts): "check your email" after a link was
// sent, and the address typed again when the link is opened on another device or browser.
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from './fields.tsx';
import { TextField } from './TextField.tsx';
import { useReveal } from './use-reveal.ts';
import { checkedEmail } from '../lib/email-address.ts';

/** After the link was sent: where to look, and what to do when it does not arrive. */
export function CheckEmail({
  email,
  purpose,
  onResend,
  onChangeAddress,
}: {
  email: string;
  /** What opening the link does, and where it may be opened. */
  purpose: ReactNode;
  onResend: () => Promise<void>;
  onChangeAddress: () => void;
}) {
  const heading = useReveal<HTMLHeadingElement>();
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <section aria-labelledby="check-email-heading" className="mt-8 rounded-lg border border-brand-600 bg-brand-50 p-6">
      <h2 id="check-email-heading" ref={heading} tabIndex={-1} className="outline-none">
        Check your email
      </h2>
      <p className="mt-2">
        We sent a sign-in link to <strong>{email}</strong>. {purpose}
      </p>
      <p className="mt-2 text-slate-700">The link works once. Nothing after a few minutes? Check your spam folder, or send it again.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={resend === 'sending'}
          onClick={() => {
            setResend('sending');
            onResend().then(
              () => setResend('sent'),
              () => setResend('failed'),
            );
          }}
        >
          {resend === 'sending' ? 'Sending…' : 'Send the link again'}
        </button>
        <button type="button" className="btn-secondary" onClick={onChangeAddress}>
          Change address
        </button>
      </div>
      <p role="status" className="mt-3">
        {resend === 'sent' ? `We sent a new link to ${email}. Use the newest one.` : ''}
      </p>
      {resend === 'failed' && <FormAlert>We could not send the link. Check your connection and try again in a minute.</FormAlert>}
    </section>
  );
}

/**
 * The one field both panels ask for an address with (the link's on another device, a new link on
 * My registration), checked with the forms' own email grammar before anything is sent.
 */
export function EmailAddressForm({
  initial = '',
  invalidText,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  initial?: string;
  invalidText: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (email: string) => void;
}) {
  const [email, setEmail] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedEmail(email);
    setInvalid(checked === null);
    if (checked !== null) onSubmit(checked);
  };
  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={invalid ? invalidText : undefined}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** The link opened in another browser than it was asked for in: the address it was sent to, typed again. */
export function ConfirmEmail({ error, busy, onConfirm }: { error: string | null; busy: boolean; onConfirm: (email: string) => void }) {
  const heading = useReveal<HTMLHeadingElement>();
  return (
    <section aria-labelledby="confirm-email-heading" className="mt-8 rounded-lg border border-slate-300 p-6">
      <h2 id="confirm-email-heading" ref={heading} tabIndex={-1} className="outline-none">
        Confirm your email address
      </h2>
      <p className="mt-2">You opened the sign-in link on another device or browser than the one you asked for it on. Enter the address the link was sent to.</p>
      {error && (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <EmailAddressForm invalidText="Enter the address the link was sent to." busy={busy} submitLabel="Continue" busyLabel="Signing in…" onSubmit={onConfirm} />
    </section>
  );
}
