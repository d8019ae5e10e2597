// Abstracts › Assign reviewers: once the call has closed, administrators give each submitted
// abstract the call's number of reviewers from its track, automatically (previewed in the browser
// before anything is stored) or one by hand, and take one away. The rules accept assignments only
// after the call has closed (the copy a reviewer reads must stay equal to the abstract), so the
// screen refuses before then rather than let every commit fail.
import { useMemo, useState } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert, SelectField } from '../../../components/fields.tsx';
import { formatDeadline } from '../../../components/format.ts';
import { useAbstractCall } from '../../../data/abstract-call.ts';
import { assignReviewers, conflicted, type AssignmentResult, type ReviewerProfile } from '../../../data/abstract-assignment.ts';
import { assignWrite, unassignWrite } from '../../../data/abstract-review.ts';
import { callState, type Abstract, type AbstractCall } from '../../../data/abstracts.ts';
import { RunStopped, useAssignmentRun } from './assign-commits.ts';
import { assignmentsKey, useAssignments, useReviewers, type AssignmentRow } from './review-reads.ts';
import { useSubmitted } from './submitted.ts';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export default function AssignPage() {
  const call = useAbstractCall();
  const submitted = useSubmitted();
  const reviewers = useReviewers();
  const assignments = useAssignments();
  // The three lists as one loadable: the screen needs them all.
  const all = {
    isPending: submitted.isPending || reviewers.isPending || assignments.isPending || call.isPending,
    isError: submitted.isError || reviewers.isError || assignments.isError || call.isError,
    data:
      submitted.data && reviewers.data && assignments.data && call.data
        ? { submitted: submitted.data, reviewers: reviewers.data, assignments: assignments.data, call: call.data }
        : undefined,
    refetch: () => Promise.all([submitted.refetch(), reviewers.refetch(), assignments.refetch(), call.refetch()]),
  };
  return (
    <div>
      <AdminHeader
        title="Assign reviewers"
        summary="Each submitted abstract gets the call’s number of reviewers from its track, never one from an author’s institution: automatically, with a preview first, or one by hand."
      >
        <Link className="btn-secondary" to={href('/admin/abstracts')}>
          Back to the abstracts
        </Link>
      </AdminHeader>
      <QueryState query={all} noun="the abstracts, reviewers and assignments">
        {(data) => {
          const state = callState(data.call);
          if (state !== 'closed')
            return (
              <p role="status" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3">
                {state === 'open'
                  ? `The call is open until ${formatDeadline(data.call.closesAt!)}. Reviewers can be assigned once it has closed: until then authors may still change or withdraw their abstracts.`
                  : 'The call has not run yet. Reviewers can be assigned once it has closed.'}
              </p>
            );
          return <Assigning {...data} />;
        }}
      </QueryState>
    </div>
  );
}

interface Data {
  submitted: Abstract[];
  reviewers: ReviewerProfile[];
  assignments: AssignmentRow[];
  call: AbstractCall;
}

function Assigning({ submitted, reviewers, assignments, call }: Data) {
  const perAbstract = call.reviewersPerAbstract;
  const loads = useMemo(() => {
    const m = new Map<string, number>();
    for (const a of assignments) m.set(a.reviewer, (m.get(a.reviewer) ?? 0) + 1);
    return m;
  }, [assignments]);
  const staffed = useMemo(() => {
    const per = new Map<string, number>();
    for (const a of assignments) per.set(a.abstractId, (per.get(a.abstractId) ?? 0) + 1);
    return submitted.filter((s) => (per.get(s.id) ?? 0) >= perAbstract).length;
  }, [assignments, submitted, perAbstract]);
  const trackLabels = (tracks: string[]) => tracks.map((t) => call.tracks[t] ?? t).join(', ');
  return (
    <>
      <p className="mt-6">
        {staffed.toLocaleString('en')} of {count(submitted.length, 'submitted abstract')} have their {count(perAbstract, 'reviewer')} (the call’s number).
      </p>
      <section aria-labelledby="reviewers-heading" className="mt-6">
        <h2 id="reviewers-heading">Reviewers</h2>
        {reviewers.length === 0 ? (
          <p className="mt-2">No reviewer yet: add them on Manage Users, with the role Reviewer, their institution and their tracks.</p>
        ) : (
          <DataTable
            caption="Reviewers and their assignments"
            rows={reviewers.map((r) => ({ ...r, id: r.email }))}
            columns={[
              { header: 'Reviewer', cell: (r) => r.email },
              { header: 'Institution', cell: (r) => r.institution },
              { header: 'Tracks', cell: (r) => trackLabels(r.tracks) },
              { header: 'Assigned', cell: (r) => (loads.get(r.email) ?? 0).toLocaleString('en') },
            ]}
          />
        )}
      </section>
      <Automatic submitted={submitted} reviewers={reviewers} assignments={assignments} call={call} />
      <ByHand submitted={submitted} reviewers={reviewers} assignments={assignments} call={call} />
    </>
  );
}

