// Donation pledges from /donate: what was promised, and which pledges have been received.
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { Pager } from '../../../admin/ui/Pager.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime, formatMoney } from '../../../components/format.ts';
import { useDonationPages, useDonationTotals, useMarkDonationReceived } from './api.ts';

export function DonationsSection({ currency }: { currency: string }) {
  const totals = useDonationTotals(currency);
  const pages = useDonationPages();
  const mark = useMarkDonationReceived();
  return (
    <>
      <QueryState query={totals} noun="donation totals">
        {(t) => (
          <p className="mt-2 text-slate-800">
            Pledged and not yet received: <strong>{formatMoney(t.pledged.sum, currency)}</strong> ({t.pledged.count}) · Received:{' '}
            <strong>{formatMoney(t.received.sum, currency)}</strong> ({t.received.count})
          </p>
        )}
      </QueryState>
      {mark.isError && (
        <FormAlert>{'code' in mark.error ? 'We could not mark the pledge received. Check your connection and try again.' : mark.error.message}</FormAlert>
      )}
      <QueryState query={pages} noun="donation pledges" isEmpty={(p) => p.items.length === 0} empty="No donation pledges yet.">
        {(page) => (
          <DataTable
            caption="Donation pledges, newest first"
            rows={page.items}
            columns={[
              { header: 'Pledged', cell: (d) => formatDateTime(d.timestamp) },
              {
                header: 'Donor',
                cell: (d) => (
                  <>
                    {d.name}
                    <span className="block text-xs text-slate-600">
                      {d.email}
                      {d.anonymous && ' · asked not to be named publicly'}
                    </span>
                  </>
                ),
              },
              { header: 'Amount', cell: (d) => formatMoney(d.amount, d.currency), className: 'text-right tabular-nums' },
              { header: 'Message', cell: (d) => d.message },
              { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
              {
                header: 'Actions',
                cell: (d) =>
                  d.status === 'pledged' && (
                    <ConfirmButton
                      className="btn-secondary px-2 py-1 text-sm"
                      disabled={mark.isPending}
                      question={`Mark the ${formatMoney(d.amount, d.currency)} pledge from ${d.name} as received?`}
                      confirmLabel="Mark received"
                      confirmClassName="btn-primary"
                      onConfirm={() => mark.mutate(d)}
                    >
                      Mark received<span className="sr-only"> from {d.name}</span>
                    </ConfirmButton>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <Pager pages={pages} label="Pages of donation pledges" />
    </>
  );
}
