// CPD certificates (issue 21): the PDF, issuing through the app's own decision and email
// (issue-with-mail.ts, what the Certificates screen's hook runs), and the public verification read.
// Issuing runs as the demo administrator signed in to the Auth emulator with the real SDK, against
// the stack's emulator with firestore.rules enforced, one transaction per certificate: one after
// the other as "Issue all eligible" does, then 4 at a time (two administrators, two tabs each).
// BENCH_CERTIFICATES sets how many registrations each run issues (200).
import { readFileSync } from 'node:fs';
import { deleteApp } from 'firebase/app';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { setLogLevel } from 'firebase/firestore/lite';
import { stackClient } from './stack-client.ts';
import { docsRoot, ownerHeaders, writeDocuments, type StackAddress } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { certificatePdf } from '../../src/data/certificate-pdf.ts';
import {
  certificatePoints,
  certifiedActivity,
  CPD_SETTINGS_PATH,
  cpdSettingsFrom,
  evaluationId,
  summitDays,
  type Certificate,
} from '../../src/data/certificates.ts';
import { checkoutOf } from '../../src/data/registration-record.ts';
import { createDb, type Db } from '../../src/lib/db.ts';
import { firestoreDocumentsUrl } from '../../src/lib/firestore-rest.ts';
import { createRestReads } from '../../src/lib/rest-reads.ts';
import { issuePaths } from '../../src/features/certificates/admin/issue-certificate.ts';
import { issueFailure } from '../../src/features/certificates/admin/issue-all.ts';
import { decideIssueWithMail, issueRequest } from '../../src/features/certificates/admin/issue-with-mail.ts';

type Row = Record<string, string | number>;

const ADMIN = { email: 'admin@summit.test', password: 'summit-admin-2027' };
/** The seed's checked-in delegate (emulator/seed/demo-data.ts), cloned into the registrations issued here. */
const SEEDED = 'demo-registration-6';
const LOGO = readFileSync(new URL('../../public/demo/logos/institute.png', import.meta.url));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => n.toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function timed(times: number, run: () => Promise<unknown>) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  return took.sort((x, y) => x - y);
}

