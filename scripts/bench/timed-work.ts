// The timed work (src/data/timed-work/run.ts, run as the system identity by emulator/timed-work.ts
// through functions/src/system-runner.ts, the rules enforced), on stacks of its own:
//   1. from an unpaid hold lapsing to the waitlist-offer email in MailDev, on a stack as `npm start`
//      runs it (seeded, the mail worker, the schedule every TIMED_WORK_INTERVAL_MS): every seat in
//      use but one unpaid hold, one person waiting, the database's clock moved past the hold's end
//      (clock:advance), and the wall time until the email arrives; BENCH_TIMED_WORK_LAPSES times (10),
//      a new hold and a new person each time, each move at a random point of the schedule's cycle;
//   2. one run's duration at the demo's 1,200 seats with 200 people waiting, on a stack whose
//      schedule and mail worker are off (the runs are driven here, one after the other, until one
//      does nothing), in three scenarios: 1,000 seats in use and 200 never held; 1,000 in use, 100
//      never held and 100 unpaid holds lapsed; every seat taken (places only). Each starts with 200
//      new people waiting, the last scenario's registered.
// Fixtures are written past the rules (the owner bypass, as the seed and the tests write them).
import { startStack, type Stack } from '../../emulator/stack.ts';
import { systemRunnerFor, TIMED_WORK_INTERVAL_MS } from '../../emulator/timed-work.ts';
import { docsRoot, findDocuments, ownerHeaders, type StackAddress } from '../../emulator/seed/rest.ts';
import { decodeFields, encodeFields } from '../../src/lib/firestore-rest.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';
import type { HotDocument } from '../../emulator/src/hotspots.ts';
import { attendeePath } from '../../src/data/attendees.ts';
import { checkoutOf } from '../../src/data/registration-record.ts';
import { FREE_SEAT, newSeatClaim, seatPath, WAITING_COUNT } from '../../src/data/seats.ts';
import { NOTHING_DONE, type TimedWorkOutcome } from '../../src/data/timed-work/status.ts';
import { waitlistPath } from '../../src/data/waitlist.ts';

type Row = Record<string, string | number>;
export type PrintTable = (title: string, rows: Row[]) => void;

const HOUR_MS = 3_600_000;
type RestFields = Parameters<typeof decodeFields>[0];

// ---------- fixtures, past the rules ----------

/** A document to write whole; the fields named in `now` are set to the commit's time by the database (its clock, moved or not). */
type Fixture = { path: string; data: Record<string, unknown>; now?: string[] };

async function commitFixtures(a: StackAddress, docs: Fixture[]) {
  for (let i = 0; i < docs.length; i += 500) {
    const writes = docs.slice(i, i + 500).map((d) => ({
      update: { name: `${docsRoot(a)}/${d.path}`, fields: encodeFields(d.data) },
      ...(d.now?.length ? { updateTransforms: d.now.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })) } : {}),
    }));
    const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}:commit`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ writes }) });
    if (!res.ok) throw new Error(`Writing ${writes.length} fixtures failed: ${res.status} ${await res.text()}`);
  }
}

async function ownerGet(a: StackAddress, path: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}/${path}`, { headers: ownerHeaders });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Reading ${path}: ${res.status}`);
  return decodeFields(((await res.json()) as { fields?: RestFields }).fields ?? {});
}

/** Documents of a collection whose `field` equals `value` (owner access), as plain values. */
const ownerFind = async (a: StackAddress, collection: string, field: string, value: unknown) =>
  (await findDocuments(a, collection, field, value)).map((d) => decodeFields((d.fields ?? {}) as RestFields));

/** Moves the database's clock forward; resolves to database time just after the move. */
async function advanceClock(a: StackAddress, seconds: number): Promise<Date> {
  const res = await fetch(`http://${a.firestore}/emulator/v1/projects/${a.projectId}/clock:advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!res.ok) throw new Error(`clock:advance failed: ${res.status} ${await res.text()}`);
  return new Date(((await res.json()) as { now: string }).now);
}

/** The emulator's write meter (emulator/src/hotspots.ts); DELETE starts it afresh. */
async function hotspots(a: StackAddress, method: 'GET' | 'DELETE'): Promise<HotDocument[]> {
  const res = await fetch(`http://${a.firestore}/emulator/v1/projects/${a.projectId}:hotspots?top=5`, { method });
  return ((await res.json()) as { documents: HotDocument[] }).documents;
}

