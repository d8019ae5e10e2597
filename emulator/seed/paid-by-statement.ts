// A payment verified from an M-Pesa statement line, as applying the line leaves both stored (the
// payment naming its line, the line applied and naming its payment): seeded past the rules where a
// record must hold its money and its statement match ("your data": its test support and bench).
type Doc = Record<string, unknown>;

export interface PaidByStatement {
  paymentId: string;
  /** The line's key, its receipt (the M-Pesa transaction code) too. */
  receipt: string;
  target: { targetCollection: 'registrations' | 'partners'; targetId: string };
  amountMinor: number;
  /** The payer as the record names them, and as the statement prints them. */
  payerName: string;
  payer: string;
  details: string;
  account: string;
  importId: string;
  row: number;
  at: Date;
  by: string;
}

/** The payment and its statement line, as [path, document] pairs. */
export function paidByStatement(p: PaidByStatement): Array<[string, Doc]> {
  return [
    [
      `payments/${p.paymentId}`,
      {
        id: p.paymentId,
        timestamp: p.at,
        payerName: p.payerName,
        method: 'mobile-money',
        reference: p.receipt,
        amount: p.amountMinor / 100,
        currency: 'KES',
        status: 'verified',
        amountMinor: p.amountMinor,
        statementLine: p.receipt,
        verifiedBy: p.by,
        ...p.target,
      },
    ],
    [
      `statementLines/${p.receipt}`,
      {
        id: p.receipt,
        importId: p.importId,
        row: p.row,
        receipt: p.receipt,
        completedAt: p.at,
        details: p.details,
        account: p.account,
        payer: p.payer,
        amountMinor: p.amountMinor,
        currency: 'KES',
        paymentId: p.paymentId,
        overMinor: 0,
        note: '',
        state: 'applied',
        class: 'matched',
        reason: '',
        at: p.at,
        by: p.by,
        ...p.target,
      },
    ],
  ];
}
