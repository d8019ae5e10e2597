// The seats at a glance for staff (the overview, the registrations and waiting-list screens):
// taken, held unpaid, offered to the waiting list and free, each counted by an aggregation over the
// seat slots (data/seats.ts countSeats), never from a stored counter or the documents themselves.
import { useQuery } from '@tanstack/react-query';
import { adminKey } from '../../data/query-keys.ts';
import { countSeats, seatTimesOf, type SeatCounts, type SeatTimes } from '../../data/seats.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { QueryState } from './QueryState.tsx';

export const seatCountsKey = (times: SeatTimes) => [...adminKey('seats'), 'counts', times.unpaidHoldHours, times.offerHours] as const;

/** The counts, read again whenever a screen showing them opens (staleTime 0). */
export function useSeatCounts(times: SeatTimes | undefined) {
  return useQuery({
    queryKey: seatCountsKey(times ?? { unpaidHoldHours: 0, offerHours: 0 }),
    enabled: !!times,
    queryFn: () => countSeats(times!),
    staleTime: 0,
  });
}

/** What the figures say beyond the numbers: seats still held above a lowered capacity (data/seat-capacity.ts moves them below it). */
export function seatNote(counts: SeatCounts, capacity: number): string {
  const slots = counts.taken + counts.held + counts.offered + counts.free;
  const over = slots - capacity;
  if (over <= 0) return '';
  const seats = over === 1 ? '1 seat is' : `${over} seats are`;
  return `${seats} held above the capacity of ${capacity} (a move below it failed): press Save in Settings to move ${over === 1 ? 'it' : 'them'}.`;
}

export function SeatFigures({ heading = 'Seats', className = '' }: { heading?: string; className?: string }) {
  const settings = useSiteSettings();
  const counts = useSeatCounts(settings.data ? seatTimesOf(settings.data) : undefined);
  const query = {
    isPending: !settings.isError && counts.isPending,
    isError: settings.isError || counts.isError,
    data: counts.data,
    refetch: () => (settings.isError ? settings.refetch() : counts.refetch()),
  };
  return (
    <section aria-label={heading} className={`rounded-lg border border-slate-200 p-4 ${className}`}>
      <h2 className="text-lg">{heading}</h2>
      <QueryState query={query} noun="seat figures">
        {(c) => {
          const capacity = settings.data?.capacity ?? 0;
          const note = seatNote(c, capacity);
          const figures = [
            ['capacity', 'Capacity', capacity],
            ['taken', 'Taken', c.taken],
            ['held', 'Held unpaid', c.held],
            ['offered', 'Offered', c.offered],
            ['free', 'Free', c.free],
          ] as const;
          return (
            <>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-5">
                {figures.map(([key, label, value]) => (
                  <div key={key} className="py-1">
                    <dt className="text-sm text-slate-700">{label}</dt>
                    <dd className="text-2xl font-semibold tabular-nums text-slate-900">{value.toLocaleString('en-KE')}</dd>
                  </div>
                ))}
              </dl>
              {note && <p className="mt-2 text-sm text-slate-800">{note}</p>}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
