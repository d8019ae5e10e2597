// Refunds due across the summit (refunds.ts): who, why, how much came in and how much goes back;
// from each, record the refund made or that no refund is due (the money is kept, with a reason).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, href } from 'react-router';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { adminKey } from '../../../data/query-keys.ts';
import { formatMoneyMinor } from '../../../components/format.ts';
import { fetchRefundsDue, type RefundDue } from './refunds.ts';
import { RefundForm } from './RefundForm.tsx';
import { KeepForm } from './KeepForm.tsx';

type Decision = 'refund' | 'keep';

/** Why the money is the payer's: worded for finance. */
const why = (r: RefundDue) =>
  r.status === 'cancelled' ? 'cancelled after paying' : r.paymentStatus === 'not-required' ? 'needs no payment' : 'paid more than the fee';

export function RefundsDue() {
  const refunds = useQuery({ queryKey: [...adminKey('payments'), 'refunds-due'], queryFn: fetchRefundsDue, staleTime: 0 });
  const [chosen, setChosen] = useState<{ record: RefundDue; decision: Decision } | null>(null);
  const isOpen = (r: RefundDue, decision: Decision) => chosen?.record.id === r.id && chosen.decision === decision;
  const toggle = (r: RefundDue, decision: Decision) => {
    setDone('');
    setChosen(isOpen(r, decision) ? null : { record: r, decision });
  };
  const finished = (message: string) => {
    setChosen(null);
    setDone(message);
  };
  const [done, setDone] = useState('');
  return (
    <>
      <div aria-live="polite">
        {done && (
          <p className="mt-3 rounded-md bg-green-50 p-3 text-green-900" role="status">
            {done}
          </p>
        )}
      </div>
      <QueryState query={refunds} noun="refunds due" isEmpty={(rows) => rows.length === 0} empty="No refunds are due: no record holds more than it owes.">
        {(rows) => (
          <DataTable
            caption="Refunds due, largest first"
            rows={rows}
            columns={[
              {
                header: 'Record',
                cell: (r) => (
                  <>
                    <Link className="text-brand-700 underline" to={href('/admin/registrations/:collection/:id', { collection: r.collection, id: r.id })}>
                      {r.name || r.id}
                    </Link>
                    {r.code && <span className="block font-mono text-xs text-slate-700">{r.code}</span>}
                  </>
                ),
              },
              {
                header: 'Why',
                cell: (r) => (
                  <>
                    <StatusBadge status={r.status} /> <span className="block text-xs text-slate-700">{why(r)}</span>
                  </>
                ),
              },
              { header: 'Fee', cell: (r) => formatMoneyMinor(Math.round(r.fee * 100), r.currency), className: 'text-right tabular-nums' },
              { header: 'Received', cell: (r) => formatMoneyMinor(r.receivedMinor, r.currency), className: 'text-right tabular-nums' },
              { header: 'Refund due', cell: (r) => <strong>{formatMoneyMinor(r.refundDueMinor, r.currency)}</strong>, className: 'text-right tabular-nums' },
              {
                header: 'Actions',
                cell: (r) => (
                  <span className="flex flex-wrap gap-2">
                    <button type="button" className="btn-secondary px-2 py-1 text-sm" aria-expanded={isOpen(r, 'refund')} onClick={() => toggle(r, 'refund')}>
                      Record refund <span className="sr-only">to {r.name || r.id}</span>
                    </button>
                    <button type="button" className="btn-secondary px-2 py-1 text-sm" aria-expanded={isOpen(r, 'keep')} onClick={() => toggle(r, 'keep')}>
                      No refund <span className="sr-only">to {r.name || r.id}</span>
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {chosen?.decision === 'refund' && <RefundForm key={chosen.record.id} record={chosen.record} onDone={finished} />}
      {chosen?.decision === 'keep' && <KeepForm key={chosen.record.id} record={chosen.record} onDone={finished} />}
    </>
  );
}
