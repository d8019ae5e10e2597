import { describe, expect, it } from 'vitest';
import type { BatchWrite } from '../../../lib/db-shapes.ts';
import type { AbstractDecision } from '../../../data/abstract-decision.ts';
import type { Abstract } from '../../../data/abstracts.ts';
import { PUBLISH_PER_COMMIT, type PublishedAbstract } from '../../../data/published-abstracts.ts';
import { acceptedRows, nextPlace, placement, publishRun, runningOrder, sessionLabel, toPublish, unpublishable } from './programme.ts';

const abstract = (id: string, fields: Partial<Abstract> = {}) => ({ id, title: `Title ${id}`, consent: true, ...fields }) as Abstract;
const decision = (id: string, outcome: AbstractDecision['outcome']) => ({ id, outcome }) as AbstractDecision;
const listing = (id: string, sessionId = '', sessionOrder = 0) => ({ id, title: `Title ${id}`, sessionId, sessionOrder }) as PublishedAbstract;
const message = (w: BatchWrite | undefined) => (w && 'set' in w ? (w.data as { message: string }).message : '');
const session = { id: 's1', title: 'Screening', day: 1, startsAt: new Date('2027-03-10T06:00:00Z'), endsAt: new Date('2027-03-10T07:30:00Z'), room: 'Hall A' };

describe('the accepted abstracts and their publication', () => {
  it('joins accepted decisions with their abstracts and copies; rejected ones are out; a copy nothing accepts is kept to unpublish', () => {
    const rows = acceptedRows(
      [abstract('b'), abstract('a'), abstract('r'), abstract('n', { consent: false })],
      [decision('a', 'oral'), decision('b', 'poster'), decision('r', 'reject'), decision('n', 'poster'), decision('w', 'oral')],
      [listing('b'), listing('x')],
    );
    expect(rows.map((r) => [r.id, r.outcome, !!r.abstract, !!r.listing])).toEqual([
      ['a', 'oral', true, false],
      ['b', 'poster', true, true],
      ['n', 'poster', true, false],
      ['x', null, false, true],
      // (Titled by its id: neither the abstract nor a copy is there.)
      ['w', 'oral', false, false],
    ]);
    // Only the accepted, unpublished, consented one is published.
    expect(toPublish(rows)).toEqual([{ abstract: rows[0].abstract, presentation: 'oral' }]);
    expect(rows.map(unpublishable)).toEqual([
      '',
      '',
      'Not published: its author did not consent to publication.',
      '',
      'Not published: the abstract is no longer submitted (withdrawn or erased).',
    ]);
  });

  it('publishes in commits of PUBLISH_PER_COMMIT, each with the content version and its log line', () => {
    const items = Array.from({ length: PUBLISH_PER_COMMIT + 1 }, (_, i) => ({ abstract: abstract(`a${i}`), presentation: 'poster' as const }));
    const run = publishRun(items, 'admin@summit.test');
    expect(run.map((c) => c.stores)).toEqual([PUBLISH_PER_COMMIT, 1]);
    const last = run[1].writes;
    expect(last.map((w) => ('set' in w ? w.set.split('/')[0] : ''))).toEqual(['publishedAbstracts', 'publishedAbstractTexts', 'counters', 'logs']);
    expect(message(last[3])).toBe('Published 1 accepted abstract (part 2 of 2)');
    expect(message(run[0].writes.at(-1))).toBe(`Published ${PUBLISH_PER_COMMIT} accepted abstracts (part 1 of 2)`);
  });
});

describe('sessions and running order', () => {
  it('labels a session by day, Nairobi time, title and room, saying when visitors do not see it yet', () => {
    expect(sessionLabel(session)).toBe('Day 1, 09:00–10:30: Screening (Hall A)');
    expect(sessionLabel({ ...session, room: '', published: false })).toBe('Day 1, 09:00–10:30: Screening, not published yet');
  });

  it('orders a session’s abstracts by place then title, and proposes the place after the last', () => {
    const listings = [listing('c', 's1', 1), listing('b', 's1', 0), listing('a', 's1', 1), listing('d', 's2', 4), listing('e')];
    expect(runningOrder(listings, 's1').map((l) => l.id)).toEqual(['b', 'a', 'c']);
    expect(runningOrder(listings, '')).toEqual([]);
    expect(nextPlace(listings, 's1')).toBe(2);
    expect(nextPlace(listings, 's3')).toBe(0);
    // Moving the last one within its session proposes its own place again.
    expect(nextPlace(listings, 's2', 'd')).toBe(0);
    expect(nextPlace([listing('z', 's1', 999)], 's1')).toBe(999);
  });

  it('says where a published abstract stands', () => {
    expect(placement(listing('a'), [session])).toBe('Published, not in a session');
    expect(placement(listing('a', 's1', 2), [session])).toBe('Day 1, 09:00–10:30: Screening (Hall A), place 3');
    expect(placement(listing('a', 'gone', 0), [session])).toBe('Published, in a session since removed');
  });
});
