// The database clock moved forward through the emulator's endpoint
// (POST /emulator/v1/projects/{p}/clock:advance), seen through the real lite SDK: server
// timestamps, request.time in rules for writes and reads, and ID tokens, which keep being checked
// against the wall clock. Ours alone (the official emulator has no such endpoint), so skipped
// against FIRESTORE_EMULATOR_HOST. The advances add up over the file; each test reads the clock.
import { doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore/lite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileRules } from '../src/rules/index.ts';
import { PROJECT_ID, startHarness, type Harness } from './harness.ts';

const HOUR_MS = 3_600_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

interface ClockReport {
  now: string;
  offsetSeconds: number;
}

async function advance(seconds: number): Promise<ClockReport> {
  const res = await fetch(`http://${h.host}/emulator/v1/projects/${PROJECT_ID}/clock:advance`, { method: 'POST', body: JSON.stringify({ seconds }) });
  expect(res.status).toBe(200);
  return (await res.json()) as ClockReport;
}

/** Database time now, in milliseconds. */
async function databaseNow(): Promise<number> {
  const report = (await (await fetch(`http://${h.host}/emulator/v1/projects/${PROJECT_ID}/clock`)).json()) as ClockReport;
  return Date.parse(report.now);
}

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /stamps/{id} {
      allow read, write: if true;
    }
    // An unpaid registration holds a seat until heldUntil; once that has passed, anyone signed
    // in may mark the hold lapsed (releasing the seat), and nothing else.
    match /registrations/{id} {
      allow read: if request.auth != null;
      allow create: if request.auth != null && request.resource.data.heldUntil > request.time;
      allow update: if request.auth != null
                    && resource.data.paid == false
                    && resource.data.heldUntil < request.time
                    && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['status']);
    }
    // A notice can be read once it is published.
    match /notices/{id} {
      allow create: if true;
      allow get: if resource.data.publishAt <= request.time;
    }
  }
}`;

describe.skipIf(!!process.env.FIRESTORE_EMULATOR_HOST)('the database clock, moved forward (our emulator)', () => {
  beforeEach(() => h.setAuthorizer(compileRules(RULES)));
  afterEach(() => h.setAuthorizer(null));

  it('a server timestamp written after advancing 73 h is at least 73 h after one written before', async () => {
    await setDoc(doc(h.db, 'stamps/before'), { at: serverTimestamp() });
    const before = (await getDoc(doc(h.db, 'stamps/before'))).get('at') as Timestamp;
    const moved = await advance(73 * 3600);
    expect(moved.offsetSeconds).toBeGreaterThanOrEqual(73 * 3600);
    await setDoc(doc(h.db, 'stamps/after'), { at: serverTimestamp() });
    const after = (await getDoc(doc(h.db, 'stamps/after'))).get('at') as Timestamp;
    expect(after.toMillis() - before.toMillis()).toBeGreaterThanOrEqual(73 * HOUR_MS);
    expect(after.toMillis()).toBeGreaterThanOrEqual(Date.parse(moved.now));
    expect(after.toMillis() - Date.now()).toBeGreaterThanOrEqual(73 * HOUR_MS - 60_000);
  });

  it('an unpaid hold lapses for the rules once the clock passes heldUntil, with a wall-clock ID token', async () => {
    // Signed in with an ID token issued now by the wall clock, valid for an hour.
    const clerk = h.client('clerk', { user: { uid: 'clerk' } });
    const ref = doc(clerk, 'registrations/r1');
    const heldUntil = Timestamp.fromMillis((await databaseNow()) + 72 * HOUR_MS);
    await setDoc(ref, { name: 'Wanjiru', paid: false, status: 'held', heldUntil });
    await expect(updateDoc(ref, { status: 'lapsed' })).rejects.toMatchObject({ code: 'permission-denied' });

    await advance(73 * 3600);
    // The token still works (its expiry is checked against the wall clock), and the hold has lapsed.
    await updateDoc(ref, { status: 'lapsed' });
    expect((await getDoc(ref)).data()).toMatchObject({ status: 'lapsed', paid: false });
    await expect(updateDoc(ref, { paid: true })).rejects.toMatchObject({ code: 'permission-denied' });
    // request.time never goes back: a hold set to end in the database's past cannot be created.
    const stale = Timestamp.fromMillis(Date.now() + 72 * HOUR_MS);
    await expect(setDoc(doc(clerk, 'registrations/r2'), { paid: false, status: 'held', heldUntil: stale })).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it('reads see the moved clock too', async () => {
    const ref = doc(h.db, 'notices/n1');
    await setDoc(ref, { publishAt: Timestamp.fromMillis((await databaseNow()) + 24 * HOUR_MS) });
    await expect(getDoc(ref)).rejects.toMatchObject({ code: 'permission-denied' });
    await advance(25 * 3600);
    expect((await getDoc(ref)).exists()).toBe(true);
  });
});
