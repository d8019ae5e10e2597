// The refunds due across the summit, in one list: every registration and partner application that
// received more than it owes (an over-payment, money received before it was cancelled, money on a
// record that needs none), read from the money each record holds (data/money-received.ts), so the
// list agrees with the record pages and with the statement import.
import type { DocumentData } from 'firebase/firestore/lite';
import { db } from '../../../lib/data.ts';
import type { WithId } from '../../../lib/db.ts';
import type { PayableCollection } from '../../../data/collections.ts';
import { receivedMinorOf, refundDueMinor } from '../../../data/money-received.ts';

export interface RefundDue {
  id: string;
  collection: PayableCollection;
  name: string;
  code: string;
  currency: string;
  fee: number;
  status: string;
  paymentStatus: string;
  receivedMinor: number;
  refundDueMinor: number;
}

function refundOf(collection: PayableCollection, d: WithId<DocumentData>): RefundDue {
  const money = { fee: Number(d.fee) || 0, status: String(d.status), paymentStatus: String(d.paymentStatus), receivedMinor: receivedMinorOf(d) };
  return {
    ...money,
    id: d.id,
    collection,
    name: String(collection === 'registrations' ? d.fullName : d.organisation),
    code: typeof d.paymentCode === 'string' ? d.paymentCode : '',
    currency: String(d.currency),
    refundDueMinor: refundDueMinor(money),
  };
}

/** Records holding money, largest first, kept where some of it is the payer's to have back. */
export async function fetchRefundsDue(): Promise<RefundDue[]> {
  const holding = (collection: PayableCollection) =>
    db
      .fetchEvery<DocumentData>(collection, { where: [['receivedMinor', '>', 0]], orderBy: ['receivedMinor', 'desc'] })
      .then((docs) => docs.map((d) => refundOf(collection, d)));
  const [registrations, partners] = await Promise.all([holding('registrations'), holding('partners')]);
  return [...registrations, ...partners].filter((r) => r.refundDueMinor > 0).sort((a, b) => b.refundDueMinor - a.refundDueMinor);
}
