// Cloud Firestore's documented security-rules limits, each as the documentation states it
// (Firestore "Security rules" structure guide and Firebase "How Security Rules work", section
// "Security rule limits"; see emulator/README.md for the citation and how each is read here).
//
// Two kinds: limits on a request as it is evaluated (document access calls, expressions, call
// depth), which deny the whole request when exceeded, whatever `||` or another allow statement
// would have said; and limits on the ruleset itself (size, nesting, arguments, lets), which
// refuse the file at load as a deploy would.

/** What one request may spend while its rules are evaluated. */
export interface RuntimeLimits {
  /** Document access calls (get, exists, getAfter, existsAfter) of one operation: one write of a commit, one document read, one query. */
  readsPerOperation: number;
  /** The same, for a request of one operation: a single-document read, a query, a commit of one write. */
  readsPerSingleRequest: number;
  /** The same, for a request of several operations: a batchGet of several documents, a commit of several writes. */
  readsPerMultiRequest: number;
  /** Expressions evaluated for one operation (the `request` the rules see). */
  expressionsPerOperation: number;
  /** Nested function calls. */
  callDepth: number;
}

export const FIRESTORE_LIMITS: Readonly<RuntimeLimits> = Object.freeze({
  readsPerOperation: 10,
  readsPerSingleRequest: 10,
  readsPerMultiRequest: 20,
  expressionsPerOperation: 1000,
  callDepth: 20,
});

/**
 * Cloud Storage rules' limits. Cross-service reads: firestore.get() / firestore.exists() calls
 * per request (a Storage request is one operation, so the three read limits are the same number).
 * Expressions and call depth: the Rules language's own limits ("How Security Rules work"), the
 * same for both services. See README.md, "Cloud Storage rules", for the sources.
 */
export const STORAGE_LIMITS: Readonly<RuntimeLimits> = Object.freeze({
  readsPerOperation: 2,
  readsPerSingleRequest: 2,
  readsPerMultiRequest: 2,
  expressionsPerOperation: 1000,
  callDepth: 20,
});

/** `limits` (a project's margin, from tighterLimits) applied to Cloud Storage's: the lower of the two, limit by limit. */
export function storageLimits(limits: RuntimeLimits | undefined): RuntimeLimits {
  const out: RuntimeLimits = { ...STORAGE_LIMITS };
  for (const key of Object.keys(out) as Array<keyof RuntimeLimits>) out[key] = Math.min(out[key], limits?.[key] ?? Infinity);
  return out;
}

/** Limits on the ruleset itself, checked when it is loaded. KB read as 1,000 bytes (the stricter reading). */
export const RULESET_LIMITS = Object.freeze({
  sourceBytes: 256_000,
  compiledBytes: 250_000,
  matchDepth: 10,
  pathSegments: 100,
  captureVariables: 20,
  functionArguments: 7,
  letBindings: 10,
});

/**
 * Tighter limits (a project's margin under Cloud Firestore's), never looser: each given value
 * must be a positive integer no greater than Cloud Firestore's.
 */
export function tighterLimits(overrides: Partial<RuntimeLimits>): RuntimeLimits {
  const out: RuntimeLimits = { ...FIRESTORE_LIMITS };
  for (const [key, value] of Object.entries(overrides) as Array<[keyof RuntimeLimits, number | undefined]>) {
    if (!(key in FIRESTORE_LIMITS)) throw new Error(`unknown rules limit '${key}' (known: ${Object.keys(FIRESTORE_LIMITS).join(', ')})`);
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1) throw new Error(`rules limit ${key} must be a positive integer, not ${value}`);
    if (value > FIRESTORE_LIMITS[key]) throw new Error(`rules limit ${key}=${value} would be looser than Cloud Firestore's ${FIRESTORE_LIMITS[key]}`);
    out[key] = value;
  }
  return out;
}

/**
 * A request went over a limit. Not an EvaluationError: `||`, `&&`, a `let` and the next allow
 * statement cannot recover from it; the whole request is denied ("Exceeding either limit results
 * in a permission denied error").
 */
export class RulesLimitError extends Error {
  constructor(
    /** Which limit, as the documentation names it. */
    readonly limit: string,
    message: string,
  ) {
    super(message);
    this.name = 'RulesLimitError';
  }
}
