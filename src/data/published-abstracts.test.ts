import { describe, expect, it } from 'vitest';
import type { Abstract } from './abstracts.ts';
import { placeWrite, publishCommits, publishWrites, unpublishWrites, PUBLISH_PER_COMMIT } from './published-abstracts.ts';

const abstract = (id: string): Abstract => ({
  id,
  email: 'author@example.org',
  status: 'submitted',
  title: 'Cervical screening uptake',
  authors: ['Achieng Otieno', 'Kiprop Kemboi'],
  affiliations: ['KNH', 'Moi University'],
  presenting: 1,
  track: 'prevention',
  presentation: 'poster',
  background: 'B.',
  methods: 'M.',
  results: 'R.',
  conclusions: 'C.',
  keywords: 'screening',
  conflicts: 'Consults for a vaccine maker.',
  consent: true,
  createdAt: new Date(),
  updatedAt: new Date(),
  submittedAt: new Date(),
});

describe('publishing an accepted abstract', () => {
  it('writes the listing (under the decision’s presentation, not placed) and the text, and nothing of the author’s address or conflicts', () => {
    const [listing, text] = publishWrites(abstract('a1'), 'oral') as Array<{ set: string; data: Record<string, unknown> }>;
    expect(listing.set).toBe('publishedAbstracts/a1');
    expect(listing.data).toEqual({
      id: 'a1',
      title: 'Cervical screening uptake',
      authors: ['Achieng Otieno', 'Kiprop Kemboi'],
      affiliations: ['KNH', 'Moi University'],
      presenting: 1,
      track: 'prevention',
      presentation: 'oral',
      keywords: 'screening',
      sessionId: '',
      sessionOrder: 0,
      publishedAt: expect.anything(),
    });
    expect(text).toEqual({ set: 'publishedAbstractTexts/a1', data: { id: 'a1', background: 'B.', methods: 'M.', results: 'R.', conclusions: 'C.' } });
    expect(JSON.stringify([listing.data, text.data])).not.toMatch(/author@example|vaccine|consent/);
  });

  it('cuts a run into commits of PUBLISH_PER_COMMIT abstracts, each abstract’s two writes together', () => {
    const items = Array.from({ length: PUBLISH_PER_COMMIT * 2 + 1 }, (_, i) => ({ abstract: abstract(`a${i}`), presentation: 'poster' as const }));
    const commits = publishCommits(items);
    expect(commits.map((c) => c.length)).toEqual([PUBLISH_PER_COMMIT * 2, PUBLISH_PER_COMMIT * 2, 2]);
    expect(commits[2]).toEqual([
      expect.objectContaining({ set: `publishedAbstracts/a${PUBLISH_PER_COMMIT * 2}` }),
      expect.objectContaining({ set: `publishedAbstractTexts/a${PUBLISH_PER_COMMIT * 2}` }),
    ]);
    expect(publishCommits([])).toEqual([]);
  });
});

describe('placing and unpublishing', () => {
  it('places it in a session at a place, and out of one back at the first place', () => {
    expect(placeWrite('a1', 'session-1', 3)).toEqual({ update: 'publishedAbstracts/a1', data: { sessionId: 'session-1', sessionOrder: 3 } });
    expect(placeWrite('a1', '', 3)).toEqual({ update: 'publishedAbstracts/a1', data: { sessionId: '', sessionOrder: 0 } });
  });

  it('takes off the listing and the text', () => {
    expect(unpublishWrites('a1')).toEqual([{ delete: 'publishedAbstracts/a1' }, { delete: 'publishedAbstractTexts/a1' }]);
  });
});