/** "Assign automatically": the pure assignment on what is stored, previewed, then stored in commits. */
function Automatic({ submitted, reviewers, assignments, call }: Data) {
  const [preview, setPreview] = useState<AssignmentResult | null>(null);
  const [stored, setStored] = useState<number | null>(null);
  const run = useAssignmentRun();
  const titles = useMemo(() => new Map(submitted.map((a) => [a.id, a.title])), [submitted]);

  const propose = () => {
    setStored(null);
    run.reset();
    setPreview(assignReviewers(submitted, reviewers, call.reviewersPerAbstract, assignments));
  };
  const store = (result: AssignmentResult) =>
    run.mutate(
      { assignments: result.assignments, abstracts: submitted },
      {
        onSuccess: (done) => {
          setPreview(null);
          setStored(done.stored);
        },
        // The preview is stale now: storing it again would rewrite the copies already stored,
        // which the rules refuse (a copy keeps its assignedAt). A new run starts from what is stored.
        onError: () => setPreview(null),
      },
    );

  const stopped = run.error instanceof RunStopped ? run.error.progress : null;
  return (
    <section aria-labelledby="automatic-heading" className="mt-8">
      <h2 id="automatic-heading">Automatically</h2>
      <p className="mt-2 max-w-prose">
        Gives every submitted abstract {count(call.reviewersPerAbstract, 'reviewer')} of its track on top of those it has, the least-loaded first, never one
        from an author’s institution nor the author. Nothing is stored until you confirm the preview.
      </p>
      <button type="button" className="btn-secondary mt-3" onClick={propose} disabled={run.isPending}>
        Assign automatically
      </button>
      {stored !== null && (
        <p role="status" className="mt-3">
          Stored {count(stored, 'assignment')}.
        </p>
      )}
      {run.isError && (
        <div className="mt-3">
          <FormAlert>
            {stopped
              ? `Stopped after ${stopped.done} of ${count(stopped.total, 'commit')}: ${count(stopped.stored, 'assignment')} stored, the rest not. `
              : 'The assignments could not be stored. '}
            Check your connection, then press “Assign automatically” again: it starts from what is stored and adds the rest.
          </FormAlert>
        </div>
      )}
      {run.isPending && run.progress && (
        <p role="status" className="mt-3">
          Storing: {run.progress.done} of {count(run.progress.total, 'commit')} done ({count(run.progress.stored, 'assignment')}).
        </p>
      )}
      {preview && !run.isPending && (
        <Preview
          result={preview}
          titles={titles}
          submitted={submitted}
          assignments={assignments}
          call={call}
          onStore={() => store(preview)}
          onDiscard={() => setPreview(null)}
        />
      )}
    </section>
  );
}

function Preview({
  result,
  titles,
  submitted,
  assignments,
  call,
  onStore,
  onDiscard,
}: {
  result: AssignmentResult;
  titles: Map<string, string>;
  submitted: Abstract[];
  assignments: AssignmentRow[];
  call: AbstractCall;
  onStore: () => void;
  onDiscard: () => void;
}) {
  const before = new Map<string, string[]>();
  for (const a of assignments) before.set(a.abstractId, [...(before.get(a.abstractId) ?? []), a.reviewer]);
  const added = new Map<string, string[]>();
  for (const a of result.assignments) added.set(a.abstractId, [...(added.get(a.abstractId) ?? []), a.reviewer]);
  const loadsBefore = new Map<string, number>();
  for (const a of assignments) loadsBefore.set(a.reviewer, (loadsBefore.get(a.reviewer) ?? 0) + 1);
  const n = result.assignments.length;
  return (
    <div className="mt-4 rounded-lg border border-slate-200 p-4">
      <h3>Preview</h3>
      <p role="status" className="mt-2">
        {n === 0 ? 'Nothing to add: every abstract has what it can be given.' : `${count(n, 'new assignment')} to ${count(added.size, 'abstract')}.`}
        {result.shortfalls.length > 0 && ` ${count(result.shortfalls.length, 'abstract')} cannot get all ${call.reviewersPerAbstract} reviewers.`}
      </p>
      <div className="mt-3 flex gap-3">
        <button type="button" className="btn-primary" onClick={onStore} disabled={n === 0}>
          Store {count(n, 'assignment')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDiscard}>
          Discard the preview
        </button>
      </div>
      {result.shortfalls.length > 0 && (
        <>
          <h4 className="mt-4">Short of reviewers</h4>
          <ul className="mt-2 list-disc pl-6">
            {result.shortfalls.map((s) => (
              <li key={s.abstractId}>
                {titles.get(s.abstractId) ?? s.abstractId}: {s.assigned} of {s.wanted}, {s.reason}.
              </li>
            ))}
          </ul>
        </>
      )}
      <DataTable
        caption="Each reviewer’s load"
        rows={Object.entries(result.loads).map(([email, after]) => ({ id: email, email, after, now: loadsBefore.get(email) ?? 0 }))}
        columns={[
          { header: 'Reviewer', cell: (r) => r.email },
          { header: 'Now', cell: (r) => r.now.toLocaleString('en') },
          { header: 'After', cell: (r) => r.after.toLocaleString('en') },
        ]}
      />
      <DataTable
        caption="Each abstract’s reviewers"
        rows={submitted}
        columns={[
          { header: 'Abstract', cell: (a) => a.title },
          { header: 'Track', cell: (a) => call.tracks[a.track] ?? '—' },
          {
            header: 'Reviewers',
            cell: (a) => {
              const names = [...(before.get(a.id) ?? []), ...(added.get(a.id) ?? []).map((r) => `${r} (new)`)];
              return names.length ? names.join(', ') : 'None';
            },
          },
        ]}
      />
    </div>
  );
}

