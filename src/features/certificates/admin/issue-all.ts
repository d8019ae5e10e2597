// "Issue all eligible": walks the checked-in registrations a chunk at a time (never the whole
// collection in one read) and issues each eligible one without a valid certificate in its own
// transaction, which decides again on fresh data. One failure never stops the run: it is listed
// with its reason. A certificate that turns out to exist already (another administrator, another
// tab) is counted as already issued, so running it twice issues nothing twice.
import type { Cursor } from '../../../lib/db.ts';
import type { CpdSettings } from '../../../data/certificates.ts';
import { previewRow, type AttendeePage } from './eligibility-preview.ts';
import { IssueRefusal } from './issue-certificate.ts';

export interface BulkFailure {
  registrationId: string;
  fullName: string;
  reason: string;
}

export interface BulkProgress {
  /** Registrations judged so far. */
  checked: number;
  issued: number;
  /** Eligible but already holding a valid certificate. */
  alreadyIssued: number;
  /** Not eligible (missing days, evaluations, cancelled). */
  ineligible: number;
  failures: BulkFailure[];
  done: boolean;
  /** Stopped by the administrator before the end. */
  stopped: boolean;
  /** Why the run stopped by itself (the settings became incomplete meanwhile). */
  halted: string;
}

export const emptyProgress = (): BulkProgress => ({
  checked: 0,
  issued: 0,
  alreadyIssued: 0,
  ineligible: 0,
  failures: [],
  done: false,
  stopped: false,
  halted: '',
});

/** A screen reader hears the run's progress once per this many registrations checked (and at its start and end). */
export const ANNOUNCE_EVERY = 25;

/**
 * Whether this step of a run is announced, given the last one that was: the first, each time the
 * count checked passes a multiple of ANNOUNCE_EVERY, and the end. A polite live region read out at
 * every registration would queue hundreds of messages, each stale by the time it is heard.
 */
export function announces(next: BulkProgress, last: BulkProgress | null): boolean {
  if (!last || next.done) return true;
  return Math.floor(next.checked / ANNOUNCE_EVERY) > Math.floor(last.checked / ANNOUNCE_EVERY);
}

/**
 * What Firestore answers when a transaction kept losing to other writes on what it read: aborted on
 * Cloud Firestore, failed-precondition for the lite SDK's optimistic commits.
 */
const CONTENDED = ['aborted', 'failed-precondition'];

/** A failed issue in words an administrator can act on. */
export function issueFailure(error: unknown): string {
  if (error instanceof IssueRefusal) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONTENDED.includes(code)) return 'Someone changed this registration or its certificate at the same moment: try again.';
  if (code === 'permission-denied') return 'The database refused the certificate (its figures did not pass the checks): reload the page and try again.';
  // What Firestore says of a document it cannot store, above all one over its 1 MiB cap: the
  // mail carrying the PDF, whose size is the logo's. Not a connection problem: retrying won't help.
  if (code === 'invalid-argument')
    return 'The certificate could not be stored (most likely its email with the PDF is too large): check the logo in the CPD settings (a PNG or JPEG under 300 KB), then try again.';
  if (code !== undefined) return 'We could not reach the database: check your connection and try again.';
  return error instanceof Error ? error.message : String(error);
}

export async function issueAllEligible({
  fetchPage,
  settings,
  days,
  issue,
  onProgress,
  stopped = () => false,
  chunk,
}: {
  fetchPage: (after: Cursor | null, limit: number) => Promise<AttendeePage>;
  settings: CpdSettings;
  days: readonly string[];
  /** One certificate in its own transaction (rejects with IssueRefusal or a database error). */
  issue: (registrationId: string) => Promise<unknown>;
  onProgress: (progress: BulkProgress) => void;
  stopped?: () => boolean;
  chunk: number;
}): Promise<BulkProgress> {
  const progress = emptyProgress();
  const report = () => onProgress({ ...progress, failures: [...progress.failures] });
  let after: Cursor | null = null;
  do {
    const page: AttendeePage = await fetchPage(after, chunk);
    for (const item of page.items) {
      if (progress.halted) break;
      if (stopped()) {
        progress.stopped = true;
        break;
      }
      const row = previewRow(item, settings, days);
      if (row.action === 'issued') progress.alreadyIssued += 1;
      else if (row.action === 'ineligible') progress.ineligible += 1;
      else {
        try {
          await issue(item.id);
          progress.issued += 1;
        } catch (error) {
          if (error instanceof IssueRefusal && error.kind === 'issued') progress.alreadyIssued += 1;
          else if (error instanceof IssueRefusal && error.kind === 'settings') {
            // Every other certificate would be refused for the same reason: stop and say why.
            progress.halted = error.message;
            progress.checked += 1;
            break;
          } else progress.failures.push({ registrationId: item.id, fullName: item.fullName, reason: issueFailure(error) });
        }
      }
      progress.checked += 1;
      report();
    }
    after = progress.stopped || progress.halted ? null : page.next;
  } while (after);
  progress.done = true;
  report();
  return progress;
}
