// `npm run rules-budget` (also part of `npm run bench`): what firestore.rules spends on every path
// the app takes. It runs the integration suites (the app's own write functions — registering,
// the waiting list, payments, every staff action, statements, invoices, check-in, certificates,
// evaluations, content, archive, settings — and its public and staff reads) against a stack that
// enforces Cloud Firestore's own limits rather than the budget, so that a path over budget is
// measured instead of refused, and reads the emulator's log of what each request's rules spent.
//
// Printed per kind of request (the set of operations it holds): the worst operation's document
// reads (of Cloud Firestore's 10), the request's distinct ones (of 10 for one operation, 20 for
// several) and their sum over its operations (the stricter reading, emulator/README.md), and the
// worst operation's expressions (of 1,000), against the budget (emulator/rules-budget.ts). Then the
// three heaviest operations by expressions, with the functions that spent them. Figures only: the
// assertion is every test run on a stack that enforces the budget.
import { onMeasuringStack } from './integration-run.ts';
import { RULES_BUDGET } from '../../emulator/rules-budget.ts';
import { FIRESTORE_LIMITS } from '../../emulator/src/rules/limits.ts';
import type { RequestRecord } from '../../emulator/src/rules-usage.ts';

type Row = Record<string, string | number>;

/** `registrations/r1` → `registrations`; `archive/events/items/x` → `archive/items`. */
function collectionOf(path: string): string {
  return path
    .split('/')
    .filter((_, i) => i % 2 === 0)
    .join('/');
}

/** A request's kind: what it is and the operations it holds, e.g. `commit: create registrations, update seats`. */
export function requestShape(r: RequestRecord): string {
  const ops = [...new Set(r.operations.map((o) => `${o.method} ${collectionOf(o.path)}`))].sort();
  return `${r.kind}: ${ops.join(', ')}`;
}

function requestCap(r: RequestRecord, limits: { readsPerSingleRequest: number; readsPerMultiRequest: number }) {
  return r.operations.length > 1 ? limits.readsPerMultiRequest : limits.readsPerSingleRequest;
}

type Ops = Set<string>;
const has = (ops: Ops, ...any: string[]) => any.some((o) => ops.has(o));
const CONTENT = ['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions', 'sponsors', 'procurement'];

/**
 * What the app was doing, recognised by the operations a request holds (first match wins). Names
 * the paths; a request none of them names is listed under its operations alone.
 */
const PATHS: Array<[string, (ops: Ops, kind: string) => boolean]> = [
  ['read', (_, kind) => kind !== 'commit'],
  ['claim a waiting-list offer', (o) => has(o, 'create registrations') && has(o, 'update waitlist')],
  ['register', (o) => has(o, 'create registrations') && has(o, 'create throttles', 'update throttles')],
  ['restore from the archive', (o) => has(o, 'delete archive/items')],
  ['archive', (o) => has(o, 'create archive/items')],
  ['submit a payment', (o) => has(o, 'create payments') && has(o, 'create throttles', 'update throttles')],
  ['apply a statement line', (o) => has(o, 'create statementLines', 'update statementLines')],
  ['verify, reject or reverse a payment', (o) => has(o, 'create payments', 'update payments')],
  ['issue an invoice', (o) => has(o, 'create invoices')],
  ['issue a certificate', (o) => has(o, 'create certificates')],
  ['revoke a certificate', (o) => has(o, 'update certificates')],
  ['evaluate a day', (o) => has(o, 'create evaluations')],
  ['offer a seat or move the waiting list', (o) => has(o, 'update waitlist', 'create waitlist')],
  ['cancel, check in or another change to a registration', (o) => has(o, 'update registrations', 'delete registrations', 'create registrations')],
  ['apply as a partner or book a booth', (o) => has(o, 'create partners') && has(o, 'create throttles', 'update throttles')],
  ['a change to an application', (o) => has(o, 'update partners', 'create partners', 'delete partners')],
  ['contact, donate or save a registration draft', (o) => has(o, 'create throttles', 'update throttles')],
  [
    'publish, place or unpublish an accepted abstract',
    (o) =>
      has(
        o,
        'create publishedAbstracts',
        'update publishedAbstracts',
        'delete publishedAbstracts',
        'create publishedAbstractTexts',
        'delete publishedAbstractTexts',
      ),
  ],
  ['publish or edit content', (o) => CONTENT.some((c) => has(o, `create ${c}`, `update ${c}`, `delete ${c}`))],
  ['save settings', (o) => has(o, 'create settings', 'update settings', 'create statementFormats', 'update statementFormats')],
];

export function pathName(r: RequestRecord): string {
  const ops = new Set(r.operations.map((o) => `${o.method} ${collectionOf(o.path)}`));
  return PATHS.find(([, matches]) => matches(ops, r.kind))?.[0] ?? '';
}

