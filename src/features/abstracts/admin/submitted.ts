// The abstracts submitted to the call, as administrators read them (firestore.rules: only they
// list abstracts): drafts are their authors' until submitted, and withdrawn ones are out of it.
import { useQuery } from '@tanstack/react-query';
import { adminKey } from '../../../data/query-keys.ts';
import type { Abstract, AbstractCall } from '../../../data/abstracts.ts';
import { db } from '../../../lib/data.ts';

export const submittedKey = adminKey('abstracts');

/** In the order they were submitted (a composite index: firestore.indexes.json). */
export const fetchSubmitted = () => db.fetchEvery<Abstract>('abstracts', { where: [['status', '==', 'submitted']], orderBy: ['submittedAt', 'asc'] });

export function useSubmitted() {
  return useQuery({ queryKey: submittedKey, queryFn: fetchSubmitted, staleTime: 0 });
}

/** How many were submitted to each of the call's tracks (and to none it still has), in the call's order. */
export function countByTrack(items: Abstract[], call: Pick<AbstractCall, 'tracks'>): Array<{ key: string; label: string; count: number }> {
  const counts = new Map<string, number>();
  for (const a of items) counts.set(a.track, (counts.get(a.track) ?? 0) + 1);
  const rows = Object.entries(call.tracks).map(([key, label]) => ({ key, label, count: counts.get(key) ?? 0 }));
  const orphans = items.filter((a) => !(a.track in call.tracks)).length;
  return orphans ? [...rows, { key: '', label: 'A track since removed', count: orphans }] : rows;
}
