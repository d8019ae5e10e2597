// Records made straight in Firestore (owner access), for tests that need a record in a known state
// without going through the public form or the back office each time. A registration is written
// with everything the site writes with it (seat slot, attendee entry, checkout projection), so the
// rules and the pages see it as one the site made.
import type { APIRequestContext } from '@playwright/test';
import { docsRoot, ownerHeaders, patchDocument, writeDocuments } from '../emulator/seed/rest.ts';
import { decodeFields, encodeFields, type RestValue } from '../src/lib/firestore-rest.ts';
import { DEMO_PROJECT_ID, DEMO_STORAGE_HOST } from '../emulator/seed/demo-data.ts';
import { SAMPLE_REGISTRATION } from '../emulator/seed/sample-forms.ts';
import { firestoreDocumentsUrl } from '../src/lib/firestore-rest.ts';
import { attendeePath } from '../src/data/attendees.ts';
import { checkoutOf } from '../src/data/registration-record.ts';
import { FREE_SEAT, newSeatClaim, seatPath, WAITING_COUNT } from '../src/data/seats.ts';

export const stack = { projectId: DEMO_PROJECT_ID, firestore: '127.0.0.1:8080', storage: DEMO_STORAGE_HOST, auth: '127.0.0.1:9099' };

/** The demo's capacity (emulator/seed/demo-data.ts): seats/1 … seats/1200 exist. */
export const SUMMIT_CAPACITY = 1200;

let serial = 0;

const docName = (path: string) => `${docsRoot(stack)}/${path}`;

/** One document read with owner access, as plain values (timestamps as Dates), or null when missing. */
export async function readDocument(path: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`http://${stack.firestore}/v1/${docName(path)}`, { headers: ownerHeaders });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Reading ${path} failed: ${res.status} ${await res.text()}`);
  const doc = (await res.json()) as { fields?: RestFields };
  return decodeFields(doc.fields ?? {});
}

type RestFields = Record<string, RestValue>;

/** Every document of a top-level collection (owner access), as [id, its fields as the REST API gives them: exact]. */
async function readCollectionFields(collectionId: string): Promise<Array<[string, RestFields]>> {
  const out: Array<[string, RestFields]> = [];
  let pageToken = '';
  do {
    const url = `http://${stack.firestore}/v1/${docsRoot(stack)}/${collectionId}?pageSize=1000${pageToken ? `&pageToken=${pageToken}` : ''}`;
    const res = await fetch(url, { headers: ownerHeaders });
    if (!res.ok) throw new Error(`Listing ${collectionId} failed: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { documents?: Array<{ name: string; fields?: RestFields }>; nextPageToken?: string };
    for (const d of page.documents ?? []) out.push([d.name.split('/').at(-1)!, d.fields ?? {}]);
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return out;
}

/** Every document of a top-level collection (owner access), as [id, plain values]. */
export async function readCollection(collectionId: string): Promise<Array<[string, Record<string, unknown>]>> {
  return (await readCollectionFields(collectionId)).map(([id, fields]) => [id, decodeFields(fields)]);
}

/**
 * Sets some fields of one document (owner access, the rest kept as stored); resolves to a function
 * that writes the document back exactly as it was read (every field, timestamps to the microsecond).
 */
export async function replaceFields(path: string, data: Record<string, unknown>): Promise<() => Promise<void>> {
  const res = await fetch(`http://${stack.firestore}/v1/${docName(path)}`, { headers: ownerHeaders });
  if (!res.ok) throw new Error(`Reading ${path} failed: ${res.status} ${await res.text()}`);
  const was = ((await res.json()) as { fields?: RestFields }).fields ?? {};
  await writeFields([[path, { ...was, ...encodeFields(data) }]]);
  return () => writeFields([[path, was]]);
}

/** Writes whole documents given as REST fields (exact, as read), in commits of 500 (owner access). */
async function writeFields(docs: Array<[string, RestFields]>) {
  for (let i = 0; i < docs.length; i += 500) {
    const writes = docs.slice(i, i + 500).map(([path, fields]) => ({ update: { name: docName(path), fields } }));
    const res = await fetch(`http://${stack.firestore}/v1/${docsRoot(stack)}:commit`, {
      method: 'POST',
      headers: ownerHeaders,
      body: JSON.stringify({ writes }),
    });
    if (!res.ok) throw new Error(`Writing ${writes.length} documents failed: ${res.status} ${await res.text()}`);
  }
}

/**
 * One commit (owner access) of whole documents, path → data; the fields named in `now` are set
 * to the commit's time by the database (a server timestamp), so holds start by the database's
 * clock even after a spec moved it forward (support.ts: advanceServerClock).
 */
