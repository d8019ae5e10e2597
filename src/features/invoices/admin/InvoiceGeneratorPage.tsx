import { useEffect, useRef, useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';
import { downloadInvoicePdf, fetchBillingRecord, fetchInvoice, useInvoiceCounter, useIssueInvoice } from './api.ts';
import { blankInvoice, InvoiceForm } from './InvoiceForm.tsx';
import { formatMinor } from '../../../components/format.ts';
import { formatInvoiceNumber, nextInvoiceSequence } from './invoice-number.ts';
import { issueFailure } from './issue-failure.ts';
import { InvoiceList } from './InvoiceList.tsx';
import { invoiceDraft, invoiceFormValues, type InvoiceForm as InvoiceFormValues, type StoredInvoice } from './schema.ts';

/** Numbering lives in Settings and locks with the first invoice (the rules refuse changing it then). */
export function NumberingNotice({ settings }: { settings: SiteSettings }) {
  const counter = useInvoiceCounter();
  const { invoicePrefix: prefix, invoiceStartNumber: start } = settings;
  if (counter.isPending || counter.isError) return null;
  const next = formatInvoiceNumber(prefix, nextInvoiceSequence(counter.data, start));
  return (
    <p className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800">
      {counter.data === null ? (
        <>
          Invoices will be numbered <span className="font-mono">{next}</span> onwards. The prefix and start number are set in Settings and lock when the first
          invoice is issued.
        </>
      ) : (
        <>
          <strong>Numbering is locked:</strong>{' '}
          {counter.data === start ? (
            <>
              one invoice has been issued, <span className="font-mono">{formatInvoiceNumber(prefix, start)}</span>
            </>
          ) : (
            <>
              invoices run from <span className="font-mono">{formatInvoiceNumber(prefix, start)}</span> to{' '}
              <span className="font-mono">{formatInvoiceNumber(prefix, counter.data)}</span>
            </>
          )}
          , so the prefix and start number in Settings can no longer change. The next invoice will be <span className="font-mono">{next}</span> unless someone
          issues one first.
        </>
      )}
    </p>
  );
}

function InvoiceGenerator() {
  const staff = useStaff();
  const settings = useSiteSettings();
  const issue = useIssueInvoice();
  const [correction, setCorrection] = useState<{ invoice: StoredInvoice; reason: string } | null>(null);
  const [issued, setIssued] = useState<{ number: string; invoice: StoredInvoice | null } | null>(null);
  const [downloadError, setDownloadError] = useState('');
  const formHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (correction) formHeading.current?.focus();
  }, [correction]);

  if (settings.isPending)
    return (
      <p className="mt-6 text-slate-600" role="status">
        Loading the settings…
      </p>
    );
  if (settings.isError) {
    return (
      <div className="mt-6 space-y-3">
        <FormAlert>We could not load the site settings the invoices need. Check your connection, then try again.</FormAlert>
        <button type="button" className="btn-secondary" onClick={() => settings.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const s = settings.data;

  const onIssue = async (form: InvoiceFormValues) => {
    setIssued(null);
    const number = await issue.mutateAsync({
      draft: invoiceDraft(form),
      issuedBy: staff.email,
      issuedAt: new Date(),
      correction: correction ? { number: correction.invoice.number, reason: correction.reason } : undefined,
    });
    setCorrection(null);
    setIssued({ number, invoice: await fetchInvoice(number).catch(() => null) });
  };

  const download = (invoice: StoredInvoice) => {
    setDownloadError('');
    downloadInvoicePdf(invoice).catch(() => setDownloadError(`We could not build the PDF of ${invoice.number}. Download it from the list below.`));
  };

  return (
    <>
      <NumberingNotice settings={s} />
      <section aria-labelledby="invoice-form-heading" className="mt-8">
        <h2 id="invoice-form-heading" ref={formHeading} tabIndex={-1}>
          {correction ? `Correct invoice ${correction.invoice.number}` : 'New invoice'}
        </h2>
        <div aria-live="polite">
          {issued && (
            <div className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-green-300 bg-green-50 p-3 text-green-900" role="status">
              <span>
                Issued <strong className="font-mono">{issued.number}</strong>
                {issued.invoice && ` (${formatMinor(issued.invoice.totalMinor, issued.invoice.currency)})`}.
              </span>
              {issued.invoice && (
                <button type="button" className="btn-secondary px-2 py-1 text-sm" onClick={() => download(issued.invoice!)}>
                  Download PDF<span className="sr-only"> of {issued.number}</span>
                </button>
              )}
            </div>
          )}
        </div>
        {correction && (
          <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            <p>
              Issuing this correction voids <span className="font-mono">{correction.invoice.number}</span> (reason: {correction.reason}) and links it to the new
              invoice, in one step. Until then {correction.invoice.number} stays valid.
            </p>
            <button type="button" className="btn-secondary mt-2 px-2 py-1 text-sm" onClick={() => setCorrection(null)}>
              Cancel correction
            </button>
          </div>
        )}
        {issue.isError && (
          <div className="mt-4">
            <FormAlert>{issueFailure(issue.error)}</FormAlert>
          </div>
        )}
        {downloadError && (
          <div className="mt-4">
            <FormAlert>{downloadError}</FormAlert>
          </div>
        )}
        <InvoiceForm
          key={correction ? `correct-${correction.invoice.number}` : 'new'}
          initial={correction ? invoiceFormValues(correction.invoice) : blankInvoice(s.currency)}
          lookup={fetchBillingRecord}
          onIssue={onIssue}
          busy={issue.isPending}
          submitLabel={correction ? `Issue correction of ${correction.invoice.number}` : 'Issue invoice'}
          summitName={s.summitName}
        />
      </section>
      <section aria-labelledby="invoice-list-heading" className="mt-12">
        <h2 id="invoice-list-heading">Invoices</h2>
        <InvoiceList onCorrect={(invoice, reason) => setCorrection({ invoice, reason })} />
      </section>
    </>
  );
}

export default function InvoiceGeneratorPage() {
  return (
    <>
      <AdminHeader title="Invoice Generator" summary="Issue numbered invoices as PDFs, and mark them paid or void." />
      <InvoiceGenerator />
    </>
  );
}
