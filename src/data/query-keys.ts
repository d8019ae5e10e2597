// Every cached read is keyed by who it is for and the collection it shows: the back office's
// under ['admin', collection, …], the public site's under ['published', collection, …]. A change
// to a collection then refreshes every screen that shows it through these two keys, and no
// screen's key can drift from what a change invalidates.
import type { QueryKey } from '@tanstack/react-query';

/** The back office's reads of a collection: lists, searches, records, counts. */
export const adminKey = (collection: string) => ['admin', collection] as const;

/** The public site's reads of a collection's published documents. */
export const publicKey = (collection: string) => ['published', collection] as const;

/** The Archive screen's reads of a collection's archived copies. */
export const archiveKey = (collection: string) => ['archive', collection] as const;

/** Every cached read that shows `collection`, wherever it is shown (its archived copies included). */
export const keysShowing = (collection: string): QueryKey[] => [adminKey(collection), publicKey(collection), archiveKey(collection)];
