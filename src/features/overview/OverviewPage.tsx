import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MetaFunction } from 'react-router';
import { AdminHeader } from '../../components/admin/AdminHeader.tsx';
import { can } from '../../components/admin/permissions.ts';
import { QueryState } from '../../components/admin/QueryState.tsx';
import { formatMoney } from '../../components/format.ts';
import { useStaff } from '../../components/staff-context.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { BarChart } from './BarChart.tsx';
import { partnerFigures, paymentFigures, registrationFigures, registrationsPerDay, unreadMessages, type Figure } from './figures.ts';

export const meta: MetaFunction = () => [{ title: 'Overview | Summit back office' }];

// Figures are counted when the page opens, so they are never a minute old.
const fresh = { staleTime: 0 } as const;
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Africa/Nairobi' });
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A titled group of figures: term and number pairs a screen reader reads as such. */
function FigureCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h2 className="text-lg">{title}</h2>
      {children}
    </section>
  );
}

function Figures({ label, figures }: { label?: string; figures: Array<Pick<Figure, 'key' | 'label'> & { value: ReactNode }> }) {
  return (
    <>
      {label && <h3 className="mt-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{label}</h3>}
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.key} className="py-1">
            <dt className="text-sm capitalize text-slate-700">{f.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function RegistrationsCard({ categories }: { categories: Record<string, { label: string }> }) {
  const query = useQuery({ queryKey: ['overview', 'registrations', Object.keys(categories)], queryFn: () => registrationFigures(categories), ...fresh });
  return (
    <FigureCard title="Registrations">
      <QueryState query={query} noun="registration figures">
        {(r) => (
          <>
            <Figures figures={[{ key: 'total', label: 'All', value: r.total }, ...r.byStatus]} label="By status" />
            <Figures figures={r.byCategory} label="By category" />
          </>
        )}
      </QueryState>
    </FigureCard>
  );
}

function PartnersCard() {
  const query = useQuery({ queryKey: ['overview', 'partners'], queryFn: partnerFigures, ...fresh });
  return (
    <FigureCard title="Partners and booths">
      <QueryState query={query} noun="partner figures">
        {(p) => (
          <Figures
            figures={[
              { key: 'partners', label: 'Partner applications', value: p.partners },
              { key: 'booths', label: 'Booth bookings', value: p.booths },
            ]}
          />
        )}
      </QueryState>
    </FigureCard>
  );
}

function MessagesCard() {
  const query = useQuery({ queryKey: ['overview', 'messages'], queryFn: unreadMessages, ...fresh });
  return (
    <FigureCard title="Messages">
      <QueryState query={query} noun="message figures">
        {(unread) => <Figures figures={[{ key: 'unread', label: 'Unread', value: unread }]} />}
      </QueryState>
    </FigureCard>
  );
}

const PAYMENT_LABELS = { verified: 'Received (verified)', submitted: 'Awaiting verification', rejected: 'Rejected' } as const;

function PaymentsSection({ currency }: { currency: string }) {
  const query = useQuery({ queryKey: ['overview', 'payments'], queryFn: paymentFigures, ...fresh });
  const money = (n: number) => formatMoney(n, currency);
  return (
    <>
      <FigureCard title="Payments">
        <QueryState query={query} noun="payment figures">
          {(p) => (
            <Figures
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
        </QueryState>
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
  const query = useQuery({ queryKey: ['overview', 'registrations-per-day'], queryFn: () => registrationsPerDay(30), ...fresh });
  return (
    <QueryState query={query} noun="registrations per day">
      {(days) => {
        const total = days.reduce((n, d) => n + d.value, 0);
        const busiest = days.reduce((a, b) => (b.value > a.value ? b : a), days[0]);
        const label = (d: (typeof days)[number]) => dayLabel.format(d.start);
        return (
          <BarChart
            title="Registrations per day, last 30 days"
            summary={total === 0 ? 'no registrations in the last 30 days' : `${plural(total, 'registration')} in 30 days; the busiest day was ${label(busiest)} with ${busiest.value}`}
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
        {can(role, 'registrations:read') && (
          <QueryState query={settings} noun="settings">
            {(s) => <RegistrationsCard categories={s.categories} />}
          </QueryState>
        )}
        {can(role, 'registrations:read') && <PartnersCard />}
        {can(role, 'messages') && <MessagesCard />}
        {can(role, 'payments') && settings.data && <PaymentsSection currency={settings.data.currency} />}
        {can(role, 'registrations:read') && <RegistrationsPerDayChart />}
      </div>
    </div>
  );
}
