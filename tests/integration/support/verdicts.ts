// A finance verdict on a submitted payment, as the Payments screen commits it (its own decision
// functions in a transaction on fresh reads), with a hook to tamper with the writes: for the mail
// rules' tests and the attacker's suite.
import type { Firestore } from 'firebase/firestore/lite';
import { createDb, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { verdictPaths, type AdminPayment } from '../../../src/features/payments/admin/payment-actions.ts';
import { boothDoc, fieldsOf, paymentDoc, registrationDoc, type Doc } from './forms.ts';
import { fixture, uniqueId } from './owner.ts';
import { seatedFixture } from './seats.ts';

export const dataOf = (w: BatchWrite) => (w as { data: Doc }).data;
export const mailWrite = (writes: BatchWrite[]) => writes.find((w) => writePath(w).startsWith('mail/'))!;
export const withMail = (writes: BatchWrite[], change: (mail: Doc) => Doc) =>
  writes.map((w) => (writePath(w).startsWith('mail/') ? { ...w, data: change(dataOf(w)) } : w));

/** A registration (or a booth booking) waiting on a submitted payment, stored past the rules. */
export async function awaitingVerification(collection: 'registrations' | 'partners' = 'registrations') {
  const recordId = uniqueId(collection === 'registrations' ? 'reg' : 'booth');
  const paymentId = uniqueId('pay');
  const record: Doc = {
    ...fieldsOf(collection === 'registrations' ? registrationDoc('') : boothDoc('')),
    paymentStatus: 'submitted',
    lastPaymentId: paymentId,
  };
  // A registration holds its slot, taken since the payment was submitted, with its checkout in step.
  if (collection === 'registrations') Object.assign(record, (await seatedFixture(recordId, record, { state: 'taken' })).stored);
  else await fixture(`${collection}/${recordId}`, record);
  await fixture(`payments/${paymentId}`, fieldsOf(paymentDoc(paymentId, collection, recordId, { amount: Number(record.fee) })));
  const payment = { ...fieldsOf(paymentDoc(paymentId, collection, recordId, { amount: Number(record.fee) })), id: paymentId } as unknown as AdminPayment;
  return { recordId, paymentId, record, payment };
}

/** Runs a finance verdict the way the Payments screen does: a transaction on fresh reads. */
export function verdictCommit(
  db: Firestore,
  payment: AdminPayment,
  decide: (docs: Array<Doc | null>) => { writes: BatchWrite[] },
  tamper: (writes: BatchWrite[]) => BatchWrite[] = (w) => w,
) {
  return createDb(() => db).transact(verdictPaths({ payment }), (docs) => ({ writes: tamper(decide(docs as Array<Doc | null>).writes) }));
}
