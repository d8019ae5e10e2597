import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useMatches, useNavigate, useSearchParams, type MetaFunction } from 'react-router';
import { z } from 'zod';
import { describeAuthError, passwordProblems, signInWithGoogle, signInWithPassword, type AuthProblem } from '../../lib/auth.ts';
import { staffReturnPath } from '../../lib/auth-paths.ts';
import { TextField } from '../../components/TextField.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { ForgotPassword } from './ForgotPassword.tsx';

export const meta: MetaFunction = () => pageMeta('Staff sign-in', undefined, { index: false });

const schema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').email('Enter a valid email address, like name@example.org.'),
  password: z.string().min(1, 'Enter your password.'),
});
type Credentials = z.infer<typeof schema>;

const MESSAGES: Record<AuthProblem, string> = {
  unverified: 'Your email address is not confirmed yet. We have just emailed you a link: open it, then sign in here again.',
  'wrong-credentials': 'Email or password is incorrect.',
  'weak-password': 'That password does not meet the password policy.',
  'too-many-attempts': 'Too many attempts. Wait a few minutes and try again.',
  network: 'We could not reach the sign-in service. Check your connection and try again.',
  'popup-closed': 'The Google sign-in window was closed before finishing.',
  unknown: 'Sign-in failed. Please try again.',
};

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const isStaffLogin = useMatches().at(-1)?.id === 'admin-login';
  const { from, sessionEnded } = (location.state as { from?: unknown; sessionEnded?: boolean } | null) ?? {};
  // The links in Firebase's emails come back here with the address (auth-accounts.ts).
  const [params] = useSearchParams();
  const invitedEmail = params.get('email') ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, getValues } = useForm<Credentials>({
    resolver: zodResolver(schema),
    shouldFocusError: true,
    defaultValues: { email: invitedEmail, password: '' },
  });

  // Back to the back-office page the admin gate was asked for; never off-site or outside /admin.
  const done = () => navigate(staffReturnPath(from), { replace: true });
  const fail = (error: unknown) => setProblem(MESSAGES[describeAuthError(error)]);

  return (
    <div className="container-page max-w-md py-12">
      <h1>{isStaffLogin ? 'Staff sign-in' : 'Sign in'}</h1>
      <p className="mt-2 text-slate-700">Sign in to the summit back office.</p>
      {sessionEnded && (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Your session has ended (it expired, or your access was withdrawn). Sign in again to continue.
        </p>
      )}
      <form
        className="mt-8 space-y-5"
        noValidate
        onSubmit={handleSubmit(async ({ email, password }) => {
          setProblem(null);
          // The project's password policy (Firebase's validatePassword): no round trip for a
          // password that could not be right.
          const unmet = await passwordProblems(password);
          if (unmet.length) {
            setError('password', { message: `Passwords here have ${unmet.join(', ')}.` }, { shouldFocus: true });
            return;
          }
          try {
            await signInWithPassword(email, password);
            done();
          } catch (error) {
            fail(error);
          }
        })}
      >
        {problem && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {problem}
          </p>
        )}
        <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={!!invitedEmail}
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <button className="btn-primary w-full" type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ForgotPassword typedEmail={() => getValues('email') ?? ''} />
      <div className="mt-6 border-t border-slate-200 pt-6">
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={async () => {
            setProblem(null);
            try {
              await signInWithGoogle();
              done();
            } catch (error) {
              fail(error);
            }
          }}
        >
          Continue with Google
        </button>
      </div>
    </div>
  );
}
