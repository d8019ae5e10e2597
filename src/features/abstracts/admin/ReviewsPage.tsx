// Reviews: a reviewer's abstracts (issue 39). Each is the blind copy assigned to them (no authors,
// affiliations or conflicts statement: the rules give them nothing else), scored on the call's
// criteria 1 to 5 with a comment to the authors and one to the committee, or a declared conflict
// instead. Administrators open the screen too (the rules let them do what a reviewer does), but see
// only what is assigned to their own address.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import { CheckboxField, FormAlert, RatingField, TextAreaField } from '../../../components/fields.tsx';
import { useReveal } from '../../../components/use-reveal.ts';
import { formatDeadline } from '../../../components/format.ts';
import { useAbstractCall } from '../../../data/abstract-call.ts';
import { REVIEW_COMMENT_MAX, reviewProblems, SCORES, type ReviewField, type ReviewInput } from '../../../data/abstract-review.ts';
import type { AbstractCall } from '../../../data/abstracts.ts';
import { AbstractText } from '../AbstractView.tsx';
import { myReviewsKey, saveReview, STATE_LABELS, stateOf, useMyAssignments, type Assignment } from './my-reviews.ts';
import { refusedByRules } from '../../../lib/db.ts';

/** What the reviewer is told when a save fails: the rules refuse once the committee decided (or the assignment was taken away). */
export const saveFailure = (error: unknown) =>
  refusedByRules(error)
    ? 'Your review could not be saved: reviews of an abstract close once the committee has decided on it, or the abstract is no longer assigned to you. Nothing was changed; copy your comments if you want to keep them.'
    : 'Your review could not be saved. Check your connection and try again; what you entered is still here.';

/** The abstract as the reviewer may read it: never its authors (the blind copy holds none). */
function BlindAbstractView({ item, call, headingId }: { item: Assignment['abstract']; call: AbstractCall; headingId: string }) {
  const heading = useReveal<HTMLHeadingElement>();
  return (
    <>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="outline-none">
        {item.title || 'Untitled abstract'}
      </h2>
      <AbstractText item={item} call={call} />
    </>
  );
}

/** What the form starts from: the stored review (its scores on the call's criteria only), or nothing. */
function startingInput(assignment: Assignment, call: AbstractCall): ReviewInput {
  const review = assignment.review;
  if (!review) return { conflict: false, scores: {}, toAuthors: '', toCommittee: '' };
  const scores = Object.fromEntries(Object.entries(review.scores).filter(([key]) => key in call.criteria));
  return { conflict: review.conflict, scores, toAuthors: review.toAuthors, toCommittee: review.toCommittee };
}