/** A waiting-list entry as joining writes it (no `place` yet: the timed work numbers it). */
function waitingEntry(email: string, fullName: string, position?: Date): Fixture {
  const form = { ...SAMPLE_REGISTRATION, fullName, email };
  const entry = { email, fullName, category: 'delegate', form, status: 'waiting', offer: null };
  return position
    ? { path: waitlistPath(email), data: { ...entry, position, timestamp: position } }
    : { path: waitlistPath(email), data: entry, now: ['position', 'timestamp'] };
}

/** The count of people waiting, as an administrator's recount sets it. */
const waitingCount = (waiting: number): Fixture => ({ path: `${WAITING_COUNT.collection}/${WAITING_COUNT.id}`, data: { waiting, lastAddress: '' } });

/** An unpaid registration holding slot `seat` from the database's now, as the register page writes it. */
function unpaidHold(id: string, seat: string): Fixture[] {
  const email = `${id}@example.org`;
  const claim = newSeatClaim();
  const record = {
    id,
    timestamp: new Date(),
    ...SAMPLE_REGISTRATION,
    fullName: `Unpaid ${id}`,
    email,
    fee: 15000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    seat,
    seatClaim: claim,
  };
  return [
    { path: seatPath(seat), data: { state: 'held', claim }, now: ['heldSince'] },
    { path: attendeePath(email), data: { registrationId: id }, now: ['heldSince'] },
    { path: `registrations/${id}`, data: record, now: ['heldSince'] },
    { path: `checkouts/${id}`, data: checkoutOf(record) },
  ];
}

const takenSeat = (n: number | string, claim = newSeatClaim()): Fixture => ({ path: seatPath(n), data: { state: 'taken', claim, heldSince: new Date() } });

async function capacityAndHoldHours(a: StackAddress) {
  const site = (await ownerGet(a, 'settings/site'))!;
  return { capacity: Number(site.capacity), holdHours: Number(site.unpaidHoldHours) };
}

/** Every document of a top-level collection (owner access), by id, as plain values. */
async function ownerList(a: StackAddress, collection: string): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  let pageToken = '';
  do {
    const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}/${collection}?pageSize=1000${pageToken ? `&pageToken=${pageToken}` : ''}`, {
      headers: ownerHeaders,
    });
    if (!res.ok) throw new Error(`Listing ${collection}: ${res.status}`);
    const page = (await res.json()) as { documents?: Array<{ name: string; fields?: RestFields }>; nextPageToken?: string };
    for (const d of page.documents ?? []) out.set(d.name.split('/').at(-1)!, decodeFields(d.fields ?? {}));
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return out;
}

/** Every slot taken (the seed's holders keep their claims, as e2e's fillSummit does). */
async function fillEverySeat(a: StackAddress, capacity: number) {
  const seats = await ownerList(a, 'seats');
  const docs: Fixture[] = [];
  for (let n = 1; n <= capacity; n++) {
    const seat = seats.get(String(n));
    if (seat?.state !== 'taken') docs.push(takenSeat(n, typeof seat?.claim === 'string' && seat.claim ? seat.claim : undefined));
  }
  await commitFixtures(a, docs);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ---------- 1. a lapse to its offer email ----------

async function lapseToEmail(stack: Stack, lapses: number): Promise<Row[]> {
  const a = stack.address;
  const { capacity, holdHours } = await capacityAndHoldHours(a);
  await fillEverySeat(a, capacity);
  const run = Date.now().toString(36);
  const toCommit: number[] = [];
  const toEmail: number[] = [];
  for (let i = 0; i < lapses; i++) {
    // A new hold on the next slot down from the top (the fill made it taken) and a new person, first in line.
    const seat = String(capacity - i);
    const email = `bench-lapse-${run}-${i}@example.org`;
    await commitFixtures(a, [...unpaidHold(`bench-lapse-${run}-${i}`, seat), waitingEntry(email, `Waiting ${i}`), waitingCount(1)]);
    // The move falls anywhere in the schedule's cycle, not always at the same point of it.
    await sleep(Math.random() * TIMED_WORK_INTERVAL_MS);
    const t0 = performance.now();
    const movedTo = await advanceClock(a, holdHours * 3600 + 60);
    let arrived = 0;
    for (;;) {
      const inbox = (await (await fetch(`http://${a.mail}/api/email?to.address=${encodeURIComponent(email)}`)).json()) as Array<{
        to: Array<{ address: string }>;
      }>;
      if (inbox.some((m) => m.to.some((t) => t.address === email))) {
        arrived = performance.now() - t0;
        break;
      }
      if (performance.now() - t0 > 60_000) throw new Error(`No email to ${email} within 60 s of the hold lapsing.`);
      await sleep(25);
    }
    const entry = (await ownerGet(a, waitlistPath(email)))!;
    const offer = entry.offer as { seat: string; claim: string; at: Date } | null;
    const mail = await ownerFind(a, 'mail', 'to', email);
    if (entry.status !== 'offered' || offer?.seat !== seat || mail.length !== 1 || (mail[0].template as { name: string }).name !== 'waitlist-offer')
      throw new Error(`Seat ${seat} was not offered to ${email} as expected: ${JSON.stringify({ entry, mail })}`);
    toCommit.push(offer.at.getTime() - movedTo.getTime());
    toEmail.push(arrived);
    // Claimed, as far as the next round is concerned: its offer would lapse with the next move and pass on.
    await commitFixtures(a, [takenSeat(seat, offer.claim), { path: waitlistPath(email), data: { ...entry, status: 'registered' } }]);
  }
  const row = (measure: string, xs: number[]): Row => ({
    measure,
    'median ms': Math.round(median(xs)),
    'min ms': Math.round(Math.min(...xs)),
    'max ms': Math.round(Math.max(...xs)),
    'each (ms, in order)': xs.map((x) => Math.round(x)).join(' '),
  });
  return [
    row('clock moved → offer committed (the entry’s offer.at, database time)', toCommit),
    row(
      'offer committed → email in MailDev',
      toEmail.map((x, i) => x - toCommit[i]),
    ),
    row('clock moved → waitlist-offer email in MailDev', toEmail),
  ];
}

