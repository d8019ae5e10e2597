// The stack's mail worker against the real parts: our Firestore emulator, MailDev over SMTP, and
// MailDev's REST API to read what arrived. It does what the Trigger Email extension does with a
// mail document, and never stops on a bad one.
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMailWorker, type MailWorker } from '../../emulator/mail/worker.ts';
import { writeDocuments } from '../../emulator/seed/rest.ts';
import { stack } from './support/clients.ts';
import { ownerGet, uniqueId } from './support/owner.ts';

interface Received {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: Array<{ address: string }>;
  from: Array<{ address: string; name: string }>;
  attachments?: Array<{ fileName?: string; generatedFileName?: string; contentType: string; contentId?: string }>;
}

const mailApi = () => `http://${stack().mail}/api`;
const inbox = async (): Promise<Received[]> => (await fetch(`${mailApi()}/email`)).json() as Promise<Received[]>;
const smtpPort = () => Number(process.env.SUMMIT_STACK_SMTP ?? 11025);

let workers: MailWorker[] = [];
const worker = (port = smtpPort()) => {
  const w = startMailWorker({ stack: stack(), smtp: { host: '127.0.0.1', port }, pollMs: 50 });
  workers.push(w);
  return w;
};
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

/** A test template and partial of its own, so the worker renders exactly what the test wrote. */
beforeAll(async () => {
  await writeDocuments(stack(), [
    ['templates/worker-footer', { partial: true, html: '<p>Sent by the worker test</p>', text: 'Sent by the worker test' }],
    [
      'templates/worker-test',
      { subject: 'Hello {{name}} ({{reference}})', html: '<p>Dear {{name}},</p>{{> worker-footer}}', text: 'Dear {{name}},\n{{> worker-footer}}' },
    ],
  ]);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
});

async function queue(data: Record<string, unknown>) {
  const id = uniqueId('mail');
  await writeDocuments(stack(), [[`mail/${id}`, data]]);
  return id;
}

