import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { sessionContent, sessionSchema } from './session-content.ts';

const seeded = demoDocuments().filter(([path]) => path.startsWith('sessions/'));

describe('programme session content', () => {
  it('opens and saves back every seeded session unchanged, speakers included', () => {
    expect(seeded.length).toBe(9);
    for (const [, doc] of seeded) expect(roundTripProblems(sessionContent, doc)).toEqual([]);
  });

  it('stores the day as a number and the chosen speaker ids, and the end must follow the start', () => {
    const values: Record<string, unknown> = { ...formValues(sessionContent, seeded[0][1]), day: '2', speakerIds: ['amina-otieno', 'grace-achieng'] };
    expect(sessionSchema.parse(values)).toMatchObject({ day: 2, speakerIds: ['amina-otieno', 'grace-achieng'] });
    const backwards = sessionSchema.safeParse({ ...values, endsAt: values.startsAt });
    expect(backwards.error?.issues[0].path).toEqual(['endsAt']);
  });
});
