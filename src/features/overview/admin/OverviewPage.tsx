import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { can } from '../../../admin/permissions.ts';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { formatMoney } from '../../../components/format.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { BarChart } from './BarChart.tsx';
import { SeatFigures } from '../../../admin/ui/SeatFigures.tsx';
import { GoLiveCard } from './GoLiveCard.tsx';
import { RetentionCard } from './RetentionCard.tsx';
import { failedMail, partnerFigures, paymentFigures, registrationFigures, registrationsPerDay, unreadMessages, type Figure } from './figures.ts';
import { MAIL_LABELS, type MailTemplateName } from '../../../data/mail.ts';
import { Link, href } from 'react-router';
import { nairobiFormat } from '../../../lib/nairobi-time.ts';

const dayLabel = nairobiFormat({ day: 'numeric', month: 'short' });
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A titled group of figures from one aggregation query, with its loading and error states. */
function FigureCard<D>({ title, query, noun, children }: { title: string; query: UseQueryResult<D>; noun: string; children: (data: D) => ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h2 className="text-lg">{title}</h2>
      <QueryState query={query} noun={noun}>
        {children}
      </QueryState>
    </section>
  );
}

// Figures are counted when the page opens, so they are never a minute old.
const useFigures = <D,>(key: unknown[], queryFn: () => Promise<D>) => useQuery({ queryKey: ['overview', ...key], queryFn, staleTime: 0 });

/** Two figures a row on a phone, three on a wider screen; `wide` ones (sums of money, which do
 *  not break between the currency and the amount) one a row on a phone. */
