// A cursor-paged list as a table: loading, error and empty states, the rows, and previous / next.
import type { Page } from '../../lib/db.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { QueryState } from './QueryState.tsx';
import type { useCursorPages } from './use-cursor-pages.ts';

interface Common<T extends { id: string }> {
  pages: ReturnType<typeof useCursorPages<T>>;
  /** "messages": used in "Loading messages…" and "We could not load the messages." */
  noun: string;
  /** Shown when the first page is empty. */
  empty: string;
  caption: string;
}

/** The page's documents are the rows, or `rows` derives one row per document from the page
 *  (e.g. a verdict worked out from other reads); the columns then describe the derived rows. */
type Props<T extends { id: string }, R extends { id: string }> = Common<T> &
  ({ columns: Column<NoInfer<T>>[]; rows?: undefined } | { columns: Column<R>[]; rows: (page: Page<T>) => R[] });

export function PagedTable<T extends { id: string }, R extends { id: string } = T>(props: Props<T, R>) {
  const { pages, noun, empty, caption } = props;
  return (
    <QueryState query={pages} noun={noun} isEmpty={(p: Page<T>) => p.items.length === 0} empty={empty}>
      {(page) => (
        <>
          {props.rows ? (
            <DataTable<R> caption={caption} rows={props.rows(page)} columns={props.columns} />
          ) : (
            <DataTable<T> caption={caption} rows={page.items} columns={props.columns} />
          )}
          <Pager pages={pages} />
        </>
      )}
    </QueryState>
  );
}
