// CPD certificates: who among the checked-in attendees is eligible and why not, issuing (one by
// one or all eligible), revoking with a reason, correcting (revoke + reissue in one transaction),
// and the accrediting body's CSV. The preview is a judgement on what was read; every issue decides
// again on fresh data inside its transaction (issue-certificate.ts), so the table can be stale
// without a certificate ever being wrong or issued twice.
import { useRef, useState, type ReactNode } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable, type Column } from '../../../admin/ui/DataTable.tsx';
import { SearchForm } from '../../../admin/ui/SearchForm.tsx';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { ExportCsvButton } from '../../../admin/ui/ExportCsvButton.tsx';
import { useSiteSettings } from '../../../data/site-settings.ts';
import {
  certificateNameDiffers,
  certificateVerifyUrl,
  cpdSettingsGaps,
  dayLabel,
  summitDays,
  verifyPath,
  REVOKE_REASON_MAX,
  type CpdSettings,
} from '../../../data/certificates.ts';
import {
  BULK_CHUNK,
  fetchAttendeePage,
  useAttendeePages,
  useAttendeeSearch,
  useCheckedInCount,
  useCpdSettings,
  useExportCertificates,
  useIssueCertificate,
  useRefreshCertificates,
  useRevokeCertificate,
} from './api.ts';
import { previewPage, previewRow, type AttendeePage, type PreviewRow } from './eligibility-preview.ts';
import { announces, emptyProgress, issueAllEligible, issueFailure, type BulkProgress } from './issue-all.ts';

const SETTINGS_PATH = href('/admin/certificates/settings');

/** "1 point", "4 points", "2 certificates". */
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The settings a certificate needs, said with what is missing and where to set it. */
function SettingsNotice({ gaps }: { gaps: string[] }) {
  return (
    <div className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950" role="note" aria-labelledby="cpd-settings-gaps">
      <p id="cpd-settings-gaps" className="font-semibold">
        Certificates cannot be issued yet.
      </p>
      <p className="mt-1">Missing: {gaps.join('; ')}.</p>
      <p className="mt-2">
        <Link className="text-brand-700 underline" to={SETTINGS_PATH}>
          Complete the CPD settings
        </Link>
      </p>
    </div>
  );
}

/** What every action ends with, announced and focusable, so a keyboard user is not left on a removed button. */
type Outcome = { tone: 'good' | 'bad'; text: string } | null;

