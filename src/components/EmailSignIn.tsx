// A page about the signed-in attendee ("my registration", "my abstracts"): it finds out whether
// someone is signed in, asks for an email link when nobody is, completes the link when the page
// is opened with one (asking the address again on another device), and then shows the page's own
// content for that address. The sign-in module (lib/email-link.ts, with the Auth SDK) is loaded as
// the page opens: the page is about the attendee.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { emailLinkProblemText, loadEmailLink, openedWithSignInLink } from '../lib/sign-in-link.ts';
import { CheckEmail, ConfirmEmail, EmailAddressForm } from './EmailLinkPanels.tsx';
import { FormAlert } from './fields.tsx';
import { LoadingLine } from './LoadingLine.tsx';

type Phase =
  | { kind: 'checking' }
  | { kind: 'signed-out'; email: string; error: string | null }
  | { kind: 'sent'; email: string }
  | { kind: 'confirm-email'; error: string | null }
  | { kind: 'signed-in'; email: string };

function AskForLink({
  path,
  intro,
  initial,
  error,
  onSent,
}: {
  path: string;
  intro: string;
  initial: string;
  error: string | null;
  onSent: (email: string) => void;
}) {
  const send = useMutation({
    mutationFn: async (address: string) => (await loadEmailLink()).sendAttendeeLink(address, path),
    onSuccess: (_, address) => onSent(address),
  });
  return (
    <section aria-labelledby="sign-in-heading" className="mt-8 max-w-xl">
      <h2 id="sign-in-heading">Sign in with your email</h2>
      <p className="mt-2 text-slate-700">{intro} We email you a link that signs you in: no password needed.</p>
      {(error || send.isError) && (
        <div className="mt-4">
          <FormAlert>{error ?? 'We could not send the sign-in link. Check your connection and try again.'}</FormAlert>
        </div>
      )}
      <EmailAddressForm
        initial={initial}
        invalidText="Enter your email address, like name@example.org."
        busy={send.isPending}
        submitLabel="Email me a sign-in link"
        busyLabel="Sending…"
        onSubmit={(address) => send.mutate(address)}
      />
    </section>
  );
}

export interface EmailSignInProps {
  /** This page's path: the link returns here. */
  path: string;
  /** Which address to give ("Enter the address you registered with."). */
  intro: string;
  /** What opening the link shows ("Open the link on this or another device to see your registration."). */
  purpose: string;
  /** The page's other data is still loading: the sign-in waits with it. */
  loading?: boolean;
  /** After signing out (a page forgets what it read for the address). */
  onSignedOut?: () => void;
  /** The page for the signed-in address (lower case, as the rules read it). */
  children: (session: { email: string; signOut: () => void }) => ReactNode;
}

export function EmailSignIn({ path, intro, purpose, loading = false, onSignedOut, children }: EmailSignInProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  // The address the page opened at: the link's parameters are removed from it once used.
  const linkHref = useRef(typeof location === 'undefined' ? '' : location.href);

  // The page's path may change while it is open (an abstract chosen): the link returns to the latest.
  const pathNow = useRef(path);
  pathNow.current = path;

  const completeSignIn = useCallback(async (email: string) => {
    const link = await loadEmailLink();
    setBusy(true);
    try {
      const attendee = await link.completeAttendeeSignIn(email, linkHref.current);
      history.replaceState(history.state, '', pathNow.current);
      setPhase({ kind: 'signed-in', email: attendee.email });
    } catch (error) {
      const problem = link.describeEmailLinkError(error);
      if (problem === 'wrong-email') return setPhase({ kind: 'confirm-email', error: emailLinkProblemText(problem) });
      history.replaceState(history.state, '', pathNow.current);
      setPhase({ kind: 'signed-out', email, error: emailLinkProblemText(problem) });
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const link = await loadEmailLink();
        if (!live) return;
        if (openedWithSignInLink(linkHref.current) && link.isAttendeeLink(linkHref.current)) {
          const stored = link.storedAttendeeEmail();
          if (stored) return void completeSignIn(stored);
          return setPhase({ kind: 'confirm-email', error: null });
        }
        const session = await link.attendeeSession();
        if (live) setPhase(session ? { kind: 'signed-in', email: session.email } : { kind: 'signed-out', email: '', error: null });
      } catch {
        if (live) setPhase({ kind: 'signed-out', email: '', error: 'We could not reach the sign-in service. Check your connection and reload the page.' });
      }
    })();
    return () => {
      live = false;
    };
  }, [completeSignIn]);

  const signOut = async () => {
    await (await loadEmailLink()).signOutAttendee().catch(() => undefined);
    onSignedOut?.();
    setPhase({ kind: 'signed-out', email: '', error: null });
  };

  if (phase.kind === 'checking' || loading) return <LoadingLine>Checking whether you are signed in…</LoadingLine>;
  switch (phase.kind) {
    case 'signed-out':
      return <AskForLink path={path} intro={intro} initial={phase.email} error={phase.error} onSent={(email) => setPhase({ kind: 'sent', email })} />;
    case 'sent':
      return (
        <CheckEmail
          email={phase.email}
          purpose={purpose}
          onResend={async () => (await loadEmailLink()).sendAttendeeLink(phase.email, pathNow.current)}
          onChangeAddress={() => setPhase({ kind: 'signed-out', email: phase.email, error: null })}
        />
      );
    case 'confirm-email':
      return <ConfirmEmail error={phase.error} busy={busy} onConfirm={(email) => void completeSignIn(email)} />;
    case 'signed-in':
      return children({ email: phase.email, signOut: () => void signOut() });
  }
}

/** "Signed in as …" with its sign-out button, at the top of such a page. */
export function SignedInAs({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-4">
      <p>
        Signed in as <strong>{email}</strong>
      </p>
      <button type="button" className="btn-secondary" onClick={onSignOut}>
        Sign out
      </button>
    </div>
  );
}
