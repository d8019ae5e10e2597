import { describe, expect, it } from 'vitest';
import { logFilterSchema, logQueryFilters } from './log-filters.ts';

describe('log filters', () => {
  it('no filter is the whole log, newest first', () => {
    expect(logQueryFilters({ userEmail: '', from: '', to: '' })).toEqual([]);
  });

  it('a user and a date range become equality on userEmail and a range over whole Nairobi days', () => {
    const f = logFilterSchema.parse({ userEmail: ' Editor@Summit.test ', from: '2027-05-12', to: '2027-05-13' });
    expect(logQueryFilters(f)).toEqual([
      ['userEmail', '==', 'editor@summit.test'],
      ['timestamp', '>=', new Date('2027-05-11T21:00:00Z')],
      ['timestamp', '<', new Date('2027-05-13T21:00:00Z')],
    ]);
  });

  it('refuses a partial email and a range that ends before it starts, naming the field', () => {
    const r = logFilterSchema.safeParse({ userEmail: 'editor', from: '2027-05-13', to: '2027-05-12' });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['userEmail', 'Enter a full email address, like editor@summit.test, or leave it empty.']);
    expect(issues).toContainEqual(['to', 'The “to” date must be on or after the “from” date.']);
  });
});
