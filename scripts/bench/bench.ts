// `npm run bench`: the figures the issues ask for, printed, never asserted (machines here are
// noisy; a timing assertion would fail for reasons that are not ours).
//   1. the Firestore emulator: commit throughput, query latency at 20,000 documents, memory;
//   2. public pages in a real chromium against the production build served as Hosting serves it
//      (`npm run preview`): HTML and JS bytes (compressed, as transferred) and Firestore documents
//      read per first visit;
//   3. Lighthouse (mobile preset) on /, /about (uploaded images), /register, /program and an
//      article page, median of 3 runs;
//   4. the back office at 20,000 registrations (scripts/bench/admin.ts);
//   5. a registration rush: 500 visitors, 50 at a time, through the app's own write path, with the
//      documents written faster than Firestore sustains (scripts/bench/rush.ts);
//   6. a 20,000-line M-Pesa statement parsed and matched against 20,000 registrations in the
//      browser (scripts/bench/statement.ts; needs no stack);
//   7. public pages on a throttled phone: JS before and after the first tap, and how long that tap
//      waits for an answer (scripts/bench/phone.ts);
//   8. CPD certificates (--only certificates): the PDF's build time and size, issuing 200 through
//      the screen's own decision and email one at a time and 4 at a time, and the public
//      verification read (scripts/bench/certificates.ts);
//   9. the security rules' document reads and expressions on every path of the integration
//      suites, against Cloud Firestore's limits and the project's budget (scripts/measure/rules-budget.ts,
//      alone: --only rules or `npm run rules-budget`);
//  10. the timed work (alone: --only timed-work): from an unpaid hold lapsing to the waitlist-offer
//      email in MailDev with the schedule running every 5 s, median of 10, and one run's duration
//      at 1,200 seats with 200 people waiting (scripts/bench/timed-work.ts; stacks of its own);
//  11. uploads (alone: --only uploads): a 5 MB photo from the speaker editor on a desktop and on
//      the phone profile, the web sizes made, and the uploaded images public pages load
//      (scripts/bench/uploads.ts);
//  12. "your data" (alone: --only your-data): an attendee's export with everything (payments,
//      statement lines, emails with their delivery, evaluations, certificates): reading it as them
//      with the rules enforced, and the JSON and CSV's build time and size (scripts/bench/your-data.ts);
//  13. the automatic assignment of reviewers (alone: --only assignment): 1,000 submitted abstracts,
//      60 reviewers, two each, by the committee screen's own function (scripts/bench/abstract-assignment.ts;
//      needs no stack);
//  14. the committee's table (alone: --only committee): 1,000 submitted abstracts with 2 reviews
//      each, from opening Abstracts to its last row drawn, in chromium (scripts/bench/committee.ts);
//  15. the abstract book's PDF (alone: --only abstract-book): 300 accepted abstracts at the call's
//      default word limits, 3–8 authors each, built by the back office's own function, median of 5,
//      with its size and pages (scripts/bench/abstract-book.ts; needs no stack);
//  16. the public abstract pages (alone: --only public-abstracts): 300 accepted abstracts placed in
//      the demo's sessions, the production build's time and /program's, /abstract-book's and one
//      abstract's page weight (scripts/bench/public-abstracts.ts; its own stack; writes build/);
// Starts its own stack, makes the production build against it, and serves that build.
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { startStack, type Stack } from '../../emulator/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/browser.ts';
import { adminFigures } from './admin.ts';
import { PHONE_RUNS, phoneFigures } from './phone.ts';
import { statementFigures } from './statement.ts';
import { startPreview } from '../serve/preview.ts';

// Debian's chromium as the e2e run starts it; Lighthouse launches it itself, so it asks for headless too.
const CHROMIUM = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const PREVIEW = 'http://localhost:4173';
export const BENCH_ROUTES = [
  '/',
  '/about',
  '/program',
  '/partnerships',
  '/resources',
  '/contact',
  '/register',
  '/blogs',
  '/blogs/why-early-detection-saves-lives',
  '/faq',
];
const LIGHTHOUSE_ROUTES = ['/', '/about', '/register', '/program', '/blogs/why-early-detection-saves-lives'];

type Row = Record<string, string | number>;

