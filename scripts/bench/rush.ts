// The registration rush: registrations opening (or closing) with hundreds of people registering
// at once. Each registration is a different attendee (their own Firebase app, as a browser is,
// signed in with the email link the Auth emulator issues, before the clock starts) submitting
// through the app's own write path (registerWithFreeSeat + submitAs: the same seat choice,
// transaction, throttle and rules as /register), against the stack's emulator with
// firestore.rules and the indexes enforced. Printed: registrations per second, latency, failures
// by reason, and the documents written most often — the budget is one write per second
// to any document at 50 registrations per second.
import { deleteApp, initializeApp } from 'firebase/app';
import { sendSignInLinkToEmail, signInWithEmailLink } from 'firebase/auth';
import { stackClient } from './stack-client.ts';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import type { StackAddress } from '../../emulator/seed/rest.ts';
import { ownerHeaders, docsRoot } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import type { HotDocument } from '../../emulator/src/hotspots.ts';
import { submitAs } from '../../src/data/visitor-submit.ts';
import { registerWithFreeSeat, type RegistrationSettings } from '../../src/features/registrations/submit.ts';
import { countSeats, seatTimesOf } from '../../src/data/seats.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';
import { createDb } from '../../src/lib/db.ts';

type Row = Record<string, string | number>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function ownerGet(a: StackAddress, path: string) {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}/${path}`, { headers: ownerHeaders });
  if (!res.ok) throw new Error(`Reading ${path}: ${res.status}`);
  return decodeFields(((await res.json()) as { fields: Parameters<typeof decodeFields>[0] }).fields);
}

/** The emulator's write meter (emulator/src/hotspots.ts); DELETE starts it afresh. */
async function hotspots(a: StackAddress, method: 'GET' | 'DELETE'): Promise<HotDocument[]> {
  const res = await fetch(`http://${a.firestore}/emulator/v1/projects/${a.projectId}:hotspots?top=5`, { method });
  return ((await res.json()) as { documents: HotDocument[] }).documents;
}

/** The sign-in link the Auth emulator issued for an address (production mails it). */
async function emailedLink(a: StackAddress, email: string): Promise<string> {
  const res = await fetch(`http://${a.auth}/emulator/v1/projects/${a.projectId}/oobCodes`);
  const codes = ((await res.json()) as { oobCodes?: Array<{ email: string; requestType: string; oobLink: string }> }).oobCodes ?? [];
  const code = codes.filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN').at(-1);
  if (!code) throw new Error(`No sign-in link for ${email}`);
  return code.oobLink;
}

/** One attendee: a browser of its own, signed in by email link, registering once (only the submit is timed). */
async function register(a: StackAddress, n: number, settings: RegistrationSettings) {
  const { app, auth, firestore } = stackClient(a, `rush-${n}`);
  try {
    const email = `rush-${n}-${Date.now().toString(36)}@example.org`;
    await sendSignInLinkToEmail(auth, email, { url: 'http://localhost:5173/register', handleCodeInApp: true });
    const { user } = await signInWithEmailLink(auth, email, await emailedLink(a, email));
    const db = createDb(() => firestore);
    const id = db.newId('registrations');
    const form = { ...SAMPLE_REGISTRATION, fullName: `Rush Registrant ${n}`, email };
    const started = performance.now();
    await registerWithFreeSeat(
      db,
      (decide) => submitAs(db, user.uid, 'registrations', id, decide, () => db.fetchDocument('registrations', id).then(Boolean)),
      id,
      form,
      settings,
    );
    return performance.now() - started;
  } finally {
    await deleteApp(app);
  }
}

export async function registrationRush(a: StackAddress, { registrations = 500, clients = 50 } = {}): Promise<{ figures: Row[]; hottest: Row[] }> {
  setLogLevel('silent');
  const stored = await ownerGet(a, 'settings/site');
  const settings = { ...stored, ...seatTimesOf(stored) } as unknown as RegistrationSettings;
  // Seat slots are public: counted as anyone counts them, by aggregation queries.
  const counterApp = initializeApp({ projectId: a.projectId, apiKey: 'demo-api-key' }, 'rush-counter');
  const [host, port] = a.firestore.split(':');
  connectFirestoreEmulator(getFirestore(counterApp), host, Number(port));
  const counter = createDb(() => getFirestore(counterApp));
  const seats = () => countSeats(settings, new Date(), counter);
  const before = await seats();
  if (before.free < registrations) throw new Error(`The rush needs ${registrations} free seats; the stack has ${before.free}.`);
  await hotspots(a, 'DELETE');
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  // `clients` visitors at a time, each starting the next registration as soon as theirs is done.
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < registrations) {
        const n = next++;
        try {
          latencies.push(await register(a, n, settings));
        } catch (error) {
          const reason = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = await seats();
  await deleteApp(counterApp);
  latencies.sort((x, y) => x - y);
  const figures: Row[] = [
    { measure: 'registrations attempted', value: registrations },
    { measure: 'concurrent visitors', value: clients },
    { measure: 'registered (seats held or taken, from aggregations)', value: after.held + after.taken - before.held - before.taken },
    { measure: 'free seats left', value: after.free },
    { measure: 'failed', value: [...failures].map(([reason, n]) => `${n} × ${reason}`).join('; ') || 0 },
    { measure: 'seconds', value: seconds.toFixed(1) },
    { measure: 'registrations per second', value: (latencies.length / seconds).toFixed(1) },
    { measure: 'submit latency p50 (ms)', value: Math.round(percentile(latencies, 50)) },
    { measure: 'submit latency p95 (ms)', value: Math.round(percentile(latencies, 95)) },
  ];
  const hottest = (await hotspots(a, 'GET')).map((d) => ({
    document: d.name.slice(docsRoot(a).length + 1),
    writes: d.writes,
    'peak writes in 10 s': d.peakWindowWrites,
    'peak per second': d.peakPerSecond.toFixed(1),
  }));
  return { figures, hottest };
}
