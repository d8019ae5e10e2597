// Who calls the Storage API and whether the rules let them: the SDK sends
// `Authorization: Firebase <ID token>`; `Firebase owner` / `Bearer owner` is the administrative
// bypass, as on the Firestore side. ID tokens are checked as auth-token.ts checks them, for the
// bucket's project. One StorageAccessRequest per operation goes to the StorageAuthorizer.
import { callerFromHeader, type Caller } from '../auth-token.ts';
import { PERMISSION_DENIED_MESSAGE } from '../errors.ts';
import { allowAllStorage, type StorageAuthorizer, type StorageMethod, type StorageObjectForRules } from '../rules/storage-contract.ts';
import { instant } from '../service.ts';
import type { Store } from '../store.ts';
import { StorageFailure } from './errors.ts';

/**
 * The project a bucket belongs to: `<project>.appspot.com` and `<project>.firebasestorage.app`
 * (the default buckets) name it; any other bucket is taken to be a project's own name. Tokens
 * must be issued for that project, and the rules' `firestore.get()` reads its `(default)` database.
 */
export function projectOfBucket(bucket: string): string {
  return /^(.+)\.(appspot\.com|firebasestorage\.app)$/.exec(bucket)?.[1] ?? bucket;
}

export function storageCaller(header: string | undefined, bucket: string, nowMs = Date.now()): Caller {
  if (!header) return { kind: 'anonymous' };
  const m = /^(?:Firebase|Bearer)\s+(.+)$/i.exec(header.trim());
  return callerFromHeader(m ? `Bearer ${m[1]}` : header, projectOfBucket(bucket), nowMs);
}

export interface StorageCheck {
  method: StorageMethod;
  bucket: string;
  path: string;
  resource: StorageObjectForRules | null;
  requestResource: StorageObjectForRules | null;
}

export class StorageAccess {
  authorizer: StorageAuthorizer = allowAllStorage;

  /** `firestore`: the Firestore emulator's store in this process, for `firestore.get()` in rules. */
  constructor(private readonly firestore: Store | null) {}

  /** Throws 403 with the rules' reason unless the caller is the owner or the rules allow. */
  check(caller: Caller, request: StorageCheck) {
    if (caller.kind === 'owner' || this.authorizer === allowAllStorage) return;
    const database = `projects/${projectOfBucket(request.bucket)}/databases/(default)`;
    const store = this.firestore;
    const decision = this.authorizer.authorize({
      ...request,
      auth: caller.kind === 'user' ? caller.auth : null,
      time: store ? instant(store.readTime()) : instant(new Date().toISOString()),
      firestore: { database: '(default)', lookup: (path) => store?.get(database, path)?.fields ?? null },
    });
    if (!decision.allowed) {
      throw new StorageFailure(403, decision.reason ? `${PERMISSION_DENIED_MESSAGE} (${decision.reason})` : PERMISSION_DENIED_MESSAGE);
    }
  }
}
