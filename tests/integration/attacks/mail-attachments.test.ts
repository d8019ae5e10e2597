// Attacker's suite, class 9: attachments that turn the sender against itself. nodemailer, and the
// Trigger Email extension that hands it production's attachments, reads an attachment's `path` as a
// local file or a URL and fetches an `href`: a finance user's email could carry the sender's
// files or a request from Google's infrastructure (a cloud metadata address). An attachment is
// inline base64 content with a file name and one of the types the product sends, in the rules
// (here) and again in the mail worker (tests/integration/mail-worker.test.ts, emulator/mail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketAttachments } from '../../../src/data/ticket-files.ts';
import { decideVerify } from '../../../src/features/payments/admin/payment-actions.ts';
import type { BatchWrite } from '../../../src/lib/db.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import type { Doc } from '../support/forms.ts';
import { awaitingVerification, verdictCommit, withMail } from '../support/verdicts.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

/** Finance verifies a payment and sends the ticket, with the ticket's attachments changed by `change`. */
async function verifyWith(change: (attachments: Doc[]) => unknown[]) {
  const { payment, recordId, record } = await awaitingVerification();
  const attachments = await ticketAttachments(recordId, { ...record, id: recordId } as never);
  const tamper = (writes: BatchWrite[]) => withMail(writes, (m) => ({ ...m, message: { attachments: change(attachments as unknown as Doc[]) } }));
  return verdict(
    verdictCommit(
      as.db.finance,
      payment,
      (docs) => decideVerify(docs as never, { payment, note: '', staffEmail: ACCOUNTS.finance.email, mailId: `mail-${payment.id}`, attachments }),
      tamper,
    ),
  );
}

describe('a staff email’s attachments', () => {
  it('the ticket’s own (a QR image by content id, a calendar file) go (the control)', async () => {
    expect(await verifyWith((a) => a)).toBe('allowed');
  });

  it.each<[string, (a: Doc[]) => unknown[]]>([
    ['a local file by path', (a) => [{ filename: 'passwd.txt', path: '/etc/passwd' }, ...a.slice(1)]],
    ['a cloud metadata address by path', (a) => [{ ...a[0], path: 'http://169.254.169.254/computeMetadata/v1/' }]],
    ['an address to fetch (href)', () => [{ filename: 'x.pdf', href: 'http://169.254.169.254/', contentType: 'application/pdf' }]],
    ['raw MIME', (a) => [{ raw: 'Content-Type: text/html\r\n\r\n<script>' }, ...a.slice(1)]],
    ['a page of markup', (a) => [{ ...a[0], filename: 'pay.html', contentType: 'text/html' }]],
    ['content that is not base64', (a) => [{ ...a[0], encoding: 'utf8' }]],
    ['a file name that is a path', (a) => [{ ...a[0], filename: '../../etc/passwd' }]],
    ['a file name with a line break', (a) => [{ ...a[0], filename: 'ticket.png\r\nBcc: x@example.org' }]],
    ['a map for content', (a) => [{ ...a[0], content: { $binary: 'x' } }]],
  ])('refuses %s', async (_, change) => {
    expect(await verifyWith(change)).toBe('denied');
  });
});
