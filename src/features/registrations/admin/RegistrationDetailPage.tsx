import { Link, href, useNavigate, useParams } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { can } from '../../../admin/permissions.ts';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { formatMoney } from '../../../components/format.ts';
import { moneyOf, receivedMinorOf, refundDueMinor } from '../../../data/money-received.ts';
import { db } from '../../../lib/data.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { APPLICATION_KIND_LABELS, ATTENDANCE_LABELS, labelOf, PAYMENT_METHOD_LABELS, settingsLabel } from '../../../data/labels.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';
import { useArchiveRecord, useStatusChange } from './record-actions.ts';
import { useRecord, useRecordPayments } from './record-queries.ts';
import { NEXT_STATUSES, type StaffRecord } from './records.ts';
import { RecordMessages } from './RecordMessages.tsx';
import { CancelWithMoney } from './CancelWithMoney.tsx';
import { AttendanceSection } from './AttendanceSection.tsx';
import { ReceivedAndDue } from '../../../admin/ui/ReceivedAndDue.tsx';
import { formatDateTime } from '../../../lib/nairobi-time.ts';

const FIELDS: Record<'registrations' | 'partners', Array<[string, string]>> = {
  registrations: [
    ['fullName', 'Full name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['organisation', 'Organisation'],
    ['jobTitle', 'Role'],
    ['country', 'Country'],
    ['category', 'Category'],
    ['attendanceMode', 'Attendance'],
    ['accessibilityNeeds', 'Accessibility needs'],
    ['dietaryNeeds', 'Dietary needs'],
    ['paymentNote', 'Payment note'],
  ],
  partners: [
    ['kind', 'Kind'],
    ['organisation', 'Organisation'],
    ['contactName', 'Contact'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['kraPin', 'KRA PIN'],
    ['website', 'Website'],
    ['tier', 'Tier'],
    ['boothType', 'Booth type'],
    ['staffCount', 'Staff'],
    ['requirements', 'Requirements'],
    ['message', 'Message'],
    ['paymentNote', 'Payment note'],
  ],
};

/** A stored value as people read it: codes by their names (settings name categories, tiers and booth types). */
function shown(field: string, value: unknown, settings: SiteSettings | undefined): string {
  switch (field) {
    case 'category':
      return settingsLabel(settings, 'categories', value);
    case 'tier':
      return settingsLabel(settings, 'partnerTiers', value);
    case 'boothType':
      return settingsLabel(settings, 'boothTypes', value);
    case 'attendanceMode':
      return labelOf(ATTENDANCE_LABELS, value);
    case 'kind':
      return labelOf(APPLICATION_KIND_LABELS, value);
    default:
      return String(value);
  }
}

function Payments({ collection, id }: { collection: string; id: string }) {
  const payments = useRecordPayments(collection, id, true);
  return (
    <section className="mt-8" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      <QueryState query={payments} noun="payments" isEmpty={(p) => p.length === 0} empty="No payment has been submitted for this record.">
        {(list) => (
          <ul className="mt-3 space-y-2">
            {list.map((p) => (
              <li key={p.id} className="flex flex-wrap gap-3 text-sm">
                <span>{p.timestamp ? formatDateTime(p.timestamp) : ''}</span>
                <span>{formatMoney(p.amount, p.currency)}</span>
                <span>{labelOf(PAYMENT_METHOD_LABELS, p.method)}</span>
                <span className="font-mono">{p.reference}</span>
                <StatusBadge status={p.status} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Link className="mt-3 inline-block text-brand-700 underline" to={href('/admin/payments')}>
        Go to payments
      </Link>
    </section>
  );
}

/** A refusal the action explains (a seat lost to someone else, a record changed meanwhile) as it says; a failed request generically. */
function actionFailure(error: Error | null): string {
  if (error && !('code' in error) && error.message) return error.message;
  return 'The change was not saved. Someone may have changed this record meanwhile: reload and try again.';
}

function Actions({ collection, record, name }: { collection: 'registrations' | 'partners'; record: StaffRecord; name: string }) {
  const staff = useStaff();
  const navigate = useNavigate();
  const change = useStatusChange(collection);
  const archive = useArchiveRecord(collection);
  const busy = change.isPending || archive.isPending;
  const kind = collection === 'registrations' ? 'registration' : 'application';
  return (
    <section className="mt-8" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {can(staff.role, 'registrations:update') &&
          (NEXT_STATUSES[record.status] ?? []).map(({ status, label }) =>
            status === 'cancelled' ? (
              <CancelWithMoney
                key={status}
                kind={kind}
                name={name}
                label={label}
                disabled={busy}
                refundableMinor={refundDueMinor({ ...moneyOf(record), status: 'cancelled' })}
                currency={String(record.currency)}
                paidUncounted={record.paymentStatus === 'paid' && receivedMinorOf(record) === 0}
                onConfirm={({ keptReason }) =>
                  change.mutate({
                    record,
                    name,
                    status,
                    keep: keptReason ? { keptId: db.newId('keptMoney'), reason: keptReason, staffEmail: staff.tokenEmail } : undefined,
                  })
                }
              />
            ) : (
              <button key={status} type="button" className="btn-secondary" disabled={busy} onClick={() => change.mutate({ record, name, status })}>
                {label}
              </button>
            ),
          )}
        {can(staff.role, 'registrations:archive') && (
          <ConfirmButton
            disabled={busy}
            question={`Archive ${name}? It leaves the lists and can be restored from the Archive.`}
            confirmLabel="Archive"
            // mutateAsync, not mutate's onSuccess: the record's own query refetches empty and this
            // page shows "not found" (unmounting this button) before a per-call callback would run.
            onConfirm={() =>
              archive.mutateAsync({ id: record.id, name }).then(
                () => navigate(href('/admin/registrations'), { replace: true }),
                () => {},
              )
            }
          >
            Archive
          </ConfirmButton>
        )}
      </div>
      {(change.isError || archive.isError) && (
        <div className="mt-3">
          <FormAlert>{actionFailure(change.error ?? archive.error)}</FormAlert>
        </div>
      )}
      {change.isSuccess && (
        <p className="mt-3 text-green-800" role="status">
          Saved: now <StatusBadge status={change.variables.status} />.
        </p>
      )}
    </section>
  );
}

export default function RegistrationDetailPage() {
  const params = useParams();
  const collection = params.collection === 'partners' ? 'partners' : 'registrations';
  const id = params.id ?? '';
  const record = useRecord(collection, id);
  const settings = useSiteSettings();
  const staff = useStaff();
  return (
    <>
      <Link className="text-brand-700 underline" to={href('/admin/registrations')}>
        ← All registrations
      </Link>
      <QueryState query={record} noun="record">
        {(r) => {
          if (!r) return <h1 className="mt-4">Record not found</h1>;
          const name = String(r.fullName ?? r.organisation ?? r.id);
          return (
            <div className="mt-4">
              <AdminHeader
                title={name}
                summary={`${typeof r.paymentCode === 'string' && r.paymentCode ? `Payment code ${r.paymentCode} · ` : ''}Reference ${r.id}${r.timestamp ? ` · received ${formatDateTime(r.timestamp)}` : ''}`}
              />
              <p className="mt-3 flex flex-wrap items-center gap-2">
                <StatusBadge status={r.status} /> <StatusBadge status={r.paymentStatus} />
                <span>{formatMoney(r.fee, r.currency)}</span>
                <ReceivedAndDue record={r} lead="· " />
                {r.checkedInAt instanceof Date && <span>· checked in {formatDateTime(r.checkedInAt)}</span>}
                <a className="text-brand-700 underline" href={href('/checkout/:id', { id: r.id })} target="_blank" rel="noreferrer">
                  Checkout page and ticket
                </a>
              </p>
              <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-2">
                {FIELDS[collection]
                  .filter(([field]) => r[field] !== undefined && r[field] !== '')
                  .map(([field, label]) => (
                    <div key={field}>
                      <dt className="text-sm text-slate-600">{label}</dt>
                      <dd className="whitespace-pre-wrap break-words">{shown(field, r[field], settings.data)}</dd>
                    </div>
                  ))}
              </dl>
              {collection === 'registrations' && <AttendanceSection record={r} name={name} />}
              <Actions collection={collection} record={r} name={name} />
              <RecordMessages collection={collection} id={r.id} />
              {can(staff.role, 'payments') && <Payments collection={collection} id={r.id} />}
            </div>
          );
        }}
      </QueryState>
    </>
  );
}
