// Abstracts › Abstract book: the book's current PDF (how many abstracts, its size, when it was made,
// its link) and "Regenerate the PDF", which builds it afresh in this browser from every published
// abstract and replaces the public file (regenerate-abstract-book.ts). Administrators only: the
// record is the site's settings. pdf-lib and the builder load only when the button is pressed.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { firebaseUploader, type Uploader } from '../../../admin/uploads/uploader.ts';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { abstractBookFileQuery, type AbstractBookFile } from '../../../data/abstract-book.ts';
import { fetchAbstractCall } from '../../../data/abstract-call.ts';
import { fetchSiteSettings } from '../../../data/site-settings.ts';
import { sizeText } from '../../../data/upload-limits.ts';
import { db, publicReads } from '../../../lib/data.ts';
import type { BatchWrite } from '../../../lib/db-shapes.ts';
import { formatDateTime } from '../../../lib/nairobi-time.ts';
import { fileUrl } from '../../../lib/storage-urls.ts';
import { BookStepFailed, fetchBookAbstracts, regenerateAbstractBook, STEP_LABELS, type BookStep, type RegenerateResult } from './regenerate-abstract-book.ts';

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

/** The current record, read afresh when the screen opens (the public query's key, so a save refreshes both). */
const currentBookQuery = { ...abstractBookFileQuery, staleTime: 0 };

export default function BookPdfPage() {
  return <AbstractBookScreen uploader={firebaseUploader} />;
}

/** The screen with the uploader given (component tests give a fake one). */
export function AbstractBookScreen({ uploader }: { uploader: Uploader }) {
  const current = useQuery(currentBookQuery);
  return (
    <div>
      <AdminHeader
        title="Abstract book"
        summary="The PDF of every published abstract with its authors and affiliations, by track, that the public abstract book links. Regenerate it after publishing, changing or withdrawing abstracts: it is not updated by itself."
      />
      <QueryState query={current} noun="abstract book">
        {(book) => <BookPanel book={book} uploader={uploader} />}
      </QueryState>
    </div>
  );
}

function CurrentBook({ book }: { book: AbstractBookFile | null }) {
  if (!book) return <p className="mt-6">No PDF has been made yet: the public abstract book has no download until you regenerate it.</p>;
  return (
    <dl className="mt-6 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="font-semibold">Abstracts</dt>
      <dd>{plural(book.abstracts, 'abstract')}</dd>
      <dt className="font-semibold">Size</dt>
      <dd>{sizeText(book.bytes)}</dd>
      <dt className="font-semibold">Made</dt>
      <dd>{formatDateTime(book.generatedAt)}</dd>
      <dt className="font-semibold">File</dt>
      <dd>
        <a href={fileUrl(book.file)} target="_blank" rel="noreferrer">
          Open the current PDF<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </dd>
    </dl>
  );
}

function useSaveBookRecord() {
  return useStaffWrites<{ write: BatchWrite; abstracts: number; bytes: number }>({
    writes: ({ write }) => [write],
    log: ({ abstracts, bytes }) => `Regenerated the abstract book: ${plural(abstracts, 'abstract')}, ${sizeText(bytes)}`,
    invalidate: [abstractBookFileQuery.queryKey],
  });
}

function BookPanel({ book, uploader }: { book: AbstractBookFile | null; uploader: Uploader }) {
  const save = useSaveBookRecord();
  const [step, setStep] = useState<BookStep | null>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState<RegenerateResult | null>(null);
  const controller = useRef<AbortController | null>(null);
  const busy = step !== null;

  const regenerate = async () => {
    setError('');
    setDone(null);
    setSent(null);
    controller.current = new AbortController();
    try {
      const result = await regenerateAbstractBook({
        readAbstracts: () => fetchBookAbstracts(db),
        readCall: fetchAbstractCall,
        readSite: fetchSiteSettings,
        readCurrent: () => publicReads.fetchDocument<AbstractBookFile>('settings', 'abstractBook'),
        build: async (input) => (await import('./abstract-book-pdf.ts')).abstractBookPdf(input),
        uploader,
        save: (write, summary) => save.mutateAsync({ write, ...summary }),
        onStep: setStep,
        onUploadProgress: (s, total) => setSent({ sent: s, total }),
        signal: controller.current.signal,
      });
      setDone(result);
    } catch (e) {
      setError(e instanceof BookStepFailed ? e.message : `Something went wrong: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setStep(null);
      controller.current = null;
    }
  };

  return (
    <>
      <CurrentBook book={book} />
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-primary" onClick={regenerate} disabled={busy} aria-describedby="book-regenerate-hint">
          {busy ? 'Regenerating…' : 'Regenerate the PDF'}
        </button>
        {step === 'uploading' && (
          <button type="button" className="btn-secondary" onClick={() => controller.current?.abort()}>
            Cancel the upload
          </button>
        )}
      </div>
      <p id="book-regenerate-hint" className="mt-2 text-sm text-slate-600">
        Builds the PDF in this browser (a few seconds for hundreds of abstracts), uploads it, then replaces the public file.
      </p>
      <div aria-live="polite">
        {step && (
          <p role="status" className="mt-4">
            {STEP_LABELS[step]}
            {step === 'uploading' && sent && sent.total > 0 ? `: ${Math.round((100 * sent.sent) / sent.total)}%` : '…'}
          </p>
        )}
        {done && (
          <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            The abstract book now holds {plural(done.abstracts, 'abstract')} on {plural(done.pages, 'page')} ({sizeText(done.bytes)}).
            {done.leftOver && ` The previous file (${done.leftOver}) could not be deleted: it is no longer linked, and Unused files lists it.`}
          </p>
        )}
      </div>
      {error && (
        <div className="mt-4">
          <FormAlert reveal>{error}</FormAlert>
        </div>
      )}
    </>
  );
}
