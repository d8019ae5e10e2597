// The abstract book's PDF (issue 39): every published abstract with its authors and affiliations,
// by track, made on demand in the back office (pdf-lib) and uploaded to Cloud Storage; the record
// settings/abstractBook names the current file, and /abstract-book links it. Regenerating uploads a
// new file under a new name (files are never overwritten) and moves the record to it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import { publicKey } from './query-keys.ts';

/** settings/abstractBook: public. */
export interface AbstractBookFile {
  /** The PDF's object name in Cloud Storage (lib/storage-urls.ts fileUrl makes its address). */
  file: string;
  /** How many abstracts it holds, and its size in bytes: the public link states both. */
  abstracts: number;
  bytes: number;
  generatedAt: Date;
}

export const ABSTRACT_BOOK_PATH = 'settings/abstractBook';

/** The current book's file, or null until one is made. */
export const abstractBookFileQuery = queryOptions({
  queryKey: [...publicKey('settings'), 'abstractBook'],
  queryFn: () => publicReads.fetchDocument<AbstractBookFile>('settings', 'abstractBook'),
});

export const useAbstractBookFile = () => useQuery(abstractBookFileQuery);
