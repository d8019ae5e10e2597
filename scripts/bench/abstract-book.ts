// The abstract book's PDF (issue 39): 300 accepted abstracts in five tracks, each at the call's
// default word limits (background 100, methods 100, results 150, conclusions 75 words), 3–8 authors
// from 1–4 affiliations, built by the back office's own function (src/features/abstracts/admin/
// abstract-book-pdf.ts). Median of 5 builds in Node, with the file's size and pages; printed, never
// asserted. Needs no stack: nothing is read or written (the screen's reads are 2 × 300 documents).
import { performance } from 'node:perf_hooks';
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

export async function abstractBookFigures(): Promise<Row[]> {
  const abstracts = benchAbstracts();
  const input = {
    summitName: 'National Cancer Summit 2027',
    startDate: new Date('2027-03-10T06:00:00Z'),
    endDate: new Date('2027-03-12T06:00:00Z'),
    venue: 'KICC, Nairobi',
    tracks: TRACKS,
    abstracts,
    generatedAt: new Date('2027-02-01T09:00:00Z'),
  };
  const took: number[] = [];
  let last = await abstractBookPdf(input); // warm-up: pdf-lib's first font load is not the book's cost
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await abstractBookPdf(input);
    took.push(performance.now() - started);
  }
  const words = abstracts.reduce((n, a) => n + [a.background, a.methods, a.results, a.conclusions].join(' ').split(' ').length, 0);
  return [
    {
      abstracts: ABSTRACTS,
      'words (text parts)': words,
      'build, median of 5 (ms)': median(took).toFixed(0),
      'slowest (ms)': Math.max(...took).toFixed(0),
      pages: last.pages,
      bytes: last.bytes.length,
      'size (KB)': (last.bytes.length / 1024).toFixed(0),
    },
  ];
}
