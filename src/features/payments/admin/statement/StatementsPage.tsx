// Finance's statements: import a new one (preview, then apply), decide the queued lines, and see
// every import made, who made it and what came of it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../../admin/ui/AdminHeader.tsx';
import { PagedTable } from '../../../../admin/ui/PagedTable.tsx';
import { QueryState } from '../../../../admin/ui/QueryState.tsx';
import { formatDateTime } from '../../../../components/format.ts';
import { useSiteSettings } from '../../../../data/site-settings.ts';
import { fetchStatementFormats, statementFormatsKey } from '../../../../data/statement-formats.ts';
import { ImportStatement } from './ImportStatement.tsx';
import { DecisionNotice, lineColumns } from './line-columns.tsx';
import { useStatementImports, useStatementQueue } from './statement-api.ts';

function Queue() {
  const pages = useStatementQueue();
  const [done, setDone] = useState('');
  return (
    <>
      <DecisionNotice text={done} />
      <PagedTable
        pages={pages}
        noun="queued lines"
        empty="No line is waiting for a decision."
        caption="Lines waiting for a decision, newest first"
        columns={lineColumns(setDone)}
      />
    </>
  );
}

function Imports() {
  const pages = useStatementImports();
  return (
    <PagedTable
      pages={pages}
      noun="imports"
      empty="No statement has been imported yet."
      caption="Statement imports, newest first"
      columns={[
        { header: 'Imported', cell: (i) => `${formatDateTime(i.timestamp)} by ${i.by}` },
        {
          header: 'File',
          cell: (i) => (
            <>
              <Link className="text-brand-700 underline" to={href('/admin/statements/:id', { id: i.id })}>
                {i.fileName}
              </Link>
              <span className="block font-mono text-xs text-slate-600" title={i.checksum}>
                SHA-256 {i.checksum.slice(0, 12)}…
              </span>
            </>
          ),
        },
        { header: 'Lines', cell: (i) => `${i.lineCount} (${i.errorCount} unreadable)`, className: 'tabular-nums' },
        {
          header: 'Result',
          cell: (i) =>
            i.status === 'done'
              ? `${i.results.applied ?? 0} applied, ${i.results.queued ?? 0} queued, ${i.results.skipped ?? 0} already imported`
              : 'Applying stopped part-way (see its lines)',
        },
      ]}
    />
  );
}

export default function StatementsPage() {
  const settings = useSiteSettings();
  const formats = useQuery({ queryKey: statementFormatsKey, queryFn: fetchStatementFormats });
  return (
    <>
      <AdminHeader title="Statements" summary="Import an M-Pesa or bank statement: payments are matched by payment code, previewed, then applied." />
      <section aria-labelledby="import-heading" className="mt-6">
        <h2 id="import-heading">Import a statement</h2>
        <QueryState query={settings} noun="site settings">
          {(s) => <ImportStatement formats={formats.data ?? []} currency={s.currency} />}
        </QueryState>
      </section>
      <section aria-labelledby="queue-heading" className="mt-10">
        <h2 id="queue-heading">Waiting for a decision</h2>
        <Queue />
      </section>
      <section aria-labelledby="imports-heading" className="mt-10">
        <h2 id="imports-heading">Imports</h2>
        <Imports />
      </section>
    </>
  );
}
