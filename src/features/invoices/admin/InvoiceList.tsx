// Issued invoices, newest first: download any of them again, mark paid, void, or correct.
import { useState } from 'react';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { Pager } from '../../../admin/ui/Pager.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { downloadInvoicePdf, useChangeInvoiceStatus, useInvoicePages } from './api.ts';
import { formatMinor } from '../../../components/format.ts';
import type { StoredInvoice } from './schema.ts';

function billToText(invoice: StoredInvoice) {
  return [invoice.billTo.organisation, invoice.billTo.name].filter(Boolean).join(' · ');
}

export function InvoiceList({ onCorrect }: { onCorrect: (invoice: StoredInvoice, reason: string) => void }) {
  const pages = useInvoicePages();
  const change = useChangeInvoiceStatus();
  const [downloadError, setDownloadError] = useState('');
  const download = (invoice: StoredInvoice) => {
    setDownloadError('');
    downloadInvoicePdf(invoice).catch(() => setDownloadError(`We could not build the PDF of ${invoice.number}. Reload the page and try again.`));
  };
  return (
    <>
      {change.isError && (
        <FormAlert>
          {change.error.message.startsWith('Invoice ') ? change.error.message : 'We could not change the invoice. Check your connection and try again.'}
        </FormAlert>
      )}
      {downloadError && <FormAlert>{downloadError}</FormAlert>}
      <QueryState
        query={pages}
        noun="invoices"
        isEmpty={(p) => p.items.length === 0}
        empty="No invoices yet: the first one issued above gets the first number."
      >
        {(page) => (
          <DataTable
            caption="Invoices, newest first"
            rows={page.items}
            columns={[
              { header: 'Number', cell: (i) => <span className="font-mono">{i.number}</span> },
              {
                header: 'Bill to',
                cell: (i) => (
                  <>
                    {billToText(i)}
                    {i.reference && <span className="block text-xs text-slate-600">Ref. {i.reference}</span>}
                  </>
                ),
              },
              { header: 'Total', cell: (i) => <span className="tabular-nums">{formatMinor(i.totalMinor, i.currency)}</span>, className: 'text-right' },
              {
                header: 'Status',
                cell: (i) => (
                  <>
                    <StatusBadge status={i.status} />
                    {i.status === 'void' && (
                      <span className="block text-xs text-slate-600">
                        {i.voidReason}
                        {i.replacedBy && ` · replaced by ${i.replacedBy}`}
                      </span>
                    )}
                    {i.replaces && <span className="block text-xs text-slate-600">corrects {i.replaces}</span>}
                  </>
                ),
              },
              { header: 'Issued', cell: (i) => formatDateTime(i.timestamp) },
              {
                header: 'Actions',
                cell: (i) => (
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn-secondary px-2 py-1 text-sm" onClick={() => download(i)}>
                      Download PDF<span className="sr-only"> of {i.number}</span>
                    </button>
                    {i.status === 'issued' && (
                      <>
                        <ConfirmButton
                          className="btn-secondary px-2 py-1 text-sm"
                          disabled={change.isPending}
                          question={`Mark ${i.number} (${formatMinor(i.totalMinor, i.currency)}) as paid?`}
                          confirmLabel="Mark paid"
                          confirmClassName="btn-primary"
                          onConfirm={() => change.mutate({ invoice: i, to: 'paid' })}
                        >
                          Mark paid<span className="sr-only"> {i.number}</span>
                        </ConfirmButton>
                        <ConfirmButton
                          className="btn-secondary px-2 py-1 text-sm"
                          disabled={change.isPending}
                          question={`Void ${i.number}? It stays in the series, marked void, and can no longer be paid.`}
                          confirmLabel="Void invoice"
                          note={{ label: 'Reason for voiding' }}
                          onConfirm={(reason) => change.mutate({ invoice: i, to: 'void', reason })}
                        >
                          Void<span className="sr-only"> {i.number}</span>
                        </ConfirmButton>
                        <ConfirmButton
                          className="btn-secondary px-2 py-1 text-sm"
                          disabled={change.isPending}
                          question={`Correct ${i.number}? Issued invoices are never edited: the form opens with its details, and issuing the correction voids ${i.number} and links the two.`}
                          confirmLabel="Open correction"
                          confirmClassName="btn-primary"
                          note={{ label: 'What needs correcting', hint: `Recorded as the reason ${i.number} was voided.` }}
                          onConfirm={(reason) => onCorrect(i, reason)}
                        >
                          Correct<span className="sr-only"> {i.number}</span>
                        </ConfirmButton>
                      </>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Pager pages={pages} label="Pages of invoices" />
    </>
  );
}
