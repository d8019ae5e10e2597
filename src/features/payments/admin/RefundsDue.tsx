// Refunds due across the summit (refunds.ts): who, why, how much came in and how much goes back.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { adminKey } from '../../../data/query-keys.ts';
import { formatMoneyMinor } from '../../../components/format.ts';
import { fetchRefundsDue, type RefundDue } from './refunds.ts';

/** Why the money is the payer's: worded for finance. */
const why = (r: RefundDue) =>
  r.status === 'cancelled' ? 'cancelled after paying' : r.paymentStatus === 'not-required' ? 'needs no payment' : 'paid more than the fee';

export function RefundsDue() {
  const refunds = useQuery({ queryKey: [...adminKey('payments'), 'refunds-due'], queryFn: fetchRefundsDue, staleTime: 0 });
  return (
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
                  <Link className="text-brand-700 underline" to={`/admin/registrations/${r.collection}/${r.id}`}>
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
          ]}
        />
      )}
    </QueryState>
  );
}
