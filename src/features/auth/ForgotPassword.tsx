import { useId, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../components/fields.tsx';
import { TextField } from '../../components/TextField.tsx';

const emailSchema = z.string().trim().min(1, 'Enter your email address.').pipe(z.email('Enter a valid email address, like name@example.org.'));

/**
 * "Forgot your password?": Firebase's own password-reset email, whose link sets a new password on
 * our action page. It says the same whether or not the address has an account, so the form cannot
 * be used to find out who is staff.
 */
/** `typedEmail` reads what the sign-in form holds when this opens, so nobody types it twice. */
export function ForgotPassword({ typedEmail }: { typedEmail: () => string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [sentTo, setSentTo] = useState('');
  const outcome = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(undefined);
    setState('sending');
    // The address the message names is the one sent to, not whatever the field holds as it is edited.
    setSentTo(parsed.data);
    try {
      const { sendPasswordReset } = await import('../../lib/auth-accounts.ts');
      await sendPasswordReset(parsed.data);
      setState('sent');
    } catch (failure) {
      // No account for the address: say what we say for one that has an account.
      setState((failure as { code?: string }).code === 'auth/user-not-found' ? 'sent' : 'failed');
    }
    requestAnimationFrame(() => outcome.current?.focus());
  };

  if (!open) {
    return (
      <button
        type="button"
        className="mt-4 text-sm font-medium text-brand-700 underline"
        onClick={() => {
          setEmail(typedEmail().trim());
          setOpen(true);
        }}
      >
        Forgot your password? Set a new one
      </button>
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 id={headingId} className="text-lg">
        Set a new password
      </h2>
      <p className="mt-1 text-sm text-slate-700">We email you a link to choose a new password. Invited staff use this too if their invitation expired.</p>
      <div ref={outcome} tabIndex={-1} className="mt-3 outline-none">
        {state === 'sent' && (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            If {sentTo} has a staff account, a link to set a new password is on its way. It works once, within an hour. Check spam if it does not arrive.
          </p>
        )}
        {state === 'failed' && <FormAlert>The email could not be sent. Check your connection and try again.</FormAlert>}
      </div>
      <form noValidate onSubmit={submit} className="mt-3 space-y-3">
        <TextField label="Your email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} autoFocus />
        <button type="submit" className="btn-secondary" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Email me a link'}
        </button>
      </form>
    </section>
  );
}