// ---------- 2. one run at 1,200 seats ----------

type Runner = ReturnType<typeof systemRunnerFor>;

/** Runs the timed work until a run does nothing (at most `max` runs), one row each. */
async function runsUntilSteady(runner: Runner, scenario: string, max = 12): Promise<Row[]> {
  const rows: Row[] = [];
  for (let n = 1; n <= max; n++) {
    const { outcome, ms } = await runner.runOnce();
    rows.push({ scenario, run: n, 'ms (runOnce)': Math.round(ms), ...outcomeColumns(outcome) });
    if (Object.values(outcome).every((v) => v === 0)) break;
  }
  return rows;
}

const outcomeColumns = (o: TimedWorkOutcome) => ({ ...NOTHING_DONE, ...o }) as unknown as Row;

/** How the slots stand before a scenario's runs: `free` never held and `lapsed` unpaid holds past their end at the top, the rest in use. */
interface Layout {
  free: number;
  lapsed: number;
}

/**
 * Slots 1 … capacity − free − lapsed in use (the last 100 of them unpaid holds well within their
 * hours, the others taken), then `free` never held, then `lapsed` holds past their end.
 */
function seatLayout(capacity: number, holdHours: number, { free, lapsed }: Layout, now: number): Fixture[] {
  const inUse = capacity - free - lapsed;
  const liveHolds = Math.min(100, inUse);
  const held = (n: number, since: number): Fixture => ({ path: seatPath(n), data: { state: 'held', claim: newSeatClaim(), heldSince: new Date(since) } });
  return Array.from({ length: capacity }, (_, i) => {
    const n = i + 1;
    if (n <= inUse - liveHolds) return takenSeat(n);
    if (n <= inUse) return held(n, now - HOUR_MS);
    if (n <= inUse + free) return { path: seatPath(n), data: { ...FREE_SEAT } };
    return held(n, now - (holdHours + 1) * HOUR_MS);
  });
}

