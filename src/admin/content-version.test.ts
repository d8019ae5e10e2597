import { describe, expect, it } from 'vitest';
import { changesPublicContent, contentVersionWrites } from './content-version.ts';

describe('the public content version', () => {
  it('moves with a change to anything a public page shows, archive moves included', () => {
    for (const path of [
      'settings/site',
      'publications/a',
      'events/a',
      'jobs/a',
      'tenders/a',
      'resources/a',
      'speakers/a',
      'sessions/a',
      'sponsors/a',
      'publishedAbstracts/a',
      'publishedAbstractTexts/a',
      'archive/events/items/a',
    ]) {
      expect(changesPublicContent([path]), path).toBe(true);
    }
  });

  it('stays put for back-office records visitors never see', () => {
    for (const path of [
      'registrations/a',
      'payments/a',
      'invoices/a',
      'logs/a',
      'staff/a@b.org',
      'procurement/a',
      'archive/registrations/items/a',
      'settings/cpd',
      'abstracts/a',
      'abstractDecisions/a',
    ]) {
      expect(changesPublicContent([path]), path).toBe(false);
    }
  });

  it('is one write of the commit that makes the change, or none', () => {
    expect(contentVersionWrites(['events/e', 'speakers/s', 'logs/l'])).toEqual([
      { set: 'counters/content', data: { version: expect.anything() }, merge: true },
    ]);
    expect(contentVersionWrites(['logs/l'])).toEqual([]);
  });
});
