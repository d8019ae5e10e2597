// Emulator figures for `npm run bench` (or `npx tsx emulator/bench.ts` alone): commit throughput,
// query latency at 20,000 documents, restart time, memory. Printed, never asserted: they depend
// on the machine (fsync cost above all) and on what else it is doing.
//
// Everything goes through HTTP on a real port with a real data folder, as the SDK would use it;
// the client runs in the same process, so its cost is part of each figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator, type RunningEmulator } from './src/server.ts';

const DOCS = 20_000;
const PROJECT = 'demo-bench';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(count: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(2), p95: percentile(times, 95).toFixed(2) };
}

function client(emulator: RunningEmulator) {
  return (method: string, body: unknown) =>
    fetch(`${emulator.url}/v1/${ROOT}:${method}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) }).then(async (r) => {
      if (!r.ok) throw new Error(await r.text());
      return r.json();
    });
}

const STATUSES = ['pending', 'confirmed', 'cancelled', 'checked-in'];

function registration(i: number) {
  return {
    update: {
      name: `${ROOT}/registrations/r${String(i).padStart(6, '0')}`,
      fields: {
        fullName: { stringValue: `Delegate ${i}` },
        email: { stringValue: `delegate${i}@example.org` },
        category: { stringValue: ['delegate', 'student', 'survivor', 'international'][(i * 7) % 4] },
        status: { stringValue: STATUSES[i % 4] },
        seats: { integerValue: String(1 + (i % 3)) },
        timestamp: { timestampValue: new Date(Date.UTC(2027, 0, 1) + ((i * 7919) % DOCS) * 60_000).toISOString() },
      },
    },
  };
}

export async function runEmulatorBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emulator-bench-'));
  let emulator = await createEmulator({ port: 0, dataDir });
  try {
    let post = client(emulator);
    // Sequential single-write commits: each waits for its own fsync.
    const sequentialN = 300;
    let start = performance.now();
    for (let i = 0; i < sequentialN; i++) await post('commit', { writes: [registration(i)] });
    const sequential = sequentialN / ((performance.now() - start) / 1000);

    // 50 clients committing at once: concurrent commits share fsyncs (group commit).
    const concurrentN = 2000;
    start = performance.now();
    let next = sequentialN;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < sequentialN + concurrentN) await post('commit', { writes: [registration(next++)] });
      }),
    );
    const concurrent = concurrentN / ((performance.now() - start) / 1000);

    // Fill up to 20,000 with 500-write batches.
    start = performance.now();
    for (let i = sequentialN + concurrentN; i < DOCS; i += 500) {
      await post('commit', { writes: Array.from({ length: Math.min(500, DOCS - i) }, (_, j) => registration(i + j)) });
    }
    const batchedPerSecond = (DOCS - sequentialN - concurrentN) / ((performance.now() - start) / 1000);

    const page = (cursor?: unknown) => ({
      structuredQuery: {
        from: [{ collectionId: 'registrations' }],
        where: { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'confirmed' } } },
        orderBy: [{ field: { fieldPath: 'timestamp' }, direction: 'DESCENDING' }],
        limit: 25,
        ...(cursor ? { startAt: { values: [cursor], before: false } } : {}),
      },
    });
    // The first query of a kind builds its ordered index; later ones walk it.
    start = performance.now();
    await post('runQuery', page());
    const firstQueryMs = performance.now() - start;
    const firstPage = await timed(100, () => post('runQuery', page()));
    const deepPage = await timed(100, () => post('runQuery', page({ timestampValue: '2027-01-08T00:00:00Z' })));
    const countAll = await timed(50, () =>
      post('runAggregationQuery', {
        structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'registrations' }] }, aggregations: [{ alias: 'n', count: {} }] },
      }),
    );
    const countConfirmed = await timed(50, () =>
      post('runAggregationQuery', {
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'registrations' }], where: page().structuredQuery.where },
          aggregations: [
            { alias: 'n', count: {} },
            { alias: 'seats', sum: { field: { fieldPath: 'seats' } } },
          ],
        },
      }),
    );
    // A range on another field: its own index, built by the first such query (warmed up here).
    const range = {
      structuredQuery: {
        from: [{ collectionId: 'registrations' }],
        where: { fieldFilter: { field: { fieldPath: 'email' }, op: 'GREATER_THAN', value: { stringValue: 'delegate5' } } },
        limit: 25,
      },
    };
    await post('runQuery', range);
    const rangeQuery = await timed(50, () => post('runQuery', range));
    // Collection-group queries have no ordered index: scan, filter, bounded selection.
    const groupQuery = await timed(30, () =>
      post('runQuery', { structuredQuery: { ...page().structuredQuery, from: [{ collectionId: 'registrations', allDescendants: true }] } }),
    );
    const getOne = await timed(200, () => post('batchGet', { documents: [`${ROOT}/registrations/r012345`] }));
    const memory = process.memoryUsage();

    // Restart: replay of the log (plus a snapshot if one was taken).
    await emulator.close();
    start = performance.now();
    emulator = await createEmulator({ port: 0, dataDir });
    const restartMs = performance.now() - start;
    post = client(emulator);
    const after = await post('runAggregationQuery', {
      structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'registrations' }] }, aggregations: [{ alias: 'n', count: {} }] },
    });

    return {
      documents: DOCS,
      'commits/s, sequential (an fsync each)': Math.round(sequential),
      'commits/s, 50 clients at once (group commit)': Math.round(concurrent),
      'documents/s in 500-write commits': Math.round(batchedPerSecond),
      'query ==, orderBy timestamp desc, limit 25: first (builds index) ms': firstQueryMs.toFixed(1),
      'query ==, orderBy timestamp desc, limit 25: p50 ms': firstPage.p50,
      'query ==, orderBy timestamp desc, limit 25: p95 ms': firstPage.p95,
      'same, deep page (startAfter cursor): p50 ms': deepPage.p50,
      'same, deep page (startAfter cursor): p95 ms': deepPage.p95,
      'count(): p50 ms': countAll.p50,
      'count(): p95 ms': countAll.p95,
      'count() + sum() with == (5,000 matches): p50 ms': countConfirmed.p50,
      'count() + sum() with == (5,000 matches): p95 ms': countConfirmed.p95,
      'query > on another field, limit 25: p50 ms': rangeQuery.p50,
      'query > on another field, limit 25: p95 ms': rangeQuery.p95,
      'collection-group query (no index: scan), limit 25: p50 ms': groupQuery.p50,
      'collection-group query (no index: scan), limit 25: p95 ms': groupQuery.p95,
      'batchGet one document: p50 ms': getOne.p50,
      'restart (replay 20,000 documents) ms': restartMs.toFixed(0),
      'documents after restart': Number(after[0].result.aggregateFields.n.integerValue),
      'RSS MB': Math.round(memory.rss / 1048576),
      'heap used MB': Math.round(memory.heapUsed / 1048576),
    };
  } finally {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.table(await runEmulatorBench());
}
