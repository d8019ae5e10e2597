import { formatMoneyMinor } from '../../components/format.ts';
import { moneyOf, receivedAndDue, type MoneyIn } from '../../data/money-received.ts';

/** A record (or its checkout projection) as the money line reads it: its stored receivedMinor may be missing. */
type Payable = Omit<MoneyIn, 'receivedMinor' | 'refundedMinor' | 'keptMinor'> & {
  currency: string;
  receivedMinor?: unknown;
  refundedMinor?: unknown;
  keptMinor?: unknown;
};

/**
 * "Received Ksh 5,000 · Due Ksh 10,000" beside a record's payment status while it is paid in part,
 * "Received Ksh 35,000 · Refund due Ksh 5,000" when more came in than it owes (an over-payment,
 * money received before it was cancelled), with what was refunded or kept; nothing when the status says it all
 * (data/money-received.ts). `lead` goes before it, where it follows other text on a line.
 */
export function ReceivedAndDue({ record, lead = '', className }: { record: Payable; lead?: string; className?: string }) {
  const money = receivedAndDue(moneyOf(record));
  if (!money) return null;
  const amount = (minor: number) => formatMoneyMinor(minor, record.currency);
  const parts = [
    `Received ${amount(money.receivedMinor)}`,
    ...(money.dueMinor > 0 ? [`Due ${amount(money.dueMinor)}`] : []),
    ...(money.refundedMinor > 0 ? [`Refunded ${amount(money.refundedMinor)}`] : []),
    ...(money.keptMinor > 0 ? [`Kept, not refunded ${amount(money.keptMinor)}`] : []),
    ...(money.refundDueMinor > 0 ? [`Refund due ${amount(money.refundDueMinor)}`] : []),
  ];
  // Each part kept on one line, so a narrow table cell wraps between them rather than inside one.
  return (
    <span className={className}>
      {lead}
      {parts.map((part, i) => (
        <span key={part}>
          {i > 0 && ' · '}
          <span className="whitespace-nowrap">{part}</span>
        </span>
      ))}
    </span>
  );
}