async function oneRunAtCapacity(stack: Stack, print: PrintTable, waiting: number) {
  const a = stack.address;
  const { capacity, holdHours } = await capacityAndHoldHours(a);
  const half = Math.floor(waiting / 2);
  const scenarios: Array<{ name: string; layout: Layout }> = [
    { name: `${capacity - waiting} in use, ${waiting} never held`, layout: { free: waiting, lapsed: 0 } },
    { name: `${capacity - waiting} in use, ${half} never held, ${waiting - half} holds lapsed`, layout: { free: half, lapsed: waiting - half } },
    { name: `all ${capacity} taken (places only)`, layout: { free: 0, lapsed: 0 } },
  ];
  const runner = systemRunnerFor(a);
  const runs: Row[] = [];
  const checks: Row[] = [];
  let hottest: HotDocument[] = [];
  let previous: string[] = [];
  try {
    await runner.signedIn(); // Signing in is not the run's: the schedule stays signed in.
    for (const [s, { name, layout }] of scenarios.entries()) {
      // The slots as the layout says, the last scenario's people registered, `waiting` others in line.
      const now = Date.now();
      const entries = await ownerList(a, 'waitlist');
      const registered = previous.map((e): Fixture => ({
        path: waitlistPath(e),
        data: { ...entries.get(waitlistPath(e).split('/')[1])!, status: 'registered' },
      }));
      const people = Array.from({ length: waiting }, (_, i) => `bench-run-${s}-${String(i).padStart(3, '0')}@example.org`);
      const listed = people.map((e, i) => waitingEntry(e, `Waiting ${e}`, new Date(now - 10 * 24 * HOUR_MS + i * 60_000)));
      await commitFixtures(a, [...seatLayout(capacity, holdHours, layout, now), ...registered, ...listed, waitingCount(waiting)]);
      const mailsBefore = (await ownerFind(a, 'mail', 'template.name', 'waitlist-offer')).length;
      if (s === 0) await hotspots(a, 'DELETE');
      runs.push(...(await runsUntilSteady(runner, `${name}; ${waiting} waiting`)));
      if (s === 0) hottest = await hotspots(a, 'GET');
      const after = await ownerList(a, 'waitlist');
      const status = (e: string) => after.get(waitlistPath(e).split('/')[1])?.status;
      checks.push({
        scenario: name,
        'entries offered': people.filter((e) => status(e) === 'offered').length,
        'still waiting': people.filter((e) => status(e) === 'waiting').length,
        'waitlist-offer mails written': (await ownerFind(a, 'mail', 'template.name', 'waitlist-offer')).length - mailsBefore,
        'counters/waitlist waiting': Number((await ownerGet(a, `${WAITING_COUNT.collection}/${WAITING_COUNT.id}`))?.waiting),
      });
      previous = people;
    }
  } finally {
    await runner.close();
  }
  print(
    `Timed work, run after run until one does nothing, at most 12 (runOnce as the system identity, rules enforced; the schedule and the mail worker off; ${capacity} seats, ${waiting} waiting)`,
    runs,
  );
  print('After each scenario’s runs (owner reads)', checks);
  print(
    `Hottest documents during the first scenario’s runs (Cloud Firestore sustains about 1 write per second to one document)`,
    hottest.map((d) => ({
      document: d.name.slice(docsRoot(a).length + 1),
      writes: d.writes,
      'peak writes in 10 s': d.peakWindowWrites,
      'peak per second': d.peakPerSecond.toFixed(1),
    })),
  );
}

/**
 * `npm run bench -- --only timed-work`: both figures, each on a fresh stack of its own (the first
 * with the schedule running, the second without), stopped before the next starts.
 */
export async function timedWorkFigures(
  print: PrintTable,
  { lapses = Number(process.env.BENCH_TIMED_WORK_LAPSES ?? 10), waiting = 200 }: { lapses?: number; waiting?: number } = {},
) {
  const log = (line: string) => {
    if (line.startsWith('[timed-work] the run failed')) console.warn(line);
  };
  const scheduled = await startStack({ fresh: true, log });
  try {
    print(
      `From an unpaid hold lapsing to the waitlist-offer email (a stack as npm start runs it: the schedule every ${TIMED_WORK_INTERVAL_MS / 1000} s, the mail worker polling MailDev-bound mail; every seat in use but the hold, one person waiting; ${lapses} lapses, the database's clock moved past each hold's end)`,
      await lapseToEmail(scheduled, lapses),
    );
  } finally {
    await scheduled.stop();
  }
  const driven = await startStack({ fresh: true, mailWorker: false, timedWork: false });
  try {
    await oneRunAtCapacity(driven, print, waiting);
  } finally {
    await driven.stop();
  }
}
