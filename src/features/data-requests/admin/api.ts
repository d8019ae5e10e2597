// What the Data requests screen reads and does (firestore.rules: dataRequests, administrators).
import { db } from '../../../lib/data.ts';
import { newId, type BatchWrite } from '../../../lib/db.ts';
import { enterRequestWrites, toDataRequest, type DataRequest } from '../../../data/data-requests.ts';
import { responseDays } from '../../../content/response-days.ts';

/** The most recent requests, newest first: a summit's requests are few (a page of 200 holds a year's). */
export const QUEUE_SIZE = 200;

export async function fetchDataRequests(): Promise<DataRequest[]> {
  const rows = await db.fetchDocuments<Record<string, unknown>>('dataRequests', { orderBy: ['createdAt', 'desc'], limit: QUEUE_SIZE });
  return rows.map(toDataRequest);
}

/**
 * A request received by letter or email, entered by an administrator (its "received" email in the
 * same commit), with the response time settings/site holds now (the rules compare it with theirs).
 */
export async function enteredRequestWrites(input: Parameters<typeof enterRequestWrites>[0], staffEmail: string): Promise<BatchWrite[]> {
  return enterRequestWrites(input, responseDays(await db.fetchDocument('settings', 'site')), staffEmail, newId());
}
