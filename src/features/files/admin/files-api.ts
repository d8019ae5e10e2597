// The Unused files screen's reads and its one action. Every record that may name a file is read
// whole: the content collections, their archived copies (an archived record keeps its files, to be
// restored with them) and the settings (the CPD logo). Unordered reads, so a document without a
// timestamp is never missed: a file it names must never be offered for deletion.
import { useQuery } from '@tanstack/react-query';
import { CONTENT_COLLECTIONS } from '../../../admin/permissions.ts';
import { useUploadServices } from '../../../admin/uploads/upload-session.ts';
import { useStaffTask } from '../../../admin/use-staff-action.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { db } from '../../../lib/data.ts';
import { listObjects, uploadTimes, UPLOAD_PREFIXES } from './stored-objects.ts';
import { describeObject, unusedObjects, type UnusedFile } from './unused-files.ts';

export const unusedFilesKey = [...adminKey('files'), 'unused'] as const;

/** Every collection whose documents may name a file of ours. */
export const NAMING_COLLECTIONS = [...CONTENT_COLLECTIONS.flatMap((c) => [c, `archive/${c}/items`]), 'settings'];

/** An unused file and when it was uploaded (null: unknown). */
export type UnusedFileRow = UnusedFile & { uploaded: Date | null };

/** Every document that may name a file, one list per collection. */
export const fetchNamingRecords = () => Promise.all(NAMING_COLLECTIONS.map((c) => db.fetchDocuments(c, { orderBy: null })));

async function findUnusedFiles(): Promise<UnusedFileRow[]> {
  const [listed, records] = await Promise.all([Promise.all(UPLOAD_PREFIXES.map(listObjects)).then((l) => l.flat()), fetchNamingRecords()]);
  const unused = unusedObjects(listed, records);
  const times = await uploadTimes(unused);
  return unused.map((name, i) => ({ ...describeObject(name), uploaded: times[i] }));
}

export const useUnusedFiles = () => useQuery({ queryKey: unusedFilesKey, queryFn: findUnusedFiles });

/** The log line of a deletion: one file by name, several by count and as many names as fit. */
export function deletedLine(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `Deleted unused file ${names[0]}`.slice(0, 500);
  const line = `Deleted ${names.length} unused files: ${names.join(', ')}`;
  return line.length <= 500 ? line : `${line.slice(0, 499)}…`;
}

/** Deletes files (each on its own: one failing leaves the others deleted) and logs those deleted. */
export function useDeleteFiles() {
  const { uploader } = useUploadServices();
  return useStaffTask<readonly string[], { deleted: string[]; failed: string[] }>({
    run: async (names) => {
      const results = await Promise.allSettled(names.map((n) => uploader.remove(n)));
      return { deleted: names.filter((_, i) => results[i].status === 'fulfilled'), failed: names.filter((_, i) => results[i].status === 'rejected') };
    },
    log: (_names, { deleted }) => deletedLine(deleted),
    invalidate: [unusedFilesKey],
  });
}
