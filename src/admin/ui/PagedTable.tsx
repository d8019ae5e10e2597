// A cursor-paged list as a table: loading, error and empty states, the rows, and previous / next.
import type { Page } from '../../lib/db.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { QueryState } from './QueryState.tsx';
import type { useCursorPages } from './use-cursor-pages.ts';

interface Props<T extends { id: string }> {
  pages: ReturnType<typeof useCursorPages<T>>;
  /** "messages": used in "Loading messages…" and "We could not load the messages." */
  noun: string;
  /** Shown when the first page is empty. */
  empty: string;
  caption: string;
  columns: Column<T>[];
}

export function PagedTable<T extends { id: string }>({ pages, noun, empty, caption, columns }: Props<T>) {
  return (
    <QueryState query={pages} noun={noun} isEmpty={(p: Page<T>) => p.items.length === 0} empty={empty}>
      {(page) => (
        <>
          <DataTable<T> caption={caption} rows={page.items} columns={columns} />
          <Pager
            pageNumber={pages.pageNumber}
            hasPrevious={pages.hasPrevious}
            hasNext={pages.hasNext}
            busy={pages.isFetching}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
        </>
      )}
    </QueryState>
  );
}
