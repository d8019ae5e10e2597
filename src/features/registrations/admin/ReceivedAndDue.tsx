import { formatMoneyMinor } from '../../../components/format.ts';
import { receivedAndDue, receivedMinorOf } from '../../../data/money-received.ts';
import type { StaffRecord } from './records.ts';

/**
 * "Received Ksh 5,000 · Due Ksh 10,000" beside a record's payment status while it is paid in part
 * (just "Received …" when nothing more is owed); nothing when the status says it all
 * (data/money-received.ts). `lead` goes before it, where it follows other text on a line.
 */
export function ReceivedAndDue({ record, lead = '', className }: { record: StaffRecord; lead?: string; className?: string }) {
  const money = receivedAndDue({ ...record, receivedMinor: receivedMinorOf(record) });
  if (!money) return null;
  const amount = (minor: number) => formatMoneyMinor(minor, record.currency);
  // Each part kept on one line, so a narrow table cell wraps between them rather than inside one.
  return (
    <span className={className}>
      {lead}
      <span className="whitespace-nowrap">Received {amount(money.receivedMinor)}</span>
      {money.dueMinor > 0 && (
        <>
          {' · '}
          <span className="whitespace-nowrap">Due {amount(money.dueMinor)}</span>
        </>
      )}
    </span>
  );
}
