// Why some allow statements and functions of firestore.rules cannot be reached both ways by any
// request (`npm run rules-coverage` shows each reason next to its entry, and lists a reason that
// no longer matches a gap as stale). Every other way is reached by a test of tests/integration.
// Entries are named as the report names them, without line numbers (they move with every edit):
// `allow <methods> <match path under /databases/{database}/documents>`, `function <name>`.
// A constant condition is its own reason (`allow delete: if false;` is never true, `allow get: if
// true;` never false): the report says so, and needs no line here. Empty while every other way of
// every allow and function is reached.

/** The way never reached: an allow or a function never true, never false, or a function never returning at all. */
export type Way = 'true' | 'false' | 'returned';

export interface CoverageReason {
  entry: string;
  never: Way;
  why: string;
}

export const RULES_COVERAGE_REASONS: CoverageReason[] = [];
