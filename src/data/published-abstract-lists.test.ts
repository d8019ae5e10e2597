import { describe, expect, it } from 'vitest';
import { abstractsBySession, abstractsByTrack, isPublishedAbstractId, numberedAffiliations, trackLabel, trackOrder } from './published-abstract-lists.ts';

const placed = (title: string, sessionId: string, sessionOrder: number) => ({ title, sessionId, sessionOrder });

describe('abstractsBySession', () => {
  it('groups placed abstracts by session, each in running order (place, then title), leaving out unplaced ones', () => {
    const sessions = abstractsBySession([
      placed('Zeta', 's1', 1),
      placed('Beta', 's1', 0),
      placed('Alpha', 's1', 1),
      placed('Gamma', 's2', 0),
      placed('Not placed', '', 0),
    ]);
    expect([...sessions.keys()]).toEqual(['s1', 's2']);
    expect(sessions.get('s1')!.map((a) => a.title)).toEqual(['Beta', 'Alpha', 'Zeta']);
    expect(sessions.get('s2')!.map((a) => a.title)).toEqual(['Gamma']);
  });

  it('is empty for no abstracts', () => {
    expect(abstractsBySession([]).size).toBe(0);
  });
});

describe('trackOrder', () => {
  it('lists the call’s tracks by label, as /abstracts does, the key breaking a tie', () => {
    expect(trackOrder({ t: 'Treatment', p: 'Prevention', b: 'Treatment', a: 'Access' })).toEqual([
      ['a', 'Access'],
      ['p', 'Prevention'],
      ['b', 'Treatment'],
      ['t', 'Treatment'],
    ]);
  });
});

describe('abstractsByTrack', () => {
  const a = (title: string, track: string) => ({ title, track });
  const tracks = { treatment: 'Treatment and care', prevention: 'Prevention', survivorship: 'Survivorship' };

  it('gives the call’s tracks that have abstracts in the call’s order, then removed tracks by key, each by title', () => {
    const groups = abstractsByTrack([a('B', 'treatment'), a('Z', 'zombie'), a('A', 'treatment'), a('C', 'prevention'), a('D', 'old')], tracks);
    expect(groups.map((g) => [g.key, g.label, g.known, g.abstracts.map((x) => x.title)])).toEqual([
      ['prevention', 'Prevention', true, ['C']],
      ['treatment', 'Treatment and care', true, ['A', 'B']],
      ['old', 'old', false, ['D']],
      ['zombie', 'zombie', false, ['Z']],
    ]);
  });

  it('is empty with nothing published, whatever the call', () => {
    expect(abstractsByTrack([], tracks)).toEqual([]);
  });

  it('orders titles without case or accents, alike in every browser (not by its collation), equal titles by id', () => {
    const titles = ['fox study', 'Évolution of care', 'delta trial', 'Zeta', 'ébauche', 'delta trial'];
    const [group] = abstractsByTrack(
      titles.map((title, i) => ({ id: `t${5 - i}`, title, track: 'prevention' })),
      tracks,
    );
    expect(group.abstracts.map((x) => `${x.title} ${x.id}`)).toEqual([
      'delta trial t0',
      'delta trial t3',
      'ébauche t1',
      'Évolution of care t4',
      'fox study t5',
      'Zeta t2',
    ]);
  });

  it('does not take a key of Object’s prototype for a track', () => {
    expect(abstractsByTrack([a('X', 'toString')], {}).map((g) => [g.label, g.known])).toEqual([['toString', false]]);
  });
});

describe('numberedAffiliations', () => {
  it('numbers each affiliation once, in order of first appearance; identical ones (spaces aside) share a number', () => {
    expect(numberedAffiliations(['KNH', 'Moi University', ' KNH ', 'Moi  University', 'Aga Khan'])).toEqual({
      list: ['KNH', 'Moi University', 'Aga Khan'],
      numbers: [1, 2, 1, 2, 3],
    });
  });

  it('gives an author without an affiliation no number', () => {
    expect(numberedAffiliations(['', 'KNH', '  '])).toEqual({ list: ['KNH'], numbers: [null, 1, null] });
  });

  it('tells different affiliations apart even when they differ only in case', () => {
    expect(numberedAffiliations(['KNH', 'knh']).numbers).toEqual([1, 2]);
  });
});

describe('isPublishedAbstractId', () => {
  it('takes ids as the site makes them, and nothing that could reach another path', () => {
    expect(isPublishedAbstractId('aB3dE5fG7hJ9kL1mN3pQ')).toBe(true);
    expect(isPublishedAbstractId('demo-abstract_1')).toBe(true);
    for (const bad of ['', '..', 'a/b', 'a b', 'a%2Fb', 'x'.repeat(129)]) expect(isPublishedAbstractId(bad), bad).toBe(false);
  });
});

describe('trackLabel', () => {
  it('is the call’s label, or the key of a track the call no longer has, never a property every object has', () => {
    expect(trackLabel({ p: 'Prevention' }, 'p')).toBe('Prevention');
    expect(trackLabel({ p: 'Prevention' }, 'gone')).toBe('gone');
    expect(trackLabel({}, 'toString')).toBe('toString');
  });
});