async function ownerGet(a: StackAddress, path: string) {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}/${path}`, { headers: ownerHeaders });
  if (!res.ok) throw new Error(`Reading ${path}: ${res.status}`);
  return decodeFields(((await res.json()) as { fields: Parameters<typeof decodeFields>[0] }).fields);
}

/** The PDF alone (no stack involved): as the attendee's download and the issuing mail build it. */
async function pdfFigures(cert: Certificate, siteUrl: string, builds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [label, logo] of [
    ['with the demo logo', new Uint8Array(LOGO)],
    ['without a logo', null],
  ] as const) {
    const size = (await certificatePdf(cert, { siteUrl, logo })).length;
    const took = await timed(builds, () => certificatePdf(cert, { siteUrl, logo }));
    rows.push({ PDF: label, builds, 'median ms': ms(percentile(took, 50)), 'p95 ms': ms(percentile(took, 95)), KB: kb(size) });
  }
  return rows;
}

/**
 * `count` copies of the seed's checked-in delegate, admitted on `days`, each day evaluated (written
 * past the rules, as the seed writes them; the attendee's own evaluation is not what is measured).
 */
async function seedAttendees(a: StackAddress, prefix: string, count: number, days: string[]) {
  const template = await ownerGet(a, `registrations/${SEEDED}`);
  const evaluation = await ownerGet(a, `evaluations/${evaluationId(SEEDED, days[0])}`);
  const docs: Array<[string, Record<string, unknown>]> = [];
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  for (const id of ids) {
    const email = `${id}@example.org`;
    const attendance = Object.fromEntries(days.map((d, i) => [d, new Date(Date.parse(`${d}T06:00:00Z`) + i * 60_000)]));
    // Its own id too: a registration stores its id, which its checkout copies.
    const registration = { ...template, id, fullName: `Bench Attendee ${id}`, email, attendance };
    // With its checkout projection, which the rules keep in step with every registration.
    docs.push([`registrations/${id}`, registration], [`checkouts/${id}`, checkoutOf({ ...registration, id })]);
    for (const day of days) docs.push([`evaluations/${evaluationId(id, day)}`, { ...evaluation, registrationId: id, day, email }]);
  }
  await writeDocuments(a, docs);
  return ids;
}

/** One certificate: the hook's transaction (issue-with-mail.ts's decision and email, then the activity-log entry, as useStaffTransaction adds it). */
async function issueOne(db: Db, registrationId: string, mailId: string) {
  const request = issueRequest({ registrationId, mailId }, ADMIN.email, db.newId);
  return db.transact(issuePaths(request), async (docs, read) => {
    const { writes, log, result } = await decideIssueWithMail(docs, request, read, async () => new Uint8Array(LOGO));
    return { writes: [...writes, db.activityWrite(log, ADMIN.email)], result };
  });
}

async function issueRun(db: Db, ids: string[], atOnce: number) {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const mailIds: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const mailId = db.newId('mail');
        const t = performance.now();
        try {
          await issueOne(db, id, mailId);
          latencies.push(performance.now() - t);
          mailIds.push(mailId);
        } catch (error) {
          const reason = issueFailure(error);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return { latencies, failures, mailIds, seconds };
}

export async function certificateFigures(a: StackAddress, { attendees = Number(process.env.BENCH_CERTIFICATES ?? 200), builds = 50, gets = 50 } = {}) {
  setLogLevel('silent');
  const site = await ownerGet(a, 'settings/site');
  const settings = cpdSettingsFrom({ id: 'cpd', ...(await ownerGet(a, CPD_SETTINGS_PATH)) });
  const days = summitDays(site.startDate as Date, site.endDate as Date).slice(0, 2);
  const siteUrl = String(site.siteUrl);
  const sample: Certificate = {
    id: 'AbCdEfGhIjKlMnOpQrSt',
    registrationId: SEEDED,
    fullName: 'Wanjikũ Njoroge-Kamau',
    email: 'wanjiku@example.org',
    days,
    points: certificatePoints(days.length, settings.pointsPerDay),
    ...certifiedActivity(settings),
    instituteName: String(site.instituteName),
    issuedAt: new Date(),
    issuedBy: ADMIN.email,
    status: 'valid',
    replaces: '',
  };
  const pdf = await pdfFigures(sample, siteUrl, builds);

  const { app, auth, firestore } = stackClient(a, 'bench-certificates');
  try {
    await signInWithEmailAndPassword(auth, ADMIN.email, ADMIN.password);
    const db = createDb(() => firestore);
    await db.load();

    const issuing: Row[] = [];
    let issuedId = '';
    let mailSize = 0;
    for (const atOnce of [1, 4]) {
      const ids = await seedAttendees(a, `bench-cert-${atOnce}`, attendees, days);
      const run = await issueRun(db, ids, atOnce);
      if (!issuedId && run.mailIds.length) {
        const mail = await ownerGet(a, `mail/${run.mailIds[0]}`);
        mailSize = Buffer.byteLength(JSON.stringify(mail));
        issuedId = String(mail.recordId);
      }
      issuing.push({
        'at once': atOnce === 1 ? '1 (as Issue all eligible)' : atOnce,
        attempted: ids.length,
        issued: run.latencies.length,
        failed: [...run.failures].map(([reason, n]) => `${n} × ${reason}`).join('; ') || 0,
        seconds: run.seconds.toFixed(1),
        'certificates / s': (run.latencies.length / run.seconds).toFixed(1),
        'latency median ms': Math.round(percentile(run.latencies, 50)),
        'latency p95 ms': Math.round(percentile(run.latencies, 95)),
      });
    }

    // The verification page's one read, as anyone makes it (REST, no SDK, no sign-in).
    const reads = createRestReads(() => ({ documents: firestoreDocumentsUrl(a.projectId, a.firestore) }));
    const found = issuedId ? await timed(gets, () => reads.fetchDocument('certificateChecks', issuedId)) : [];
    const missing = await timed(gets, () => reads.fetchDocument('certificateChecks', 'ZZZZZZZZZZZZZZZZZZZZ'));
    const verify: Row[] = [
      {
        read: `certificateChecks/{id} (found)${issuedId ? '' : ': nothing issued'}`,
        gets: found.length,
        'median ms': ms(percentile(found, 50)),
        'p95 ms': ms(percentile(found, 95)),
      },
      { read: 'certificateChecks/{id} (not found)', gets, 'median ms': ms(percentile(missing, 50)), 'p95 ms': ms(percentile(missing, 95)) },
    ];
    return { pdf, issuing, mailKb: kb(mailSize), verify };
  } finally {
    await deleteApp(app);
  }
}
