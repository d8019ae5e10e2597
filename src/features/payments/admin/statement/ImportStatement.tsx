// Upload → preview → apply. Nothing changes until finance has seen what each line would do and
// pressed Apply; the preview says when the same file was imported before.
import { useId, useState, type FormEvent } from 'react';
import { Link, href } from 'react-router';
import { ConfirmButton } from '../../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../../admin/ui/DataTable.tsx';
import { StatusBadge } from '../../../../admin/ui/StatusBadge.tsx';
import { FormAlert } from '../../../../components/fields.tsx';
import { formatDateTime, formatMinor } from '../../../../components/format.ts';
import { MPESA_FORMAT_ID, type BankFormat } from '../../../../data/statement-layouts.ts';
import { db } from '../../../../lib/data.ts';
import { fetchLedger, type ImportPlan, type ImportResults } from './import-api.ts';
import { countClasses, matchStatement, type MatchedLine, type MatchClass } from './match.ts';
import { checksum, parseStatement } from './parse-statement.ts';
import { StatementFileError } from './types.ts';
import { fetchImportWithChecksum, useApplyStatement, type StatementImport } from './statement-api.ts';

/** The preview's table shows this many lines; the counts cover them all. */
const SHOWN = 300;

const CLASS_ORDER: MatchClass[] = ['matched', 'partial', 'overpaid', 'recorded', 'duplicate', 'unknown', 'already-paid', 'cancelled', 'invalid'];
const WILL: Record<MatchClass, string> = {
  matched: 'verified: the record becomes paid',
  partial: 'counted: the record keeps the rest due',
  overpaid: 'verified and flagged for a refund',
  recorded: 'linked: confirms a payment verified by hand',
  duplicate: 'skipped: already imported',
  unknown: 'queued: no record found',
  'already-paid': 'queued: the record is already paid (refund?)',
  cancelled: 'queued: the record is cancelled (refund?)',
  invalid: 'queued: cannot be applied as it is',
};

interface Preview {
  plan: ImportPlan;
  earlier: StatementImport | null;
}

async function preview(file: File, format: 'mpesa' | BankFormat, currency: string): Promise<Preview> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const [parsed, sum, ledger] = await Promise.all([parseStatement({ name: file.name, bytes }, format, currency), checksum(bytes), fetchLedger()]);
  const lines = matchStatement(parsed, ledger);
  const earlier = await fetchImportWithChecksum(sum);
  return { plan: { importId: db.newId('statementImports'), fileName: file.name, checksum: sum, parsed, lines, counts: countClasses(lines) }, earlier };
}

function PreviewTable({ lines }: { lines: MatchedLine[] }) {
  return (
    <DataTable
      caption={lines.length > SHOWN ? `The first ${SHOWN} of ${lines.length} lines, in file order` : 'Every line, in file order'}
      rows={lines.slice(0, SHOWN).map((l) => ({ ...l, id: `${l.row}` }))}
      columns={[
        { header: 'Row', cell: (l) => l.row, className: 'tabular-nums' },
        { header: 'Receipt', cell: (l) => <span className="font-mono">{l.receipt}</span> },
        { header: 'Paid in', cell: (l) => formatMinor(l.amountMinor, l.currency), className: 'text-right tabular-nums' },
        { header: 'Payer', cell: (l) => l.payer },
        { header: 'Pays for', cell: (l) => (l.record ? `${l.record.name} (${l.record.paymentCode || l.record.id})` : '—') },
        {
          header: 'Result',
          cell: (l) => (
            <>
              <StatusBadge status={l.class} />
              <span className="block text-xs text-slate-700">{l.reason}</span>
            </>
          ),
        },
      ]}
    />
  );
}

