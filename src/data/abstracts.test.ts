import { describe, expect, it } from 'vitest';
import { ServerValue } from '../lib/db-shapes.ts';
import {
  callState,
  countWords,
  EMPTY_CONTENT,
  keywordList,
  saveAbstractWrite,
  submitProblems,
  withdrawAbstractWrite,
  wordCounts,
  type AbstractContent,
} from './abstracts.ts';

const limits = { background: 3, methods: 3, results: 3, conclusions: 2, total: 10 };
const call = { tracks: { prevention: 'Prevention' }, wordLimits: limits };
const complete: AbstractContent = {
  ...EMPTY_CONTENT,
  title: 'Screening uptake',
  authors: ['Achieng Otieno'],
  affiliations: ['KNH'],
  presenting: 0,
  track: 'prevention',
  background: 'Uptake is low.',
  methods: 'We surveyed women.',
  results: 'It doubled.',
  conclusions: 'Outreach works.',
  keywords: 'screening',
  consent: true,
};

describe('words', () => {
  it('are runs between spaces, tabs and line breaks, however many and wherever', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \t\n\r ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one \t two\n\nthree  ')).toBe(3);
    // Punctuation and hyphens belong to their word; a no-break space does not split (as the rules count).
    expect(countWords('well-known, (n = 400).')).toBe(4);
    expect(countWords('a\u00A0b')).toBe(1);
  });

  it('are counted per part and in all, against the call’s limits', () => {
    const counts = wordCounts({ ...complete, results: 'one two three four' }, limits);
    expect(counts.parts.map((p) => [p.part, p.words, p.limit])).toEqual([
      ['background', 3, 3],
      ['methods', 3, 3],
      ['results', 4, 3],
      ['conclusions', 2, 2],
    ]);
    expect(counts).toMatchObject({ total: 12, totalLimit: 10, over: true });
    expect(wordCounts(complete, limits).over).toBe(false);
  });
});

describe('the call', () => {
  const opensAt = new Date('2027-01-10T06:00:00Z');
  const closesAt = new Date('2027-02-10T21:00:00Z');
  it('is unset without both dates, before, open from opening until (not at) closing, then closed', () => {
    expect(callState(null)).toBe('unset');
    expect(callState({ opensAt, closesAt: null })).toBe('unset');
    expect(callState({ opensAt, closesAt }, new Date(opensAt.getTime() - 1))).toBe('before');
    expect(callState({ opensAt, closesAt }, opensAt)).toBe('open');
    expect(callState({ opensAt, closesAt }, new Date(closesAt.getTime() - 1))).toBe('open');
    expect(callState({ opensAt, closesAt }, closesAt)).toBe('closed');
  });
});

describe('submitting', () => {
  it('asks nothing of a complete abstract', () => {
    expect(submitProblems(complete, call)).toEqual([]);
  });

  it('says each thing missing or too long, in the author’s words', () => {
    expect(submitProblems(EMPTY_CONTENT, call)).toEqual(
      [
        ['title', 'Give the abstract a title.'],
        ['authors', 'Add at least one author.'],
        ['track', 'Choose a track.'],
        ['background', 'Write the background.'],
        ['methods', 'Write the methods.'],
        ['results', 'Write the results.'],
        ['conclusions', 'Write the conclusions.'],
        ['keywords', 'Add at least one keyword.'],
        ['consent', 'Agree to the abstract being published if it is accepted.'],
      ].map(([field, message]) => ({ field, message })),
    );
    expect(submitProblems({ ...complete, presenting: 1, results: 'a b c d', keywords: ' , ' }, call)).toEqual([
      { field: 'presenting', message: 'Choose the author who will present.' },
      { field: 'results', message: 'Results: 4 words, at most 3.' },
      { field: 'total', message: 'The whole abstract: 12 words, at most 10.' },
      { field: 'keywords', message: 'Add at least one keyword.' },
    ]);
    expect(submitProblems({ ...complete, background: 'a b c', methods: 'a b c', results: 'a b c', conclusions: 'a b' }, call)).toEqual([
      { field: 'total', message: 'The whole abstract: 11 words, at most 10.' },
    ]);
  });

  it('splits keywords on commas, dropping empty ones', () => {
    expect(keywordList(' HPV,  cervical cancer ,,')).toEqual(['HPV', 'cervical cancer']);
  });
});

describe('the writes', () => {
  it('create with both times from the server; submitted now, or no submission time for a draft', () => {
    const w = saveAbstractWrite('a1', 'jane@example.org', complete, 'submitted', null) as { set: string; data: Record<string, unknown> };
    expect(w.set).toBe('abstracts/a1');
    expect(w.data).toMatchObject({ id: 'a1', email: 'jane@example.org', status: 'submitted', title: 'Screening uptake' });
    for (const k of ['createdAt', 'updatedAt', 'submittedAt']) expect(w.data[k]).toBeInstanceOf(ServerValue);
    expect((saveAbstractWrite('a1', 'jane@example.org', complete, 'draft', null) as { data: Record<string, unknown> }).data.submittedAt).toBeNull();
  });

  it('an edit of a submitted abstract leaves its submission time alone; back to a draft clears it', () => {
    const edit = saveAbstractWrite('a1', 'jane@example.org', complete, 'submitted', { status: 'submitted' }) as {
      update: string;
      data: Record<string, unknown>;
    };
    expect(edit.update).toBe('abstracts/a1');
    expect(edit.data).not.toHaveProperty('submittedAt');
    expect(edit.data).not.toHaveProperty('createdAt');
    expect((saveAbstractWrite('a1', 'j@e.org', complete, 'draft', { status: 'submitted' }) as { data: Record<string, unknown> }).data.submittedAt).toBeNull();
    expect(withdrawAbstractWrite('a1')).toEqual({ update: 'abstracts/a1', data: { status: 'withdrawn', updatedAt: expect.any(ServerValue) } });
  });
});
