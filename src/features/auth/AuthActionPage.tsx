// Where the links in Firebase Auth's emails land (the project's custom action URL): set a password
// (an invitation or "forgot password") or confirm an email address. Each link works once.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, href, useNavigate, useSearchParams, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { TextField } from '../../components/TextField.tsx';
import { confirmEmail, describeLinkError, emailOfResetCode, setNewPassword, SIGN_IN_PATH, type LinkProblem } from '../../lib/auth-accounts.ts';
import { describeAuthError, passwordProblems, signInWithPassword } from '../../lib/auth.ts';

export const meta: MetaFunction = () => pageMeta('Your staff account', undefined, { index: false });

const LINK_MESSAGES: Record<LinkProblem, string> = {
  expired: 'This link has expired.',
  'used-or-invalid': 'This link has already been used, or it is not complete (an email program may have cut it).',
  network: 'We could not reach the sign-in service. Check your connection and reload this page.',
  unknown: 'This link could not be opened.',
};

export default function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? '';
  return (
    <div className="container-page max-w-md py-12">
      {mode === 'resetPassword' && code ? (
        <SetPassword code={code} />
      ) : mode === 'verifyEmail' && code ? (
        <ConfirmEmail code={code} />
      ) : (
        <Outcome title="This link is not complete">
          <FormAlert>{LINK_MESSAGES['used-or-invalid']}</FormAlert>
          <NewLinkHint />
        </Outcome>
      )}
    </div>
  );
}

/** A heading that takes focus, so a screen reader starts at the result. */
function Outcome({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="outline-none">
        {title}
      </h1>
      <div className="mt-4 space-y-4">{children}</div>
    </>
  );
}

function NewLinkHint() {
  return (
    <p className="text-slate-700">
      Ask for a new one on the <Link to={SIGN_IN_PATH}>staff sign-in page</Link> (“Forgot your password?”), or ask an administrator to send your invitation
      again.
    </p>
  );
}

function SetPassword({ code }: { code: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'editing' | 'saving' | 'saved'>('editing');
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailOfResetCode(code).then(setEmail, (error: unknown) => setLinkProblem(describeLinkError(error)));
  }, [code]);

  if (linkProblem) {
    return (
      <Outcome title="This link cannot be used">
        <FormAlert>{LINK_MESSAGES[linkProblem]}</FormAlert>
        <NewLinkHint />
      </Outcome>
    );
  }
  if (email === null) return <p className="text-slate-600">Checking your link…</p>;
  if (state === 'saved') {
    return (
      <Outcome title="Your password is set">
        <p className="text-slate-700">
          Sign in with {email} and your new password on the <Link to={`${SIGN_IN_PATH}?email=${encodeURIComponent(email)}`}>staff sign-in page</Link>.
        </p>
      </Outcome>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const unmet = await passwordProblems(password);
    const next = {
      password: !password ? 'Choose a password.' : unmet.length ? `Passwords here have ${unmet.join(', ')}.` : undefined,
      repeat: repeat !== password ? 'The two passwords are not the same.' : undefined,
    };
    setErrors(next);
    if (next.password || next.repeat) {
      passwordInput.current?.focus();
      return;
    }
    setState('saving');
    try {
      await setNewPassword(code, password);
    } catch (error) {
      setState('editing');
      const problem = describeLinkError(error);
      if (problem === 'unknown' && describeAuthError(error) === 'weak-password') setErrors({ password: 'That password does not meet the password policy.' });
      else setFailure(LINK_MESSAGES[problem]);
      return;
    }
    // Setting the password through the emailed link has verified the address: straight in.
    try {
      await signInWithPassword(email, password);
      navigate(href('/admin'), { replace: true });
    } catch {
      setState('saved');
    }
  };

  return (
    <Outcome title="Choose your password">
      <p className="text-slate-700">
        For the summit back office account <strong className="break-all">{email}</strong>.
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <form noValidate onSubmit={submit} className="space-y-4">
        {/* Lets password managers save the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          ref={passwordInput}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters. A long phrase is easy to remember and hard to guess."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <TextField
          label="The same password again"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={errors.repeat}
        />
        <button type="submit" className="btn-primary w-full" disabled={state === 'saving'}>
          {state === 'saving' ? 'Saving…' : 'Set password and sign in'}
        </button>
      </form>
    </Outcome>
  );
}

function ConfirmEmail({ code }: { code: string }) {
  const [state, setState] = useState<'checking' | 'confirmed' | LinkProblem>('checking');
  useEffect(() => {
    confirmEmail(code).then(
      () => setState('confirmed'),
      (error: unknown) => setState(describeLinkError(error)),
    );
  }, [code]);
  if (state === 'checking') return <p className="text-slate-600">Confirming your email address…</p>;
  if (state === 'confirmed') {
    return (
      <Outcome title="Your email address is confirmed">
        <p className="text-slate-700">
          You can now <Link to={SIGN_IN_PATH}>sign in to the back office</Link>.
        </p>
      </Outcome>
    );
  }
  return (
    <Outcome title="This link cannot be used">
      <FormAlert>{LINK_MESSAGES[state]}</FormAlert>
      <p className="text-slate-700">
        Sign in on the <Link to={SIGN_IN_PATH}>staff sign-in page</Link>: if your address still needs confirming, we send a new link.
      </p>
    </Outcome>
  );
}
