// Cloud Storage rules (`service firebase.storage`) as a StorageAuthorizer: the same language,
// matcher and evaluator as Firestore's, with Storage's `request` and `resource`, its paths
// (`/b/{bucket}/o/<object name>`), cross-service reads through `firestore.get()` /
// `firestore.exists()`, and Storage's limit on them.
import type { AccessDecision } from './contract.ts';
import { authValue, decideAllows, withinLimits, type AuthorizerOptions } from './authorizer.ts';
import { expressionMeter } from './evaluator.ts';
import { storageLimits, type RuntimeLimits } from './limits.ts';
import type { CompiledRules } from './matcher.ts';
import { DocumentReads, type ReadLabels } from './reads.ts';
import type { StorageAccessRequest, StorageAuthorizer, StorageObjectForRules } from './storage-contract.ts';
import { RMap, RPath, RTimestamp, type RValue } from './values.ts';

export const STORAGE_READ_LABELS: ReadLabels = {
  calls: 'firestore.get, firestore.exists',
  perOperation: 'Firestore document access calls per Cloud Storage request',
  perRequest: 'Firestore document access calls per Cloud Storage request',
};

/** An object's name as path segments (`a/b/c.png` → a, b, c.png). */
function objectSegments(name: string): string[] {
  return name === '' ? [] : name.split('/');
}

/**
 * The segments rules match for a request, below `/b/{bucket}/o`. An object: its name. A list of
 * the prefix `a/b`: `a/b/` — the prefix and one empty segment, so the blocks that apply to the
 * objects directly under it (`match /a/b/{file}`, `match /a/{path=**}`) decide, with `{file}`
 * bound to '' — as Cloud Storage (and its official emulator) evaluates a list request.
 */
export function storageSegments(request: Pick<StorageAccessRequest, 'method' | 'bucket' | 'path'>): string[] {
  const object = request.method === 'list' ? [...objectSegments(request.path), ''] : objectSegments(request.path);
  return ['b', request.bucket, 'o', ...object];
}

/** Generation numbers are ints in rules (the JSON API spells them as decimal strings). */
function generationValue(v: string): RValue {
  return /^\d+$/.test(v) ? BigInt(v) : v;
}

/**
 * `resource` / `request.resource`: the object's fields as Cloud Storage rules see them. An optional
 * field the object does not have is absent from the map, so reading it is an error (a deny).
 */
export function storageObjectValue(o: StorageObjectForRules | null): RValue {
  if (!o) return null;
  const fields: Record<string, RValue> = {
    bucket: o.bucket,
    name: o.name,
    size: BigInt(o.size),
    contentType: o.contentType,
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    etag: o.etag,
    generation: generationValue(o.generation),
    metageneration: generationValue(o.metageneration),
    timeCreated: new RTimestamp(o.timeCreated.seconds, o.timeCreated.nanos),
    updated: new RTimestamp(o.updated.seconds, o.updated.nanos),
    metadata: new RMap(new Map(Object.entries(o.metadata))),
  };
  for (const key of ['contentDisposition', 'contentEncoding', 'contentLanguage', 'cacheControl'] as const) {
    const v = o[key];
    if (v !== undefined) fields[key] = v;
  }
  return RMap.of(fields);
}

export class StorageRulesAuthorizer implements StorageAuthorizer {
  private readonly debug: (text: string) => void;
  readonly limits: RuntimeLimits;

  constructor(
    private readonly rules: CompiledRules,
    private readonly options: AuthorizerOptions = {},
  ) {
    this.debug = options.debug ?? ((text) => console.log(`[storage rules debug] ${text}`));
    this.limits = storageLimits(options.limits);
  }

  authorize(request: StorageAccessRequest): AccessDecision {
    const where = `/b/${request.bucket}/o/${request.path}`;
    const reads = new DocumentReads(
      {
        method: request.method,
        path: `b/${request.bucket}/o/${request.path}`,
        database: request.firestore.database,
        lookup: (p) => request.firestore.lookup(p),
        lookupAfter: (p) => request.firestore.lookup(p),
      },
      undefined,
      this.limits,
      STORAGE_READ_LABELS,
    );
    const meter = expressionMeter(this.limits.expressionsPerOperation, this.limits.callDepth, `'${request.method}' on ${where}`);
    const segments = storageSegments(request);
    const requestValue = RMap.of({
      auth: authValue(request.auth),
      method: request.method,
      path: new RPath(segments),
      time: new RTimestamp(request.time.seconds, request.time.nanos),
      resource: storageObjectValue(request.requestResource),
    });
    return withinLimits(meter, reads, () =>
      decideAllows(
        { rules: this.rules, reads, meter, debug: this.debug, database: request.firestore.database, coverage: this.options.coverage },
        request.method,
        segments,
        { request: requestValue, resource: storageObjectValue(request.resource) },
        where,
      ),
    );
  }
}
