// Regenerating the abstract book's PDF (Abstracts › Abstract book): read every published abstract
// with its text, the call's tracks and the summit's name and dates; build the PDF; upload it under a
// new name; point settings/abstractBook at it; then delete the previous file. The record moves only
// once the new file is stored, so a failed build or upload leaves the current book as it was (and
// a new file whose record could not be saved is deleted again). Each step is told to the screen.
import { ABSTRACT_BOOK_PATH, type AbstractBookFile } from '../../../data/abstract-book.ts';
import { ABSTRACT_PARTS, type AbstractCall } from '../../../data/abstracts.ts';
import { PUBLISHED, PUBLISHED_LIMIT, PUBLISHED_TEXTS, type PublishedAbstract, type PublishedAbstractText } from '../../../data/published-abstracts.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';
import { ABSTRACT_BOOK_FOLDER, newUploadId, objectName } from '../../../data/storage-paths.ts';
import { ABSTRACT_BOOK_MAX_BYTES, sizeText, sniffType } from '../../../data/upload-limits.ts';
import { serverValues, type BatchWrite, type ListOptions, type WithId } from '../../../lib/db-shapes.ts';
import type { Uploader } from '../../../admin/uploads/uploader.ts';
import type { AbstractBookInput, AbstractBookPdf, BookAbstract } from './abstract-book-pdf.ts';

export type BookStep = 'reading' | 'building' | 'uploading' | 'saving' | 'cleaning';

export const STEP_LABELS: Record<BookStep, string> = {
  reading: 'Reading the published abstracts',
  building: 'Building the PDF',
  uploading: 'Uploading the PDF',
  saving: 'Saving the book’s record',
  cleaning: 'Deleting the previous file',
};

