import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { resourceContent, resourceSchema } from './resource-content.ts';

const seeded = demoDocuments().filter(([path]) => path.startsWith('resources/'));

describe('resource content', () => {
  it('opens and saves back every seeded resource unchanged', () => {
    for (const [, doc] of seeded) expect(roundTripProblems(resourceContent, doc)).toEqual([]);
  });

  it('needs a link the public page can open', () => {
    const base = formValues(resourceContent, seeded[0][1]);
    expect(resourceSchema.safeParse({ ...base, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(resourceSchema.safeParse({ ...base, url: '' }).success).toBe(false);
  });
});
