// Abstracts › Programme: the accepted abstracts (decided oral or poster) and where each stands.
// Administrators publish the ones not yet published (their public copy: firestore.rules checks it
// against the abstract and its decision), in commits within the rules' read budget, with progress;
// place each published one in a programme session at a place in its running order, or take it out;
// and unpublish one after a confirmation. Every write moves the public content version, so the
// programme, the abstract book and each abstract's page are read again by their visitors.
import { useRef, useState, type Ref } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert, SelectField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useAbstractCall } from '../../../data/abstract-call.ts';
import { PRESENTATION_LABELS, type AbstractCall } from '../../../data/abstracts.ts';
import { LAST_SESSION_ORDER, placeWrite, unpublishWrites, type PublishedAbstract, type ToPublish } from '../../../data/published-abstracts.ts';
import { publishedKey } from '../../../data/published-abstract-queries.ts';
import { RunStopped, useCommitRun } from './commit-run.ts';
import { acceptedRows, nextPlace, placement, publishRun, runningOrder, sessionLabel, toPublish, unpublishable, type AcceptedRow } from './programme.ts';
import { publishedAdminKey, useProgrammeSessions, usePublishedListings, type ProgrammeSession } from './programme-reads.ts';
import { useDecisions } from './review-reads.ts';
import { useSubmitted } from './submitted.ts';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
/** What a change to a published abstract makes stale: this screen's list and the public pages' reads. */
const CHANGED = [publishedAdminKey, publishedKey];

export default function ProgrammePage() {
  const call = useAbstractCall();
  const submitted = useSubmitted();
  const decisions = useDecisions();
  const listings = usePublishedListings();
  const sessions = useProgrammeSessions();
  const queries = [call, submitted, decisions, listings, sessions];
  // The five reads as one loadable: the screen needs them all.
  const all = {
    isPending: queries.some((q) => q.isPending),
    isError: queries.some((q) => q.isError),
    data:
      call.data && submitted.data && decisions.data && listings.data && sessions.data
        ? { call: call.data, rows: acceptedRows(submitted.data, decisions.data, listings.data), listings: listings.data, sessions: sessions.data }
        : undefined,
    refetch: () => Promise.all(queries.map((q) => q.refetch())),
  };
  return (
    <div>
      <AdminHeader
        title="Abstracts in the programme"
        summary="Publish the accepted abstracts (the programme, the abstract book and each abstract’s page show them), place each in a programme session, or take one off."
      >
        <Link className="btn-secondary" to={href('/admin/abstracts')}>
          Back to the abstracts
        </Link>
        <Link className="btn-secondary" to={href('/admin/programme')}>
          Programme sessions
        </Link>
      </AdminHeader>
      <QueryState
        query={all}
        noun="accepted abstracts and the programme"
        isEmpty={(data) => data.rows.length === 0}
        empty="No abstract has been accepted yet: the committee decides under Abstracts."
      >
        {(data) => <Programme {...data} />}
      </QueryState>
    </div>
  );
}

interface Data {
  call: AbstractCall;
  rows: AcceptedRow[];
  listings: PublishedAbstract[];
  sessions: ProgrammeSession[];
}

function Programme({ call, rows, listings, sessions }: Data) {
  const [placingId, setPlacingId] = useState('');
  const placingSelect = useRef<HTMLSelectElement>(null);
  const published = rows.filter((r) => r.listing);
  const placed = published.filter((r) => r.listing!.sessionId !== '').length;
  const accepted = rows.filter((r) => r.outcome);
  const orphans = rows.length - accepted.length;
  const place = (id: string) => {
    setPlacingId(id);
    placingSelect.current?.focus();
  };
  return (
    <>
      <p className="mt-6">
        {count(accepted.length, 'accepted abstract')} ({accepted.filter((r) => r.outcome === 'oral').length.toLocaleString('en')} oral,{' '}
        {accepted.filter((r) => r.outcome === 'poster').length.toLocaleString('en')} poster): {published.length.toLocaleString('en')} published,{' '}
        {placed.toLocaleString('en')} of them in a session.
        {orphans > 0 &&
          ` ${count(orphans, 'published copy', 'published copies')} with no accepting decision on record (withdrawn or erased since, or published elsewhere).`}
      </p>
      <Publishing rows={rows} />
      <DataTable
        caption="Accepted abstracts"
        rows={rows}
        columns={[
          { header: 'Title', cell: (r) => r.title },
          { header: 'Presenting', cell: (r) => (r.abstract ?? r.listing)?.authors[(r.abstract ?? r.listing)!.presenting] ?? '—' },
          { header: 'Track', cell: (r) => call.tracks[(r.abstract ?? r.listing)?.track ?? ''] ?? '—' },
          {
            header: 'Accepted as',
            cell: (r) => (r.outcome ? PRESENTATION_LABELS[r.outcome] : `${PRESENTATION_LABELS[r.listing!.presentation]}, no decision on record`),
          },
          { header: 'Publication', cell: (r) => (r.listing ? placement(r.listing, sessions) : unpublishable(r) || 'Not published') },
          {
            header: 'Actions',
            cell: (r) =>
              r.listing ? (
                <button type="button" className="btn-secondary" aria-label={`Place “${r.title}”`} onClick={() => place(r.id)}>
                  Place
                </button>
              ) : null,
          },
        ]}
      />
      <Placing rows={published} listings={listings} sessions={sessions} chosen={placingId} onChoose={setPlacingId} selectRef={placingSelect} />
    </>
  );
}

