// Automatic assignment figures (issue 39): 1,000 submitted abstracts in five tracks, 60 reviewers
// from 30 institutions, two reviewers an abstract, assigned by the committee screen's own pure
// function (src/data/abstract-assignment.ts) and cut into the commits that store it. Median of 5
// runs in Node; printed, never asserted. Needs no stack: nothing is written.
import { performance } from 'node:perf_hooks';
import { assignmentCommits, assignReviewers, type AssignableAbstract, type ReviewerProfile } from '../../src/data/abstract-assignment.ts';

type Row = Record<string, string | number>;

/** What each blind copy carries besides the ids (the commits copy it). */
const CONTENT = {
  title: 'Cervical screening uptake in Kisumu County',
  presentation: 'poster' as const,
  background: 'Screening uptake remains low in western Kenya.',
  methods: 'We surveyed 400 women attending county clinics in 2025.',
  results: 'Uptake rose from 18% to 41% after community outreach.',
  conclusions: 'Outreach doubles uptake.',
  keywords: 'cervical cancer, screening',
};

const ABSTRACTS = 1000;
const REVIEWERS = 60;
const TRACKS = ['prevention', 'diagnosis', 'treatment', 'survivorship', 'policy'];
const RUNS = 5;

/** A fixed pseudo-random sequence, so every run measures the same input. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const INSTITUTIONS = Array.from({ length: 30 }, (_, i) => `Institution ${i} of Kenya`);

function benchInput() {
  const next = random(39);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const abstracts: AssignableAbstract[] = Array.from({ length: ABSTRACTS }, (_, i) => ({
    id: `abstract-${String(i).padStart(4, '0')}`,
    email: `author${i}@example.org`,
    status: 'submitted',
    track: pick(TRACKS),
    // One to six authors, each with an affiliation that says more than the institution's name.
    affiliations: Array.from({ length: 1 + Math.floor(next() * 6) }, () => `Department of Oncology, ${pick(INSTITUTIONS)}, Nairobi`),
  }));
  const reviewers: ReviewerProfile[] = Array.from({ length: REVIEWERS }, (_, i) => ({
    email: `reviewer${i}@example.org`,
    institution: INSTITUTIONS[i % INSTITUTIONS.length],
    tracks: [TRACKS[i % TRACKS.length], TRACKS[(i + 2) % TRACKS.length]],
  }));
  return { abstracts, reviewers };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function assignmentFigures(): Row[] {
  const { abstracts, reviewers } = benchInput();
  const byId = new Map(abstracts.map((a) => [a.id, { ...CONTENT, ...a }]));
  const assignTimes: number[] = [];
  const commitTimes: number[] = [];
  let result = assignReviewers(abstracts, reviewers, 2);
  let commits = assignmentCommits(result.assignments, byId);
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    result = assignReviewers(abstracts, reviewers, 2);
    const t1 = performance.now();
    commits = assignmentCommits(result.assignments, byId);
    assignTimes.push(t1 - t0);
    commitTimes.push(performance.now() - t1);
  }
  const loads = Object.values(result.loads);
  return [
    {
      abstracts: ABSTRACTS,
      reviewers: REVIEWERS,
      'per abstract': 2,
      'assign (ms, median of 5)': median(assignTimes).toFixed(1),
      'commits built (ms)': median(commitTimes).toFixed(1),
      assignments: result.assignments.length,
      'short of reviewers': result.shortfalls.length,
      'load min–max': `${Math.min(...loads)}–${Math.max(...loads)}`,
      commits: commits.length,
    },
  ];
}
