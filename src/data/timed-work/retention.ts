// The timed work's retention: once the summit's personal data is past its keeping time
// (content/retention.ts, from Settings), every address still held is erased exactly as an
// administrator's erasure erases it (erasure.ts reads its footprint, erasure-plan.ts plans it),
// under an erasure request of the schedule's own (data-requests.ts retentionRequestWrites): the
// same rules bind every write to that request, and the requests queue shows what was erased and
// when. An owner's erasure request not yet answered is approved and carried out the same way.
// A few addresses a run, each finished before the next starts; what a run does not reach, the
// next finds (the queries below find only what is still held).
import { retentionStage } from '../../content/retention.ts';
import { mailboxOf } from '../../lib/email-address.ts';
import type { BatchWrite, Db, Filter } from '../../lib/db.ts';
import { approveErasureWrites, closeRetentionWrites, erasureRequestId, retentionRequestWrites, toDataRequest, type DataRequest } from '../data-requests.ts';
import { readFootprint, readScanned, type Scanned } from '../erasure.ts';
import { planErasure } from '../erasure-plan.ts';
import { SCHEDULE_ACTOR } from './status.ts';

type Doc = Record<string, unknown> & { id: string };

/**
 * A run starts no erasure after this long from its own start (the waiting list's work starts
 * nothing after RUN_BUDGET_MS = 30 s): the erasure under way then finishes before the function
 * stops at 50 s, as one takes a few seconds; the addresses left are the next run's.
 */
export const RETENTION_BUDGET_MS = 35_000;
type Client = Pick<Db, 'fetchDocuments' | 'fetchDocument' | 'fetchEvery' | 'commit'>;

/**
 * Where an address is still held, and the field that holds it: an erasure deletes the entries and
 * drafts and empties the others' address, so each query finds only what is left (attendee
 * entries are keyed by the address itself).
 */
export const HELD_ADDRESSES = [
  { collection: 'registrations', field: 'email', label: 'Registrations' },
  { collection: 'archive/registrations/items', field: 'email', label: 'Archived registrations' },
  { collection: 'waitlist', field: 'email', label: 'Waiting-list entries' },
  { collection: 'registrationDrafts', field: 'email', label: 'Unfinished registration forms' },
  { collection: 'attendees', field: null, label: 'Attendee index entries' },
  { collection: 'evaluations', field: 'email', label: 'Evaluations' },
  { collection: 'certificates', field: 'email', label: 'Certificates (kept verifiable, without the address)' },
  // Someone who only wrote or pledged is held too (an erasure deletes the message, empties the pledge's address).
  { collection: 'messages', field: 'email', label: 'Contact messages' },
  { collection: 'archive/messages/items', field: 'email', label: 'Archived contact messages' },
  { collection: 'donations', field: 'email', label: 'Pledges (the amounts stay)' },
  { collection: 'archive/donations/items', field: 'email', label: 'Archived pledges (the amounts stay)' },
  { collection: 'abstracts', field: 'email', label: 'Abstracts (accepted ones stay published, without the address)' },
] as const;

/** The filter that finds a place's records still holding an address (the overview counts with it). */
export const stillHeld = (field: string | null): Filter[] => (field ? [[field, '>', '']] : []);

/** Addresses still held (mailboxes), at most `limit` from each place, in a stable order. */
export async function heldAddresses(db: Pick<Db, 'fetchDocuments'>, limit: number): Promise<string[]> {
  const found = await Promise.all(
    HELD_ADDRESSES.map(({ collection, field }) =>
      db.fetchDocuments<Doc>(collection, { where: stillHeld(field), orderBy: null, limit }).then((docs) => docs.map((d) => (field ? String(d[field]) : d.id))),
    ),
  );
  return [...new Set(found.flat().map(mailboxOf))].sort();
}

type Erasing = Pick<DataRequest, 'id' | 'address' | 'email' | 'keepCertificate' | 'channel'>;

/** The request the retention erases an address under: the schedule's own, or its owner's still open. */
async function requestFor(db: Client, address: string): Promise<Erasing> {
  const id = await erasureRequestId(address);
  const stored = await db.fetchDocument<Doc>('dataRequests', id);
  const previous = stored ? toDataRequest(stored) : null;
  if (previous?.status === 'received') await db.commit(approveErasureWrites(previous, SCHEDULE_ACTOR));
  if (previous?.status === 'received' || previous?.status === 'approved') return previous;
  await db.commit(retentionRequestWrites(id, address, previous));
  return { id, address, email: address, keepCertificate: true, channel: 'retention' };
}

/**
 * The collections read whole as the commits left them (an erasure rewrites log lines another
 * address's lines share, and deletes or anonymises messages and pledges): the next plans on them.
 */
function applyToScanned(scanned: Scanned, writes: BatchWrite[]) {
  for (const w of writes) {
    const path = 'delete' in w ? w.delete : 'update' in w ? w.update : w.set;
    const at = path.lastIndexOf('/');
    const collection = path.slice(0, at) as keyof Scanned;
    if (!(collection in scanned)) continue;
    const id = path.slice(at + 1);
    scanned[collection] =
      'delete' in w ? scanned[collection].filter((d) => d.id !== id) : scanned[collection].map((d) => (d.id === id ? { ...d, ...w.data } : d));
  }
}

export interface RetentionOutcome {
  /** Addresses whose data was erased in full. */
  anonymised: number;
  failed: number;
}

/**
 * Erases each address in turn (mailboxes, as heldAddresses finds them) until `inTime()` says stop;
 * the addresses left are the next run's. The rules refuse every write unless the keeping time has
 * passed by their clock.
 */
export async function retainAddresses(db: Client, addresses: string[], inTime: () => boolean = () => true): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { anonymised: 0, failed: 0 };
  if (addresses.length === 0) return outcome;
  // Read once for all of them (see readFootprint).
  const scanned = await readScanned(db);
  for (const address of addresses) {
    if (!inTime()) break;
    try {
      const request = await requestFor(db, address);
      for (const step of planErasure(await readFootprint(db, request, scanned))) {
        await db.commit(step.writes);
        applyToScanned(scanned, step.writes);
      }
      if (request.channel === 'retention') await db.commit(closeRetentionWrites(request));
      outcome.anonymised++;
    } catch (error) {
      // The next run plans again from what is left (an anonymised document plans nothing).
      outcome.failed++;
      console.warn(`Retention could not erase one address: ${(error as Error).message}`);
    }
  }
  return outcome;
}

/** One run's share of the retention, once the keeping time has passed at `now` (nothing before). */
export async function runRetention(
  db: Client,
  settings: Parameters<typeof retentionStage>[0],
  { now = new Date(), inTime = () => true, perPlace = 10 }: { now?: Date; inTime?: () => boolean; perPlace?: number } = {},
): Promise<RetentionOutcome> {
  if (retentionStage(settings, now).stage !== 'due') return { anonymised: 0, failed: 0 };
  return retainAddresses(db, await heldAddresses(db, perPlace), inTime);
}
