// The files of one editor, from opening to saving or leaving. Files are never overwritten, so a
// replaced or removed file stays until the record no longer names it: a save deletes the files
// the record named before (or that were uploaded since) and names no longer; leaving without
// saving deletes what was uploaded meanwhile. Only files in the record's own folder are ever
// deleted: an address of ours pasted from another record is left alone. Deleting is best effort
// (a failure leaves an unreferenced file behind, never a broken record).
import { createContext, useContext, useEffect, useState } from 'react';
import { uploadObjects } from '../../data/storage-paths.ts';
import { objectNameFromUrl } from '../../lib/storage-urls.ts';
import { browserScaler, type Scaler } from './image-scaling.ts';
import { firebaseUploader, type Uploader } from './uploader.ts';

/**
 * Every object of ours that `values` name (strings anywhere inside, rich text included), wherever
 * it is stored: the one definition of what a record keeps, which the Unused files screen uses too.
 * A record names a file by its address, or by its object name where the record is not a page's
 * link (settings/abstractBook `file`); a name is any string of storage-paths.ts's grammar that is
 * not an address.
 */
export function objectsNamedAnywhere(values: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      const name = objectNameFromUrl(v) ?? (v.includes(':') ? null : v);
      if (name) for (const n of uploadObjects(name)) found.add(n);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(values);
  return found;
}

/** Every object of ours in `folder` that `values` name (strings anywhere inside, rich text included). */
export function objectsNamed(values: unknown, folder: string): Set<string> {
  return new Set([...objectsNamedAnywhere(values)].filter((n) => n.startsWith(folder) && !n.slice(folder.length).includes('/')));
}

export class UploadSession {
  private kept: Set<string>;
  private fresh = new Set<string>();

  constructor(
    readonly folder: string,
    readonly uploader: Uploader,
    readonly scaler: Scaler,
    /** The values as stored when the editor opened. */
    stored: unknown,
  ) {
    this.kept = objectsNamed(stored, folder);
  }

  /** An upload finished: its objects are deleted unless a save keeps them. */
  uploaded(names: readonly string[]) {
    for (const n of names) this.fresh.add(n);
  }

  /** The record was saved with `values`: what it no longer names is deleted. */
  saved(values: unknown): Promise<void> {
    const now = objectsNamed(values, this.folder);
    const gone = [...this.kept, ...this.fresh].filter((n) => !now.has(n));
    this.kept = now;
    this.fresh.clear();
    return this.remove(gone);
  }

  /** The editor closed without saving: what was uploaded meanwhile is deleted. */
  discarded(): Promise<void> {
    const gone = [...this.fresh].filter((n) => !this.kept.has(n));
    this.fresh.clear();
    return this.remove(gone);
  }

  private async remove(names: string[]) {
    await Promise.allSettled(names.map((n) => this.uploader.remove(n)));
  }
}

/** The uploader and scaler the back office uses; tests provide fakes. */
export const UploadServices = createContext<{ uploader: Uploader; scaler: Scaler }>({ uploader: firebaseUploader, scaler: browserScaler });
export const useUploadServices = () => useContext(UploadServices);

/** The editor's session, for the fields inside it (and the rich-text editor's image dialog); null where there is none. */
export const UploadSessionContext = createContext<UploadSession | null>(null);
export const useUploadSession = () => useContext(UploadSessionContext);

/** An editor's session for `folder` (null: no uploads here), discarded when the editor unmounts. */
export function useNewUploadSession(folder: string | null, stored: unknown): UploadSession | null {
  const { uploader, scaler } = useUploadServices();
  const [session] = useState(() => (folder ? new UploadSession(folder, uploader, scaler, stored) : null));
  useEffect(() => () => void session?.discarded(), [session]);
  return session;
}
