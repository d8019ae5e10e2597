// /my-abstracts: an author's abstracts, beside "my registration", signed in with the same email
// link. The list shows each one's state; the abstract being written is in the address
// (?abstract=ID), so a reload, or the sign-in link itself, comes back to it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, href, useSearchParams, type MetaFunction } from 'react-router';
import { EmailSignIn, SignedInAs } from '../../components/EmailSignIn.tsx';
import { FormAlert } from '../../components/fields.tsx';
import { formatDeadline } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { useAbstractCall } from '../../data/abstract-call.ts';
import { PRESENTATION_LABELS, callState, type Abstract, type AbstractCall } from '../../data/abstracts.ts';
import { newId } from '../../lib/db.ts';
import type { AbstractOutcome } from '../../data/abstract-decision.ts';
import { AbstractDecision } from './AbstractDecision.tsx';
import { AbstractForm } from './AbstractForm.tsx';
import { AbstractView } from './AbstractView.tsx';
import { myAbstractsKey, useMyAbstracts } from './my-abstracts.ts';

export const meta: MetaFunction = () =>
  pageMeta('My abstracts', 'Write, submit, edit or withdraw your abstracts for the National Cancer Summit, and see where each one stands.', { index: false });

const PATH = href('/my-abstracts');
/** An abstract's id as newId makes them: anything else in the address is ignored. */
const ID = /^[A-Za-z0-9]{20}$/;

function stateText(a: Abstract): string {
  if (a.status === 'withdrawn') return 'Withdrawn';
  if (a.status === 'submitted') return a.submittedAt ? `Submitted on ${formatDeadline(a.submittedAt)}` : 'Submitted';
  return 'Draft: not submitted yet';
}

function AbstractCard({
  item,
  outcome,
  call,
  open,
  onOpen,
}: {
  item: Abstract;
  outcome: AbstractOutcome | undefined;
  call: AbstractCall;
  open: boolean;
  onOpen: () => void;
}) {
  const title = item.title || 'Untitled abstract';
  const editable = open && item.status !== 'withdrawn';
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-lg">{title}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="text-slate-600">State</dt>
        <dd>
          <strong>{stateText(item)}</strong>
        </dd>
        <dt className="text-slate-600">Track</dt>
        <dd>{call.tracks[item.track] ?? '—'}</dd>
        <dt className="text-slate-600">Preference</dt>
        <dd>{PRESENTATION_LABELS[item.presentation]}</dd>
      </dl>
      {outcome && <AbstractDecision outcome={outcome} presenter={item.authors[item.presenting]} headingId={`decision-${item.id}`} />}
      <button type="button" className="btn-secondary mt-3" onClick={onOpen} aria-label={`${editable ? 'Edit' : 'Read'} “${title}”`}>
        {editable ? 'Edit' : 'Read'}
      </button>
    </li>
  );
}

function Signed({ email, call, onSignOut }: { email: string; call: AbstractCall; onSignOut: () => void }) {
  const client = useQueryClient();
  const mine = useMyAbstracts(email);
  const [params, setParams] = useSearchParams();
  const [message, setMessage] = useState('');
  const open = callState(call) === 'open';
  const chosen = params.get('abstract');
  const show = (id: string | null) => setParams(id ? { abstract: id } : {}, { replace: false });
  const done = (text: string) => {
    setMessage(text);
    show(null);
    void client.invalidateQueries({ queryKey: myAbstractsKey(email) });
  };

  if (mine.isPending) return <LoadingLine>Loading your abstracts…</LoadingLine>;
  if (mine.isError) return <FormAlert>We could not load your abstracts. Check your connection and reload the page.</FormAlert>;
  const { abstracts, outcomes } = mine.data;
  const current = chosen && ID.test(chosen) ? (abstracts.find((a) => a.id === chosen) ?? null) : null;
  return (
    <>
      <SignedInAs email={email} onSignOut={onSignOut} />
      <p role="status" className="mt-4 font-medium">
        {message}
      </p>
      {chosen && ID.test(chosen) ? (
        open && current?.status !== 'withdrawn' ? (
          <AbstractForm key={chosen} id={chosen} email={email} call={call} before={current} onDone={done} />
        ) : current ? (
          <AbstractView item={current} call={call} onBack={() => show(null)} />
        ) : (
          <FormAlert>The call for abstracts is not open, so a new abstract cannot be started.</FormAlert>
        )
      ) : (
        <section aria-labelledby="mine-heading" className="mt-6">
          <h2 id="mine-heading">Your abstracts</h2>
          {!open && (
            <p className="mt-3">
              {callState(call) === 'closed'
                ? `The call closed on ${call.closesAt ? formatDeadline(call.closesAt) : ''}: abstracts can no longer be changed.`
                : 'The call for abstracts is not open.'}{' '}
              <Link className="text-brand-700 underline" to={href('/abstracts')}>
                Read the call
              </Link>
            </p>
          )}
          {abstracts.length === 0 ? (
            <p className="mt-3">No abstract for {email} yet.</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {abstracts.map((item) => (
                <AbstractCard key={item.id} item={item} outcome={outcomes[item.id]} call={call} open={open} onOpen={() => show(item.id)} />
              ))}
            </ul>
          )}
          {open && (
            <button type="button" className="btn-primary mt-6" onClick={() => show(newId())}>
              Write a new abstract
            </button>
          )}
          <p className="mt-6">
            Attending too?{' '}
            <Link className="text-brand-700 underline" to={href('/my-registration')}>
              My registration
            </Link>
          </p>
        </section>
      )}
    </>
  );
}

export default function MyAbstractsPage() {
  const call = useAbstractCall();
  const client = useQueryClient();
  const [params] = useSearchParams();
  // The sign-in link returns to the abstract being written, if one was.
  const chosen = params.get('abstract');
  const path = chosen && ID.test(chosen) ? `${PATH}?abstract=${chosen}` : PATH;
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>My abstracts</h1>
      {call.isError ? (
        <FormAlert>We could not load this page. Check your connection and reload it.</FormAlert>
      ) : (
        <EmailSignIn
          path={path}
          intro="Enter the address you write to us from: your abstracts are kept under it."
          purpose="Open the link on this or another device to write and submit your abstracts."
          loading={call.isPending}
          onSignedOut={() => client.removeQueries({ queryKey: ['my-abstracts'] })}
        >
          {({ email, signOut }) => call.data && <Signed email={email} call={call.data} onSignOut={signOut} />}
        </EmailSignIn>
      )}
    </div>
  );
}
