import { useState } from 'react';
import { Link, href, useSearchParams } from 'react-router';
import { can } from '../../../admin/permissions.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { SeatFigures } from '../../../admin/ui/SeatFigures.tsx';
import { DataTable, type Column } from '../../../admin/ui/DataTable.tsx';
import { Pager } from '../../../admin/ui/Pager.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge, statusWord } from '../../../admin/ui/StatusBadge.tsx';
import { ExportCsvButton } from '../../../admin/ui/ExportCsvButton.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { SearchForm } from '../../../admin/ui/SearchForm.tsx';
import { formatMoney } from '../../../components/format.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { FEE_STATUSES, REGISTRATION_STATUSES } from '../../../data/statuses.ts';
import { NEEDS_REASON_MAX, useExport } from './export-records.ts';
import { CheckboxField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useRecordPages, useRecordSearch } from './record-queries.ts';
import { SEARCH_HINT } from './search.ts';
import { ScheduleStatusPanel } from './ScheduleStatusPanel.tsx';
import { ReceivedAndDue } from '../../../admin/ui/ReceivedAndDue.tsx';
import { COLLECTION, displayName, SORTS, TAB_LABELS, TABS, type ListFilters, type Sort, type StaffRecord, type Tab } from './records.ts';
import { nairobiFormat } from '../../../lib/nairobi-time.ts';

const dateTime = nairobiFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function useListState() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'attendees';
  const sort = (params.get('sort') ?? 'newest') in SORTS ? (params.get('sort') as Sort) : 'newest';
  const filters: ListFilters = { status: params.get('status') ?? '', paymentStatus: params.get('payment') ?? '', type: params.get('type') ?? '', sort };
  const set = (changes: Record<string, string>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(changes))
          if (v) p.set(k, v);
          else p.delete(k);
        return p;
      },
      { replace: true },
    );
  return { tab, filters, q: params.get('q') ?? '', set };
}

function columns(tab: Tab): Column<StaffRecord>[] {
  return [
    {
      header: tab === 'attendees' ? 'Name' : 'Organisation',
      cell: (r) => (
        <Link className="font-medium text-brand-700 underline" to={href('/admin/registrations/:collection/:id', { collection: COLLECTION[tab], id: r.id })}>
          {displayName(tab, r)}
        </Link>
      ),
    },
    { header: 'Email', cell: (r) => r.email },
    { header: tab === 'attendees' ? 'Organisation' : 'Contact', cell: (r) => String(tab === 'attendees' ? r.organisation : r.contactName) },
    { header: tab === 'attendees' ? 'Category' : tab === 'partners' ? 'Tier' : 'Booth', cell: (r) => String(r.category ?? r.tier ?? r.boothType ?? '') },
    { header: 'Fee', cell: (r) => formatMoney(r.fee, r.currency) },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      header: 'Payment',
      cell: (r) => (
        <>
          <StatusBadge status={r.paymentStatus} />
          <ReceivedAndDue record={r} className="mt-1 block" />
        </>
      ),
    },
    { header: 'Received', cell: (r) => (r.timestamp ? dateTime.format(r.timestamp) : '') },
  ];
}

function Filters({ tab, filters, q, set }: ReturnType<typeof useListState>) {
  const settings = useSiteSettings();
  const typeOptions = Object.entries(
    (tab === 'attendees' ? settings.data?.categories : tab === 'partners' ? settings.data?.partnerTiers : settings.data?.boothTypes) ?? {},
  );
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <SearchForm
        id="registration-search"
        label="Search by name, email, organisation or reference"
        hint={SEARCH_HINT}
        q={q}
        onSearch={(text) => set({ q: text })}
      />
      <FilterSelect
        label="Status"
        all="All"
        value={filters.status ?? ''}
        onChange={(v) => set({ status: v })}
        options={REGISTRATION_STATUSES.map((s) => ({ value: s, label: statusWord(s) }))}
      />
      <FilterSelect
        label="Payment"
        all="All"
        value={filters.paymentStatus ?? ''}
        onChange={(v) => set({ payment: v })}
        options={FEE_STATUSES.map((s) => ({ value: s, label: statusWord(s) }))}
      />
      <FilterSelect
        label={tab === 'attendees' ? 'Category' : tab === 'partners' ? 'Tier' : 'Booth type'}
        all="All"
        value={filters.type ?? ''}
        onChange={(v) => set({ type: v })}
        options={typeOptions.map(([key, option]) => ({ value: key, label: option.label }))}
      />
      <FilterSelect
        label="Sort"
        value={filters.sort ?? 'newest'}
        onChange={(v) => set({ sort: v === 'newest' ? '' : v })}
        options={Object.entries(SORTS).map(([k, s]) => ({ value: k, label: s.label }))}
      />
    </div>
  );
}

