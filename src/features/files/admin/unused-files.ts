// Unused files: the objects in storage that no record names, the ones a closed tab or an interrupted
// save left behind. What a record names is upload-session.ts's one definition (objectsNamedAnywhere):
// the 960 image keeps its 320 sibling, an original its web sizes, rich text its images. A record
// naming a file in another record's folder keeps that file too: nothing a page still shows is unused.
import { objectsNamedAnywhere } from '../../../admin/uploads/upload-session.ts';
import { ABSTRACT_BOOK_FOLDER, CPD_LOGO_FOLDER } from '../../../data/storage-paths.ts';

export interface UnusedFile {
  /** The object's full name in the bucket (also the row's key). */
  id: string;
  /** Whose folder it is in: "speakers / abc", "CPD settings" or "Abstract book". */
  folder: string;
  /** The file's own name, without its folder. */
  file: string;
}

/**
 * How long a file no record names may still be on its way into one: an editor open elsewhere has
 * uploaded it and not saved yet. Such files are listed, marked, and left out of "Delete all".
 */
export const RECENT_MS = 24 * 60 * 60 * 1000;

/** A file uploaded within RECENT_MS of `now` (or whose time is unknown: the safe side). */
export const isRecent = (uploaded: Date | null, now: Date) => !uploaded || now.getTime() - uploaded.getTime() < RECENT_MS;

/** Where an object lies, for people: its record's collection and id, or the CPD settings. */
export function describeObject(name: string): UnusedFile {
  const content = /^content\/([^/]+)\/([^/]+)\/(.+)$/.exec(name);
  if (content) return { id: name, folder: `${content[1]} / ${content[2]}`, file: content[3] };
  if (name.startsWith(CPD_LOGO_FOLDER)) return { id: name, folder: 'CPD settings', file: name.slice(CPD_LOGO_FOLDER.length) };
  if (name.startsWith(ABSTRACT_BOOK_FOLDER)) return { id: name, folder: 'Abstract book', file: name.slice(ABSTRACT_BOOK_FOLDER.length) };
  const slash = name.lastIndexOf('/');
  return { id: name, folder: slash < 0 ? '' : name.slice(0, slash), file: name.slice(slash + 1) };
}

/** Listed − named: the objects no record (archived copies and settings included) names, sorted by name. */
export function unusedObjects(listed: readonly string[], records: readonly unknown[]): string[] {
  const named = objectsNamedAnywhere(records);
  return [...new Set(listed)].filter((n) => !named.has(n)).sort();
}
