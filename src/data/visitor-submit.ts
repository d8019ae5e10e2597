// Every visitor submission (registration, application, message, pledge, payment reference): made
// under the visitor's identity with its throttle write, in one transaction that reads the
// throttle first, under an id chosen before the first attempt, so a retry after a lost reply finds
// the first attempt instead of being refused or counted twice.
import { db } from '../lib/data.ts';
import { startAppCheck } from '../lib/app-check.ts';
import type { BatchWrite, Db, ReadInTransaction } from '../lib/db.ts';
import { throttleWrite, ThrottledError, type ThrottleEntry, type ThrottledCollection } from './visitor-throttle.ts';

/** The submission's writes, or a decision made on documents read in its transaction (a seat). */
export type Writes = BatchWrite[] | ((read: ReadInTransaction) => Promise<BatchWrite[]>);

/**
 * `landed` tells whether a first attempt whose reply was lost did land (by default: the document
 * exists; a payment, which visitors cannot read, is known by the record that names it).
 */
export async function submitAsVisitor(
  collection: ThrottledCollection,
  id: string,
  writes: Writes,
  landed = () => db.fetchDocument(collection, id).then(Boolean),
): Promise<string> {
  // The Auth SDK (and the visitor's identity) and the Firestore SDK load side by side.
  const [{ visitorUid }] = await Promise.all([import('../lib/visitor-auth.ts'), startAppCheck(), db.load()]);
  return submitAs(db, await visitorUid(), collection, id, writes, landed);
}

/** The submission itself, for a given client and visitor (the bench runs many visitors at once). */
export async function submitAs(
  db: Pick<Db, 'transact'>,
  uid: string,
  collection: ThrottledCollection,
  id: string,
  writes: Writes,
  landed: () => Promise<boolean>,
): Promise<string> {
  try {
    await db.transact([`throttles/${uid}`], async ([throttle], read) => ({
      writes: [
        ...(typeof writes === 'function' ? await writes(read) : writes),
        throttleWrite(uid, collection, id, throttle?.[collection] as ThrottleEntry | undefined),
      ],
    }));
  } catch (error) {
    if (!(error instanceof ThrottledError) && (await landed().catch(() => false))) return id;
    throw error;
  }
  return id;
}
