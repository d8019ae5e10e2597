// "Your data" (issue 38, --only your-data): the export of an attendee with everything the summit
// may hold about them, read as that attendee through the app's own reads (your-data.ts
// fetchYourData) with the real SDK signed in to the Auth emulator, against the stack's emulator with
// firestore.rules enforced; then built as JSON and as the CSV summary. Figures only: the size of
// each file and how long reading and building take (median and p95 of RUNS), never asserted.
//
// The attendee: the seed's checked-in delegate (two days attended, one evaluated) cloned under a
// fresh address, with PAYMENTS payments (each with its statement line), MAILS emails with their
// delivery state (one carrying a certificate's PDF, as the certificate-issued mail does), a revoked
// certificate and the valid one that replaced it, and an evaluation for each day.
import { deleteApp } from 'firebase/app';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { setLogLevel } from 'firebase/firestore/lite';
import { stackClient } from './stack-client.ts';
import { paidByStatement } from '../../emulator/seed/paid-by-statement.ts';
import { docsRoot, ensureAuthUser, ownerHeaders, writeDocuments, type StackAddress } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { createDb, newId } from '../../src/lib/db.ts';
import { checkoutOf } from '../../src/data/registration-record.ts';
import { recordSearchTokens } from '../../src/data/search-tokens.ts';
import { exportCsv, exportJson, fetchYourData } from '../../src/features/registrations/your-data.ts';

type Row = Record<string, string | number>;

