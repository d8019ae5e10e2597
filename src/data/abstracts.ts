// The call for abstracts and the abstracts authors submit to it (issue 39): one definition of the
// call's settings (settings/abstracts), of an abstract (abstracts/{id}) and of the writes that
// move it. firestore.rules checks the same shape, bounds and word limits (abstractFields,
// abstractComplete), counting words exactly as countWords does, and opens writes only while the
// call is open by the server's clock.
import { serverValues, type BatchWrite } from '../lib/db-shapes.ts';

/** The structured text, in the order an abstract reads. */
export const ABSTRACT_PARTS = ['background', 'methods', 'results', 'conclusions'] as const;
export type AbstractPart = (typeof ABSTRACT_PARTS)[number];

export const PART_LABELS: Record<AbstractPart, string> = {
  background: 'Background',
  methods: 'Methods',
  results: 'Results',
  conclusions: 'Conclusions',
};

export const PRESENTATIONS = ['oral', 'poster'] as const;
export type Presentation = (typeof PRESENTATIONS)[number];
export const PRESENTATION_LABELS: Record<Presentation, string> = { oral: 'Oral presentation', poster: 'Poster' };

/** What an author's abstract is: being written, submitted for review, or withdrawn (final). */
export const ABSTRACT_STATUSES = ['draft', 'submitted', 'withdrawn'] as const;
export type AbstractStatus = (typeof ABSTRACT_STATUSES)[number];

/** Bounds the rules hold too: a bigger abstract is refused, whatever the word limits say. */
export const ABSTRACT_BOUNDS = {
  title: 300,
  authors: 20,
  /** (The rules hold names and affiliations to 200 together: one check for both lists.) */
  authorName: 120,
  affiliation: 200,
  /** Characters in one part (the words are limited by the call). */
  part: 6000,
  /** Keywords, as one line separated by commas. */
  keywords: 300,
  conflicts: 1000,
  /** The largest word limit the call may set for a part or the whole. */
  words: 2000,
  tracks: 20,
  trackLabel: 120,
  guidelines: 10000,
  /** Review criteria: at least one, at most ten, keyed like tracks. */
  criteria: 10,
  criterionLabel: 120,
  /** Reviewers an abstract may be given (the call's reviewersPerAbstract). */
  reviewersPerAbstract: 5,
} as const;

export type WordLimits = Record<AbstractPart | 'total', number>;

/** settings/abstracts: the call, as administrators set it and /abstracts states it. */
export interface AbstractCall {
  opensAt: Date | null;
  closesAt: Date | null;
  /** Track key → label ("prevention" → "Prevention and early detection"). */
  tracks: Record<string, string>;
  wordLimits: WordLimits;
  guidelines: string;
  /** What reviewers score, each 1–5: criterion key → label ("originality" → "Originality"). */
  criteria: Record<string, string>;
  /** How many reviewers each abstract is given when assigned automatically (1–5). */
  reviewersPerAbstract: number;
  /**
   * When reviews are due (after the call closes), or null for no date: each reviewer with a
   * review still to write is reminded once, REVIEW_REMINDER_DAYS before (timed-work/review-reminders.ts).
   */
  reviewsDueAt: Date | null;
}

/**
 * The role of a reviewer's staff/{email} entry (src/admin/permissions.ts REVIEWER says what it may
 * do). Here, not in abstract-review.ts, so the timed work's bundle (functions/) stays free of the
 * forms' validation library.
 */
export const REVIEWER_ROLE = 'reviewer';

/**
 * How many days before reviews are due each reviewer with one still to write gets their one
 * reminder (firestore.rules reviewRemindersDue holds the same number). A constant, not a setting:
 * three days is the usual nudge (time to read and score a few abstracts, not so early it is
 * forgotten), one reminder per call is all there is, and a setting would be one more field the
 * rules check on every save of the call for a number nobody asked to change.
 */
export const REVIEW_REMINDER_DAYS = 3;

export const DEFAULT_WORD_LIMITS: WordLimits = { background: 100, methods: 100, results: 150, conclusions: 75, total: 300 };

/** What a new call starts from: the usual criteria of a scientific committee, each scored 1–5. */
export const DEFAULT_CRITERIA: Record<string, string> = {
  originality: 'Originality',
  methods: 'Soundness of the methods',
  relevance: 'Relevance to cancer care',
  clarity: 'Clarity',
};

export const NO_CALL: AbstractCall = {
  opensAt: null,
  closesAt: null,
  tracks: {},
  wordLimits: DEFAULT_WORD_LIMITS,
  guidelines: '',
  criteria: DEFAULT_CRITERIA,
  reviewersPerAbstract: 2,
  reviewsDueAt: null,
};

export type CallState = 'unset' | 'before' | 'open' | 'closed';

/** Where the call stands at `now` (the rules decide by the server's clock: `opensAt <= now < closesAt`). */
export function callState(call: Pick<AbstractCall, 'opensAt' | 'closesAt'> | null | undefined, now = new Date()): CallState {
  if (!call?.opensAt || !call.closesAt) return 'unset';
  if (now.getTime() < call.opensAt.getTime()) return 'before';
  return now.getTime() < call.closesAt.getTime() ? 'open' : 'closed';
}

