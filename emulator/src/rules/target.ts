// What a single evaluation is about: one document, or "any document a query could return" (list.ts).
// Its own module so that authorizer.ts and list.ts both depend on it rather than on each other.
import type { RValue } from './values.ts';

export interface Target {
  /** Document path relative to the documents root, e.g. "registrations/abc". */
  path: string;
  resource: RValue;
  requestResource: RValue;
  /** request.path; unknown for a list's query-constrained document. */
  requestPath: RValue;
  /** A path segment standing for something the query leaves open: bound wildcards become unknown. */
  unknownSegment?: string;
  /** How the reason names the document (default: its path). */
  display?: string;
}
