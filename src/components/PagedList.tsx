import type { ReactNode } from 'react';
import { FormAlert } from './fields.tsx';
import { LoadingLine } from './LoadingLine.tsx';

interface Paged<T> {
  isPending: boolean;
  isError: boolean;
  data?: { pages: Array<{ items: T[] }> };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Loading, error, empty and "more" states for any cursor-paged list. */
export function PagedList<T extends { id: string }>({
  query,
  noun,
  empty,
  children,
}: {
  query: Paged<T>;
  noun: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingLine>Loading {noun}…</LoadingLine>;
  if (query.isError)
    return (
      <div className="mt-8">
        <FormAlert>We could not load the {noun}. Check your connection and reload the page.</FormAlert>
      </div>
    );
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (!items.length) return <p className="mt-8 text-slate-700">{empty}</p>;
  return (
    <>
      {children(items)}
      {query.hasNextPage && (
        <button type="button" className="btn-secondary mt-8" disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : `More ${noun}`}
        </button>
      )}
    </>
  );
}
