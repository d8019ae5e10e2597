import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { publicationContent, publicationSchema } from './publication-content.tsx';

const seeded = demoDocuments().filter(([path]) => path.startsWith('publications/'));

describe('publication content', () => {
  it('opens and saves back every seeded article, drafts included, unchanged', () => {
    expect(seeded.length).toBeGreaterThan(4);
    for (const [, doc] of seeded) expect(roundTripProblems(publicationContent, doc)).toEqual([]);
  });

  it('stores what the public article page reads', () => {
    const values = {
      ...formValues(publicationContent, null),
      title: ' Know the signs ',
      slug: 'know-the-signs-2027-may-12',
      category: 'awareness',
      summary: 'Seven signs.',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
    };
    expect(publicationSchema.parse(values)).toEqual({
      title: 'Know the signs',
      slug: 'know-the-signs-2027-may-12',
      category: 'awareness',
      summary: 'Seven signs.',
      author: 'Summit Secretariat',
      body: values.body,
      coverImageUrl: '',
      coverImageAlt: '',
      published: false,
    });
  });

  it('a cover image needs its description, and an unknown category is refused', () => {
    const base = { ...formValues(publicationContent, seeded[0][1]) };
    const noAlt = publicationSchema.safeParse({ ...base, coverImageUrl: 'https://x.org/c.jpg', coverImageAlt: '' });
    expect(noAlt.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['coverImageAlt', 'Describe the cover image for people who cannot see it.'],
    ]);
    expect(publicationSchema.safeParse({ ...base, category: 'gossip' }).error?.issues[0].message).toBe('Choose the category.');
  });

  it('is published at /blogs/{slug} and stamps publishedAt on first publication', () => {
    expect(publicationContent.publicPath?.({ id: 'a', slug: 'abc' })).toBe('/blogs/abc');
    expect(publicationContent.firstPublishedField).toBe('publishedAt');
  });
});