export async function commitDocuments(docs: Array<{ path: string; data: Record<string, unknown>; now?: string[] } | { delete: string }>) {
  const writes = docs.map((d) =>
    'delete' in d
      ? { delete: docName(d.delete) }
      : {
          update: { name: docName(d.path), fields: encodeFields(d.data) },
          ...(d.now?.length ? { updateTransforms: d.now.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })) } : {}),
        },
  );
  const res = await fetch(`http://${stack.firestore}/v1/${docsRoot(stack)}:commit`, {
    method: 'POST',
    headers: ownerHeaders,
    body: JSON.stringify({ writes }),
  });
  if (!res.ok) throw new Error(`Committing ${docs.length} writes failed: ${res.status} ${await res.text()}`);
}

// Seat slots for records made here: counted down from the top (the demo seed holds the lowest
// ones), skipping any a registration made through the site holds (its slot was picked at random).
let nextSlot = SUMMIT_CAPACITY;

/** A free seat slot near the top, for a record made here. */
export async function freeSlot(): Promise<string> {
  for (; nextSlot > 0; nextSlot--) {
    const n = String(nextSlot);
    const seat = await readDocument(seatPath(n));
    if (seat?.state === 'free') {
      nextSlot--;
      return n;
    }
  }
  throw new Error('No free seat slot left for an e2e record');
}

/** Whether a record holds a seat: anything not cancelled (as the seed and the site do). */
const holdsSeat = (r: Record<string, unknown>) => r.status !== 'cancelled';

/**
 * Writes a registration as the site would have, in one commit: the record, its checkout projection
 * (checkouts/{id}), and, unless it is cancelled, the seat slot it holds (taken when paid or free of
 * charge, held while unpaid, from the database's now) and its address's entry (attendees/{email}).
 */
export async function writeRegistration<T extends Record<string, unknown> & { id: string; email: string }>(
  data: T,
  extra: Array<[string, Record<string, unknown>]> = [],
): Promise<T & { seat?: string; seatClaim?: string }> {
  const record: T & { seat?: string; seatClaim?: string } = { ...data, email: data.email.toLowerCase() };
  const docs: Parameters<typeof commitDocuments>[0] = [];
  if (holdsSeat(record)) {
    const seat = String(record.seat ?? (await freeSlot()));
    const claim = String(record.seatClaim ?? newSeatClaim());
    Object.assign(record, { seat, seatClaim: claim });
    const state = record.paymentStatus === 'unpaid' ? 'held' : 'taken';
    docs.push({ path: seatPath(seat), data: { state, claim }, now: ['heldSince'] });
    docs.push({ path: attendeePath(String(record.email)), data: { registrationId: record.id }, now: ['heldSince'] });
    docs.push({ path: `registrations/${record.id}`, data: record, now: ['heldSince'] });
    docs.push({ path: `checkouts/${record.id}`, data: checkoutOf(record) });
  } else {
    docs.push({ path: `registrations/${record.id}`, data: record });
    docs.push({ path: `checkouts/${record.id}`, data: checkoutOf(record) });
  }
  for (const [path, d] of extra) docs.push({ path, data: d });
  await commitDocuments(docs);
  return record;
}

/** A registration with a unique id and name; `status` confirmed means paid (or free) and admissible. */
export async function makeRegistration(over: Record<string, unknown> = {}) {
  serial += 1;
  const id = String(over.id ?? `e2e-${Date.now().toString(36)}-${serial}`);
  const data = {
    id,
    timestamp: new Date(),
    ...SAMPLE_REGISTRATION,
    fullName: `Test Attendee ${id}`,
    email: `${id}@example.org`,
    organisation: 'Test Hospital',
    fee: 15000,
    currency: 'KES',
    status: 'confirmed',
    paymentStatus: 'paid',
    ...over,
  };
  return writeRegistration(data);
}

/** Deletes what writeRegistration wrote (and frees its slot if it still holds it). */
export async function removeRegistration(id: string) {
  const r = await readDocument(`registrations/${id}`);
  const docs: Parameters<typeof commitDocuments>[0] = [{ delete: `registrations/${id}` }, { delete: `checkouts/${id}` }];
  if (r && typeof r.seat === 'string' && r.seat) {
    const seat = await readDocument(seatPath(r.seat));
    if (seat && seat.claim === r.seatClaim) docs.push({ path: seatPath(r.seat), data: { ...FREE_SEAT } });
  }
  // An erased registration names no address (its attendee entry went with the erasure).
  if (r && typeof r.email === 'string' && r.email) {
    const entry = await readDocument(attendeePath(r.email));
    if (entry?.registrationId === id) docs.push({ delete: attendeePath(r.email) });
  }
  await commitDocuments(docs);
}

/** The public content version now (scripts/build/page-loader.ts compares a page's with it). */
export async function contentVersion(): Promise<number> {
  const res = await fetch(`${firestoreDocumentsUrl(stack.projectId, stack.firestore)}/counters/content`);
  if (res.status === 404) return 0;
  const doc = (await res.json()) as { fields?: { version?: { integerValue?: string } } };
  return Number(doc.fields?.version?.integerValue ?? 0);
}

