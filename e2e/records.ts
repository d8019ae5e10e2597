// Records made straight in Firestore (owner access), for tests that need a record in a known state
// without going through the public form or the back office each time.
import { writeDocuments } from '../emulator/seed/rest.ts';
import { DEMO_PROJECT_ID } from '../emulator/seed/demo-data.ts';
import { SAMPLE_REGISTRATION } from '../emulator/seed/sample-forms.ts';
import { firestoreDocumentsUrl } from '../src/lib/firestore-rest.ts';

export const stack = { projectId: DEMO_PROJECT_ID, firestore: '127.0.0.1:8080', auth: '127.0.0.1:9099' };

let serial = 0;

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
  await writeDocuments(stack, [[`registrations/${id}`, data]]);
  return data;
}

/** The public content version now (scripts/page-loader.ts compares a page's with it). */
export async function contentVersion(): Promise<number> {
  const res = await fetch(`${firestoreDocumentsUrl(stack.projectId, stack.firestore)}/counters/content`);
  if (res.status === 404) return 0;
  const doc = (await res.json()) as { fields?: { version?: { integerValue?: string } } };
  return Number(doc.fields?.version?.integerValue ?? 0);
}

export const setContentVersion = (version: number) => writeDocuments(stack, [['counters/content', { version }]]);

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
  await writeDocuments(
    stack,
    paymentStatus === 'submitted'
      ? [
          [`registrations/${id}`, registration],
          [`payments/${paymentId}`, payment],
        ]
      : [[`registrations/${id}`, registration]],
  );
  return { id, paymentId, payer };
}
