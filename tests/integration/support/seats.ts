// Attendees (verified-email accounts, as email-link sign-in makes them) and seat slots for the
// registration tests. Slots are set up with the owner bypass: each test takes slots of its own
// (fresh numbers, written free), so a case never depends on what another left behind.
import type { Firestore } from 'firebase/firestore/lite';
import { writeDocuments, ownerHeaders, docsRoot } from '../../../emulator/seed/rest.ts';
import { decodeFields } from '../../../src/lib/firestore-rest.ts';
import { EPOCH, FREE_SEAT, newSeatClaim, seatPath, type SeatState } from '../../../src/data/seats.ts';
import { attendeePath } from '../../../src/data/attendees.ts';
import { checkoutOf } from '../../../src/data/registration-record.ts';
import { connect, stack } from './clients.ts';
import { codeClaims, uniqueId } from './owner.ts';

/** A signed-in attendee: their client, their uid (the throttle's key) and their proven address (lower case). */
export interface Attendee {
  db: Firestore;
  uid: string;
  email: string;
}

/**
 * An attendee whose address is verified, as after email-link sign-in (the token says
 * email_verified: true and carries the address in lower case). A fresh address unless one is given.
 */
export async function attendee(email = `${uniqueId('att')}@example.org`, emailVerified = true): Promise<Attendee> {
  const { db, user } = await connect({ email, password: 'attendee-password-1', emailVerified });
  return { db, uid: user!.uid, email: email.toLowerCase() };
}

/** Writes documents exactly as given (no id or timestamp added), past the rules. */
export const ownerWrite = (...docs: Array<[string, Record<string, unknown>]>) => writeDocuments(stack(), docs);

// Slots 601 … 1200 are free in the seed (the demo registrations hold the first few): each test file
// walks its own stretch of them from a random start, so consecutive files rarely reuse one.
const FIRST = 601;
const LAST = 1200;
let next = FIRST + Math.floor(Math.random() * (LAST - FIRST));

/** A slot number inside the seeded capacity that no other case of this file holds, written free. */
export async function freeSlot(): Promise<string> {
  const n = String(next);
  next = next >= LAST ? FIRST : next + 1;
  await ownerWrite([seatPath(n), { ...FREE_SEAT }]);
  return n;
}

/** Sets a slot's state past the rules (a hold, a payment, an offer), by default held since now. */
export async function setSlot(n: string, state: SeatState, claim = newSeatClaim(), heldSince = new Date()) {
  const data = state === 'free' ? { ...FREE_SEAT } : { state, claim, heldSince };
  await ownerWrite([seatPath(n), data]);
  return data;
}

/** Long enough ago that any hold or offer has lapsed (the settings count hours, at most a few weeks). */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');
export { EPOCH };

/** A slot by owner read: state, claim and heldSince as a Date. */
export async function slotOf(n: string) {
  const { firestore } = stack();
  const res = await fetch(`http://${firestore}/v1/${docsRoot(stack())}/${seatPath(n)}`, { headers: ownerHeaders });
  if (res.status === 404) return null;
  const doc = decodeFields(((await res.json()) as { fields: Parameters<typeof decodeFields>[0] }).fields) as { state: string; claim: string; heldSince: Date };
  return doc;
}

/**
 * A registration as the register page stored it, with its slot held (or taken), its address's entry
 * and its checkout projection, all set up past the rules. `record` is the stored document's fields.
 */
export async function seatedFixture(id: string, record: Record<string, unknown>, options: { state?: SeatState; heldSince?: Date; slot?: string } = {}) {
  const seat = options.slot ?? (await freeSlot());
  const claim = newSeatClaim();
  const heldSince = options.heldSince ?? new Date();
  const stored: Record<string, unknown> & { id: string } = { id, timestamp: new Date(), ...record, seat, seatClaim: claim, heldSince };
  await ownerWrite(
    [`registrations/${id}`, stored],
    [seatPath(seat), { state: options.state ?? (record.paymentStatus === 'unpaid' ? 'held' : 'taken'), claim, heldSince }],
    [attendeePath(String(record.email)), { registrationId: id, heldSince }],
    [`checkouts/${id}`, checkoutOf(stored)],
    ...codeClaims(`registrations/${id}`, stored),
  );
  return { id, seat, claim, stored };
}

type RestFields = Parameters<typeof decodeFields>[0];

/** Every slot as stored (owner read, its fields as the REST API gives them: times keep their microseconds). */
export async function allSlots(): Promise<Array<[string, RestFields]>> {
  const { firestore } = stack();
  const out: Array<[string, RestFields]> = [];
  let pageToken = '';
  do {
    const res = await fetch(`http://${firestore}/v1/${docsRoot(stack())}/seats?pageSize=1000${pageToken ? `&pageToken=${pageToken}` : ''}`, {
      headers: ownerHeaders,
    });
    if (!res.ok) throw new Error(`Listing seats failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { documents?: Array<{ name: string; fields?: RestFields }>; nextPageToken?: string };
    for (const d of body.documents ?? []) out.push([`seats/${d.name.split('/').pop()}`, d.fields ?? {}]);
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  return out;
}

/** Writes documents back exactly as read (REST fields), past the rules, 500 per commit. */
async function restore(docs: Array<[string, RestFields]>) {
  const { firestore } = stack();
  for (let i = 0; i < docs.length; i += 500) {
    const writes = docs.slice(i, i + 500).map(([path, fields]) => ({ update: { name: `${docsRoot(stack())}/${path}`, fields } }));
    const res = await fetch(`http://${firestore}/v1/${docsRoot(stack())}:commit`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ writes }) });
    if (!res.ok) throw new Error(`Restoring seats failed: ${res.status} ${await res.text()}`);
  }
}

/**
 * Runs `run` with only `slots` free: every other slot is parked as taken (so the app's own search
 * for free slots finds these and nothing else), and put back exactly as it was afterwards.
 */
export async function withOnlyFree<T>(slots: string[], run: () => Promise<T>): Promise<T> {
  const mine = new Set(slots.map((n) => seatPath(n)));
  const others = (await allSlots()).filter(([path]) => !mine.has(path));
  const parked = others.map(([path]): [string, Record<string, unknown>] => [path, { state: 'taken', claim: 'PARKEDBYTHETESTS1', heldSince: new Date() }]);
  await ownerWrite(...parked, ...slots.map((n): [string, Record<string, unknown>] => [seatPath(n), { ...FREE_SEAT }]));
  try {
    return await run();
  } finally {
    await restore(others);
  }
}
