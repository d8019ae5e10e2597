// What checkout knows of the record being paid for: read by the page (api.ts), sent with the payment
// (send.ts, loaded on demand) and shown to finance recording a payment by hand.
import type { PayableRecord } from '../../data/payable-records.ts';
import type { PaymentTarget } from './schema.ts';

export interface CheckoutRecord {
  id: string;
  /** Its payment code, what the payer quotes ('' for a record from before codes: it quotes its id). */
  code: string;
  /** Money statements brought in so far, in cents: a part payment leaves the rest due. */
  receivedMinor: number;
  collection: PaymentTarget;
  /** Whose record: the attendee, or the organisation for partner and booth applications. */
  name: string;
  what: string;
  email: string;
  fee: number;
  currency: string;
  status: string;
  paymentStatus: string;
  /** Staff's note when they rejected the last payment reference, shown so the visitor can act on it. */
  paymentNote?: string;
  /** A registration's seat slot ('' for none): its hold is read from the slot. */
  seat: string;
  /** The claim the slot holds while it is still this registration's. */
  seatClaim: string;
  /** Who the messages about its payments go to, and how they greet them. */
  payable: PayableRecord;
}
