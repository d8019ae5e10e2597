// Numbered pages over a Firestore query: page n+1 starts after page n's last document, so each
// page is one small read however large the collection (20,000 registrations read 25 at a time).
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Cursor, Page } from '../../lib/db.ts';

export function useCursorPages<T>(key: QueryKey, fetchPage: (after: Cursor | null) => Promise<Page<T>>) {
  const [state, setState] = useState({ key: JSON.stringify(key), index: 0 });
  const cursors = useRef<Array<Cursor | null>>([null]);
  // A new filter or search starts again at page one.
  const keyText = JSON.stringify(key);
  if (state.key !== keyText) {
    cursors.current = [null];
    setState({ key: keyText, index: 0 });
  }
  const index = state.key === keyText ? state.index : 0;
  const query = useQuery({
    queryKey: [...key, 'page', index],
    queryFn: async () => {
      const page = await fetchPage(cursors.current[index] ?? null);
      cursors.current[index + 1] = page.next;
      return page;
    },
    placeholderData: keepPreviousData,
  });
  return {
    ...query,
    pageNumber: index + 1,
    hasNext: !!query.data?.next && !query.isPlaceholderData,
    hasPrevious: index > 0,
    next: () => setState((s) => ({ ...s, index: s.index + 1 })),
    previous: () => setState((s) => ({ ...s, index: Math.max(0, s.index - 1) })),
  };
}
