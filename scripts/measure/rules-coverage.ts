// `npm run rules-coverage [-- <integration test files>]`: how much of firestore.rules the
// integration suites exercise, from the project's own evaluator. It runs the suites (all of them,
// or the files named) against a stack of its own whose Firestore emulator counts the rules'
// outcomes (--rules-coverage), then reads them (GET …:rulesCoverage) and prints, per `allow`
// statement and per function, how often it evaluated true, false and to an error (a function
// returning something else than a bool — a role, a path, a map — counts under "value"), and the
// entries not reached both ways: an allow that never granted or never said a clean false, a
// function that never returned true or false (or, for a value function, never returned).
//
// A way that cannot be reached has its written reason in tests/integration/rules-coverage-reasons.ts,
// shown next to the entry; a constant condition (`allow delete: if false;`) is its own reason.
// A reason that no longer matches a gap is listed as stale. Exits 1 when the suites failed or,
// for a run of every suite, when a gap has no reason or a reason is stale.
// Also written to reports/rules-coverage.txt (and the emulator's figures to .json; git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AllowCoverage, FunctionCoverage, RulesCoverageReport } from '../../emulator/src/rules/coverage.ts';
import { RULES_COVERAGE_REASONS, type CoverageReason, type Way } from '../../tests/integration/rules-coverage-reasons.ts';
import { onMeasuringStack } from './integration-run.ts';

const DOCUMENTS = '/databases/{database}/documents';

export interface CoverageEntry {
  kind: 'allow' | 'function';
  /** How reasons name it, line numbers apart (they move): `allow create, update /throttles/{uid}`, `function isStaff`. */
  key: string;
  line: number;
  true: number;
  false: number;
  error: number;
  /** Calls that returned another value than a bool (functions only). */
  value?: number;
  /** The ways never reached: none when reached both ways. */
  missing: Way[];
  /** Why a missing way cannot be reached, by way. */
  reasons: Partial<Record<Way, string>>;
}

/** `/databases/{database}/documents/throttles/{uid}` → `/throttles/{uid}`. */
function shortPath(path: string): string {
  return path.startsWith(DOCUMENTS) ? path.slice(DOCUMENTS.length) || '/' : path;
}

function allowMissing(a: AllowCoverage): Way[] {
  return [...(a.true ? [] : ['true' as const]), ...(a.false ? [] : ['false' as const])];
}

/** A function reached both ways returned true and false; one returning other values, any value. */
function functionMissing(f: FunctionCoverage): Way[] {
  if (f.value) return [];
  if (!f.true && !f.false) return ['returned'];
  return [...(f.true ? [] : ['true' as const]), ...(f.false ? [] : ['false' as const])];
}

/** Every allow and function with its counts, the ways it missed and their reasons, in file order. */
export function coverageEntries(report: RulesCoverageReport, reasons: readonly CoverageReason[] = RULES_COVERAGE_REASONS): CoverageEntry[] {
  const keys = new Map<string, number>();
  // Two allows for the same methods in one block, or two functions of one name in different blocks, are told apart by order.
  const unique = (key: string) => {
    const n = (keys.get(key) ?? 0) + 1;
    keys.set(key, n);
    return n === 1 ? key : `${key} #${n}`;
  };
  const allows = report.allows.map((a): CoverageEntry => {
    const missing = allowMissing(a);
    const entry: CoverageEntry = {
      kind: 'allow',
      key: unique(`allow ${a.methods.join(', ')} ${shortPath(a.path)}`),
      line: a.line,
      true: a.true,
      false: a.false,
      error: a.error,
      missing,
      reasons: {},
    };
    if (a.constant === false && missing.includes('true')) entry.reasons.true = 'constant: `if false` denies by design';
    if (a.constant === true && missing.includes('false')) entry.reasons.false = 'constant: the condition always grants';
    return entry;
  });
  const functions = report.functions.map((f): CoverageEntry => ({
    kind: 'function',
    key: unique(`function ${f.name}`),
    line: f.line,
    true: f.true,
    false: f.false,
    error: f.error,
    value: f.value,
    missing: functionMissing(f),
    reasons: {},
  }));
  const entries = [...allows, ...functions];
  for (const r of reasons) {
    const entry = entries.find((e) => e.key === r.entry);
    if (entry?.missing.includes(r.never)) entry.reasons[r.never] ??= r.why;
  }
  return entries;
}

/** Reasons naming no entry, or a way that was reached after all: to be removed (or the entry renamed). */
export function staleReasons(entries: readonly CoverageEntry[], reasons: readonly CoverageReason[] = RULES_COVERAGE_REASONS): CoverageReason[] {
  return reasons.filter((r) => !entries.find((e) => e.key === r.entry)?.missing.includes(r.never));
}

export interface CoverageSummary {
  allows: { total: number; bothWays: number; explained: number };
  functions: { total: number; bothWays: number; explained: number };
  /** Entries with a missing way that no reason explains. */
  gaps: CoverageEntry[];
  /** Entries whose every missing way has a reason. */
  explained: CoverageEntry[];
}

const isExplained = (e: CoverageEntry) => e.missing.length > 0 && e.missing.every((w) => e.reasons[w]);

