// Emulator figures for `npm run bench` (or `npx tsx emulator/bench.ts` alone): commit throughput,
// query latency at 20,000 documents, memory. Printed, never asserted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator } from './src/server.ts';

const DOCS = 20_000;
const ROOT = 'projects/demo-bench/databases/(default)/documents';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeRequests(count: number, run: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(1), p95: percentile(times, 95).toFixed(1) };
}

export async function runEmulatorBench(): Promise<Record<string, string | number>> {
  const emulator = await createEmulator({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'bench-')) });
  const post = (method: string, body: unknown) =>
    fetch(`${emulator.url}/v1/${ROOT}:${method}`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => {
      if (!r.ok) throw new Error(await r.text());
      return r.json();
    });
  const registration = (i: number) => ({
    update: {
      name: `${ROOT}/registrations/r${String(i).padStart(6, '0')}`,
      fields: {
        fullName: { stringValue: `Delegate ${i}` },
        email: { stringValue: `delegate${i}@example.org` },
        category: { stringValue: ['delegate', 'student', 'survivor', 'international'][i % 4] },
        status: { stringValue: ['pending', 'confirmed', 'cancelled', 'checked-in'][i % 4] },
        timestamp: { timestampValue: new Date(Date.UTC(2027, 0, 1) + i * 60_000).toISOString() },
      },
    },
  });
  try {
    // Sequential single-write commits: each waits for its own fsync.
    const sequentialN = 300;
    let start = performance.now();
    for (let i = 0; i < sequentialN; i++) await post('commit', { writes: [registration(i)] });
    const sequential = sequentialN / ((performance.now() - start) / 1000);

    // Concurrent single-write commits: group commit shares fsyncs.
    const concurrentN = 2000;
    start = performance.now();
    for (let i = 0; i < concurrentN; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => post('commit', { writes: [registration(sequentialN + i + j)] })));
    }
    const concurrent = concurrentN / ((performance.now() - start) / 1000);

    // Fill up to 20,000 with 500-write batches.
    for (let i = sequentialN + concurrentN; i < DOCS; i += 500) {
      await post('commit', { writes: Array.from({ length: Math.min(500, DOCS - i) }, (_, j) => registration(i + j)) });
    }

    const page = {
      structuredQuery: {
        from: [{ collectionId: 'registrations' }],
        where: { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'confirmed' } } },
        orderBy: [{ field: { fieldPath: 'timestamp' }, direction: 'DESCENDING' }],
        limit: 25,
      },
    };
    const firstPage = await timeRequests(50, () => post('runQuery', page));
    const count = await timeRequests(50, () => post('runAggregationQuery', { structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'registrations' }] }, aggregations: [{ alias: 'n', count: {} }] } }));
    const memory = process.memoryUsage();
    return {
      'documents': DOCS,
      'commits/s, sequential (fsync each)': Math.round(sequential),
      'commits/s, 50 concurrent (group commit)': Math.round(concurrent),
      'query ==, orderBy desc, limit 25: p50 ms': firstPage.p50,
      'query ==, orderBy desc, limit 25: p95 ms': firstPage.p95,
      'count(): p50 ms': count.p50,
      'count(): p95 ms': count.p95,
      'RSS MB': Math.round(memory.rss / 1048576),
      'heap used MB': Math.round(memory.heapUsed / 1048576),
    };
  } finally {
    await emulator.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.table(await runEmulatorBench());
}
