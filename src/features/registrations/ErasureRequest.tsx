// "Erase my data", in "my registration": the signed-in owner asks for erasure of everything held
// about their address (firestore.rules: ownerAsksErasure; one request per mailbox, asked again only
// once the last was answered), choosing whether an issued certificate stays verifiable. Staff
// answer it from the Data requests screen; the "received" email goes in the same commit as the ask.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { CheckboxField, FormAlert } from '../../components/fields.tsx';
import { formatDate } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { askErasureWrites, dueDate, erasureRequestId, toDataRequest, type DataRequest } from '../../data/data-requests.ts';
import { responseDays } from '../../content/response-days.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { db } from '../../lib/data.ts';
import { myRegistrationKey } from './my-registration.ts';

const erasureKey = (email: string) => [...myRegistrationKey(email), 'erasure'] as const;

/** The owner's erasure request (null when they never asked); the rules let them read only their own. */
async function fetchOwnErasure(email: string): Promise<DataRequest | null> {
  const id = await erasureRequestId(email);
  const stored = await db.fetchDocument<Record<string, unknown>>('dataRequests', id);
  return stored ? toDataRequest({ ...stored, id }) : null;
}

/** With the response time settings/site holds now (the rules compare it with theirs, and the page's copy may be older). */
async function askForErasure(email: string, keepCertificate: boolean, previous: DataRequest | null) {
  const days = responseDays(await db.fetchDocument('settings', 'site'));
  await db.commit(askErasureWrites(await erasureRequestId(email), email, keepCertificate, days, previous));
}

export function ErasureRequest({ email, settings }: { email: string; settings: SiteSettings }) {
  const client = useQueryClient();
  const request = useQuery({ queryKey: erasureKey(email), queryFn: () => fetchOwnErasure(email), staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const [keepCertificate, setKeepCertificate] = useState(true);
  const days = responseDays(settings);
  const ask = useMutation({
    mutationFn: () => askForErasure(email, keepCertificate, request.data ?? null),
    onSuccess: () => {
      moved.current = false;
      setConfirming(false);
      void client.invalidateQueries({ queryKey: erasureKey(email) });
    },
  });
  const explainId = useId();
  // Focus follows the choice: into the confirmation when it opens, back to its button when kept.
  const opener = useRef<HTMLButtonElement>(null);
  const warning = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? warning.current : opener.current)?.focus();
  }, [confirming]);
  const choose = (open: boolean) => {
    moved.current = true;
    setConfirming(open);
  };
  const r = request.data;
  const open = r && (r.status === 'received' || r.status === 'approved');
  return (
    <section aria-labelledby="erasure-heading" className="mt-10">
      <h2 id="erasure-heading">Erase my data</h2>
      {request.isPending ? (
        <LoadingLine>Checking for an erasure request…</LoadingLine>
      ) : request.isError ? (
        <FormAlert>We could not check for an erasure request. Check your connection and reload the page.</FormAlert>
      ) : (
        <div className="mt-4 rounded-lg border border-slate-200 p-4">
          {r && <RequestState request={r} />}
          {!open && !confirming && (
            <>
              <p id={explainId}>
                You may ask us to erase what we hold about {email}: your registrations, waiting-list entry, drafts, emails, payment details, and any messages
                and pledges you sent us. What the law requires us to keep for money received (amounts, dates, receipts and invoices) stays, without your contact
                details. We answer within {days} days.
              </p>
              <button ref={opener} type="button" className="btn-secondary mt-3" aria-describedby={explainId} onClick={() => choose(true)}>
                Ask for erasure…
              </button>
            </>
          )}
          {!open && confirming && (
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                ask.mutate();
              }}
            >
              <p ref={warning} tabIndex={-1}>
                <strong>This cannot be undone.</strong> Once staff carry it out, your registration no longer shows here and your ticket stops working.
              </p>
              <CheckboxField
                label="Keep my CPD certificate verifiable (its number and my name stay checkable by anyone I give it to)"
                checked={keepCertificate}
                onChange={(e) => setKeepCertificate(e.currentTarget.checked)}
              />
              {ask.isError && <FormAlert>We could not send your request. Check your connection and try again.</FormAlert>}
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary" disabled={ask.isPending}>
                  {ask.isPending ? 'Sending…' : 'Ask for erasure'}
                </button>
                <button type="button" className="btn-secondary" disabled={ask.isPending} onClick={() => choose(false)}>
                  Keep my data
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </section>
  );
}

function RequestState({ request: r }: { request: DataRequest }) {
  if (r.status === 'received')
    return (
      <p role="status">
        We received your erasure request on {formatDate(r.createdAt)} and will answer by {formatDate(dueDate(r))}. We emailed you its reference.
      </p>
    );
  if (r.status === 'approved') return <p role="status">Your erasure request was approved and is being carried out.</p>;
  if (r.status === 'done') return <p className="mb-3">Your erasure request of {formatDate(r.createdAt)} was carried out.</p>;
  return (
    <p className="mb-3">
      Your erasure request of {formatDate(r.createdAt)} was refused: <span className="break-words">{r.reason}</span>
    </p>
  );
}