function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const ref = useRef<HTMLDivElement>(null);
  const say = (next: Outcome) => {
    setOutcome(next);
    // After the row re-renders (its button may be gone), move focus to what happened.
    if (next) setTimeout(() => ref.current?.focus(), 0);
  };
  const region = (
    <div ref={ref} tabIndex={-1} aria-live="polite" className="mt-4 outline-none">
      {outcome && (
        <p
          className={`rounded-md border p-3 ${outcome.tone === 'good' ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-800'}`}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
  return { say, region };
}

function ExportButton({ settings, siteUrl }: { settings: CpdSettings; siteUrl: string }) {
  const exporter = useExportCertificates();
  return (
    <ExportCsvButton
      exporter={exporter}
      vars={{ columns: settings.exportColumns, siteUrl }}
      fileStem="cpd-certificates"
      counting="certificates"
      done={(rows) => `Exported ${plural(rows, 'certificate')}, in the settings' column order.`}
    />
  );
}

function progressLine(p: BulkProgress, total: number | undefined): string {
  const of = total !== undefined ? ` of ${total.toLocaleString('en-GB')}` : '';
  const parts = [
    `Checked ${p.checked.toLocaleString('en-GB')}${of}`,
    `issued ${p.issued}`,
    `already issued ${p.alreadyIssued}`,
    `not eligible ${p.ineligible}`,
  ];
  if (p.failures.length) parts.push(`failed ${p.failures.length}`);
  const state = p.halted ? 'Stopped: ' : p.stopped ? 'Stopped by you: ' : p.done ? 'Finished: ' : 'Issuing… ';
  return `${state}${parts.join(', ')}.`;
}

/** "Issue all eligible": one transaction per certificate, progress announced, failures listed with their reasons. */
function IssueAll({
  settings,
  days,
  disabled,
  onRunning,
}: {
  settings: CpdSettings;
  days: string[];
  disabled: boolean;
  /** While a run goes on, the rows' own actions wait (one issuing mutation at a time). */
  onRunning: (running: boolean) => void;
}) {
  const staff = useStaff();
  const issuer = useIssueCertificate(staff.tokenEmail, settings.logoUrl, { refresh: false });
  const refresh = useRefreshCertificates();
  const total = useCheckedInCount();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  // The visible line follows every registration; the live region only the steps `announces` picks.
  const [announced, setAnnounced] = useState<BulkProgress | null>(null);
  const latest = useRef<BulkProgress | null>(null);
  const lastAnnounced = useRef<BulkProgress | null>(null);
  const show = (next: BulkProgress) => {
    latest.current = next;
    setProgress(next);
    if (announces(next, lastAnnounced.current)) {
      lastAnnounced.current = next;
      setAnnounced(next);
    }
  };
  const stop = useRef(false);
  const running = !!progress && !progress.done;
  const start = async () => {
    stop.current = false;
    lastAnnounced.current = null;
    show(emptyProgress());
    onRunning(true);
    try {
      await issueAllEligible({
        fetchPage: fetchAttendeePage,
        settings,
        days,
        issue: (registrationId) => issuer.mutateAsync({ registrationId }),
        onProgress: show,
        stopped: () => stop.current,
        chunk: BULK_CHUNK,
      });
    } catch (error) {
      // Reading the next chunk failed: what was issued stays issued; running again skips it.
      show({
        ...(latest.current ?? emptyProgress()),
        done: true,
        halted: `We could not read the registrations (${issueFailure(error)}). Run it again: certificates already issued are skipped.`,
      });
    } finally {
      onRunning(false);
      await refresh();
    }
  };
  return (
    <section aria-labelledby="issue-all-heading" className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 id="issue-all-heading" className="text-lg font-semibold">
        Issue all eligible
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Every checked-in attendee who is eligible and has no valid certificate gets one, and an email with its PDF. Each is decided again on the registration as
        it is at that moment; anyone who already holds a valid certificate is skipped.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <ConfirmButton
          className="btn-primary"
          confirmClassName="btn-primary"
          disabled={disabled || running}
          question="Issue a certificate to every eligible attendee who does not have one?"
          confirmLabel="Issue all eligible"
          onConfirm={start}
        >
          {running ? 'Issuing…' : 'Issue all eligible'}
        </ConfirmButton>
        {running && (
          <button type="button" className="btn-secondary" onClick={() => (stop.current = true)}>
            Stop after this certificate
          </button>
        )}
      </div>
      {progress && (
        <p className="mt-3" data-testid="issue-all-progress">
          {progressLine(progress, total.data)}
        </p>
      )}
      <div aria-live="polite" className="sr-only" data-testid="issue-all-announcement">
        {announced && progressLine(announced, total.data)}
      </div>
      {progress?.halted && <FormAlert>{progress.halted}</FormAlert>}
      {!!progress?.failures.length && (
        <div className="mt-3">
          <h3 className="font-semibold">Not issued</h3>
          <ul aria-label="Certificates not issued" className="mt-1 list-disc space-y-1 pl-5 text-red-800">
            {progress.failures.map((f) => (
              <li key={f.registrationId}>
                <Link className="underline" to={href('/admin/registrations/:collection/:id', { collection: 'registrations', id: f.registrationId })}>
                  {f.fullName || f.registrationId}
                </Link>
                : {f.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function RowActions({
  row,
  canIssue,
  issue,
  revoke,
  busy,
}: {
  row: PreviewRow;
  canIssue: boolean;
  issue: (row: PreviewRow, correction?: { certificateId: string; reason: string }) => void;
  revoke: (row: PreviewRow, reason: string) => void;
  busy: boolean;
}) {
  const certificate = row.certificate;
  const note = { label: 'Reason', hint: `Recorded in the activity log and kept with the certificate (up to ${REVOKE_REASON_MAX} characters).` };
  return (
    <div className="flex flex-wrap gap-2">
      {row.action === 'issue' && (
        <button
          type="button"
          className="btn-primary"
          disabled={!canIssue || busy}
          onClick={() => issue(row)}
          aria-label={`Issue a certificate to ${row.fullName}`}
        >
          Issue
        </button>
      )}
      {certificate?.status === 'valid' && (
        <>
          <ConfirmButton
            disabled={busy}
            label={`Revoke the certificate of ${row.fullName}`}
            question={`Revoke certificate ${certificate.id} of ${row.fullName}?`}
            confirmLabel="Revoke certificate"
            note={note}
            onConfirm={(reason) => revoke(row, reason)}
          >
            Revoke
          </ConfirmButton>
          <ConfirmButton
            disabled={!canIssue || busy}
            label={`Correct the certificate of ${row.fullName}`}
            question={`Revoke certificate ${certificate.id} of ${row.fullName} and issue a corrected one from the registration as it is now?`}
            confirmLabel="Revoke and reissue"
            confirmClassName="btn-primary"
            note={{ ...note, label: 'What is being corrected' }}
            onConfirm={(reason) => issue(row, { certificateId: certificate.id, reason })}
          >
            Correct
          </ConfirmButton>
        </>
      )}
    </div>
  );
}

function columns(settings: CpdSettings, days: string[], actions: (row: PreviewRow) => ReactNode): Column<PreviewRow>[] {
  return [
    {
      header: 'Attendee',
      cell: (r) => (
        <>
          <Link className="font-medium text-brand-700 underline" to={href('/admin/registrations/:collection/:id', { collection: 'registrations', id: r.id })}>
            {r.fullName || r.id}
          </Link>
          <div className="text-slate-600">{r.email}</div>
        </>
      ),
    },
    {
      header: 'Days attended',
      cell: (r) => (
        <>
          <div>
            {r.verdict.attended.length} of {days.length}
          </div>
          <div className="text-slate-600">{r.verdict.attended.map(dayLabel).join(', ')}</div>
        </>
      ),
    },
    {
      header: 'Evaluations',
      cell: (r) => {
        const done = r.verdict.attended.filter((d) => r.evaluatedDays.includes(d)).length;
        return `${done} of ${r.verdict.attended.length}${settings.requireEvaluation ? '' : ' (not required)'}`;
      },
    },
    {
      header: 'Eligible',
      cell: (r) =>
        r.verdict.eligible ? (
          <>
            <span>Yes: {plural(r.verdict.points, 'point')}</span>
            {/* Eligible on the other days: say which attended days earn nothing, and why, so staff can chase the evaluation. */}
            {r.verdict.unevaluated.length > 0 && (
              <div className="text-slate-700">Not counted: {r.verdict.unevaluated.map((d) => `${dayLabel(d)} (no evaluation)`).join('; ')}</div>
            )}
          </>
        ) : (
          <>
            <span>No</span>
            <ul className="text-slate-700">
              {r.verdict.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        ),
    },
    {
      header: 'Certificate',
      cell: (r) =>
        r.certificate ? (
          <>
            <StatusBadge status={r.certificate.status} /> <span className="font-mono text-xs">{r.certificate.id}</span>
            <div className="text-slate-600">{plural(r.certificate.points, 'point')}</div>
            {/* The attendee corrected their name since (my registration): "Correct" reissues it as the registration says now. */}
            {certificateNameDiffers(r.certificate, r) && (
              <div className="text-amber-800">
                Certificate name differs: it prints “{r.certificate.fullName}”, the registration says “{r.fullName}”.
              </div>
            )}
          </>
        ) : (
          <span className="text-slate-600">None</span>
        ),
    },
    { header: 'Actions', cell: actions },
  ];
}

function Preview({ settings, days, canIssue, siteUrl }: { settings: CpdSettings; days: string[]; canIssue: boolean; siteUrl: string }) {
  const staff = useStaff();
  const pages = useAttendeePages();
  const issuer = useIssueCertificate(staff.tokenEmail, settings.logoUrl);
  const revoker = useRevokeCertificate();
  const { say, region } = useOutcome();
  const [bulkRunning, setBulkRunning] = useState(false);
  const [q, setQ] = useState('');
  const busy = issuer.isPending || revoker.isPending || bulkRunning;
  const issue = (row: PreviewRow, correction?: { certificateId: string; reason: string }) =>
    issuer.mutate(
      { registrationId: row.id, correction },
      {
        onSuccess: (r) =>
          say({
            tone: 'good',
            text: `${correction ? 'Corrected: issued' : 'Issued'} certificate ${r.id} to ${r.fullName}. The email with its PDF is on its way.`,
          }),
        onError: (e) => say({ tone: 'bad', text: `${row.fullName}: not issued. ${issueFailure(e)}` }),
      },
    );
  const revoke = (row: PreviewRow, reason: string) =>
    revoker.mutate(
      { certificateId: row.certificate!.id, reason },
      {
        onSuccess: () => say({ tone: 'good', text: `Revoked certificate ${row.certificate!.id} of ${row.fullName}.` }),
        onError: (e) => say({ tone: 'bad', text: `${row.fullName}: not revoked. ${issueFailure(e)}` }),
      },
    );
  const tableColumns = columns(settings, days, (row) => <RowActions row={row} canIssue={canIssue} busy={busy} issue={issue} revoke={revoke} />);
  return (
    <>
      <IssueAll
        settings={settings}
        days={days}
        disabled={!canIssue || issuer.isPending || revoker.isPending}
        onRunning={(running) => {
          setBulkRunning(running);
          // A row's last outcome would read as news about the run.
          if (running) say(null);
        }}
      />
      {region}
      <div className="mt-6">
        <SearchForm id="attendee-search" label="Find an attendee" hint={SEARCH_HINT} q={q} onSearch={setQ} />
      </div>
      {q ? (
        <SearchResults q={q} rows={(items) => items.map((item) => previewRow(item, settings, days))} columns={tableColumns} />
      ) : (
        <PagedTable
          pages={pages}
          noun="checked-in attendees"
          empty="No one is checked in yet. Attendees appear here once the check-in desk admits them."
          caption={`Checked-in attendees and their certificates, page ${pages.pageNumber}`}
          rows={(page) => previewPage(page, settings, days).items}
          columns={tableColumns}
        />
      )}
      <p className="mt-6 text-sm text-slate-600">Certificates are checked publicly at {siteUrl ? certificateVerifyUrl(siteUrl, '…') : verifyPath('…')}</p>
    </>
  );
}

/** What the attendee search matches, said under its box. */
const SEARCH_HINT = 'Any word of the name, or its beginning (“kipr” finds Daniel Kiprono); a full email address; a reference or payment code.';

function SearchResults({ q, rows, columns }: { q: string; rows: (items: AttendeePage['items']) => PreviewRow[]; columns: Column<PreviewRow>[] }) {
  const search = useAttendeeSearch(q);
  return (
    <QueryState
      query={search}
      noun="search results"
      isEmpty={(r) => r.items.length === 0}
      empty={`No checked-in attendee matches “${q}”. Search matches whole words or their beginnings, a full email address or a reference.`}
    >
      {(result) => (
        <>
          <p className="mt-4 text-sm text-slate-700" role="status">
            {result.items.length} found for “{q}”{result.capped ? ' — showing the first matches; type more to narrow the search.' : '.'}
          </p>
          <DataTable caption={`Checked-in attendees matching ${q}`} columns={columns} rows={rows(result.items)} />
        </>
      )}
    </QueryState>
  );
}

export default function CertificatesPage() {
  const cpd = useCpdSettings();
  const site = useSiteSettings();
  return (
    <>
      <AdminHeader title="CPD certificates" summary="Who is eligible and why not, issuing, revoking, and the accrediting body's CSV.">
        {cpd.data && <ExportButton settings={cpd.data} siteUrl={site.data?.siteUrl ?? ''} />}
      </AdminHeader>
      <QueryState
        query={{
          data: cpd.data,
          isPending: cpd.isPending || site.isPending,
          isError: cpd.isError || site.isError,
          refetch: () => Promise.all([cpd.refetch(), site.refetch()]),
        }}
        noun="CPD settings"
      >
        {(settings) => {
          const days = summitDays(site.data?.startDate ?? null, site.data?.endDate ?? null);
          const gaps = [...cpdSettingsGaps(settings), ...(days.length ? [] : ["the summit's dates (in Settings)"])];
          return (
            <>
              {gaps.length > 0 && <SettingsNotice gaps={gaps} />}
              <p className="mt-4 text-slate-700">
                {days.length ? `The summit's days: ${days.map(dayLabel).join(', ')}. ` : ''}
                Eligible: checked in on at least {plural(settings.minDays, 'day')}
                {settings.requireEvaluation ? ", each with that day's evaluation submitted" : ''}; {settings.pointsPerDay} CPD points a day.
              </p>
              <Preview settings={settings} days={days} canIssue={gaps.length === 0} siteUrl={site.data?.siteUrl ?? ''} />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