/** The delivery once it reached `state` (the worker polls every 50 ms). */
async function deliveryOf(id: string, state: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivery = (await ownerGet(`mail/${id}`))?.delivery as Record<string, unknown> | undefined;
    if (delivery?.state === state) return delivery;
    if (Date.now() > deadline) throw new Error(`mail/${id} did not reach ${state}: ${JSON.stringify(delivery)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const received = async (to: string) => (await inbox()).filter((m) => m.to.some((t) => t.address === to));

describe('the mail worker', () => {
  it('renders the template, sends it, and records the delivery as the extension does', async () => {
    const to = `${uniqueId('amina')}@example.org`;
    const id = await queue({ to, template: { name: 'worker-test', data: { name: '<b>Amina</b> & co', reference: 'R1' } } });
    worker();
    const delivery = await deliveryOf(id, 'SUCCESS');
    expect(delivery).toMatchObject({ attempts: 1, error: null, leaseExpireTime: null, info: { accepted: [to], rejected: [] } });
    expect(delivery.startTime).toBeInstanceOf(Date);
    expect(delivery.endTime).toBeInstanceOf(Date);
    expect(String((delivery.info as { messageId: string }).messageId)).toMatch(/^<.+>$/);
    const [mail] = await received(to);
    expect(mail.subject).toBe('Hello <b>Amina</b> & co (R1)');
    expect(mail.html).toContain('<p>Dear &lt;b&gt;Amina&lt;/b&gt; &amp; co,</p><p>Sent by the worker test</p>');
    expect(mail.text).toContain('Dear <b>Amina</b> & co,\nSent by the worker test');
    expect(mail.from[0]).toEqual({ address: 'no-reply@summit.example.org', name: 'National Cancer Summit' });
  });

  it('sends attachments byte for byte (an inline image by its content id)', async () => {
    const to = `${uniqueId('brian')}@example.org`;
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const id = await queue({
      to,
      template: { name: 'worker-test', data: { name: 'Brian', reference: 'R2' } },
      message: {
        attachments: [{ filename: 'ticket-qr.png', content: bytes.toString('base64'), encoding: 'base64', contentType: 'image/png', cid: 'ticket-qr' }],
      },
    });
    worker();
    await deliveryOf(id, 'SUCCESS');
    const [mail] = await received(to);
    const attachment = mail.attachments?.[0];
    expect(attachment).toMatchObject({ contentType: 'image/png', contentId: 'ticket-qr' });
    const name = attachment?.generatedFileName ?? attachment?.fileName;
    const downloaded = Buffer.from(await (await fetch(`${mailApi()}/email/${mail.id}/attachment/${name}`)).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);
  });

  it('sends no attachment but inline content: a path or an address to fetch is ERROR, and nothing is sent (defence in depth)', async () => {
    const to = `${uniqueId('victim')}@example.org`;
    const template = { name: 'worker-test', data: { name: 'Kate', reference: 'R9' } };
    const path = await queue({ to, template, message: { attachments: [{ filename: 'passwd.txt', path: '/etc/passwd' }] } });
    const href = await queue({
      to,
      template,
      message: { attachments: [{ filename: 'meta.pdf', href: 'http://169.254.169.254/', contentType: 'application/pdf' }] },
    });
    worker();
    expect(await deliveryOf(path, 'ERROR')).toMatchObject({ attempts: 1, error: "Error: Attachment 1 has 'path': only inline content travels; not sent." });
    expect(await deliveryOf(href, 'ERROR')).toMatchObject({ error: "Error: Attachment 1 has 'href': only inline content travels; not sent." });
    expect(await received(to)).toEqual([]);
  });

  it('a missing template or no recipient is ERROR with the reason at once; the next message still goes', async () => {
    const missing = await queue({ to: 'x@example.org', template: { name: 'no-such-template', data: {} } });
    const noRecipient = await queue({ template: { name: 'worker-test', data: {} } });
    const to = `${uniqueId('after')}@example.org`;
    const fine = await queue({ to, template: { name: 'worker-test', data: { name: 'Next', reference: 'R3' } } });
    worker();
    expect(await deliveryOf(missing, 'ERROR')).toMatchObject({ attempts: 1, error: "Error: Tried to render non-existent template 'no-such-template'" });
    expect(await deliveryOf(noRecipient, 'ERROR')).toMatchObject({ attempts: 1, error: 'Error: Failed to deliver email. Expected at least 1 recipient.' });
    await deliveryOf(fine, 'SUCCESS');
    expect(await received(to)).toHaveLength(1);
  });

  it('with the SMTP server unreachable, tries a few times, then ERROR with the reason (and does not crash)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const id = await queue({ to: 'y@example.org', template: { name: 'worker-test', data: { name: 'Y', reference: 'R4' } } });
    worker(closed);
    const delivery = await deliveryOf(id, 'ERROR', 20_000);
    expect(delivery.attempts).toBe(3);
    expect(String(delivery.error)).toMatch(/ECONNREFUSED/);
  });

  it('picks up what was written while it was down, a send a dead worker left half-done, and a resend (RETRY)', async () => {
    const to = `${uniqueId('backlog')}@example.org`;
    const backlog = await Promise.all([1, 2, 3].map((n) => queue({ to, template: { name: 'worker-test', data: { name: `B${n}`, reference: `R${n}` } } })));
    const orphan = await queue({
      to,
      template: { name: 'worker-test', data: { name: 'Orphan', reference: 'R5' } },
      delivery: { state: 'PROCESSING', attempts: 0, leaseExpireTime: new Date(Date.now() - 1000) },
    });
    const resend = await queue({ to, template: { name: 'worker-test', data: { name: 'Again', reference: 'R6' } }, delivery: { state: 'RETRY', attempts: 1 } });
    worker();
    for (const id of [...backlog, orphan]) await deliveryOf(id, 'SUCCESS');
    expect(await deliveryOf(resend, 'SUCCESS')).toMatchObject({ attempts: 2 });
    expect((await received(to)).map((m) => m.subject).sort()).toEqual([
      'Hello Again (R6)',
      'Hello B1 (R1)',
      'Hello B2 (R2)',
      'Hello B3 (R3)',
      'Hello Orphan (R5)',
    ]);
  });

  it('two workers never send one message twice', async () => {
    const to = `${uniqueId('once')}@example.org`;
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, n) => queue({ to, template: { name: 'worker-test', data: { name: `N${n}`, reference: `R${n}` } } })),
    );
    worker();
    worker();
    for (const id of ids) await deliveryOf(id, 'SUCCESS');
    expect(await received(to)).toHaveLength(10);
  });
});
