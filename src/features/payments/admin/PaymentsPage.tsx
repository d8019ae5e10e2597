import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { can } from '../../../admin/permissions.ts';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { DonationsSection } from './DonationsSection.tsx';
import { ManualPaymentForm } from './ManualPaymentForm.tsx';
import { PaymentList } from './PaymentList.tsx';
import { PaymentTotals } from './PaymentTotals.tsx';
import { RefundsDue } from './RefundsDue.tsx';

function Payments() {
  const staff = useStaff();
  const settings = useSiteSettings();
  return (
    <QueryState query={settings} noun="site settings">
      {(s) => (
        <>
          <section aria-labelledby="totals-heading" className="mt-6">
            <h2 id="totals-heading">Totals ({s.currency})</h2>
            <PaymentTotals currency={s.currency} />
          </section>
          <section aria-labelledby="payments-heading" className="mt-10">
            <h2 id="payments-heading">Payments</h2>
            <PaymentList />
          </section>
          <section aria-labelledby="refunds-heading" className="mt-10">
            <h2 id="refunds-heading">Refunds due</h2>
            <p className="mt-1 text-slate-700">Every record holding more than it owes: an over-payment, or money received before it was cancelled.</p>
            <RefundsDue />
          </section>
          <section aria-labelledby="manual-heading" className="mt-10">
            <h2 id="manual-heading">Record a payment received directly</h2>
            <p className="mt-1 text-slate-700">Cash at the desk, a cheque, or a transfer seen on the bank statement without a submitted reference.</p>
            <ManualPaymentForm />
          </section>
          {can(staff.role, 'donations') && (
            <section aria-labelledby="donations-heading" className="mt-10">
              <h2 id="donations-heading">Donation pledges</h2>
              <DonationsSection currency={s.currency} />
            </section>
          )}
        </>
      )}
    </QueryState>
  );
}

export default function PaymentsPage() {
  return (
    <>
      <AdminHeader title="Payments" summary="Verify what payers submitted, record money received directly, and see what has come in." />
      <Payments />
    </>
  );
}