const SEEDED = 'demo-registration-6';
const PAYMENTS = 6;
const MAILS = 24;
const RUNS = Number(process.env.BENCH_YOUR_DATA_RUNS ?? 30);
const PASSWORD = 'your-data-bench-1';
/** A certificate PDF's size as certificatePdf builds it with the demo logo (the certificates bench: about 60 KB). */
const PDF_BYTES = 60 * 1024;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => n.toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function ownerGet(a: StackAddress, path: string) {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}/${path}`, { headers: ownerHeaders });
  if (!res.ok) throw new Error(`Reading ${path}: ${res.status}`);
  return decodeFields(((await res.json()) as { fields: Parameters<typeof decodeFields>[0] }).fields);
}

/** Writes the attendee with everything (past the rules, as the seed writes): resolves to its address and counts. */
async function seedEverything(a: StackAddress) {
  const email = `your-data-${Date.now().toString(36)}@example.org`;
  const id = `bench-your-data-${Date.now().toString(36)}`;
  const template = await ownerGet(a, `registrations/${SEEDED}`);
  const days = Object.keys((template.attendance as Record<string, unknown>) ?? {}).sort();
  const at = new Date();
  const certId = newId();
  const revokedId = newId();
  const record: Record<string, unknown> & { id: string } = {
    ...template,
    id,
    email,
    fullName: 'Wanjiru “Shiru” Kamau-Otieno',
    certificateId: certId,
    evaluatedDays: Object.fromEntries(days.map((d) => [d, at])),
  };
  record.searchTokens = recordSearchTokens(record);
  const docs: Array<[string, Record<string, unknown>]> = [
    [`registrations/${id}`, record],
    [`checkouts/${id}`, checkoutOf(record)],
    [`attendees/${email}`, { registrationId: id, heldSince: at }],
    [`waitlist/${email}`, { email, status: 'registered', position: at, category: template.category, form: {} }],
  ];
  for (let i = 0; i < PAYMENTS; i++) {
    const paymentId = newId();
    const key = `BENCH${i}${Date.now().toString(36).toUpperCase()}`;
    const target = { targetCollection: 'registrations' as const, targetId: id };
    docs.push(
      ...paidByStatement({
        paymentId,
        receipt: key,
        target,
        amountMinor: 250_000,
        payerName: 'Wanjiru Kamau',
        payer: 'WANJIRU KAMAU',
        details: 'Customer Transfer from 2547***678 - WANJIRU KAMAU',
        account: 'M-PESA',
        importId: 'bench',
        row: i + 1,
        at,
        by: 'finance@summit.test',
      }),
    );
  }
  const pdf = Buffer.alloc(PDF_BYTES, 7).toString('base64');
  for (let i = 0; i < MAILS; i++) {
    const certificate = i === 0;
    docs.push([
      `mail/${newId()}`,
      {
        to: email,
        template: certificate
          ? { name: 'certificate-issued', data: { name: record.fullName, certificateId: certId, activity: 'Summit', points: 6 } }
          : { name: 'payment-verified', data: { name: record.fullName, code: 'NCS-7K2QD', amount: 'KES 2,500.00' } },
        recordCollection: certificate ? 'certificates' : 'registrations',
        recordId: certificate ? certId : id,
        timestamp: at,
        ...(certificate
          ? { message: { attachments: [{ filename: 'certificate.pdf', content: pdf, encoding: 'base64', contentType: 'application/pdf' }] } }
          : {}),
        delivery:
          i % 5 === 4
            ? { state: 'ERROR', attempts: 3, error: 'Mailbox unavailable', endTime: at }
            : { state: 'SUCCESS', attempts: 1, endTime: at, info: { messageId: `<${i}@summit.test>`, accepted: [email], rejected: [] } },
      },
    ]);
  }
  const certificate = {
    registrationId: id,
    fullName: record.fullName,
    email,
    days,
    points: days.length * 3,
    pointsPerDay: 3,
    activityName: 'Summit',
    accreditingBody: 'KMPDC',
    providerNumber: 'P-1',
    signatoryName: 'Dr A',
    signatoryTitle: 'Director',
    instituteName: 'NCI',
    issuedAt: at,
    issuedBy: 'admin@summit.test',
  };
  docs.push(
    [
      `certificates/${revokedId}`,
      {
        ...certificate,
        id: revokedId,
        fullName: 'Wanjiru Kamau',
        status: 'revoked',
        revokedAt: at,
        revokeReason: 'Name corrected',
        replacedBy: certId,
        replaces: '',
      },
    ],
    [`certificates/${certId}`, { ...certificate, id: certId, status: 'valid', replaces: revokedId }],
  );
  for (const day of days) {
    docs.push([
      `evaluations/${id}_${day}`,
      {
        registrationId: id,
        day,
        email,
        answers: [
          { id: 'content', value: 5 },
          { id: 'improve', value: 'More time for questions.' },
        ],
        submittedAt: at,
      },
    ]);
  }
  await writeDocuments(a, docs);
  return { email, documents: docs.length };
}

export async function yourDataFigures(a: StackAddress): Promise<Row[]> {
  setLogLevel('silent');
  const { email, documents } = await seedEverything(a);
  await ensureAuthUser(a, { email, password: PASSWORD, emailVerified: true });
  const { app, auth, firestore } = stackClient(a, 'your-data-bench');
  try {
    await signInWithEmailAndPassword(auth, email, PASSWORD);
    const db = createDb(() => firestore);
    const reads: number[] = [];
    const builds: Record<'json' | 'csv', number[]> = { json: [], csv: [] };
    let sizes = { json: 0, csv: 0 };
    let parts = '';
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      const data = await fetchYourData(email, db);
      reads.push(performance.now() - t);
      t = performance.now();
      const json = exportJson(data);
      builds.json.push(performance.now() - t);
      t = performance.now();
      const csv = exportCsv(data);
      builds.csv.push(performance.now() - t);
      sizes = { json: Buffer.byteLength(json), csv: Buffer.byteLength(csv) };
      parts = `${data.registrations.length} registration, ${data.payments.length} payments, ${data.statementLines.length} statement lines, ${data.emails.length} emails, ${data.evaluations.length} evaluations, ${data.certificates.length} certificates`;
    }
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    const row = (step: string, xs: number[], bytes: number | '') => ({
      step,
      runs: RUNS,
      'median ms': ms(percentile(sorted(xs), 50)),
      'p95 ms': ms(percentile(sorted(xs), 95)),
      KB: bytes === '' ? '' : kb(bytes),
    });
    return [
      { ...row(`read every part as the attendee (${documents} documents seeded: ${parts})`, reads, '') },
      row('build the JSON (complete)', builds.json, sizes.json),
      row('build the CSV summary', builds.csv, sizes.csv),
    ];
  } finally {
    await deleteApp(app);
  }
}