function ReviewForm({ assignment, call, onBack }: { assignment: Assignment; call: AbstractCall; onBack: () => void }) {
  const { email } = useStaff();
  const client = useQueryClient();
  const headingId = useId();
  // Scores and the authors' comment are kept while a conflict is ticked, so unticking brings them back.
  const [input, setInput] = useState<ReviewInput>(() => startingInput(assignment, call));
  const [problems, setProblems] = useState<ReturnType<typeof reviewProblems>>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState('');
  const sent: ReviewInput = input.conflict ? { ...input, scores: {}, toAuthors: '' } : input;
  const problemAt = (field: ReviewField) =>
    problems
      .filter((p) => p.field === field)
      .map((p) => p.message)
      .join(' ') || undefined;
  const change = (next: Partial<ReviewInput>) => {
    setInput((current) => ({ ...current, ...next }));
    setSaved('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = reviewProblems(sent, call.criteria);
    setProblems(found);
    setFailure('');
    setSaved('');
    if (found.length) return;
    setSaving(true);
    try {
      await saveReview(assignment, sent);
      setSaved(
        sent.conflict
          ? 'Your conflict is declared. You can change it until the committee decides.'
          : 'Your review is saved. You can revise it until the committee decides.',
      );
      await client.invalidateQueries({ queryKey: myReviewsKey(email) });
    } catch (error) {
      setFailure(saveFailure(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <article aria-labelledby={headingId} className="mt-6 max-w-3xl">
      <button type="button" className="btn-secondary" onClick={onBack}>
        Back to your abstracts
      </button>
      <div className="mt-6">
        <BlindAbstractView item={assignment.abstract} call={call} headingId={headingId} />
      </div>
      <form noValidate onSubmit={submit} aria-label="Your review" className="mt-8 space-y-5 rounded-lg border border-slate-200 p-4">
        <h2 className="text-lg">Your review</h2>
        <p className="text-slate-700">State: {STATE_LABELS[stateOf(assignment)]}.</p>
        {problems.length > 0 && (
          <FormAlert reveal>
            The review is not saved yet:{' '}
            {problems.map((p) => (
              <span key={`${p.field}-${p.message}`} className="block">
                {p.message}
              </span>
            ))}
          </FormAlert>
        )}
        <CheckboxField
          label="I have a conflict of interest with this abstract: I declare it instead of scoring"
          checked={input.conflict}
          error={problemAt('conflict')}
          onChange={(e) => change({ conflict: e.target.checked })}
        >
          For example, you know who wrote it, work with them or compete with them. The committee is told; the authors are not.
        </CheckboxField>
        {!input.conflict &&
          Object.entries(call.criteria).map(([key, label]) => (
            <RatingField
              key={key}
              label={label}
              hint="1 is poor, 5 is excellent."
              values={SCORES}
              error={problemAt(`scores.${key}`)}
              input={(score) => ({ checked: input.scores[key] === score, onChange: () => change({ scores: { ...input.scores, [key]: score } }) })}
            />
          ))}
        {!input.conflict && (
          <TextAreaField
            label="Comment to the authors (optional)"
            hint={`Sent to the authors with the committee’s decision, without your name. At most ${REVIEW_COMMENT_MAX.toLocaleString('en')} characters.`}
            rows={5}
            value={input.toAuthors}
            error={problemAt('toAuthors')}
            onChange={(e) => change({ toAuthors: e.target.value })}
          />
        )}
        <TextAreaField
          label="Comment to the committee (optional)"
          hint={
            input.conflict
              ? 'Why you declare a conflict, if you wish: only the committee reads it.'
              : `Only the committee reads it. At most ${REVIEW_COMMENT_MAX.toLocaleString('en')} characters.`
          }
          rows={4}
          value={input.toCommittee}
          error={problemAt('toCommittee')}
          onChange={(e) => change({ toCommittee: e.target.value })}
        />
        {failure && <FormAlert reveal>{failure}</FormAlert>}
        {saved && (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {saved}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : input.conflict ? 'Declare the conflict' : assignment.review ? 'Save the revised review' : 'Save the review'}
        </button>
      </form>
    </article>
  );
}

function AssignmentList({ items, call, onOpen }: { items: Assignment[]; call: AbstractCall; onOpen: (id: string) => void }) {
  const counts = { total: items.length, open: items.filter((a) => stateOf(a) === 'not-reviewed').length };
  return (
    <section aria-labelledby="assigned-heading" className="mt-6">
      <h2 id="assigned-heading">Assigned to you</h2>
      <p role="status" className="mt-2">
        {counts.total.toLocaleString('en')} {counts.total === 1 ? 'abstract' : 'abstracts'}, {counts.open.toLocaleString('en')} not reviewed yet.
        {/* The date the reminder email states (settings' reviewsDueAt). */}
        {call.reviewsDueAt && ` Reviews are due by ${formatDeadline(call.reviewsDueAt)}.`}
      </p>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {items.map((a) => (
          <li key={a.abstract.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">{a.abstract.title || 'Untitled abstract'}</p>
              <p className="text-sm text-slate-700">
                {call.tracks[a.abstract.track] ?? 'A track since removed'} · {STATE_LABELS[stateOf(a)]}
              </p>
            </div>
            <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => onOpen(a.abstract.id)}>
              {stateOf(a) === 'not-reviewed' ? 'Review' : 'Revise'} <span className="sr-only">“{a.abstract.title || 'Untitled abstract'}”</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ReviewsPage() {
  const { email } = useStaff();
  const call = useAbstractCall();
  const assignments = useMyAssignments(email);
  const [open, setOpen] = useState<string | null>(null);
  const both = {
    isPending: call.isPending || assignments.isPending,
    isError: call.isError || assignments.isError,
    data: call.data && assignments.data ? { call: call.data, items: assignments.data } : undefined,
    refetch: () => Promise.all([call.refetch(), assignments.refetch()]),
  };
  return (
    <div>
      <AdminHeader
        title="Reviews"
        summary="The abstracts assigned to you, without their authors. Score each on the call’s criteria, or declare a conflict; you can revise until the committee decides."
      />
      <QueryState
        query={both}
        noun="abstracts assigned to you"
        isEmpty={(d) => d.items.length === 0}
        empty="No abstracts are assigned to you yet. Administrators assign them once the call for abstracts has closed."
      >
        {({ call, items }) => {
          const current = open ? items.find((a) => a.abstract.id === open) : undefined;
          return current ? (
            // Keyed by the assignment: after a save the form stays (with its message) and revises the stored review.
            <ReviewForm key={current.abstract.id} assignment={current} call={call} onBack={() => setOpen(null)} />
          ) : (
            <AssignmentList items={items} call={call} onOpen={setOpen} />
          );
        }}
      </QueryState>
    </div>
  );
}
