// Mail figures for `npm run bench`, against a running stack (its worker and MailDev): how many
// messages the worker delivers per second from a burst, and how long one message takes from its
// commit to being in the mailbox.
import { writeDocuments, type StackAddress } from '../seed/rest.ts';
import { listMail } from './mail-store.ts';

const message = (to: string) => ({
  to,
  template: { name: 'message-received', data: { name: 'Bench', subject: 'Throughput' } },
  recordCollection: 'messages',
  recordId: 'bench',
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('The mail bench timed out.');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runMailBench(stack: StackAddress, { burst = 200, sequential = 20 } = {}): Promise<Record<string, string | number>> {
  const run = Date.now().toString(36);
  // A burst committed at once: time until every one is SUCCESS.
  const ids = Array.from({ length: burst }, (_, i) => `bench-${run}-${i}`);
  const started = performance.now();
  await writeDocuments(
    stack,
    ids.map((id) => [`mail/${id}`, message(`${id}@bench.example.org`)]),
  );
  const wanted = new Set(ids.map((id) => `mail/${id}`));
  await until(
    async () =>
      (await listMail(stack)).filter((m) => wanted.has(m.path) && (m.data.delivery as { state?: string } | undefined)?.state === 'SUCCESS').length === burst,
    120_000,
  );
  const burstSeconds = (performance.now() - started) / 1000;

  // One at a time: from the commit to the message listed by MailDev.
  const latencies: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const to = `latency-${run}-${i}@bench.example.org`;
    const t0 = performance.now();
    await writeDocuments(stack, [[`mail/latency-${run}-${i}`, message(to)]]);
    await until(async () => {
      const inbox = (await (await fetch(`http://${stack.mail}/api/email?to.address=${encodeURIComponent(to)}`)).json()) as Array<{
        to: Array<{ address: string }>;
      }>;
      return inbox.some((m) => m.to.some((t) => t.address === to));
    }, 30_000);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return {
    [`burst of ${burst} messages, all delivered in`]: `${burstSeconds.toFixed(2)} s`,
    'messages delivered per second': Math.round(burst / burstSeconds),
    [`commit → in MailDev, median of ${sequential}`]: `${Math.round(percentile(latencies, 50))} ms`,
    [`commit → in MailDev, p95 of ${sequential}`]: `${Math.round(percentile(latencies, 95))} ms`,
  };
}
