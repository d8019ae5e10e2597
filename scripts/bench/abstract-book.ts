// The abstract book's PDF (issue 39): 300 accepted abstracts in five tracks, each at the call's
// default word limits (background 100, methods 100, results 150, conclusions 75 words), 3–8 authors
// from 1–4 affiliations, built by the back office's own function (src/features/abstracts/admin/
// abstract-book-pdf.ts). Median of 5 builds in Node, and in chromium (where the back office builds
// it: the same module bundled by esbuild, run in a blank page), with the file's size and pages;
// printed, never asserted. Needs no stack: nothing is read or written (the screen's reads are 2 ×
// 300 documents).
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/browser.ts';
import { abstractBookPdf, type BookAbstract } from '../../src/features/abstracts/admin/abstract-book-pdf.ts';
import { DEFAULT_WORD_LIMITS } from '../../src/data/abstracts.ts';

type Row = Record<string, string | number>;

const ABSTRACTS = 300;
const RUNS = 5;
const TRACKS = {
  prevention: 'Prevention and early detection',
  diagnosis: 'Diagnosis and pathology',
  treatment: 'Treatment and clinical trials',
  survivorship: 'Survivorship and palliative care',
  policy: 'Health systems and policy',
};

/** A fixed pseudo-random sequence, so every run measures the same input. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

// Words of a clinical abstract's length (about 6 letters on average, with numbers and punctuation).
const VOCABULARY = (
  'patients women cervical breast screening uptake county hospital referral diagnosis stage survival ' +
  'treatment chemotherapy radiotherapy cohort retrospective prospective analysis outcomes mortality incidence ' +
  'we the of and in to with among were was for a by from at on compared between associated 95% CI ' +
  'odds ratio p<0.001 median interquartile range years months community health workers Nairobi Kisumu ' +
  'Mombasa Eldoret HPV vaccination programme oncology palliative pathology biopsy histology results'
).split(' ');
const NAMES = ['Achieng', 'Otieno', 'Wanjirũ', 'Kamau', 'Kiprono', 'Mwangi', 'Njeri', 'Odhiambo', 'Chebet', 'Mutua', 'Adébáyọ̀', 'Wafula', 'Akinyi', 'Omondi'];
const PLACES = [
  'Department of Oncology, Kenyatta National Hospital, Nairobi, Kenya',
  'School of Medicine, Moi University, Eldoret, Kenya',
  'Aga Khan University Hospital, Nairobi, Kenya',
  'Kenya Medical Research Institute (KEMRI), Kisumu, Kenya',
  'Coast General Teaching and Referral Hospital, Mombasa, Kenya',
  'National Cancer Institute of Kenya, Nairobi, Kenya',
  'Department of Pathology, University of Nairobi, Kenya',
  'Jaramogi Oginga Odinga Teaching and Referral Hospital, Kisumu, Kenya',
];

function benchAbstracts(): BookAbstract[] {
  const next = random(300);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const text = (n: number) => {
    const ws = Array.from({ length: n }, () => pick(VOCABULARY));
    return `${ws.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const tracks = Object.keys(TRACKS);
  return Array.from({ length: ABSTRACTS }, (_, i) => {
    const authors = Array.from({ length: 3 + Math.floor(next() * 6) }, () => `${pick(NAMES)} ${pick(NAMES)}`);
    const places = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(PLACES));
    return {
      id: `abstract-${String(i).padStart(4, '0')}`,
      title: text(8 + Math.floor(next() * 12)).slice(0, -1),
      authors,
      affiliations: authors.map((_, j) => places[j % places.length]),
      presenting: Math.floor(next() * authors.length),
      track: tracks[i % tracks.length],
      presentation: next() < 0.3 ? 'oral' : 'poster',
      keywords: Array.from({ length: 4 }, () => pick(VOCABULARY)).join(', '),
      background: text(DEFAULT_WORD_LIMITS.background),
      methods: text(DEFAULT_WORD_LIMITS.methods),
      results: text(DEFAULT_WORD_LIMITS.results),
      conclusions: text(DEFAULT_WORD_LIMITS.conclusions),
    };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const benchInput = () => ({
  summitName: 'National Cancer Summit 2027',
  startDate: new Date('2027-03-10T06:00:00Z'),
  endDate: new Date('2027-03-12T06:00:00Z'),
  venue: 'KICC, Nairobi',
  tracks: TRACKS,
  abstracts: benchAbstracts(),
  generatedAt: new Date('2027-02-01T09:00:00Z'),
});

/** The builder in chromium: each build's milliseconds, and the last one's pages and bytes. */
async function inChromium(): Promise<{ took: number[]; pages: number; bytes: number }> {
  const entry = fileURLToPath(new URL('../../src/features/abstracts/admin/abstract-book-pdf.ts', import.meta.url));
  const bundle = await build({
    stdin: {
      contents: `import { abstractBookPdf } from ${JSON.stringify(entry)}; globalThis.abstractBookPdf = abstractBookPdf;`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    minify: true,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const input = benchInput();
    return await page.evaluate(
      async ({ json, runs }) => {
        const parsed = JSON.parse(json, (k, v) => (['startDate', 'endDate', 'generatedAt'].includes(k) && v ? new Date(v) : v));
        type Build = (i: unknown) => Promise<{ bytes: Uint8Array; pages: number }>;
        const run = (globalThis as unknown as { abstractBookPdf: Build }).abstractBookPdf;
        let last = await run(parsed); // warm-up, as in Node
        const took: number[] = [];
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          last = await run(parsed);
          took.push(performance.now() - started);
        }
        return { took, pages: last.pages, bytes: last.bytes.length };
      },
      { json: JSON.stringify(input), runs: RUNS },
    );
  } finally {
    await browser.close();
  }
}

export async function abstractBookFigures(): Promise<Row[]> {
  const input = benchInput();
  const took: number[] = [];
  let last = await abstractBookPdf(input); // warm-up: pdf-lib's first font load is not the book's cost
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await abstractBookPdf(input);
    took.push(performance.now() - started);
  }
  const words = input.abstracts.reduce((n, a) => n + [a.background, a.methods, a.results, a.conclusions].join(' ').split(' ').length, 0);
  const browser = await inChromium();
  const row = (where: string, times: number[], pages: number, bytes: number): Row => ({
    where,
    abstracts: ABSTRACTS,
    'words (text parts)': words,
    'build, median of 5 (ms)': median(times).toFixed(0),
    'slowest (ms)': Math.max(...times).toFixed(0),
    pages,
    bytes,
    'size (KB)': (bytes / 1024).toFixed(0),
  });
  return [row('Node', took, last.pages, last.bytes.length), row('chromium (the back office)', browser.took, browser.pages, browser.bytes)];
}
