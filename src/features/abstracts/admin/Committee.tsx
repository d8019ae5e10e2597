// The committee's side of the Abstracts screen, once reviews exist: the reviews of each abstract
// side by side (sortable by overall mean), one abstract read with its reviews, and the decision on
// it with the email it sends. Administrators read reviewers' addresses here; the decision email
// never carries them (src/data/abstract-decision.ts copies only the comments to the authors).
import { PRESENTER_CATEGORY } from '../../../content/site.ts';
import { useState } from 'react';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable, type Column } from '../../../admin/ui/DataTable.tsx';
import { can } from '../../../admin/permissions.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { decideWrites, MAX_DECISION_COMMENTS, OUTCOME_WORDS, OUTCOMES, type Outcome } from '../../../data/abstract-decision.ts';
import type { Review } from '../../../data/abstract-review.ts';
import { PRESENTATION_LABELS, type Abstract, type AbstractCall } from '../../../data/abstracts.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { defaultQuoted, formatMean, quotable, SORTS, sortRows, type CommitteeRow, type Sort } from './committee.ts';
import { decisionsKey } from './review-reads.ts';

const OUTCOME_LABELS: Record<Outcome, string> = { oral: 'Accept as oral', poster: 'Accept as poster', reject: 'Reject' };

export function CommitteeTable({ rows, call, onRead }: { rows: CommitteeRow[]; call: AbstractCall; onRead: (row: CommitteeRow) => void }) {
  const [sort, setSort] = useState<Sort>('submitted');
  const criteria = Object.entries(call.criteria);
  const columns: Column<CommitteeRow>[] = [
    {
      header: 'Title',
      cell: (r) => (
        <button type="button" className="text-left text-brand-700 underline" onClick={() => onRead(r)}>
          {r.abstract.title}
        </button>
      ),
    },
    { header: 'Track', cell: (r) => call.tracks[r.abstract.track] ?? '—' },
    { header: 'Preference', cell: (r) => PRESENTATION_LABELS[r.abstract.presentation] },
    ...criteria.map(([key, label]): Column<CommitteeRow> => ({ header: label, cell: (r) => formatMean(r.summary.mean[key] ?? null) })),
    { header: 'Overall', cell: (r) => formatMean(r.summary.overall) },
    { header: 'Spread', cell: (r) => formatMean(r.summary.spread) },
    { header: 'Scored', cell: (r) => r.summary.scored },
    { header: 'Conflicts', cell: (r) => r.summary.conflicts },
    { header: 'Decision', cell: (r) => (r.decision ? OUTCOME_WORDS[r.decision.outcome] : '—') },
  ];
  return (
    <>
      <div className="mt-4 max-w-sm">
        <label className="field-label" htmlFor="committee-sort">
          Sort
        </label>
        <select id="committee-sort" className="field-input" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <DataTable caption="The committee’s table: reviews side by side" rows={sortRows(rows, sort)} columns={columns} />
    </>
  );
}

