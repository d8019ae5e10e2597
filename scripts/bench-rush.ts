// The registration rush: registrations opening (or closing) with hundreds of people registering
// at once. Each registration is a different visitor (a fresh anonymous sign-in in its own Firebase
// app, as a browser is) submitting through the app's own write path (registrationWrites +
// submitAs: the same transaction, throttle and rules as /register), against the stack's emulator
// with firestore.rules and the indexes enforced. Printed: registrations per second, latency,
// failures by reason, and the documents written faster than Cloud Firestore sustains.
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInAnonymously } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import type { StackAddress } from '../emulator/seed/rest.ts';
import { fromFields, ownerHeaders, docsRoot } from '../emulator/seed/rest.ts';
import type { HotDocument } from '../emulator/src/hotspots.ts';
import { submitAs } from '../src/data/visitor-submit.ts';
import { registrationWrites } from '../src/features/registrations/submit.ts';
import { SAMPLE_REGISTRATION } from '../emulator/seed/sample-forms.ts';
import type { SiteSettings } from '../src/data/site-settings-schema.ts';
import { createDb } from '../src/lib/db.ts';

type Row = Record<string, string | number>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function ownerGet(a: StackAddress, path: string) {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}/${path}`, { headers: ownerHeaders });
  if (!res.ok) throw new Error(`Reading ${path}: ${res.status}`);
  return fromFields(((await res.json()) as { fields: Parameters<typeof fromFields>[0] }).fields);
}

/** The emulator's write meter (emulator/src/hotspots.ts); DELETE starts it afresh. */
async function hotspots(a: StackAddress, method: 'GET' | 'DELETE'): Promise<HotDocument[]> {
  const res = await fetch(`http://${a.firestore}/emulator/v1/projects/${a.projectId}:hotspots?top=5`, { method });
  return ((await res.json()) as { documents: HotDocument[] }).documents;
}

/** One visitor: a browser of its own, signed in anonymously, registering once. */
async function register(a: StackAddress, n: number, settings: Pick<SiteSettings, 'categories' | 'currency'>) {
  const app = initializeApp({ projectId: a.projectId, apiKey: 'demo-api-key' }, `rush-${n}`);
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${a.auth}`, { disableWarnings: true });
    const firestore = getFirestore(app);
    const [host, port] = a.firestore.split(':');
    connectFirestoreEmulator(firestore, host, Number(port));
    const { user } = await signInAnonymously(auth);
    const db = createDb(() => firestore);
    const id = db.newId('registrations');
    const form = { ...SAMPLE_REGISTRATION, fullName: `Rush Registrant ${n}`, email: `rush-${n}@example.org` };
    const started = performance.now();
    await submitAs(db, user.uid, 'registrations', id, registrationWrites(id, form, settings), () => db.fetchDocument('registrations', id).then(Boolean));
    return performance.now() - started;
  } finally {
    await deleteApp(app);
  }
}

export async function registrationRush(a: StackAddress, { registrations = 500, clients = 50 } = {}): Promise<{ figures: Row[]; hottest: Row[] }> {
  setLogLevel('silent');
  const settings = (await ownerGet(a, 'settings/site')) as unknown as SiteSettings;
  const before = ((await ownerGet(a, 'counters/seats').catch(() => ({ count: 0 }))) as { count?: number }).count ?? 0;
  if (before + registrations > settings.capacity) throw new Error(`The rush needs ${registrations} free seats; the stack has ${settings.capacity - before}.`);
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
  const after = ((await ownerGet(a, 'counters/seats')) as { count: number }).count;
  latencies.sort((x, y) => x - y);
  const figures: Row[] = [
    { measure: 'registrations attempted', value: registrations },
    { measure: 'concurrent visitors', value: clients },
    { measure: 'registered (seat count moved by)', value: after - before },
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