function Summary({ p }: { p: Preview }) {
  const { plan } = p;
  return (
    <>
      <h3 className="mt-6">What applying would do</h3>
      <dl className="mt-2 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {CLASS_ORDER.filter((c) => plan.counts[c]).map((c) => (
          <div key={c} className="contents">
            <dt>
              <StatusBadge status={c} /> <span className="tabular-nums">{plan.counts[c]}</span>
            </dt>
            <dd>{WILL[c]}</dd>
          </div>
        ))}
      </dl>
      {plan.parsed.errors.length > 0 && (
        <details className="mt-4" open={plan.parsed.errors.length <= 10}>
          <summary>
            {plan.parsed.errors.length} {plan.parsed.errors.length === 1 ? 'row' : 'rows'} could not be read and will not be imported
          </summary>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {plan.parsed.errors.slice(0, 100).map((e) => (
              <li key={e.row}>
                Row {e.row}: {e.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="mt-4">
        <PreviewTable lines={plan.lines} />
      </div>
    </>
  );
}

export function ImportStatement({ formats, currency }: { formats: BankFormat[]; currency: string }) {
  const id = useId();
  const [formatId, setFormatId] = useState<string>(MPESA_FORMAT_ID);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string; preview: Preview | null }>({ busy: false, error: '', preview: null });
  const [progress, setProgress] = useState(0);
  const [results, setResults] = useState<(ImportResults & { importId: string }) | null>(null);
  const apply = useApplyStatement(setProgress);

  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    setResults(null);
    apply.reset();
    if (!file) return setState({ busy: false, error: 'Choose the statement file first.', preview: null });
    const format = formatId === MPESA_FORMAT_ID ? 'mpesa' : formats.find((f) => f.id === formatId);
    if (!format) return setState({ busy: false, error: 'Choose the statement’s layout.', preview: null });
    setState({ busy: true, error: '', preview: null });
    try {
      setState({ busy: false, error: '', preview: await preview(file, format, currency) });
    } catch (error) {
      const message =
        error instanceof StatementFileError ? error.message : 'We could not read the statement or the records. Check your connection and try again.';
      setState({ busy: false, error: message, preview: null });
    }
  };

  const plan = state.preview?.plan;
  const toApply = plan ? (plan.counts.matched ?? 0) + (plan.counts.partial ?? 0) + (plan.counts.overpaid ?? 0) : 0;
  return (
    <>
      <form className="mt-4 grid max-w-xl grid-cols-1 gap-4" onSubmit={onPreview} noValidate>
        <div>
          <label htmlFor={`${id}-format`} className="block font-semibold">
            Layout
          </label>
          <select id={`${id}-format`} className="input mt-1" value={formatId} onChange={(e) => setFormatId(e.target.value)}>
            <option value={MPESA_FORMAT_ID}>M-Pesa Paybill statement</option>
            {formats.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name} (bank CSV)
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="block font-semibold">
            Statement file
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            CSV or Excel (.xlsx), as exported from the M-Pesa organisation portal or the bank.
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${id}-hint`}
            className="mt-1 max-w-full"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setState({ busy: false, error: '', preview: null });
            }}
          />
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={state.busy || apply.isPending}>
            {state.busy ? 'Reading the statement…' : 'Preview'}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-3">
        {state.error && <FormAlert>{state.error}</FormAlert>}
        {/* In the live region that is already there, so a screen reader announces it with the preview. */}
        {state.preview?.earlier && (
          <p className="rounded-md bg-amber-50 p-3 text-amber-900" role="status">
            This very file was imported on {formatDateTime(state.preview.earlier.timestamp)} by {state.preview.earlier.by}. Its lines already imported are
            skipped: applying it again changes nothing for them.
          </p>
        )}
        {apply.isPending && plan && (
          <p role="status">
            Applying: {progress} of {plan.lines.length} lines done…
          </p>
        )}
        {apply.error && (
          <FormAlert>Applying stopped part-way: {apply.error.message} What was applied stays applied; preview the file again to apply the rest.</FormAlert>
        )}
        {results && (
          <p className="rounded-md bg-green-50 p-3 text-green-900" role="status">
            Imported: {results.applied} applied,
            {results.recorded ? ` ${results.recorded} linked to ${results.recorded === 1 ? 'a payment' : 'payments'} verified by hand,` : ''} {results.queued}{' '}
            queued for a decision, {results.skipped} already imported.{' '}
            <Link className="underline" to={href('/admin/statements/:id', { id: results.importId })}>
              See this import
            </Link>
          </p>
        )}
      </div>
      {state.preview && !results && (
        <section aria-label="Preview">
          <Summary p={state.preview} />
          <div className="mt-4">
            <ConfirmButton
              className="btn-primary"
              disabled={apply.isPending}
              question={
                toApply > 0
                  ? `Apply ${plan!.fileName}? ${toApply} payments are verified or counted (payers are emailed when paid in full); the other lines are queued for a decision.`
                  : `Record ${plan!.fileName} as imported? No line will be verified; lines not imported before are queued for a decision.`
              }
              confirmLabel="Apply statement"
              confirmClassName="btn-primary"
              onConfirm={() =>
                apply.mutate(plan!, {
                  onSuccess: (r) => {
                    setResults({ ...r, importId: plan!.importId });
                    setState({ busy: false, error: '', preview: null });
                  },
                })
              }
            >
              Apply statement
            </ConfirmButton>
          </div>
        </section>
      )}
    </>
  );
}