/** "Publish N accepted abstracts": those not yet published, a run of commits with progress. */
function Publishing({ rows }: { rows: AcceptedRow[] }) {
  const pending = toPublish(rows);
  const [done, setDone] = useState<number | null>(null);
  const run = useCommitRun((items: readonly ToPublish[], by: string) => publishRun(items, by), CHANGED);
  const stopped = run.error instanceof RunStopped ? run.error.progress : null;
  const publish = () => {
    setDone(null);
    run.mutate(pending, { onSuccess: (at) => setDone(at.stored) });
  };
  const status = run.isPending
    ? run.progress
      ? `Publishing: ${run.progress.done} of ${count(run.progress.total, 'commit')} done (${count(run.progress.stored, 'abstract')} published).`
      : 'Publishing…'
    : done !== null
      ? `Published ${count(done, 'abstract')}.`
      : '';
  return (
    <section aria-labelledby="publish-heading" className="mt-6">
      <h2 id="publish-heading">Publish</h2>
      <p className="mt-2 max-w-prose">
        Publishing copies an accepted abstract as the author submitted it, without their address or conflicts statement, under the presentation the committee
        chose. It is not yet in a session.
      </p>
      {pending.length > 0 ? (
        <button type="button" className="btn-primary mt-3" onClick={publish} disabled={run.isPending}>
          Publish {count(pending.length, 'accepted abstract')}
        </button>
      ) : (
        !run.isPending && <p className="mt-3">Every accepted abstract that can be published is published.</p>
      )}
      {/* The live region stays in place, so each progress step is announced. */}
      <p role="status" className="mt-3">
        {status}
      </p>
      {run.isError && (
        <FormAlert>
          {stopped
            ? `Stopped after ${stopped.done} of ${count(stopped.total, 'commit')}: ${count(stopped.stored, 'abstract')} published, the rest not. `
            : 'The abstracts could not be published. '}
          Check your connection, then press “Publish” again: it publishes only those not yet published.
        </FormAlert>
      )}
    </section>
  );
}

function usePlace() {
  return useStaffWrites<{ id: string; sessionId: string; order: number }>({
    writes: ({ id, sessionId, order }) => [placeWrite(id, sessionId, order)],
    log: ({ id, sessionId, order }) =>
      sessionId ? `Placed abstract ${id} in session ${sessionId}, place ${order + 1}` : `Took abstract ${id} out of its session`,
    invalidate: CHANGED,
  });
}

function useUnpublish() {
  return useStaffWrites<{ id: string }>({
    writes: ({ id }) => unpublishWrites(id),
    log: ({ id }) => `Unpublished abstract ${id}`,
    invalidate: CHANGED,
  });
}

/** One published abstract: its session and place, out of its session, or unpublished. */
function Placing({
  rows,
  listings,
  sessions,
  chosen,
  onChoose,
  selectRef,
}: {
  rows: AcceptedRow[];
  listings: PublishedAbstract[];
  sessions: ProgrammeSession[];
  chosen: string;
  onChoose: (id: string) => void;
  selectRef: Ref<HTMLSelectElement>;
}) {
  const row = rows.find((r) => r.id === chosen);
  return (
    <section aria-labelledby="placing-heading" className="mt-8">
      <h2 id="placing-heading">Place in the programme</h2>
      {rows.length === 0 ? (
        <p className="mt-2">Nothing is published yet: publish the accepted abstracts first.</p>
      ) : (
        <div className="mt-3 max-w-xl">
          <SelectField
            ref={selectRef}
            label="Published abstract"
            options={rows.map((r) => ({ value: r.id, label: r.title }))}
            value={chosen}
            onChange={(e) => onChoose(e.target.value)}
          />
        </div>
      )}
      {row?.listing && <PlacementForm key={row.id} listing={row.listing} listings={listings} sessions={sessions} onGone={() => onChoose('')} />}
    </section>
  );
}

