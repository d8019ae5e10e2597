// One statement import: who imported which file when, what the preview counted, and every line it
// stored with what became of it (applied lines can be reversed, queued ones decided here too).
import { useState } from 'react';
import { useParams } from 'react-router';
import { AdminHeader } from '../../../../admin/ui/AdminHeader.tsx';
import { DataTable } from '../../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../../admin/ui/QueryState.tsx';
import { formatDateTime } from '../../../../components/format.ts';
import { DecisionNotice, lineColumns } from './line-columns.tsx';
import { useImport } from './statement-api.ts';

export default function ImportPage() {
  const { id = '' } = useParams();
  const query = useImport(id);
  const [done, setDone] = useState('');
  return (
    <>
      <AdminHeader title="Statement import" summary="Every line this import stored, and what became of it." />
      <QueryState query={query} noun="import" isEmpty={(d) => d === null} empty="No import has this id.">
        {(d) => (
          <>
            <dl className="mt-4 grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-semibold">File</dt>
              <dd>{d!.record.fileName}</dd>
              <dt className="font-semibold">SHA-256</dt>
              <dd className="font-mono text-xs break-all">{d!.record.checksum}</dd>
              <dt className="font-semibold">Imported</dt>
              <dd>
                {formatDateTime(d!.record.timestamp)} by {d!.record.by}
              </dd>
              <dt className="font-semibold">Lines</dt>
              <dd>
                {d!.record.lineCount} read, {d!.record.errorCount} unreadable
              </dd>
            </dl>
            {d!.record.errors.length > 0 && (
              <details className="mt-4">
                <summary>Unreadable rows</summary>
                <ul className="mt-2 list-disc pl-6 text-sm">
                  {d!.record.errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </details>
            )}
            <DecisionNotice text={done} />
            <div className="mt-4">
              {d!.lines.length ? (
                <DataTable caption="Lines stored by this import, in file order" rows={d!.lines} columns={lineColumns(setDone)} />
              ) : (
                <p>This import stored no line (every line was already imported, or unreadable).</p>
              )}
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}
