// The call for abstracts as every page reads it: settings/abstracts, public (firestore.rules
// settings get), read once per visit like the site's settings, and prerendered with /abstracts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import { NO_CALL, type AbstractCall } from './abstracts.ts';

const toDate = (v: unknown) => (v instanceof Date ? v : null);

/** The call as stored, or NO_CALL (no dates: not open) while administrators have not set one. */
export async function fetchAbstractCall(): Promise<AbstractCall> {
  const stored = await publicReads.fetchDocument<Record<string, unknown>>('settings', 'abstracts');
  if (!stored) return NO_CALL;
  const { id: _id, ...call } = stored;
  return { ...NO_CALL, ...call, opensAt: toDate(stored.opensAt), closesAt: toDate(stored.closesAt), reviewsDueAt: toDate(stored.reviewsDueAt) } as AbstractCall;
}

export const abstractCallKey = ['settings', 'abstracts'] as const;

export const abstractCallQuery = queryOptions({ queryKey: abstractCallKey, queryFn: fetchAbstractCall, staleTime: 5 * 60_000 });

export function useAbstractCall() {
  return useQuery(abstractCallQuery);
}