/**
 * Export CSV, and for attendees the choice to include accessibility and dietary needs: sensitive
 * data, so only with a reason, which the export's log line keeps. (Whoever may export attendees reads
 * needs: permissions.test.ts holds the table to it, so the screen asks nothing more.)
 */
function ExportButton({ tab, filters }: { tab: Tab; filters: ListFilters }) {
  const exporter = useExport();
  const [withNeeds, setWithNeeds] = useState(false);
  const [reason, setReason] = useState('');
  const [asked, setAsked] = useState(false);
  const offerNeeds = tab === 'attendees';
  const needsReason = offerNeeds && withNeeds ? reason.trim() : undefined;
  const missingReason = needsReason === '';
  return (
    <div className="flex flex-wrap items-start justify-end gap-3">
      {offerNeeds && (
        <div className="max-w-xs text-sm">
          <CheckboxField label="Include accessibility and dietary needs" checked={withNeeds} onChange={(e) => setWithNeeds(e.target.checked)} />
          {withNeeds && (
            <TextField
              label="Why they are needed"
              hint="Kept in the activity log with the export."
              maxLength={NEEDS_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={asked && missingReason ? 'Say why the needs are needed, or untick them.' : undefined}
            />
          )}
        </div>
      )}
      <ExportCsvButton
        exporter={exporter}
        vars={{ tab, filters, needsReason }}
        fileStem={tab}
        counting="rows"
        done={(rows) => `Exported ${rows.toLocaleString('en-GB')} rows (the filtered set)${needsReason ? ', with needs' : ''}.`}
        ready={() => {
          setAsked(true);
          return !missingReason;
        }}
        primary
      />
    </div>
  );
}

function ListResults(state: ReturnType<typeof useListState>) {
  const pages = useRecordPages(state.tab, state.filters);
  return (
    <QueryState query={pages} noun={TAB_LABELS[state.tab].toLowerCase()} isEmpty={(p) => p.items.length === 0} empty="Nothing matches these filters.">
      {(page) => (
        <>
          <DataTable caption={`${TAB_LABELS[state.tab]}, page ${pages.pageNumber}`} columns={columns(state.tab)} rows={page.items} />
          <Pager pages={pages} />
        </>
      )}
    </QueryState>
  );
}

function SearchResults(state: ReturnType<typeof useListState>) {
  const search = useRecordSearch(state.tab, state.q, state.filters);
  return (
    <QueryState
      query={search}
      noun="search results"
      isEmpty={(r) => r.items.length === 0}
      empty={`No ${TAB_LABELS[state.tab].toLowerCase()} match “${state.q}”. Search matches whole words or their beginnings, a full email address or a reference.`}
    >
      {(result) => (
        <>
          <p className="mt-4 text-sm text-slate-700" role="status">
            {result.items.length} found for “{state.q}”{result.capped ? ' — showing the first matches; type more to narrow the search.' : '.'}
          </p>
          <DataTable caption={`Search results for ${state.q}`} columns={columns(state.tab)} rows={result.items} />
        </>
      )}
    </QueryState>
  );
}

export default function RegistrationsPage() {
  const state = useListState();
  const staff = useStaff();
  return (
    <>
      <AdminHeader title="Registrations" summary="Attendees, partner applications and booth bookings.">
        {can(staff.role, 'registrations:update') && (
          <Link className="btn-secondary" to={href('/admin/waitlist')}>
            Waiting list
          </Link>
        )}
        {can(staff.role, 'registrations:export') && <ExportButton tab={state.tab} filters={state.filters} />}
      </AdminHeader>
      <SeatFigures className="mt-6" />
      {can(staff.role, 'registrations:update') && <ScheduleStatusPanel className="mt-4" />}
      <nav aria-label="Record types" className="mt-6 flex gap-2 border-b border-slate-200">
        {TABS.map((t) => (
          <Link
            key={t}
            to={`?tab=${t}`}
            aria-current={state.tab === t ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${state.tab === t ? 'border-brand-700 text-brand-700' : 'border-transparent text-slate-700'}`}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <Filters key={`${state.tab}-${state.q}`} {...state} />
      {state.q ? <SearchResults {...state} /> : <ListResults {...state} />}
    </>
  );
}