function Figures({ label, figures, wide }: { label?: string; figures: Array<Pick<Figure, 'key' | 'label'> & { value: ReactNode }>; wide?: boolean }) {
  return (
    <>
      {label && <h3 className="mt-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{label}</h3>}
      <dl className={`mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-3 ${wide ? 'grid-cols-1' : 'grid-cols-2'}`}>
        {figures.map((f) => (
          <div key={f.key} className="min-w-0 py-1">
            <dt className="text-sm capitalize text-slate-700">{f.label}</dt>
            <dd className="break-words text-2xl font-semibold tabular-nums text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function RegistrationsCard({ categories }: { categories: Record<string, { label: string }> }) {
  const query = useFigures(['registrations', Object.keys(categories)], () => registrationFigures(categories));
  return (
    <FigureCard title="Registrations" query={query} noun="registration figures">
      {(r) => (
        <>
          <Figures figures={[{ key: 'total', label: 'All', value: r.total }, ...r.byStatus]} label="By status" />
          <Figures figures={r.byCategory} label="By category" />
        </>
      )}
    </FigureCard>
  );
}

function PartnersCard() {
  const query = useFigures(['partners'], partnerFigures);
  return (
    <FigureCard title="Partners and booths" query={query} noun="partner figures">
      {(p) => (
        <Figures
          figures={[
            { key: 'partners', label: 'Partner applications', value: p.partners },
            { key: 'booths', label: 'Booth bookings', value: p.booths },
          ]}
        />
      )}
    </FigureCard>
  );
}

function MessagesCard() {
  const query = useFigures(['messages'], unreadMessages);
  return (
    <FigureCard title="Messages" query={query} noun="message figures">
      {(unread) => <Figures figures={[{ key: 'unread', label: 'Unread', value: unread }]} />}
    </FigureCard>
  );
}

/** Emails in ERROR: each names who it was for, why it failed, and links to its record (where it can be sent again). */
function EmailsCard() {
  const query = useFigures(['mail-errors'], () => failedMail());
  return (
    <FigureCard title="Emails" query={query} noun="email figures">
      {(f) => (
        <>
          <Figures figures={[{ key: 'failed', label: 'Not delivered', value: f.total }]} />
          {f.latest.length > 0 && (
            <ul className="mt-2 space-y-1 break-words text-sm">
              {f.latest.map((m) => (
                <li key={m.id}>
                  {MAIL_LABELS[m.template.name as MailTemplateName] ?? m.template.name} to {m.to}
                  {m.delivery.error ? `: ${m.delivery.error}` : ''}
                  {(m.recordCollection === 'registrations' || m.recordCollection === 'partners') && (
                    <>
                      {' '}
                      <Link
                        className="text-brand-700 underline"
                        to={href('/admin/registrations/:collection/:id', { collection: m.recordCollection, id: m.recordId })}
                      >
                        open the record <span className="sr-only">{m.recordId}</span>
                      </Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FigureCard>
  );
}

const PAYMENT_LABELS = { verified: 'Received (verified)', submitted: 'Awaiting verification', rejected: 'Rejected' } as const;

function PaymentsSection({ currency }: { currency: string }) {
  const query = useFigures(['payments'], paymentFigures);
  const money = (n: number) => formatMoney(n, currency);
  return (
    <>
      <FigureCard title="Payments" query={query} noun="payment figures">
        {(p) => (
          <Figures
            wide
            figures={(['verified', 'submitted'] as const).map((s) => ({
              key: s,
              label: PAYMENT_LABELS[s],
              value: (
                <>
                  {money(p[s].sum)} <span className="block text-sm font-normal text-slate-700">{plural(p[s].count, 'payment')}</span>
                </>
              ),
            }))}
          />
        )}
      </FigureCard>
      {query.data && <RevenueChart figures={query.data} currency={currency} />}
    </>
  );
}

const STATUS_ORDER = ['verified', 'submitted', 'rejected'] as const;

function RevenueChart({ figures, currency }: { figures: Awaited<ReturnType<typeof paymentFigures>>; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <BarChart
      title="Revenue by payment status"
      summary={STATUS_ORDER.map((s) => `${money(figures[s].sum)} ${PAYMENT_LABELS[s].toLowerCase()}`).join(', ')}
      bars={STATUS_ORDER.map((s) => ({ label: PAYMENT_LABELS[s], value: figures[s].sum }))}
      format={money}
      tick={(v) => compact.format(v)}
      labelHeader="Payment status"
      valueHeader={`Amount (${currency})`}
    />
  );
}

function RegistrationsPerDayChart() {
  const query = useFigures(['registrations-per-day'], () => registrationsPerDay(30));
  return (
    <QueryState query={query} noun="registrations per day">
      {(days) => {
        const total = days.reduce((n, d) => n + d.value, 0);
        const busiest = days.reduce((a, b) => (b.value > a.value ? b : a), days[0]);
        const label = (d: (typeof days)[number]) => dayLabel.format(d.start);
        return (
          <BarChart
            title="Registrations per day, last 30 days"
            summary={
              total === 0
                ? 'no registrations in the last 30 days'
                : `${plural(total, 'registration')} in 30 days; the busiest day was ${label(busiest)} with ${busiest.value}`
            }
            bars={days.map((d) => ({ label: label(d), value: d.value }))}
            labelHeader="Day (Nairobi time)"
            valueHeader="Registrations"
          />
        );
      }}
    </QueryState>
  );
}

export default function OverviewPage() {
  const { role } = useStaff();
  const settings = useSiteSettings();
  return (
    <div>
      <AdminHeader title="Overview" summary="The summit at a glance, counted when you open this page." />
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        {can(role, 'settings') && (
          <QueryState query={settings} noun="settings">
            {(s) => <GoLiveCard settings={s} />}
          </QueryState>
        )}
        {can(role, 'registrations:read') && (
          <QueryState query={settings} noun="settings">
            {(s) => <RegistrationsCard categories={s.categories} />}
          </QueryState>
        )}
        {can(role, 'registrations:read') && <SeatFigures />}
        {can(role, 'registrations:read') && <PartnersCard />}
        {can(role, 'messages') && <MessagesCard />}
        {can(role, 'settings') && <EmailsCard />}
        {can(role, 'settings') && (
          <QueryState query={settings} noun="settings">
            {(s) => <RetentionCard settings={s} />}
          </QueryState>
        )}
        {can(role, 'payments') && settings.data && <PaymentsSection currency={settings.data.currency} />}
        {can(role, 'registrations:read') && <RegistrationsPerDayChart />}
      </div>
    </div>
  );
}
