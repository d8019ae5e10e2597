import { queryOptions, useQuery } from '@tanstack/react-query';
import { db } from '../../lib/data.ts';

/** Seats taken so far: one small public document, not a count over registrations. */
export const seatsTakenQuery = queryOptions({
  queryKey: ['counters', 'seats'],
  queryFn: async () => (await db.fetchDocument<{ count?: number }>('counters', 'seats'))?.count ?? 0,
  staleTime: 30_000,
});

export function useSeatsTaken() {
  return useQuery(seatsTakenQuery);
}
