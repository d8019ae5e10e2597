import { useId, type ReactNode } from 'react';
import { ScrollRegion } from './ScrollRegion.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A plain, accessible table: a caption names it, headers are column headers; on phones it
 *  scrolls sideways in its own region, named by the caption too, while the page reflows. */
export function DataTable<T extends { id: string }>({ caption, columns, rows }: { caption: string; columns: Column<T>[]; rows: T[] }) {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={captionId} className="mt-4 rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-3 py-2 font-semibold text-slate-800 ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.header} className={`px-3 py-2 align-top text-slate-800 ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
