import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { formatMoney } from '../../../components/format.ts';
import { usePaymentTotals } from './api.ts';

const payments = (n: number) => `${n} ${n === 1 ? 'payment' : 'payments'}`;

/** Revenue is verified money only; what visitors say they paid waits apart until someone checks it. */
export function PaymentTotals({ currency }: { currency: string }) {
  const totals = usePaymentTotals(currency);
  return (
    <QueryState query={totals} noun="payment totals">
      {(t) => (
        <>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-green-300 bg-green-50 p-4">
              <dt className="text-sm font-medium text-green-900">Revenue (verified)</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="revenue-verified">
                {formatMoney(t.verified.sum, currency)}
              </dd>
              <dd className="text-sm text-slate-700">from {payments(t.verified.count)}</dd>
            </div>
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
              <dt className="text-sm font-medium text-amber-900">Awaiting verification (not revenue yet)</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="revenue-awaiting">
                {formatMoney(t.submitted.sum, currency)}
              </dd>
              <dd className="text-sm text-slate-700">from {payments(t.submitted.count)}</dd>
            </div>
          </dl>
          {t.otherCurrency > 0 && (
            <p className="mt-2 text-sm text-slate-700">
              {payments(t.otherCurrency)} verified in another currency {t.otherCurrency === 1 ? 'is' : 'are'} not included in the {currency} revenue.
            </p>
          )}
        </>
      )}
    </QueryState>
  );
}