export function summarize(entries: readonly CoverageEntry[]): CoverageSummary {
  const of = (kind: CoverageEntry['kind']) => {
    const mine = entries.filter((e) => e.kind === kind);
    return { total: mine.length, bothWays: mine.filter((e) => !e.missing.length).length, explained: mine.filter(isExplained).length };
  };
  return {
    allows: of('allow'),
    functions: of('function'),
    gaps: entries.filter((e) => e.missing.length && !isExplained(e)),
    explained: entries.filter(isExplained),
  };
}

const WAY_TEXT: Record<Way, string> = { true: 'never true', false: 'never false', returned: 'never returned' };

/** `L143 allow create, update /throttles/{uid}: never false (3 errors)`, with the reasons there are. */
export function describeGap(e: CoverageEntry): string {
  const ways = e.missing.map((w) => (e.reasons[w] ? `${WAY_TEXT[w]}: ${e.reasons[w]}` : WAY_TEXT[w]));
  const counts = `true ${e.true}, false ${e.false}${e.value !== undefined ? `, value ${e.value}` : ''}, error ${e.error}`;
  return `L${e.line} ${e.key} (${counts}): ${ways.join('; ')}`;
}

function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  // Text left, figures right.
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  return cells
    .map((r) =>
      r
        .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const mark = (e: CoverageEntry) => (!e.missing.length ? '' : isExplained(e) ? 'reason' : 'GAP');

/** The whole report as text: the two tables, the figures, the gaps, the explained entries, stale reasons. */
export function formatCoverage(report: RulesCoverageReport, entries: readonly CoverageEntry[], stale: readonly CoverageReason[], title: string): string {
  const s = summarize(entries);
  const allows = entries.filter((e) => e.kind === 'allow');
  const functions = entries.filter((e) => e.kind === 'function');
  const out = [
    title,
    '',
    `Allow statements of ${report.file} (a clean false and an error both deny):`,
    table(
      ['line', 'allow', 'true', 'false', 'error', ''],
      allows.map((e) => [`L${e.line}`, e.key.slice('allow '.length), e.true, e.false, e.error, mark(e)]),
    ),
    '',
    `Functions of ${report.file} ("value": returned something else than a bool):`,
    table(
      ['line', 'function', 'true', 'false', 'value', 'error', ''],
      functions.map((e) => [`L${e.line}`, e.key.slice('function '.length), e.true, e.false, e.value ?? 0, e.error, mark(e)]),
    ),
    '',
    `Reached both ways: allows ${s.allows.bothWays}/${s.allows.total}, functions ${s.functions.bothWays}/${s.functions.total}` +
      ` (a value function once it returned); with a written reason for the rest: allows ${s.allows.explained}, functions ${s.functions.explained}.`,
    '',
    `Not reached both ways, without a reason (${s.gaps.length}):`,
    ...(s.gaps.length ? s.gaps.map((e) => `  ${describeGap(e)}`) : ['  none']),
    '',
    `Not reached both ways, with a reason (${s.explained.length}):`,
    ...(s.explained.length ? s.explained.map((e) => `  ${describeGap(e)}`) : ['  none']),
  ];
  if (stale.length) {
    out.push('', `Stale reasons (no such entry, or the way was reached: remove them) (${stale.length}):`);
    out.push(...stale.map((r) => `  ${r.entry}: ${WAY_TEXT[r.never]}: ${r.why}`));
  }
  return `${out.join('\n')}\n`;
}

/** Runs the integration suites (or `files`) against a stack counting the rules' outcomes; returns what it counted. */
export async function measureRulesCoverage(files: string[] = []): Promise<{ report: RulesCoverageReport; exitCode: number }> {
  const ports = { firestore: 38080, storage: 39199, auth: 39099, smtp: 31025, mailWeb: 31080 };
  return onMeasuringStack({ ports, stack: { rulesCoverage: true }, files }, async (address, run) => {
    const url = `http://${address.firestore}/emulator/v1/projects/${address.projectId}:rulesCoverage`;
    // The seed's own writes are the owner's and ask no rules; start from zero all the same.
    await fetch(url, { method: 'DELETE' });
    const exitCode = await run();
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return { report: (await response.json()) as RulesCoverageReport, exitCode };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  const started = Date.now();
  const { report, exitCode } = await measureRulesCoverage(files);
  const entries = coverageEntries(report);
  // A run of some suites only leaves gaps the others close: no reason is stale then.
  const stale = files.length ? [] : staleReasons(entries);
  const suites = files.length ? `the integration suites ${files.join(' ')}` : 'every integration suite';
  const seconds = Math.round((Date.now() - started) / 1000);
  const title = `Rules coverage of ${report.file}: ${suites} (vitest exited ${exitCode}; ${seconds} s with the stack)`;
  const text = formatCoverage(report, entries, stale, title);
  console.log(`\n${text}`);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/rules-coverage.txt', text);
  writeFileSync('reports/rules-coverage.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('Also in reports/rules-coverage.txt (the counts: reports/rules-coverage.json).');
  const { gaps } = summarize(entries);
  process.exit(exitCode !== 0 || (!files.length && (gaps.length > 0 || stale.length > 0)) ? 1 : 0);
}
