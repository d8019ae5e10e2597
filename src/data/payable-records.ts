// The records people pay for (registrations and partnership or booth applications), found by the
// reference they quote. One lookup for checkout and the invoice generator: tolerant of case,
// spaces, hyphens and look-alike characters (lib/reference.ts), registrations before applications.
import { db } from '../lib/data.ts';
import type { WithId } from '../lib/db.ts';
import { referenceCandidates } from '../lib/reference.ts';
import { PAYABLE_COLLECTIONS, type PayableCollection } from './collections.ts';

export interface PayableRecord {
  collection: PayableCollection;
  record: WithId<Record<string, unknown>>;
}

/** The record a typed reference names, or null (also for text that cannot be a document id). */
export async function findPayableRecord(typed: string): Promise<PayableRecord | null> {
  for (const id of referenceCandidates(typed)) {
    if (id.includes('/')) continue;
    for (const collection of PAYABLE_COLLECTIONS) {
      const record = await db.fetchDocument<Record<string, unknown>>(collection, id);
      if (record) return { collection, record };
    }
  }
  return null;
}
