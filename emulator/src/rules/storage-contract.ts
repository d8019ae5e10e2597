// The seam between the emulator's Cloud Storage for Firebase protocol (src/storage/) and the rules
// engine enforcing `storage.rules` (`service firebase.storage`). The storage server builds one
// StorageAccessRequest per operation it must authorise and asks a StorageAuthorizer, exactly as the
// Firestore service asks an Authorizer (contract.ts). Both run in one process, so a storage rule's
// `firestore.get()` / `firestore.exists()` reads the Firestore emulator's current documents.

import type { Fields } from '../value-types.ts';
import type { AccessDecision, AuthContext, Instant } from './contract.ts';

/**
 * The operations Cloud Storage rules distinguish: `read` = get + list, `write` = create + update +
 * delete. Metadata reads and download-URL reads are `get`; a metadata update is `update`.
 */
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/**
 * An object as storage rules see it (`resource`, `request.resource`): the fields the
 * documentation lists for `resource` in Cloud Storage rules. Sizes are bytes; times are instants;
 * `metadata` is the custom metadata (string → string).
 */
export interface StorageObjectForRules {
  bucket: string;
  /** The object's full name, e.g. `public/speakers/abc/photo-960.webp`. */
  name: string;
  size: number;
  contentType: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
  md5Hash: string;
  crc32c: string;
  etag: string;
  generation: string;
  metageneration: string;
  timeCreated: Instant;
  updated: Instant;
  metadata: Record<string, string>;
}

export interface StorageAccessRequest {
  method: StorageMethod;
  bucket: string;
  /**
   * The object's name for get / create / update / delete. For list, the prefix listed without its
   * trailing slash (`public/speakers/abc`; '' for the bucket's root): the rules match it as a path,
   * as Cloud Storage matches a list request.
   */
  path: string;
  auth: AuthContext | null;
  time: Instant;
  /** The stored object (null when it does not exist, and for list). */
  resource: StorageObjectForRules | null;
  /** For create / update: the object as it would be after the write (null for delete, get, list). */
  requestResource: StorageObjectForRules | null;
  /**
   * Firestore as `firestore.get()` / `firestore.exists()` see it: a document's fields by its path
   * relative to the documents root of `database` (`staff/ann@x.org`), or null when it is missing.
   */
  firestore: { database: string; lookup(path: string): Fields | null };
}

export interface StorageAuthorizer {
  authorize(request: StorageAccessRequest): AccessDecision;
}

export const allowAllStorage: StorageAuthorizer = { authorize: () => ({ allowed: true }) };
