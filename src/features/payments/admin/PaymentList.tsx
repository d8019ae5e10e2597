// Payments newest first, filtered by status, with what each pays for and finance's verdict.
import { PAYMENT_METHOD_LABELS } from '../../../data/labels.ts';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { useState } from 'react';
import { Link, href } from 'react-router';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { Pager } from '../../../admin/ui/Pager.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { ReceivedAndDue } from '../../../admin/ui/ReceivedAndDue.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime, formatMoney } from '../../../components/format.ts';
import { usePaymentPages, useRejectPayment, useVerifyPayment, type PaymentRow, type StatusFilter } from './api.ts';
import { targetNoun } from './payment-actions.ts';

const FILTERS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'submitted', label: 'Awaiting verification' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'reversed', label: 'Reversed' },
  { value: '', label: 'All payments' },
];

function PaysFor({ row }: { row: PaymentRow }) {
  const t = row.target;
  return (
    <>
      <Link className="text-brand-700 underline" to={href('/admin/registrations/:collection/:id', { collection: row.targetCollection, id: row.targetId })}>
        {t ? t.name : `${targetNoun(row.targetCollection)} ${row.targetId}`}
      </Link>
      {t && <span className="block font-mono text-xs text-slate-700">{row.targetId}</span>}
      <span className="block text-xs text-slate-600">
        {t ? `${t.what} · due ${formatMoney(t.fee, t.currency)} · ${t.paymentStatus}` : 'Record not found (archived?)'}
      </span>
      {t && <ReceivedAndDue record={t} className="block text-xs font-semibold text-slate-800" />}
      {row.warnings.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs font-semibold text-amber-900" aria-label={`Check before verifying the payment from ${row.payerName}`}>
          {row.warnings.map((w) => (
            <li key={w}>⚠ {w}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function Verdict({ row }: { row: PaymentRow }) {
  const by = row.status === 'verified' ? row.verifiedBy : row.status === 'reversed' ? row.reversedBy : row.rejectedBy;
  const at = row.status === 'verified' ? row.verifiedAt : row.status === 'reversed' ? row.reversedAt : row.rejectedAt;
  return (
    <>
      <StatusBadge status={row.status} />
      {row.manual && <span className="block text-xs text-slate-600">recorded by finance</span>}
      {by && <span className="block text-xs text-slate-600">{`${by}${at ? `, ${formatDateTime(at)}` : ''}`}</span>}
      {row.note && <span className="block text-xs text-slate-700">Note: {row.note}</span>}
      {row.reversalNote && <span className="block text-xs text-slate-700">Reversed: {row.reversalNote}</span>}
      {row.importId && (
        <Link className="block text-xs text-brand-700 underline" to={href('/admin/statements/:id', { id: row.importId })}>
          from a statement
        </Link>
      )}
    </>
  );
}

function Actions({ row, busy, verify, reject }: { row: PaymentRow; busy: boolean; verify: (note: string) => void; reject: (note: string) => void }) {
  if (row.status !== 'submitted') return null;
  const amount = formatMoney(row.amount, row.currency);
  const noun = targetNoun(row.targetCollection);
  const differs = row.warnings.length ? ` Check first: ${row.warnings.join(' ')}` : '';
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmButton
        className="btn-secondary px-2 py-1 text-sm"
        disabled={busy}
        question={`Verify ${amount} from ${row.payerName} (reference ${row.reference})? The ${noun} becomes paid and confirmed.${differs}`}
        confirmLabel="Verify payment"
        confirmClassName="btn-primary"
        note={{ label: 'Note', optional: true, hint: 'e.g. where you saw the money: statement line, M-Pesa message.' }}
        onConfirm={verify}
      >
        Verify<span className="sr-only"> payment from {row.payerName}</span>
      </ConfirmButton>
      <ConfirmButton
        className="btn-secondary px-2 py-1 text-sm"
        disabled={busy}
        question={`Reject ${amount} from ${row.payerName} (reference ${row.reference})? The ${noun} goes back to unpaid so the payer can submit again.`}
        confirmLabel="Reject payment"
        note={{ label: 'Reason for rejecting', hint: 'Shown to the payer with their record.' }}
        onConfirm={reject}
      >
        Reject<span className="sr-only"> payment from {row.payerName}</span>
      </ConfirmButton>
    </div>
  );
}

/** Errors a verdict explains itself (already verified, record missing) are shown as they are. */
const failure = (error: Error) => ('code' in error ? 'We could not save the decision. Check your connection and try again.' : error.message);

export function PaymentList() {
  const [status, setStatus] = useState<StatusFilter>('submitted');
  const pages = usePaymentPages(status);
  const verify = useVerifyPayment();
  const reject = useRejectPayment();
  const [done, setDone] = useState('');
  const busy = verify.isPending || reject.isPending;
  const error = verify.error ?? reject.error;
  return (
    <>
      <div className="mt-4 max-w-xs">
        <FilterSelect label="Show" value={status} onChange={(v) => setStatus(v as StatusFilter)} options={FILTERS} />
      </div>
      <div aria-live="polite" className="mt-3">
        {error && <FormAlert>{failure(error)}</FormAlert>}
        {done && !error && (
          <p className="rounded-md bg-green-50 p-3 text-green-900" role="status">
            {done}
          </p>
        )}
      </div>
      <QueryState query={pages} noun="payments" isEmpty={(p) => p.items.length === 0} empty="No payments with this status.">
        {(page) => (
          <DataTable
            caption="Payments, newest first"
            rows={page.items}
            columns={[
              { header: 'Received', cell: (r) => formatDateTime(r.timestamp) },
              { header: 'Payer', cell: (r) => r.payerName },
              { header: 'Amount', cell: (r) => formatMoney(r.amount, r.currency), className: 'text-right tabular-nums' },
              { header: 'Method', cell: (r) => PAYMENT_METHOD_LABELS[r.method] ?? r.method },
              { header: 'Reference', cell: (r) => <span className="font-mono">{r.reference}</span> },
              { header: 'Pays for', cell: (r) => <PaysFor row={r} /> },
              { header: 'Status', cell: (r) => <Verdict row={r} /> },
              {
                header: 'Actions',
                cell: (r) => (
                  <Actions
                    row={r}
                    busy={busy}
                    verify={(note) => {
                      setDone('');
                      reject.reset();
                      verify.mutate(
                        { payment: r, note },
                        {
                          onSuccess: () =>
                            setDone(`Verified ${formatMoney(r.amount, r.currency)} from ${r.payerName}: the ${targetNoun(r.targetCollection)} is now paid.`),
                        },
                      );
                    }}
                    reject={(note) => {
                      setDone('');
                      verify.reset();
                      reject.mutate({ payment: r, note }, { onSuccess: () => setDone(`Rejected the payment from ${r.payerName}.`) });
                    }}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Pager
        pageNumber={pages.pageNumber}
        hasPrevious={pages.hasPrevious}
        hasNext={pages.hasNext}
        busy={pages.isFetching}
        onPrevious={pages.previous}
        onNext={pages.next}
        label="Pages of payments"
      />
    </>
  );
}
