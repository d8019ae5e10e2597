// Abstracts: what was submitted to the call, by track, each one readable in full. Administrators
// only (the rules let no one else list abstracts). Drafts stay their authors' until submitted.
// Once reviews exist, the list becomes the committee's table (Committee.tsx): the reviews side by
// side, each abstract read with its reviews and decided from there.
import { useMemo, useState } from 'react';
import { Link, href } from 'react-router';
import { can } from '../../../admin/permissions.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { FormAlert, SelectField } from '../../../components/fields.tsx';
import { formatDateTime, formatDeadline } from '../../../components/format.ts';
import { useAbstractCall } from '../../../data/abstract-call.ts';
import { PRESENTATION_LABELS, callState, type Abstract, type AbstractCall } from '../../../data/abstracts.ts';
import { AbstractView } from '../AbstractView.tsx';
import { countByTrack, useSubmitted } from './submitted.ts';
import type { AbstractDecision } from '../../../data/abstract-decision.ts';
import type { Review } from '../../../data/abstract-review.ts';
import { committeeRows } from './committee.ts';
import { CommitteeTable, Decision, ReviewsOf } from './Committee.tsx';
import { useDecisions, useReviews } from './review-reads.ts';

const presenter = (a: Abstract) => a.authors[a.presenting] ?? '—';

function Submitted({ items, call, reviews, decisions }: { items: Abstract[]; call: AbstractCall; reviews: Review[]; decisions: AbstractDecision[] }) {
  const [track, setTrack] = useState('');
  const [readingId, setReadingId] = useState<string | null>(null);
  const counts = countByTrack(items, call);
  const shown = useMemo(() => (track ? items.filter((a) => a.track === track) : items), [items, track]);
  const reviewing = reviews.length > 0 || decisions.length > 0;
  const rows = useMemo(() => (reviewing ? committeeRows(shown, reviews, decisions, call.criteria) : []), [reviewing, shown, reviews, decisions, call.criteria]);
  const reading = readingId ? items.find((a) => a.id === readingId) : undefined;
  if (reading) {
    const row = reviewing ? committeeRows([reading], reviews, decisions, call.criteria)[0] : null;
    return (
      <>
        <AbstractView
          item={reading}
          call={call}
          state={`Submitted on ${reading.submittedAt ? formatDeadline(reading.submittedAt) : '—'} by ${reading.email}.`}
          backLabel="Back to the abstracts"
          onBack={() => setReadingId(null)}
        />
        {row && (
          <>
            <ReviewsOf row={row} call={call} />
            <Decision key={row.id} row={row} />
          </>
        )}
      </>
    );
  }
  return (
    <>
      <section aria-labelledby="by-track-heading" className="mt-6">
        <h2 id="by-track-heading">By track</h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          {counts.map((c) => (
            <li key={c.key || 'none'}>
              {c.label}: <strong>{c.count.toLocaleString('en')}</strong>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-6 max-w-sm">
        <SelectField
          label="Track"
          options={Object.entries(call.tracks).map(([value, label]) => ({ value, label }))}
          value={track}
          onChange={(e) => setTrack(e.target.value)}
        />
      </div>
      <p role="status" className="mt-3">
        {shown.length.toLocaleString('en')} of {items.length.toLocaleString('en')} submitted abstracts shown.
      </p>
      {reviewing ? (
        <CommitteeTable rows={rows} call={call} onRead={(r) => setReadingId(r.id)} />
      ) : (
        <DataTable
          caption="Submitted abstracts"
          rows={shown}
          columns={[
            {
              header: 'Title',
              cell: (a) => (
                <button type="button" className="text-left text-brand-700 underline" onClick={() => setReadingId(a.id)}>
                  {a.title}
                </button>
              ),
            },
            { header: 'Presenting', cell: presenter },
            { header: 'Track', cell: (a) => call.tracks[a.track] ?? '—' },
            { header: 'Preference', cell: (a) => PRESENTATION_LABELS[a.presentation] },
            { header: 'Submitted', cell: (a) => (a.submittedAt ? formatDateTime(a.submittedAt) : '—') },
          ]}
        />
      )}
    </>
  );
}

export default function AbstractsAdminPage() {
  const call = useAbstractCall();
  const { role } = useStaff();
  const submitted = useSubmitted();
  const reviews = useReviews();
  const decisions = useDecisions();
  const state = call.data ? callState(call.data) : null;
  return (
    <div>
      <AdminHeader title="Abstracts" summary="What authors submitted to the call for abstracts, by track. Drafts stay their authors’ until submitted.">
        <Link className="btn-secondary" to={href('/admin/abstracts/call')}>
          Call for abstracts
        </Link>
        {can(role, 'abstracts:assign') && (
          <Link className="btn-secondary" to={href('/admin/abstracts/assign')}>
            Assign reviewers
          </Link>
        )}
        {can(role, 'abstracts:publish') && (
          <Link className="btn-secondary" to={href('/admin/abstracts/programme')}>
            Abstracts in the programme
          </Link>
        )}
      </AdminHeader>
      {call.isError ? (
        <FormAlert>We could not load the call for abstracts. Check your connection and reload the page.</FormAlert>
      ) : (
        call.data && (
          <p className="mt-4">
            {state === 'open'
              ? `The call is open until ${formatDeadline(call.data.closesAt!)}: more may come, and authors may still edit or withdraw theirs.`
              : state === 'closed'
                ? `The call closed on ${formatDeadline(call.data.closesAt!)}.`
                : state === 'before'
                  ? `The call opens on ${formatDeadline(call.data.opensAt!)}.`
                  : 'The call has no dates yet.'}
          </p>
        )
      )}
      <QueryState query={submitted} noun="the submitted abstracts" isEmpty={(items) => items.length === 0} empty="No abstract has been submitted yet.">
        {(items) =>
          call.data &&
          (reviews.isError || decisions.isError ? (
            <FormAlert>We could not load the reviews and decisions. Check your connection and reload the page.</FormAlert>
          ) : reviews.data && decisions.data ? (
            <Submitted items={items} call={call.data} reviews={reviews.data} decisions={decisions.data} />
          ) : (
            <p role="status" className="mt-6 text-slate-600">
              Loading the reviews…
            </p>
          ))
        }
      </QueryState>
    </div>
  );
}