function PlacementForm({
  listing,
  listings,
  sessions,
  onGone,
}: {
  listing: PublishedAbstract;
  listings: PublishedAbstract[];
  sessions: ProgrammeSession[];
  onGone: () => void;
}) {
  const [sessionId, setSessionId] = useState(listing.sessionId);
  const [place, setPlace] = useState(String((listing.sessionId ? listing.sessionOrder : 0) + 1));
  const [problem, setProblem] = useState<{ session?: string; place?: string }>({});
  const [saved, setSaved] = useState('');
  const placeIt = usePlace();
  const unpublish = useUnpublish();
  const order = runningOrder(listings, sessionId);

  const chooseSession = (id: string) => {
    setSessionId(id);
    setProblem({});
    // In its own session it keeps its place; elsewhere it goes after the last.
    setPlace(String((id === listing.sessionId ? listing.sessionOrder : nextPlace(listings, id, listing.id)) + 1));
  };
  const save = () => {
    setProblem({});
    setSaved('');
    const n = Number(place.trim());
    if (!sessionId) return setProblem({ session: 'Choose a session.' });
    if (!/^\d+$/.test(place.trim()) || n < 1 || n > LAST_SESSION_ORDER + 1) return setProblem({ place: `Enter a place from 1 to ${LAST_SESSION_ORDER + 1}.` });
    placeIt.mutate({ id: listing.id, sessionId, order: n - 1 }, { onSuccess: () => setSaved(`Placed in the session at place ${n}.`) });
  };
  const takeOut = () => {
    setProblem({});
    setSaved('');
    placeIt.mutate(
      { id: listing.id, sessionId: '', order: 0 },
      {
        onSuccess: () => {
          setSessionId('');
          setPlace('1');
          setSaved('Taken out of its session.');
        },
      },
    );
  };
  return (
    <div className="mt-4 rounded-lg border border-slate-200 p-4">
      <h3>{listing.title}</h3>
      <p className="mt-1">
        {placement(listing, sessions)} · {PRESENTATION_LABELS[listing.presentation]}
      </p>
      {sessions.length === 0 ? (
        <p className="mt-3">No programme session yet: add them under Programme.</p>
      ) : (
        <div className="mt-3 grid max-w-xl gap-3">
          <SelectField
            label="Session"
            options={sessions.map((s) => ({ value: s.id, label: sessionLabel(s) }))}
            value={sessionId}
            error={problem.session}
            onChange={(e) => chooseSession(e.target.value)}
          />
          <TextField
            label="Place in the session’s running order"
            hint={
              order.length
                ? `1 is first. In this session now: ${order.map((l) => `${l.sessionOrder + 1}. ${l.title}`).join('; ')}.`
                : '1 is first. Nothing is in this session yet.'
            }
            inputMode="numeric"
            error={problem.place}
            value={place}
            onChange={(e) => setPlace(e.target.value)}
          />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {sessions.length > 0 && (
          <button type="button" className="btn-primary" onClick={save} disabled={placeIt.isPending}>
            Place in the session
          </button>
        )}
        {listing.sessionId !== '' && (
          <button type="button" className="btn-secondary" onClick={takeOut} disabled={placeIt.isPending}>
            Take out of its session
          </button>
        )}
        <ConfirmButton
          label={`Unpublish “${listing.title}”`}
          question={`Unpublish “${listing.title}”?`}
          detail="It leaves the programme, the abstract book and its own page. Its decision stays: you can publish it again."
          confirmLabel="Unpublish"
          disabled={unpublish.isPending}
          onConfirm={() => unpublish.mutate({ id: listing.id }, { onSuccess: onGone })}
        >
          Unpublish
        </ConfirmButton>
      </div>
      <p role="status" className="mt-3">
        {saved}
      </p>
      {(problem.session || problem.place) && (
        <div className="mt-3">
          <FormAlert>{problem.session ?? problem.place}</FormAlert>
        </div>
      )}
      {(placeIt.isError || unpublish.isError) && (
        <div className="mt-3">
          <FormAlert>The change could not be stored. Check your connection, then try again.</FormAlert>
        </div>
      )}
    </div>
  );
}
