// The columns every table of stored statement lines shares: what the statement said, and what
// became of the line.
import { Link, href } from 'react-router';
import type { Column } from '../../../../admin/ui/DataTable.tsx';
import { StatusBadge } from '../../../../admin/ui/StatusBadge.tsx';
import { formatDateTime, formatMinor } from '../../../../components/format.ts';
import { LineActions } from './LineActions.tsx';
import type { StoredLine } from './statement-api.ts';

export function lineColumns(onDone: (message: string) => void): Column<StoredLine>[] {
  return [
    { header: 'Row', cell: (l) => l.row, className: 'tabular-nums' },
    {
      header: 'Receipt',
      cell: (l) => (
        <>
          <span className="font-mono">{l.receipt}</span>
          <span className="block text-xs text-slate-600">{formatDateTime(l.completedAt)}</span>
        </>
      ),
    },
    { header: 'Paid in', cell: (l) => formatMinor(l.amountMinor, l.currency), className: 'text-right tabular-nums' },
    {
      header: 'Payer and details',
      cell: (l) => (
        <>
          {l.payer}
          <span className="block text-xs text-slate-700">{[l.account, l.details].filter(Boolean).join(' · ')}</span>
        </>
      ),
    },
    {
      header: 'Outcome',
      cell: (l) => (
        <>
          <StatusBadge status={l.state} /> <StatusBadge status={l.class} />
          {l.reason && <span className="block text-xs text-slate-700">{l.reason}</span>}
          {l.overMinor > 0 && l.state !== 'reversed' && (
            <span className="block text-xs font-semibold text-amber-900">Refund due: {formatMinor(l.overMinor, l.currency)}</span>
          )}
          {l.targetId && l.targetCollection && (
            <Link
              className="block text-xs text-brand-700 underline"
              to={href('/admin/registrations/:collection/:id', { collection: l.targetCollection, id: l.targetId })}
            >
              {l.targetId}
            </Link>
          )}
          {l.note && <span className="block text-xs text-slate-700">Note: {l.note}</span>}
        </>
      ),
    },
    { header: 'Actions', cell: (l) => <LineActions line={l} onDone={onDone} /> },
  ];
}

/** What the last decision on a line did, read out by screen readers as it appears. */
export function DecisionNotice({ text }: { text: string }) {
  return (
    <div aria-live="polite">
      {text && (
        <p className="mt-2 rounded-md bg-green-50 p-3 text-green-900" role="status">
          {text}
        </p>
      )}
    </div>
  );
}