/**
 * Words: runs of characters between spaces, tabs and line breaks. The rules count the same way
 * (words() in firestore.rules): every run of those becomes one space and the ends are cut, then
 * the spaces are counted, which neither side's trim() nor split() conventions can make differ.
 */
export function countWords(text: string): number {
  const normal = text.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');
  return normal === '' ? 0 : normal.split(' ').length;
}

/** An author's abstract as stored (abstracts/{id}). */
export interface Abstract extends Record<AbstractPart, string> {
  id: string;
  /** The author's proven address (lower case): only they read and write it. */
  email: string;
  status: AbstractStatus;
  title: string;
  /** Authors in order, and each one's affiliation at the same place. */
  authors: string[];
  affiliations: string[];
  /** Which author presents (their index), -1 while none is chosen. */
  presenting: number;
  /** A key of the call's tracks ('' while none is chosen). */
  track: string;
  presentation: Presentation;
  /** Separated by commas ("cervical cancer, screening"): one line, as the rules check it. */
  keywords: string;
  conflicts: string;
  consent: boolean;
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date | null;
}

/** What the author fills in (the rest is the record's bookkeeping). */
export type AbstractContent = Omit<Abstract, 'id' | 'email' | 'status' | 'createdAt' | 'updatedAt' | 'submittedAt'>;

export const EMPTY_CONTENT: AbstractContent = {
  title: '',
  authors: [],
  affiliations: [],
  presenting: -1,
  track: '',
  presentation: 'oral',
  background: '',
  methods: '',
  results: '',
  conclusions: '',
  keywords: '',
  conflicts: '',
  consent: false,
};

/** Each part's words and the whole's, against the call's limits. */
export function wordCounts(content: Pick<AbstractContent, AbstractPart>, limits: WordLimits) {
  const parts = ABSTRACT_PARTS.map((part) => ({ part, words: countWords(content[part]), limit: limits[part] }));
  const total = parts.reduce((n, p) => n + p.words, 0);
  return { parts, total, totalLimit: limits.total, over: parts.some((p) => p.words > p.limit) || total > limits.total };
}

/** Where a problem belongs on the author's form: a field, or the whole abstract's word count. */
export type ProblemField = 'title' | 'authors' | 'presenting' | 'track' | AbstractPart | 'total' | 'keywords' | 'consent';

/** Why an abstract cannot be submitted yet (the rules' abstractComplete), in the author's words, each by its field; [] when it can. */
export function submitProblems(content: AbstractContent, call: Pick<AbstractCall, 'tracks' | 'wordLimits'>): Array<{ field: ProblemField; message: string }> {
  const problems: Array<{ field: ProblemField; message: string }> = [];
  const add = (field: ProblemField, message: string) => problems.push({ field, message });
  if (content.title.trim() === '') add('title', 'Give the abstract a title.');
  if (content.authors.length === 0) add('authors', 'Add at least one author.');
  else if (content.presenting < 0 || content.presenting >= content.authors.length) add('presenting', 'Choose the author who will present.');
  if (!(content.track in call.tracks)) add('track', 'Choose a track.');
  const counts = wordCounts(content, call.wordLimits);
  for (const p of counts.parts) {
    if (p.words === 0) add(p.part, `Write the ${PART_LABELS[p.part].toLowerCase()}.`);
    else if (p.words > p.limit) add(p.part, `${PART_LABELS[p.part]}: ${p.words} words, at most ${p.limit}.`);
  }
  if (counts.total > counts.totalLimit) add('total', `The whole abstract: ${counts.total} words, at most ${counts.totalLimit}.`);
  if (keywordList(content.keywords).length === 0) add('keywords', 'Add at least one keyword.');
  if (!content.consent) add('consent', 'Agree to the abstract being published if it is accepted.');
  return problems;
}

/** The keywords one by one. */
export const keywordList = (keywords: string) =>
  keywords
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export const abstractPath = (id: string) => `abstracts/${id}`;

/** The author saves (a draft) or submits: the whole record, stamped by the server. */
export function saveAbstractWrite(
  id: string,
  email: string,
  content: AbstractContent,
  status: 'draft' | 'submitted',
  before: Pick<Abstract, 'status'> | null,
): BatchWrite {
  const now = serverValues.now();
  // Submitted once, it keeps the time it was first submitted (an edit before the deadline is not a
  // new submission): the stored time is left alone, as a browser's copy of it is not the same instant.
  const stays = status === 'submitted' && before?.status === 'submitted';
  const data = { ...content, id, email, status, updatedAt: now, ...(stays ? {} : { submittedAt: status === 'submitted' ? now : null }) };
  return before ? { update: abstractPath(id), data } : { set: abstractPath(id), data: { ...data, createdAt: now } };
}

/** Withdrawn by its author before the deadline: final, and it stays their record. */
export const withdrawAbstractWrite = (id: string): BatchWrite => ({ update: abstractPath(id), data: { status: 'withdrawn', updatedAt: serverValues.now() } });