export const setContentVersion = (version: number) => writeDocuments(stack, [['counters/content', { version }]]);

/** The content version a prerendered page was built from (its loader's config). */
export async function builtVersion(request: APIRequestContext, path: string): Promise<number> {
  const html = await (await request.get(path)).text();
  return JSON.parse(/<script type="application\/json" id="page-loader-config">(.*?)<\/script>/.exec(html)![1]).version;
}

/** Writes documents a public page shows and moves the content version, as the back office does. */
export async function writePublicDocuments(docs: Array<[string, Record<string, unknown>]>) {
  await writeDocuments(stack, docs);
  await setContentVersion((await contentVersion()) + 1);
}

/** A pending delegate registration, with (unless `paymentStatus` says otherwise) a payment reference awaiting verification. */
export async function registrationAwaitingPayment(paymentStatus: 'submitted' | 'unpaid' = 'submitted') {
  const key = `${Date.now().toString(36)}${++serial}`;
  const id = `e2e-finance-${key}`;
  const paymentId = `e2e-payment-${key}`;
  const payer = `Payer ${key}`;
  const registration = {
    ...SAMPLE_REGISTRATION,
    id,
    timestamp: new Date(),
    fullName: `Attendee ${key}`,
    email: `${id}@example.org`,
    organisation: 'Test Hospital',
    fee: 15000,
    currency: 'KES',
    status: 'pending',
    paymentStatus,
    ...(paymentStatus === 'submitted' ? { lastPaymentId: paymentId } : {}),
  };
  const payment = {
    id: paymentId,
    timestamp: new Date(),
    payerName: payer,
    method: 'mobile-money',
    reference: `QWE${key}`.slice(0, 20).toUpperCase(),
    amount: 15000,
    targetCollection: 'registrations',
    targetId: id,
    currency: 'KES',
    status: 'submitted',
  };
  await writeRegistration(registration, paymentStatus === 'submitted' ? [[`payments/${paymentId}`, payment]] : []);
  return { id, paymentId, payer, email: registration.email };
}

const FILL_CLAIM = 'E2EFULLSUMMIT';

/**
 * Makes the summit full cheaply: every seat slot but `keep` that anyone could claim (free, or held
 * or offered) is marked taken, with an owner write, so the site counts no free seat. Resolves to
 * the undo, which puts back each slot it changed that nothing has moved since (a slot the test
 * itself moved keeps what the test did). Slots held by records keep their claim, so their holders
 * are unchanged once undone.
 */
export async function fillSummit({ keep = [] }: { keep?: string[] } = {}): Promise<() => Promise<void>> {
  const before = await readCollectionFields('seats');
  const text = (v: RestValue | undefined) => (v && 'stringValue' in v ? v.stringValue : '');
  const changed = before.filter(([n, f]) => !keep.includes(n) && text(f.state) !== 'taken');
  // Taken, with the same time (exact) and the holder's claim, or one of its own when the slot was free.
  const filled = (n: string, f: RestFields): RestFields => ({
    ...f,
    state: { stringValue: 'taken' },
    claim: { stringValue: text(f.claim) || `${FILL_CLAIM}${n.padStart(6, '0')}` },
  });
  await writeFields(changed.map(([n, f]) => [seatPath(n), filled(n, f)]));
  return async () => {
    const now = new Map(await readCollectionFields('seats'));
    const same = (a: RestFields | undefined, b: RestFields) =>
      !!a && ['state', 'claim', 'heldSince'].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
    const untouched = changed.filter(([n, f]) => same(now.get(n), filled(n, f)));
    await writeFields(untouched.map(([n, f]) => [seatPath(n), f]));
  };
}

/**
 * Puts the demo's capacity back (a test that lowered it in Settings and failed before raising it):
 * the settings say 1200 again and every missing slot up to it is created free.
 */
export async function restoreCapacity() {
  const have = new Set((await readCollection('seats')).map(([n]) => n));
  const missing = Array.from({ length: SUMMIT_CAPACITY }, (_, i) => String(i + 1)).filter((n) => !have.has(n));
  await patchDocument(stack, 'settings/site', { capacity: SUMMIT_CAPACITY });
  for (let i = 0; i < missing.length; i += 400) await commitDocuments(missing.slice(i, i + 400).map((n) => ({ path: seatPath(n), data: { ...FREE_SEAT } })));
}

/** Removes waiting-list entries (owner access), so a test's person is first in line, and the count of people waiting with them. */
export async function clearWaitlist() {
  const entries = await readCollection('waitlist');
  await commitDocuments([
    ...entries.map(([id]) => ({ delete: `waitlist/${id}` })),
    { path: `${WAITING_COUNT.collection}/${WAITING_COUNT.id}`, data: { waiting: 0, lastAddress: '' } },
  ]);
  return entries.map(([id]) => id);
}