/** One abstract's reviews, each in full: scores, both comments, who wrote it (administrators may know). */
export function ReviewsOf({ row, call }: { row: CommitteeRow; call: AbstractCall }) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-8">
      <h3 id="reviews-heading">Reviews</h3>
      {row.reviews.length === 0 ? (
        <p className="mt-2">No review yet.</p>
      ) : (
        <ol className="mt-2 space-y-4">
          {row.reviews.map((r, i) => (
            <li key={r.id} className="rounded-lg border border-slate-200 p-4">
              <h4>
                Review {i + 1}, by {r.reviewer}
              </h4>
              {r.conflict ? (
                <p className="mt-1">Declared a conflict of interest: no scores.</p>
              ) : (
                <ul className="mt-1">
                  {Object.entries(call.criteria).map(([key, label]) => (
                    <li key={key}>
                      {label}: <strong>{r.scores[key] ?? '—'}</strong>
                    </li>
                  ))}
                </ul>
              )}
              {!r.conflict && <Comment label="To the authors" text={r.toAuthors} />}
              <Comment label="To the committee" text={r.toCommittee} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Comment({ label, text }: { label: string; text: string }) {
  return (
    <div className="mt-2">
      <p className="font-semibold">{label}</p>
      <p className="whitespace-pre-line">{text || '(none)'}</p>
    </div>
  );
}

function useDecide() {
  const staff = useStaff();
  return useStaffWrites<{ abstract: Abstract; outcome: Outcome; reviews: Review[] }>({
    writes: ({ abstract, outcome, reviews }) => decideWrites(abstract, outcome, reviews, staff.tokenEmail),
    log: ({ abstract, outcome }) => `Decided abstract ${abstract.id}: ${OUTCOME_WORDS[outcome]}, and emailed its author`,
    invalidate: [decisionsKey, adminKey('mail')],
  });
}

/** The decision taken, or the form that takes it: outcome, the comments quoted, a preview of the email, a confirmation. */
export function Decision({ row }: { row: CommitteeRow }) {
  const { role } = useStaff();
  const decide = useDecide();
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const candidates = quotable(row.reviews);
  const [quoted, setQuoted] = useState<string[]>(() => defaultQuoted(row.reviews));
  if (row.decision)
    return (
      <section aria-labelledby="decision-heading" className="mt-8">
        <h3 id="decision-heading">Decision</h3>
        <p className="mt-2">
          {OUTCOME_WORDS[row.decision.outcome][0].toUpperCase() + OUTCOME_WORDS[row.decision.outcome].slice(1)}, by {row.decision.decidedBy} on{' '}
          {formatDateTime(row.decision.decidedAt)}. The email to the author quoted {row.decision.comments.length} of the reviews’ comments.
        </p>
      </section>
    );
  if (!can(role, 'abstracts:decide')) return null;
  // In the reviews' order, whatever order they were ticked in.
  const chosen = candidates.filter((r) => quoted.includes(r.id));
  const full = chosen.length >= MAX_DECISION_COMMENTS;
  const toggle = (id: string, on: boolean) => setQuoted((q) => (on ? [...q, id] : q.filter((x) => x !== id)));
  return (
    <section aria-labelledby="decision-heading" className="mt-8">
      <h3 id="decision-heading">Decision</h3>
      <fieldset className="mt-3">
        <legend className="field-label">Outcome</legend>
        <div className="flex flex-wrap gap-4">
          {OUTCOMES.map((o) => (
            <label key={o} className="flex items-center gap-2">
              <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
              {OUTCOME_LABELS[o]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="field-label">Comments to quote to the authors (at most {MAX_DECISION_COMMENTS})</legend>
        {candidates.length === 0 ? (
          <p>No review has a comment for the authors (a declared conflict has none): the email will carry none.</p>
        ) : (
          <ul className="space-y-2">
            {candidates.map((r) => (
              <li key={r.id}>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={quoted.includes(r.id)}
                    disabled={!quoted.includes(r.id) && full}
                    onChange={(e) => toggle(r.id, e.target.checked)}
                  />
                  <span>
                    Review {row.reviews.indexOf(r) + 1} ({r.reviewer}): “{r.toAuthors.length > 120 ? `${r.toAuthors.slice(0, 120)}…` : r.toAuthors}”
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {outcome && (
        <section aria-labelledby="email-preview-heading" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h4 id="email-preview-heading">The email</h4>
          <p className="mt-1 text-sm text-slate-700">
            To {row.abstract.email}, in the words of the Emails screen’s abstract decision email. It names no reviewer.
          </p>
          <p className="mt-2">
            Subject: <strong>Your abstract: {OUTCOME_WORDS[outcome]}</strong>
          </p>
          <p className="mt-2">
            The committee has reviewed “{row.abstract.title}” (reference {row.abstract.id}): it is {OUTCOME_WORDS[outcome]}.
            {outcome === 'reject'
              ? ''
              : ` The presenting author is asked to register for the summit in the category “${PRESENTER_CATEGORY.label}”, with a link that chooses it.`}
          </p>
          {chosen.length === 0 ? (
            <p className="mt-2">No reviewer’s comment.</p>
          ) : (
            <>
              <p className="mt-2">The reviewers’ comments:</p>
              {chosen.map((r) => (
                <blockquote key={r.id} className="mt-2 border-l-4 border-slate-300 pl-3 whitespace-pre-line">
                  {r.toAuthors}
                </blockquote>
              ))}
            </>
          )}
        </section>
      )}
      <div className="mt-4">
        <ConfirmButton
          className="btn-primary"
          disabled={!outcome || decide.isPending}
          question={outcome ? `Decide that “${row.abstract.title}” is ${OUTCOME_WORDS[outcome]}?` : 'Decide?'}
          detail={`The email goes to ${row.abstract.email} at once, quoting ${chosen.length} of the reviews’ comments. A decision cannot be changed.`}
          confirmLabel="Decide and send the email"
          confirmClassName="btn-primary"
          onConfirm={() => outcome && decide.mutate({ abstract: row.abstract, outcome, reviews: chosen })}
        >
          Decide…
        </ConfirmButton>
      </div>
      {!outcome && <p className="mt-2 text-sm text-slate-700">Choose an outcome first.</p>}
      {decide.isError && (
        <div className="mt-3">
          <FormAlert>
            The decision was not stored and no email was sent. Another administrator may have decided it already, or the connection failed: reload the page to
            see.
          </FormAlert>
        </div>
      )}
    </section>
  );
}
