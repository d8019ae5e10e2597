// Every object stored under a prefix, through the back office's Cloud Storage (lib/app-storage.ts,
// loaded on first use). storage.rules lets staff list content/**, settings/cpd/** and settings/abstract-book/**.
import { ABSTRACT_BOOK_FOLDER, CPD_LOGO_FOLDER } from '../../../data/storage-paths.ts';

/** Where staff's uploads are stored (storage-paths.ts's folders). */
export const UPLOAD_PREFIXES = ['content/', CPD_LOGO_FOLDER, ABSTRACT_BOOK_FOLDER] as const;

/** The full names of every object under `prefix`, its sub-folders included. */
export async function listObjects(prefix: string): Promise<string[]> {
  const { getAppStorage, listAll, ref } = await import('../../../lib/app-storage.ts');
  type Ref = ReturnType<typeof ref>;
  const walk = async (folder: Ref): Promise<string[]> => {
    const { items, prefixes } = await listAll(folder);
    const nested = await Promise.all(prefixes.map(walk));
    return [...items.map((i) => i.fullPath), ...nested.flat()];
  };
  return walk(ref(getAppStorage(), prefix.replace(/\/$/, '')));
}

/** When each object was uploaded (its metadata's timeCreated), null where it cannot be read. */
export async function uploadTimes(names: readonly string[]): Promise<Array<Date | null>> {
  const { getAppStorage, getMetadata, ref } = await import('../../../lib/app-storage.ts');
  return Promise.all(
    names.map((name) =>
      getMetadata(ref(getAppStorage(), name)).then(
        (m) => new Date(m.timeCreated),
        () => null,
      ),
    ),
  );
}