function useAssign() {
  return useStaffWrites<{ abstract: Abstract; reviewer: string }>({
    writes: ({ abstract, reviewer }) => [assignWrite(abstract, reviewer)],
    log: ({ abstract, reviewer }) => `Assigned ${reviewer} to review abstract ${abstract.id}`,
    invalidate: [assignmentsKey],
  });
}

function useUnassign() {
  return useStaffWrites<{ abstractId: string; reviewer: string }>({
    writes: ({ abstractId, reviewer }) => [unassignWrite(abstractId, reviewer)],
    log: ({ abstractId, reviewer }) => `Unassigned ${reviewer} from abstract ${abstractId}`,
    invalidate: [assignmentsKey],
  });
}

/** One abstract's reviewers, by hand: add one (not one with a conflict), take one away. */
function ByHand({ submitted, reviewers, assignments, call }: Data) {
  const [abstractId, setAbstractId] = useState('');
  const [reviewer, setReviewer] = useState('');
  const [problem, setProblem] = useState('');
  const assign = useAssign();
  const unassign = useUnassign();
  const abstract = submitted.find((a) => a.id === abstractId);
  const current = assignments.filter((a) => a.abstractId === abstractId).map((a) => a.reviewer);

  const add = () => {
    setProblem('');
    const chosen = reviewers.find((r) => r.email === reviewer);
    if (!abstract || !chosen) return setProblem('Choose an abstract and a reviewer.');
    if (current.includes(chosen.email)) return setProblem(`${chosen.email} already reviews it.`);
    if (conflicted(chosen, abstract))
      return setProblem(`${chosen.email} works where one of its authors does (${chosen.institution}), or wrote it: not assigned.`);
    assign.mutate({ abstract, reviewer: chosen.email }, { onSuccess: () => setReviewer('') });
  };

  return (
    <section aria-labelledby="by-hand-heading" className="mt-8">
      <h2 id="by-hand-heading">By hand</h2>
      <div className="mt-3 max-w-xl">
        <SelectField
          label="Abstract"
          options={submitted.map((a) => ({ value: a.id, label: `${a.title} (${call.tracks[a.track] ?? 'no track'})` }))}
          value={abstractId}
          onChange={(e) => {
            setAbstractId(e.target.value);
            setProblem('');
          }}
        />
      </div>
      {abstract && (
        <div className="mt-4">
          <h3>Its reviewers</h3>
          {current.length === 0 ? (
            <p className="mt-2">None yet.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {current.map((r) => (
                <li key={r} className="flex items-center gap-3">
                  {r}
                  <button
                    type="button"
                    className="btn-secondary"
                    aria-label={`Unassign ${r}`}
                    disabled={unassign.isPending}
                    onClick={() => unassign.mutate({ abstractId: abstract.id, reviewer: r })}
                  >
                    Unassign
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex max-w-xl items-end gap-3">
            <div className="grow">
              <SelectField
                label="Reviewer to add"
                hint="A review already written stays with the committee if you unassign its reviewer."
                options={reviewers
                  .filter((r) => !current.includes(r.email))
                  .map((r) => ({ value: r.email, label: `${r.email}, ${r.institution}${r.tracks.includes(abstract.track) ? '' : ' (not this track)'}` }))}
                value={reviewer}
                onChange={(e) => setReviewer(e.target.value)}
              />
            </div>
            <button type="button" className="btn-primary" onClick={add} disabled={assign.isPending}>
              Assign
            </button>
          </div>
          {problem && (
            <div className="mt-3">
              <FormAlert>{problem}</FormAlert>
            </div>
          )}
          {(assign.isError || unassign.isError) && (
            <div className="mt-3">
              <FormAlert>The change could not be stored. Check your connection, then try again.</FormAlert>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
