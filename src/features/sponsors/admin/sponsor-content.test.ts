import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { sponsorContent, sponsorSchema } from './sponsor-content.ts';

const seeded = demoDocuments().filter(([path]) => path.startsWith('sponsors/'));

describe('sponsor content', () => {
  it('opens and saves back every seeded sponsor unchanged', () => {
    for (const [, doc] of seeded) expect(roundTripProblems(sponsorContent, doc)).toEqual([]);
  });

  it('needs a tier; website and logo are optional', () => {
    const values = { ...formValues(sponsorContent, null), organisation: 'Trust' };
    expect(sponsorSchema.safeParse(values).error?.issues[0].message).toBe('Choose the tier.');
    expect(sponsorSchema.parse({ ...values, tier: 'gold' })).toEqual({ organisation: 'Trust', tier: 'gold', website: '', logoUrl: '', published: false });
  });
});
