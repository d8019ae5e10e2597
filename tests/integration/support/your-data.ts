// An attendee with everything the summit may hold about them (a checked-in registration, a payment
// and its statement line, an email with its delivery state and an attachment, an evaluation, a
// certificate), written past the rules, for "your data" (tests/integration/your-data.test.ts, the
// rules budget, scripts/bench/your-data.ts). `created` lists the paths to delete afterwards.
import { newId } from '../../../src/lib/db.ts';
import { paidByStatement } from '../../../emulator/seed/paid-by-statement.ts';
import { attendedRegistration, certificateDoc, DAY1, evaluationDoc, PDF, type Attended } from './certificates.ts';
import { ownerWrite } from './seats.ts';

export const created: string[] = [];

/** Everything held about an attendee who paid, was emailed, evaluated and got a certificate (past the rules). */
export interface Everything extends Attended {
  paymentId: string;
  lineKey: string;
  mailId: string;
  evaluationId: string;
  certId: string;
}

export async function everything(): Promise<Everything> {
  const a = await attendedRegistration([DAY1]);
  const paymentId = newId();
  const lineKey = `QK${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
  const mailId = newId();
  const certId = newId();
  const evaluationId = `${a.id}_${DAY1}`;
  const at = new Date();
  const target = { targetCollection: 'registrations' as const, targetId: a.id };
  const docs: Array<[string, Record<string, unknown>]> = [
    ...paidByStatement({
      paymentId,
      receipt: lineKey,
      target,
      amountMinor: 1_500_000,
      payerName: 'Achieng Otieno',
      // A spreadsheet formula where the payer's name stands: the CSV summary must not run it.
      payer: '=HYPERLINK("http://evil")',
      details: 'Paid by M-Pesa',
      account: '0712 345 678',
      importId: 'imp-1',
      row: 1,
      at,
      by: 'finance@summit.test',
    }),
    [
      `mail/${mailId}`,
      {
        to: a.who.email,
        template: { name: 'registration-confirmed', data: { name: a.stored.fullName } },
        recordCollection: 'registrations',
        recordId: a.id,
        timestamp: at,
        message: { attachments: [PDF] },
        delivery: { state: 'SUCCESS', attempts: 1, endTime: at },
      },
    ],
    [`evaluations/${evaluationId}`, { ...evaluationDoc(a.id, DAY1, a.who.email), submittedAt: at }],
    [`certificates/${certId}`, { ...certificateDoc(certId, a, [DAY1]), issuedAt: at }],
  ];
  await ownerWrite(...docs, [`registrations/${a.id}`, { ...a.stored, certificateId: certId, evaluatedDays: { [DAY1]: at } }]);
  created.push(
    ...docs.map(([p]) => p),
    `registrations/${a.id}`,
    `checkouts/${a.id}`,
    `seats/${a.seat}`,
    `paymentCodes/${String(a.stored.paymentCode)}`,
    `attendees/${a.who.email}`,
  );
  return { ...a, paymentId, lineKey, mailId, evaluationId, certId };
}
