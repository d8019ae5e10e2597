import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { eventContent, eventSchema } from './event-content.ts';

const seeded = demoDocuments().filter(([path]) => path.startsWith('events/'));

describe('event content', () => {
  it('opens and saves back every seeded event unchanged', () => {
    expect(seeded.length).toBeGreaterThan(1);
    for (const [, doc] of seeded) expect(roundTripProblems(eventContent, doc)).toEqual([]);
  });

  it('stores Nairobi times as Dates, and the end must follow the start', () => {
    const values = {
      ...formValues(eventContent, null),
      title: 'Walk',
      description: 'A walk.',
      venue: 'Uhuru Park',
      startsAt: '2031-03-14T08:00',
      endsAt: '2031-03-14T12:00',
    };
    expect(eventSchema.parse(values)).toMatchObject({
      startsAt: new Date('2031-03-14T05:00:00Z'),
      endsAt: new Date('2031-03-14T09:00:00Z'),
      registrationUrl: '',
      published: false,
    });
    const backwards = eventSchema.safeParse({ ...values, endsAt: '2031-03-14T07:00' });
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endsAt', 'The end must be after the start.']]);
  });
});
