// The companion writes the public forms make, as one commit each (see firestore.rules).
import { doc, increment, serverTimestamp, writeBatch, type Firestore } from 'firebase/firestore/lite';

/** A registration, its seat on the counter, and (optionally) its confirmation email. */
export function submitRegistration(
  db: Firestore,
  id: string,
  data: object,
  { seats = 1, mail = true, timestamp = serverTimestamp() as unknown }: { seats?: number; mail?: boolean | Record<string, unknown>; timestamp?: unknown } = {},
) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'registrations', id), { ...data, id, timestamp });
  if (seats) batch.set(doc(db, 'counters', 'registrations'), { count: increment(seats), lastId: id }, { merge: true });
  if (mail) {
    const { email, fullName } = data as { email?: unknown; fullName?: unknown };
    const message = mail === true ? { to: email, template: { name: 'registration-confirmation', data: { fullName, reference: id } } } : mail;
    batch.set(doc(db, 'mail', id), message);
  }
  return batch.commit();
}

/** A payment reference for a registration or application, flipping it to 'submitted'. */
export function submitPayment(
  db: Firestore,
  paymentId: string,
  payment: object & { targetCollection: string; targetId: string },
  { flipTarget = true }: { flipTarget?: boolean } = {},
) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'payments', paymentId), { ...payment, id: paymentId, timestamp: serverTimestamp() });
  if (flipTarget) batch.update(doc(db, payment.targetCollection, payment.targetId), { paymentStatus: 'submitted', lastPaymentId: paymentId });
  return batch.commit();
}
