// Statement import figures (issue 19): a 20,000-line M-Pesa CSV read and matched against 20,000
// registrations in a real chromium, by the same modules the import screen runs, bundled for the
// browser. Parse, match and their total, each the median of 3 runs; printed, never asserted.
// Needs no stack: the import is pure until finance applies it.
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { build } from 'esbuild';
import { benchStatement } from '../../src/features/payments/admin/statement/statement.test-support.ts';

const LINES = 20_000;
const RUNS = 3;
const STATEMENT_DIR = fileURLToPath(new URL('../../src/features/payments/admin/statement/', import.meta.url));

/** The import's parse and match modules as one browser script that puts them on `window`. */
async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import { parseStatement } from './parse-statement.ts'; import { matchStatement, countClasses } from './match.ts'; Object.assign(globalThis, { statementImport: { parseStatement, matchStatement, countClasses } });",
      resolveDir: STATEMENT_DIR,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return result.outputFiles[0].text;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function statementFigures(browser: Browser): Promise<Array<Record<string, string | number>>> {
  const { csv, records, submitted } = benchStatement(LINES);
  const script = await bundle();
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => 'statementImport' in globalThis);
    const csvText = new TextDecoder().decode(csv);
    const runs = await page.evaluate(
      async ({ csvText, records, submitted, runs }) => {
        type Api = {
          parseStatement: (
            file: { name: string; bytes: Uint8Array },
            format: 'mpesa',
            currency: string,
          ) => Promise<{ lines: Array<{ receiptKey: string }>; errors: unknown[]; skipped: number }>;
          matchStatement: (parsed: unknown, ledger: unknown) => Array<{ class: string }>;
          countClasses: (lines: unknown[]) => Record<string, number>;
        };
        const api = (globalThis as unknown as { statementImport: Api }).statementImport;
        // The bytes as a file input gives them; encoding is not part of the import.
        const bytes = new TextEncoder().encode(csvText);
        const out: Array<{ parseMs: number; matchMs: number; lines: number; errors: number; skipped: number; counts: Record<string, number> }> = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          const parsed = await api.parseStatement({ name: 'mpesa-statement.csv', bytes }, 'mpesa', 'KES');
          const t1 = performance.now();
          // A fifth of the receipts imported before: the duplicate look-up is part of the work.
          const importedReceipts = new Set(parsed.lines.filter((_, n) => n % 5 === 0).map((l) => l.receiptKey));
          const t2 = performance.now();
          const matched = api.matchStatement(parsed, { records, submitted, importedReceipts });
          const t3 = performance.now();
          out.push({
            parseMs: t1 - t0,
            matchMs: t3 - t2,
            lines: parsed.lines.length,
            errors: parsed.errors.length,
            skipped: parsed.skipped,
            counts: api.countClasses(matched),
          });
        }
        return out;
      },
      { csvText, records, submitted, runs: RUNS },
    );
    const [first] = runs;
    const counts = Object.entries(first.counts)
      .filter(([, n]) => n)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    return [
      { measure: 'statement', value: `${LINES.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV (M-Pesa layout)` },
      { measure: 'ledger', value: `${records.length.toLocaleString('en')} registrations, ${submitted.length.toLocaleString('en')} submitted payments` },
      { measure: 'read', value: `${first.lines} payments in, ${first.skipped} skipped, ${first.errors} errors` },
      { measure: 'classes', value: counts },
      { measure: `parse ms (median of ${RUNS})`, value: Math.round(median(runs.map((r) => r.parseMs))) },
      { measure: `match ms (median of ${RUNS})`, value: Math.round(median(runs.map((r) => r.matchMs))) },
      { measure: `total ms (median of ${RUNS})`, value: Math.round(median(runs.map((r) => r.parseMs + r.matchMs))) },
      { measure: 'bundle KB (parse + match, minified)', value: (script.length / 1024).toFixed(1) },
    ];
  } finally {
    await page.close();
  }
}
