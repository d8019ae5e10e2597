import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { SeatFigures } from '../../../admin/ui/SeatFigures.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { seatTimesOf, type SeatTimes } from '../../../data/seats.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { offerExpiry, offerOpen, waitlistPath } from '../../../data/waitlist.ts';
import { ScheduleStatusPanel } from './ScheduleStatusPanel.tsx';
import {
  fetchWaitingCounts,
  fetchWaitlistPage,
  movedPosition,
  offerSeatTo,
  passLapsedOffer,
  recountWrite,
  staffTransact,
  WAITLIST_PAGE,
  type Entry,
  type WaitlistView,
} from './waitlist.ts';

export default function WaitlistPage() {
  return <WaitlistScreen />;
}

const KEYS = [adminKey('waitlist'), adminKey('seats')];

/** Failures the screen explains: a refusal (someone changed the list or the seat) as it says, a failed request generically. */
const failure = (error: Error) => ('code' in error ? 'The change was not saved. Check your connection and try again.' : error.message);

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([...KEYS, adminKey('logs')].map((queryKey) => client.invalidateQueries({ queryKey })));
}

function useOfferSeat(times: SeatTimes) {
  const staff = useStaff();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entry: Entry) => offerSeatTo(entry, times, staffTransact(staff.tokenEmail)),
    onSuccess: refresh,
  });
}

function usePassOffer(times: SeatTimes) {
  const staff = useStaff();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entry: Entry) => passLapsedOffer(entry, times, staffTransact(staff.tokenEmail)),
    onSuccess: refresh,
  });
}

function useMove() {
  return useStaffWrites({
    writes: ({ entry, position }: { entry: Entry; position: Date; direction: 'up' | 'down' }) => [{ update: waitlistPath(entry.email), data: { position } }],
    log: ({ entry, direction }) => `Moved ${entry.email} ${direction} the waiting list`,
    invalidate: [adminKey('waitlist')],
  });
}

/**
 * How many people wait, as the register form sees it: while anyone does, free seats go to the list
 * first. An administrator puts the count right when it differs from the list (entries older than it).
 */
function WaitingCount() {
  const staff = useStaff();
  const counts = useQuery({ queryKey: [...adminKey('waitlist'), 'count'], queryFn: fetchWaitingCounts });
  const recount = useStaffWrites({
    writes: (listed: number) => [recountWrite(listed)],
    log: (listed) => `Recounted the waiting list: ${listed} waiting`,
    invalidate: [adminKey('waitlist')],
  });
  if (!counts.data) return null;
  const { stored, listed } = counts.data;
  return (
    <div className="mt-4 text-slate-800">
      <p>
        {listed === 1 ? '1 person is' : `${listed} people are`} waiting.{' '}
        {listed > 0 ? 'Free seats go to them first: nobody can register until they are offered.' : 'Free seats are open to anyone registering.'}
      </p>
      {stored !== listed && (
        <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p>
            {stored === null ? 'The register form has no count of people waiting yet.' : `The register form counts ${stored} waiting, not ${listed}.`}{' '}
            {staff.role === 'admin' ? 'Recount to put it right.' : 'An administrator can recount it.'}
          </p>
          {staff.role === 'admin' && (
            <button type="button" className="btn-secondary mt-2" disabled={recount.isPending} onClick={() => recount.mutate(listed)}>
              Recount the waiting list
            </button>
          )}
          {recount.error && <FormAlert>The count was not saved. Check your connection and try again.</FormAlert>}
        </div>
      )}
    </div>
  );
}

