// The stack's mail worker: does with every `mail` document what Firebase's Trigger Email extension
// does in production (firestore-send-email): renders its template, sends it over SMTP (locally to
// MailDev) and writes back `delivery`. It never crashes on a message (every failure lands on the
// document), picks up what was written while it was down, and never sends one message twice at
// once (each step is written only if the document is unchanged since it was read).
import nodemailer from 'nodemailer';
import { inlineAttachments } from '../../src/lib/mail-attachments.ts';
import { createMailRenderer, type MailAttachment } from '../../src/lib/mail-render.ts';
import type { StackAddress } from '../seed/rest.ts';
import { afterAttempt, nextStep, type Delivery, type Outcome } from './delivery.ts';
import { Conflict, listMail, readMail, readTemplates, writeDelivery } from './mail-store.ts';
import { pollEvery } from './poll-loop.ts';

export interface MailWorkerOptions {
  stack: StackAddress;
  smtp: { host: string; port: number };
  /** The extension's DEFAULT_FROM. */
  from?: string;
  replyTo?: string;
  pollMs?: number;
  /** Messages sent at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface MailWorker {
  stop(): Promise<void>;
}

export const DEFAULT_FROM = 'National Cancer Summit <no-reply@summit.example.org>';

/** A mail document's payload, checked as the extension checks it (a recipient, a template or a message). */
function payloadOf(data: Record<string, unknown>) {
  const to = typeof data.to === 'string' ? [data.to] : Array.isArray(data.to) ? data.to : [];
  if (!to.length || to.some((t) => typeof t !== 'string' || !t)) throw new Error('Failed to deliver email. Expected at least 1 recipient.');
  const template = data.template as { name?: unknown; data?: Record<string, unknown> } | undefined;
  const message = (data.message ?? {}) as { subject?: string; html?: string; text?: string; attachments?: MailAttachment[] };
  if (!template && !message.subject) throw new Error("Email configuration must include either a 'message' or 'template' object");
  if (template && typeof template.name !== 'string') throw new Error("Template object is missing a 'name' parameter.");
  return { to: to as string[], template: template as { name: string; data?: Record<string, unknown> } | undefined, message };
}

export function startMailWorker({ stack, smtp, from = DEFAULT_FROM, replyTo, pollMs = 250, concurrency = 8, log = () => {} }: MailWorkerOptions): MailWorker {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: concurrency,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  const inFlight = new Set<string>();

  async function attempt(data: Record<string, unknown>): Promise<Outcome> {
    try {
      const { to, template, message } = payloadOf(data);
      let content: { subject?: string; html?: string; text?: string } = message;
      if (template) content = { ...message, ...createMailRenderer(await readTemplates(stack)).render(template.name, template.data ?? {}) };
      const sent = await transport.sendMail({
        from,
        replyTo,
        to,
        subject: content.subject,
        html: content.html,
        text: content.text,
        // Defence in depth: the rules allow only inline content, and so does the worker.
        attachments: inlineAttachments(message.attachments),
      });
      const info = {
        messageId: sent.messageId ?? null,
        accepted: (sent.accepted ?? []).map(String),
        rejected: (sent.rejected ?? []).map(String),
        pending: ((sent as { pending?: unknown[] }).pending ?? []).map(String),
        response: sent.response ?? null,
      };
      return { ok: true, info };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** Moves one document as far as it goes now: start, claim, send, record. */
  async function process(path: string) {
    let doc = await readMail(stack, path);
    while (doc) {
      const step = nextStep(doc.data.delivery as Partial<Delivery> | undefined, new Date());
      if (step.kind === 'wait' || step.kind === 'done') return;
      const updateTime = await writeDelivery(stack, path, step.delivery, doc.updateTime);
      if (step.kind === 'start') {
        doc = { ...doc, updateTime, data: { ...doc.data, delivery: step.delivery } };
        continue;
      }
      const outcome = await attempt(doc.data);
      const after = afterAttempt(step.delivery, outcome, new Date());
      await writeDelivery(stack, path, after);
      log(`[mail] ${path} → ${after.state}${after.error ? ` (${after.error})` : ''}`);
      return;
    }
  }

  // Ready messages wait here; `concurrency` of them are sent at once, the next starting as one ends
  // (not at the next poll), so a burst drains at the SMTP server's pace.
  const queue = new Set<string>();
  function pump() {
    for (const path of queue) {
      if (loop.stopped || inFlight.size >= concurrency) return;
      queue.delete(path);
      inFlight.add(path);
      void process(path)
        .catch((error: unknown) => {
          if (!(error instanceof Conflict)) log(`[mail] ${path}: ${String(error)}`);
        })
        .finally(() => {
          inFlight.delete(path);
          pump();
        });
    }
  }

  async function poll() {
    try {
      const now = new Date();
      for (const m of await listMail(stack)) {
        if (!inFlight.has(m.path) && !['wait', 'done'].includes(nextStep(m.data.delivery as Partial<Delivery> | undefined, now).kind)) queue.add(m.path);
      }
      pump();
    } catch (error) {
      // The database is starting or stopping: try again at the next poll.
      log(`[mail] poll failed: ${String(error)}`);
    }
  }

  const loop = pollEvery(pollMs, poll);

  return {
    async stop() {
      await loop.stop();
      const deadline = Date.now() + 5_000;
      while (inFlight.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      transport.close();
    },
  };
}