/** A step that failed, with what the administrator is told (the step names where it stopped). */
export class BookStepFailed extends Error {
  constructor(
    readonly step: BookStep,
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

interface Reads {
  fetchDocuments<T>(name: string, options?: ListOptions): Promise<Array<WithId<T>>>;
}

/**
 * Every published abstract with its text. Document-id order (no index needed): the book sorts
 * them itself. More than PUBLISHED_LIMIT, or a listing without its text (they are published in one
 * commit, so only a half-finished removal could do that), is refused rather than printed short.
 */
export async function fetchBookAbstracts(reads: Reads): Promise<BookAbstract[]> {
  const options: ListOptions = { orderBy: null, limit: PUBLISHED_LIMIT + 1 };
  const [listings, texts] = await Promise.all([
    reads.fetchDocuments<PublishedAbstract>(PUBLISHED, options),
    reads.fetchDocuments<PublishedAbstractText>(PUBLISHED_TEXTS, options),
  ]);
  if (listings.length > PUBLISHED_LIMIT)
    throw new Error(`More than ${PUBLISHED_LIMIT.toLocaleString('en')} abstracts are published: the book takes at most that many.`);
  const textOf = new Map(texts.map((t) => [t.id, t]));
  return listings.map((l) => {
    const text = textOf.get(l.id);
    if (!text) throw new Error(`The text of “${l.title}” is not published: publish it again, then regenerate the book.`);
    return {
      id: l.id,
      title: l.title,
      authors: l.authors,
      affiliations: l.affiliations,
      presenting: l.presenting,
      track: l.track,
      presentation: l.presentation,
      keywords: l.keywords,
      ...(Object.fromEntries(ABSTRACT_PARTS.map((p) => [p, text[p] ?? ''])) as Record<(typeof ABSTRACT_PARTS)[number], string>),
    };
  });
}

/** The record's write: what firestore.rules abstractBookRecord checks (the time is the server's). */
export const abstractBookWrite = (file: string, abstracts: number, bytes: number): BatchWrite => ({
  set: ABSTRACT_BOOK_PATH,
  data: { file, abstracts, bytes, generatedAt: serverValues.now() },
});

export interface RegenerateDeps {
  readAbstracts: () => Promise<BookAbstract[]>;
  readCall: () => Promise<AbstractCall>;
  readSite: () => Promise<Pick<SiteSettings, 'summitName' | 'startDate' | 'endDate' | 'venue'>>;
  /** abstract-book-pdf.ts's builder (the screen loads it, and pdf-lib, on demand). */
  build: (input: AbstractBookInput) => Promise<AbstractBookPdf>;
  uploader: Uploader;
  /** Commits the record's write (the screen adds its log line and the content version's move). */
  save: (write: BatchWrite, summary: { abstracts: number; bytes: number }) => Promise<void>;
  /** The current record, read afresh with the abstracts (its file is deleted once the new one is named). */
  readCurrent: () => Promise<AbstractBookFile | null>;
  onStep: (step: BookStep) => void;
  onUploadProgress?: (sent: number, total: number) => void;
  signal: AbortSignal;
  now?: () => Date;
}

export interface RegenerateResult {
  file: string;
  abstracts: number;
  bytes: number;
  pages: number;
  /** The previous file could not be deleted (it stays in the bucket, named by no record): its name. */
  leftOver: string | null;
}

const why = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

export async function regenerateAbstractBook(deps: RegenerateDeps): Promise<RegenerateResult> {
  deps.onStep('reading');
  let input: AbstractBookInput;
  let previous: AbstractBookFile | null;
  try {
    const [abstracts, call, site, current] = await Promise.all([deps.readAbstracts(), deps.readCall(), deps.readSite(), deps.readCurrent()]);
    previous = current;
    input = {
      summitName: site.summitName,
      startDate: site.startDate,
      endDate: site.endDate,
      venue: site.venue,
      tracks: call.tracks,
      abstracts,
      generatedAt: (deps.now ?? (() => new Date()))(),
    };
  } catch (e) {
    throw new BookStepFailed('reading', `Could not read the published abstracts: ${why(e)}`, e);
  }
  if (input.abstracts.length === 0) throw new BookStepFailed('reading', 'No abstract is published yet, so there is nothing to put in the book.');

  deps.onStep('building');
  let book: AbstractBookPdf;
  try {
    book = await deps.build(input);
  } catch (e) {
    throw new BookStepFailed('building', `Could not build the PDF: ${why(e)}`, e);
  }
  if (book.bytes.length > ABSTRACT_BOOK_MAX_BYTES || sniffType(book.bytes) !== 'application/pdf')
    throw new BookStepFailed('building', `The PDF is ${sizeText(book.bytes.length)}; the limit for the abstract book is ${sizeText(ABSTRACT_BOOK_MAX_BYTES)}.`);

  deps.onStep('uploading');
  const file = objectName(ABSTRACT_BOOK_FOLDER, newUploadId(), { ext: 'pdf' });
  const blob = new Blob([book.bytes as BlobPart], { type: 'application/pdf' });
  try {
    await deps.uploader.upload(file, blob, 'application/pdf', deps.onUploadProgress ?? (() => {}), deps.signal);
  } catch (e) {
    await deps.uploader.remove(file).catch(() => {}); // a partly stored file, if any
    throw new BookStepFailed('uploading', `Could not upload the PDF, so the current book is unchanged: ${why(e)}`, e);
  }

  deps.onStep('saving');
  const summary = { abstracts: input.abstracts.length, bytes: book.bytes.length };
  try {
    await deps.save(abstractBookWrite(file, summary.abstracts, summary.bytes), summary);
  } catch (e) {
    // Named by no record: the new file goes, the current book stays.
    await deps.uploader.remove(file).catch(() => {});
    throw new BookStepFailed('saving', `Could not save the book’s record, so the current book is unchanged: ${why(e)}`, e);
  }

  let leftOver: string | null = null;
  if (previous?.file && previous.file !== file) {
    deps.onStep('cleaning');
    try {
      await deps.uploader.remove(previous.file);
    } catch {
      leftOver = previous.file;
    }
  }
  return { file, ...summary, pages: book.pages, leftOver };
}
