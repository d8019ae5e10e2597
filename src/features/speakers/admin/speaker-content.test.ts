import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { speakerContent, speakerSchema } from './speaker-content.ts';

const seeded = demoDocuments().filter(([path]) => path.startsWith('speakers/'));

describe('speaker content', () => {
  it('opens and saves back every seeded speaker unchanged', () => {
    expect(seeded.length).toBe(6);
    for (const [, doc] of seeded) expect(roundTripProblems(speakerContent, doc)).toEqual([]);
  });

  it('stores the display order as a number and lists speakers in that order', () => {
    const values = { ...formValues(speakerContent, null), name: 'Dr A', title: 'Oncologist', organisation: 'KNH', bio: 'Bio.' };
    expect(speakerSchema.parse(values)).toMatchObject({ order: 1, photoUrl: '', published: false });
    expect(speakerSchema.safeParse({ ...values, order: '0' }).success).toBe(false);
    expect(speakerContent.listOrder).toEqual(['order', 'asc']);
  });
});
