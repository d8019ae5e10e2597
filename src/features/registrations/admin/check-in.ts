// What the check-in desk says for a ticket code. Pure, so every case is unit-tested.
export interface TicketHolder {
  id: string;
  fullName: string;
  status: string;
  paymentStatus: string;
  checkedInAt?: Date | null;
}

export type Verdict = { kind: 'admit'; message: string } | { kind: 'refuse'; message: string };

/** A ticket code is the registration reference, as printed and as its QR code holds it. */
export function normaliseCode(input: string): string {
  const code = input.trim();
  // A scanned /checkout/{id} address also counts: some phones share the link rather than the code.
  const fromLink = code.match(/\/checkout\/([A-Za-z0-9_-]+)\/?$/);
  return fromLink ? fromLink[1] : code;
}

export function checkInVerdict(holder: TicketHolder | null, code: string): Verdict {
  if (!holder) return { kind: 'refuse', message: `No registration has the code ${code}. Check the code or send the attendee to the registration desk.` };
  if (holder.status === 'checked-in') {
    const when = holder.checkedInAt
      ? ` at ${holder.checkedInAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' })}`
      : '';
    return { kind: 'refuse', message: `${holder.fullName} is already checked in${when}. A ticket admits once.` };
  }
  if (holder.status === 'cancelled') return { kind: 'refuse', message: `The registration of ${holder.fullName} is cancelled.` };
  if (holder.status !== 'confirmed') {
    const why = holder.paymentStatus === 'submitted' ? 'their payment is awaiting verification' : 'it is not paid';
    return { kind: 'refuse', message: `${holder.fullName} is not confirmed yet: ${why}. Send them to the registration desk.` };
  }
  return { kind: 'admit', message: `Checked in: ${holder.fullName}.` };
}