function table(title: string, rows: Row[]) {
  console.log(`\n## ${title}`);
  if (!rows.length) return console.log('(nothing measured)');
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => String(r[c] ?? ''))));
}

/**
 * Counts documents in Firestore REST responses (runQuery / batchGet / aggregation = 1 read per
 * 1000), and single-document GETs (a prerendered page's content version, read without the SDK).
 */
function countReads(page: Page) {
  let reads = 0;
  page.on('response', async (response) => {
    const url = response.url();
    if (response.request().method() === 'GET' && /\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents\/[^:?]+(\?|$)/.test(url)) {
      reads += 1; // a missing document is a read too
      return;
    }
    if (!/:(runQuery|batchGet|runAggregationQuery)\b/.test(url)) return;
    try {
      const body = (await response.json()) as Array<Record<string, unknown>>;
      if (url.includes(':runAggregationQuery')) reads += 1;
      else reads += body.filter((r) => r.document || r.found).length;
    } catch {
      /* a failed read reads nothing */
    }
  });
  return () => reads;
}

/** Lighthouse's mobile screen: what is "near the screen" decides whether a page starts its scripts. */
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** Presses a key (the visitor's first interaction) and waits until the app has hydrated. */
async function startApp(page: Page) {
  await page.keyboard.press('Shift');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
}

async function pageWeights(): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const rows: Row[] = [];
  try {
    for (const route of BENCH_ROUTES) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const reads = countReads(page);
      const bytes = { html: 0, js: 0, css: 0 };
      page.on('requestfinished', async (request) => {
        const sizes = await request.sizes().catch(() => null);
        if (!sizes) return;
        const type = request.resourceType();
        const transferred = sizes.responseBodySize + sizes.responseHeadersSize;
        if (type === 'document') bytes.html += sizes.responseBodySize;
        else if (type === 'script') bytes.js += transferred;
        else if (type === 'stylesheet') bytes.css += transferred;
      });
      await page.goto(PREVIEW + route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const before = { js: bytes.js, reads: reads() };
      await startApp(page);
      rows.push({
        route,
        'HTML KB (br)': kb(bytes.html),
        'JS before interaction KB (br)': kb(before.js),
        'CSS KB (br)': kb(bytes.css),
        'docs read': before.reads,
        'JS after first key KB': kb(bytes.js),
        'docs read after first key': reads(),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const kb = (n: number) => (n / 1024).toFixed(1);

/** Documents read when a visitor, having opened one page, follows the menu to another. */
async function navigationReads(): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const rows: Row[] = [];
  try {
    for (const [from, link, to] of [
      ['/', 'About', '/about'],
      ['/about', 'Programme', '/program'],
      ['/program', 'Home', '/'],
    ] as const) {
      const page = await browser.newPage();
      const reads = countReads(page);
      await page.goto(PREVIEW + from, { waitUntil: 'networkidle' });
      await startApp(page);
      await page.waitForTimeout(500);
      const before = reads();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(PREVIEW + to);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      rows.push({ navigation: `${from} → ${to}`, 'docs read on arrival': reads() - before });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Lighthouse runs per route: its scores move a few points between runs on a busy machine, so
 * the table shows the median run (by performance) and the range the runs spanned. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

async function lighthouseScores(): Promise<Row[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const runs: Array<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const result = await lighthouse(PREVIEW + route, { port: chrome.port, output: 'json', logLevel: 'error' });
        if (result) runs.push(result.lhr);
      }
      if (!runs.length) continue;
      const perf = (lhr: (typeof runs)[number]) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
      runs.sort((a, b) => perf(a) - perf(b));
      const { categories, audits } = runs[Math.floor(runs.length / 2)];
      const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
      rows.push({
        route,
        performance: score('performance'),
        [`perf range (${runs.length} runs)`]: `${perf(runs[0])}–${perf(runs[runs.length - 1])}`,
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        SEO: score('seo'),
        'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        CLS: (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

async function emulatorFigures(): Promise<Row[]> {
  const { runEmulatorBench } = (await import('../../emulator/bench.ts')) as { runEmulatorBench: () => Promise<Row> };
  const figures = await runEmulatorBench();
  return Object.entries(figures).map(([measure, value]) => ({ measure, value }));
}

async function mailFigures(stack: Stack): Promise<Row[]> {
  const { runMailBench } = await import('../../emulator/mail/bench.ts');
  return Object.entries(await runMailBench(stack.address)).map(([measure, value]) => ({ measure, value }));
}

async function rushFigures(stack: Stack) {
  const { registrationRush } = await import('./rush.ts');
  const { figures, hottest } = await registrationRush(stack.address);
  table('Registration rush (500 visitors, 50 at a time, through the app’s write path, rules and indexes enforced)', figures);
  table('Hottest documents in the rush (Cloud Firestore sustains about 1 write per second to one document)', hottest);
}

async function statementTable() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    table(
      'Statement import in the browser (20,000-line M-Pesa CSV against 20,000 registrations; parse and match only, no writes)',
      await statementFigures(browser),
    );
  } finally {
    await browser.close();
  }
}

async function phoneTable() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    table(
      `Public pages on a phone (390×844, touch, 150 ms RTT, 1.6 Mbps down, 750 Kbps up, CPU 4× slower; first visit, median of ${PHONE_RUNS} runs): JS transferred (compressed) before and after the first tap, and from that tap to its answer (goals: 0 KB before the tap, the menu within 200 ms)`,
      await phoneFigures(browser, PREVIEW, BENCH_ROUTES),
    );
  } finally {
    await browser.close();
  }
}

/**
 * The production build made against the running stack (so pages carry its data and its articles
 * are prerendered), served at 4173 as Hosting serves it (`npm run preview`) while `run` measures it.
 */
async function withServedBuild(run: () => Promise<void>) {
  if (spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('The production build failed.');
  const preview = await startPreview({ port: 4173 });
  try {
    await run();
  } finally {
    await preview.stop();
  }
}

/** The public pages: weights and reads, Lighthouse, later navigations, the throttled phone. */
async function publicPageTables() {
  const weights = await pageWeights();
  const scores = new Map((await lighthouseScores()).map((r) => [r.route, r]));
  table(
    'Public pages, first visit on a phone-sized screen (transferred, compressed as Hosting sends them to chromium: brotli, files under 1 KB as they are; budgets: first-paint HTML ≤ 14 KB, JS before interaction ≤ 60 KB, home reads ≤ 5), then after the first key press; Lighthouse mobile',
    weights.map((w) => ({ ...w, ...(scores.get(w.route) ?? {}) })),
  );
  table('Reads on a later navigation (the app started, cache warm)', await navigationReads());
  await phoneTable();
}

/** Uploads (scripts/bench/uploads.ts): a 5 MB photo on a desktop and a phone, and the uploaded images public pages load. */
async function uploadTables() {
  const { uploadFigures } = await import('./uploads.ts');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const { uploads, pages } = await uploadFigures(browser, PREVIEW);
    table(
      'A 5 MB photo uploaded from the speaker editor (scaled in the browser, both web sizes uploaded to the Storage emulator; from the file chosen to "Uploaded")',
      uploads,
    );
    table('Uploaded images a public page loads (phone screen, DPR 3; scrolled to the end)', pages);
  } finally {
    await browser.close();
  }
}

async function certificateTables(stack: Stack) {
  const { certificateFigures } = await import('./certificates.ts');
  const { pdf, issuing, mailKb, verify } = await certificateFigures(stack.address);
  table('CPD certificate PDF (certificatePdf in Node, A4 landscape with its QR code)', pdf);
  table(
    `Issuing CPD certificates (${issuing[0]?.attempted} checked-in registrations, 2 days evaluated each; one transaction per certificate through issue-with-mail.ts as the demo admin, rules enforced; each certificate-issued mail document ${mailKb} KB as stored, PDF included, Firestore's limit is 1 MiB)`,
    issuing,
  );
  table('Public verification read (one REST get, as /certificates/:id makes it)', verify);
}

async function yourDataTables(stack: Stack) {
  const { yourDataFigures } = await import('./your-data.ts');
  table(
    '“Your data”: an attendee’s export with everything, read as them (rules enforced), then built as JSON and as the CSV summary',
    await yourDataFigures(stack.address),
  );
}

/** The committee's table (scripts/bench/committee.ts): 1,000 abstracts with 2 reviews each, first paint in chromium. */
async function committeeTable(stack: Stack) {
  const { committeeFigures } = await import('./committee.ts');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    table(
      'The committee’s table (1,000 submitted abstracts, 2 reviews each; production build, chromium, demo administrator)',
      await committeeFigures(browser, PREVIEW, stack.address),
    );
  } finally {
    await browser.close();
  }
}

/** `npm run bench -- --only mail|rush|phone|pages|uploads|certificates|your-data|committee`: one scenario alone, on a stack of its own. */
const ONLY: Record<string, (stack: Stack) => Promise<void>> = {
  mail: async (stack) => table('Mail worker (Firestore emulator → worker → MailDev over SMTP)', await mailFigures(stack)),
  rush: rushFigures,
  phone: () => withServedBuild(phoneTable),
  pages: () => withServedBuild(publicPageTables),
  uploads: () => withServedBuild(uploadTables),
  certificates: certificateTables,
  'your-data': yourDataTables,
  committee: (stack) => withServedBuild(() => committeeTable(stack)),
};
/** The rules' spending on every path of the integration suites (scripts/measure/rules-budget.ts; a stack of its own). */
async function rulesTables() {
  const { rulesBudgetTables } = await import('../measure/rules-budget.ts');
  for (const { title, rows } of await rulesBudgetTables()) table(title, rows);
}

/** The timed work (scripts/bench/timed-work.ts): a stack with the schedule running, then one without, each its own. */
async function timedWorkTables() {
  const { timedWorkFigures } = await import('./timed-work.ts');
  await timedWorkFigures(table);
}

/** The automatic assignment of reviewers to abstracts (scripts/bench/abstract-assignment.ts; pure, no stack). */
async function assignmentTable() {
  const { assignmentFigures } = await import('./abstract-assignment.ts');
  table('Automatic assignment of reviewers (1,000 submitted abstracts, 60 reviewers in 30 institutions, 2 each; in Node)', assignmentFigures());
}

/** The abstract book's PDF (scripts/bench/abstract-book.ts; pure, no stack). */
async function abstractBookTable() {
  const { abstractBookFigures } = await import('./abstract-book.ts');
  table(
    'The abstract book’s PDF (300 accepted abstracts at the default word limits, 3–8 authors, 1–4 affiliations; in Node and in chromium)',
    await abstractBookFigures(),
  );
}

/** The public abstract pages' weight with 300 accepted abstracts placed (scripts/bench/public-abstracts.ts; its own stack and build). */
async function publicAbstractsTable() {
  const { publicAbstractFigures } = await import('./public-abstracts.ts');
  table('The public abstract pages (300 accepted abstracts placed in the demo’s 9 sessions; production build)', await publicAbstractFigures());
}

/** `npm run bench -- --only statement|rules|timed-work|assignment|abstract-book|public-abstracts`: scenarios that need no shared stack (or start their own). */
const STANDALONE: Record<string, () => Promise<void>> = {
  statement: statementTable,
  rules: rulesTables,
  'timed-work': timedWorkTables,
  assignment: assignmentTable,
  'abstract-book': abstractBookTable,
  'public-abstracts': publicAbstractsTable,
};

async function main() {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
  if (only && STANDALONE[only]) return STANDALONE[only]();
  if (only) {
    if (!ONLY[only]) throw new Error(`--only takes one of: ${[...Object.keys(ONLY), ...Object.keys(STANDALONE)].join(', ')}`);
    // As in the full run: the build (--only phone) is served at 4173, where the demo's images and links point.
    const stack = await startStack({ fresh: true, siteUrl: PREVIEW });
    try {
      await ONLY[only](stack);
    } finally {
      await stack.stop();
    }
    return;
  }
  table('Firestore emulator', await emulatorFigures());
  await statementTable();
  await rulesTables();
  // The build is served at 4173 below: the demo's images and links point there.
  const stack = await startStack({ fresh: true, siteUrl: 'http://localhost:4173' });
  try {
    table('Mail worker (Firestore emulator → worker → MailDev over SMTP)', await mailFigures(stack));
    await rushFigures(stack);
    await withServedBuild(async () => {
      await publicPageTables();
      await uploadTables();
      // Last: it fills the stack with 20,000 registrations.
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
      try {
        table('Back office at 20,000 registrations (real browser, production build)', await adminFigures(browser, PREVIEW, stack.address));
      } finally {
        await browser.close();
      }
    });
  } finally {
    await stack.stop();
  }
}

await main();