/** Per kind of allowed request: its worst figures against Cloud Firestore's limits and the budget. */
export function budgetTable(requests: RequestRecord[]): Row[] {
  const byShape = new Map<string, RequestRecord[]>();
  for (const r of requests) {
    if (!r.operations.length || !r.operations.every((o) => o.allowed)) continue;
    const shape = requestShape(r);
    byShape.set(shape, [...(byShape.get(shape) ?? []), r]);
  }
  const rows = [...byShape].map(([shape, rs]) => {
    const opReads = Math.max(...rs.flatMap((r) => r.operations.map((o) => o.reads.length)));
    const worstRequest = rs.reduce((w, r) => (r.documentReads > w.documentReads ? r : w));
    const sumReads = Math.max(...rs.map((r) => r.operations.reduce((n, o) => n + o.reads.length, 0)));
    const expressions = Math.max(...rs.flatMap((r) => r.operations.map((o) => o.expressions)));
    const over =
      opReads > RULES_BUDGET.readsPerOperation ||
      worstRequest.documentReads > requestCap(worstRequest, RULES_BUDGET) ||
      expressions > RULES_BUDGET.expressionsPerOperation;
    return {
      path: pathName(rs[0]),
      request: shape.length > 90 ? `${shape.slice(0, 87)}…` : shape,
      seen: rs.length,
      'op reads': `${opReads}/${FIRESTORE_LIMITS.readsPerOperation}`,
      'request reads': `${worstRequest.documentReads}/${requestCap(worstRequest, FIRESTORE_LIMITS)}`,
      'summed reads': sumReads,
      'op expressions': `${expressions}/${FIRESTORE_LIMITS.expressionsPerOperation}`,
      budget: over ? 'OVER' : 'within',
    };
  });
  // Writes by path in the order above, then the reads, then what no path names; the heaviest first in each.
  const order = (row: Row) => {
    const i = PATHS.findIndex(([name]) => name === row.path);
    return i < 0 ? PATHS.length + 1 : i === 0 ? PATHS.length : i;
  };
  return rows.sort((a, b) => order(a) - order(b) || parseInt(String(b['op expressions'])) - parseInt(String(a['op expressions'])));
}

/** The n operations that evaluated the most expressions, with the functions that spent most of them. */
export function heaviest(requests: RequestRecord[], n = 3): Row[] {
  const ops = requests.flatMap((r) => r.operations.filter((o) => o.allowed).map((o) => ({ r, o })));
  ops.sort((a, b) => b.o.expressions - a.o.expressions);
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const { r, o } of ops) {
    const key = `${o.method} ${collectionOf(o.path)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const top = Object.entries(o.byFunction)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([f, k]) => `${f} ${k}`)
      .join(', ');
    rows.push({ operation: key, in: requestShape(r).split(':')[0], expressions: o.expressions, reads: o.reads.length, 'spent most by': top });
    if (rows.length === n) break;
  }
  return rows;
}

async function collectWhile(firestore: string, projectId: string, run: () => Promise<number>) {
  const requests: RequestRecord[] = [];
  let since = 0;
  const poll = async () => {
    const r = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}:rulesUsage?since=${since}`);
    const body = (await r.json()) as { requests: RequestRecord[] };
    for (const q of body.requests) {
      requests.push(q);
      since = q.seq;
    }
  };
  let done = false;
  const poller = (async () => {
    while (!done) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const code = await run();
  done = true;
  await poller;
  await poll();
  return { code, requests };
}

/** Runs the integration suites against a stack of its own and returns every request's spending. */
export async function measureRulesBudget(): Promise<{ requests: RequestRecord[]; exitCode: number }> {
  // Cloud Firestore's own limits: a path over budget is measured, not refused.
  process.env.SUMMIT_RULES_LIMITS = 'firestore';
  try {
    const ports = { firestore: 28080, storage: 29199, auth: 29099, smtp: 21025, mailWeb: 21080 };
    return await onMeasuringStack({ ports }, async (address, run) => {
      const { code, requests } = await collectWhile(address.firestore, address.projectId, run);
      return { requests, exitCode: code };
    });
  } finally {
    delete process.env.SUMMIT_RULES_LIMITS;
  }
}

export async function rulesBudgetTables(): Promise<Array<{ title: string; rows: Row[] }>> {
  const { requests, exitCode } = await measureRulesBudget();
  if (exitCode !== 0) console.warn(`(the integration suites exited with ${exitCode}: the figures cover what ran)`);
  const budget = `budget: ${RULES_BUDGET.readsPerOperation} reads an operation, ${RULES_BUDGET.readsPerMultiRequest} a request, ${RULES_BUDGET.expressionsPerOperation} expressions an operation`;
  return [
    { title: `Security rules per kind of request, ${requests.length} requests of the integration suites (${budget})`, rows: budgetTable(requests) },
    { title: 'The three heaviest operations by expressions evaluated', rows: heaviest(requests) },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { title, rows } of await rulesBudgetTables()) {
    console.log(`\n${title}`);
    console.table(rows);
  }
  process.exit(0);
}