function WaitlistScreen() {
  const settings = useSiteSettings();
  const times: SeatTimes = seatTimesOf(settings.data);
  const categories = settings.data?.categories ?? {};
  const [view, setView] = useState<WaitlistView>('active');
  const pages = useCursorPages([...adminKey('waitlist'), view], (after) => fetchWaitlistPage(view, after));
  const offer = useOfferSeat(times);
  const passOne = usePassOffer(times);
  const move = useMove();
  const [notice, setNotice] = useState('');
  const busy = offer.isPending || passOne.isPending || move.isPending;
  const error = offer.error ?? passOne.error ?? move.error;
  const rows = pages.data?.items ?? [];
  const now = new Date();

  const act = (run: () => Promise<unknown>, said: string) => {
    setNotice('');
    for (const m of [offer, passOne, move]) m.reset();
    run().then(
      () => setNotice(said),
      () => {},
    );
  };

  return (
    <div>
      <AdminHeader
        title="Waiting list"
        summary="People waiting for a seat, in the order they are offered one. The schedule offers free seats in this order, every minute; an offer nobody takes in time passes to the next person."
      >
        <Link className="btn-secondary" to={href('/admin/registrations')}>
          Registrations
        </Link>
      </AdminHeader>
      <SeatFigures className="mt-6" />
      <ScheduleStatusPanel className="mt-4" />
      <WaitingCount />
      <div aria-live="polite" className="mt-4 space-y-3">
        {notice && (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {notice}
          </p>
        )}
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert>{failure(error)}</FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <label htmlFor="waitlist-view" className="font-medium">
          Show
        </label>
        <select
          id="waitlist-view"
          className="min-w-0 max-w-full rounded-md border border-slate-300 px-2 py-1"
          value={view}
          onChange={(e) => setView(e.target.value as WaitlistView)}
        >
          <option value="active">People waiting or holding an offer</option>
          <option value="all">Everyone who joined (registered, withdrawn and lapsed too)</option>
        </select>
      </div>
      <PagedTable<Entry>
        pages={pages}
        noun="waiting list"
        empty={view === 'active' ? 'Nobody is waiting for a seat.' : 'Nobody has joined the waiting list.'}
        caption="Waiting list, first in line first"
        columns={[
          { header: 'Position', cell: (e) => (pages.pageNumber - 1) * WAITLIST_PAGE + rows.indexOf(e) + 1, className: 'tabular-nums' },
          {
            header: 'Who',
            cell: (e) => (
              <>
                {e.fullName}
                <span className="block text-slate-600">{e.email}</span>
              </>
            ),
          },
          { header: 'Category', cell: (e) => categories[e.category]?.label ?? e.category },
          { header: 'Joined', cell: (e) => formatDateTime(e.timestamp), className: 'whitespace-nowrap' },
          { header: 'Status', cell: (e) => <StatusBadge status={e.status === 'offered' && !offerOpen(e, times, now) ? 'passed' : e.status} /> },
          {
            header: 'Offer deadline',
            cell: (e) => (e.status === 'offered' && e.offer ? `Seat ${e.offer.seat}, until ${formatDateTime(offerExpiry(e, times))}` : ''),
            className: 'whitespace-nowrap',
          },
          {
            header: 'Actions',
            cell: (e) => {
              const index = rows.indexOf(e);
              const up = view === 'active' ? movedPosition(rows, index, 'up') : null;
              const down = view === 'active' ? movedPosition(rows, index, 'down') : null;
              const lapsed = e.status === 'offered' && !offerOpen(e, times, now);
              return (
                <div className="flex flex-wrap gap-2">
                  {up && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={busy}
                      // Named in full (the visible words first): an sr-only span reads as "Move up : name".
                      aria-label={`Move up: ${e.fullName}`}
                      onClick={() => act(() => move.mutateAsync({ entry: e, position: up, direction: 'up' }), `Moved ${e.fullName} up the waiting list.`)}
                    >
                      Move up
                    </button>
                  )}
                  {down && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={busy}
                      // Named in full (the visible words first): an sr-only span reads as "Move down : name".
                      aria-label={`Move down: ${e.fullName}`}
                      onClick={() => act(() => move.mutateAsync({ entry: e, position: down, direction: 'down' }), `Moved ${e.fullName} down the waiting list.`)}
                    >
                      Move down
                    </button>
                  )}
                  {e.status === 'waiting' && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={busy}
                      onClick={() => act(() => offer.mutateAsync(e), `Offered a seat to ${e.fullName}: they have been emailed.`)}
                    >
                      Offer a seat <span className="sr-only">to {e.fullName}</span>
                    </button>
                  )}
                  {lapsed && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={busy}
                      onClick={() => act(() => passOne.mutateAsync(e), `Passed the lapsed offer of ${e.fullName}.`)}
                    >
                      Pass<span className="sr-only">: the lapsed offer of {e.fullName}</span>
                    </button>
                  )}
                </div>
              );
            },
          },
        ]}
      />
    </div>
  );
}
