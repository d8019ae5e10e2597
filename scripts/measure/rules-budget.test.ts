import { describe, expect, it } from 'vitest';
import type { OperationRecord, RequestRecord } from '../../emulator/src/rules-usage.ts';
import { budgetTable, heaviest, pathName, requestShape } from './rules-budget.ts';

const op = (method: OperationRecord['method'], path: string, reads: number, expressions: number, allowed = true): OperationRecord => ({
  method,
  path,
  allowed,
  reads: Array.from({ length: reads }, (_, i) => `get:d/${path}-${i}`),
  expressions,
  byFunction: { allow: expressions },
});
let seq = 0;
const request = (kind: RequestRecord['kind'], operations: OperationRecord[]): RequestRecord => ({
  seq: ++seq,
  project: 'p',
  kind,
  caller: '',
  operations,
  documentReads: new Set(operations.flatMap((o) => o.reads)).size,
});

describe('the rules budget report', () => {
  const registering = request('commit', [op('create', 'registrations/r1', 8, 555), op('create', 'throttles/u1', 2, 200), op('update', 'seats/3', 5, 300)]);
  const heavy = request('commit', [op('create', 'registrations/r2', 9, 700), op('update', 'throttles/u2', 2, 200)]);
  const denied = request('commit', [op('create', 'registrations/r3', 10, 900, false)]);
  const reading = request('query', [op('list', 'events', 1, 67)]);

  it('names requests by what the app was doing, and by their operations', () => {
    expect(requestShape(registering)).toBe('commit: create registrations, create throttles, update seats');
    expect(pathName(registering)).toBe('register');
    expect(pathName(reading)).toBe('read');
    expect(pathName(request('commit', [op('create', 'archive/events/items/e1', 1, 10)]))).toBe('archive');
    expect(pathName(request('commit', [op('create', 'nothing/x', 1, 10)]))).toBe('');
    const publishing = [
      op('create', 'publishedAbstracts/a', 4, 232),
      op('create', 'publishedAbstractTexts/a', 4, 200),
      op('update', 'counters/content', 1, 20),
    ];
    expect(pathName(request('commit', publishing))).toBe('publish, place or unpublish an accepted abstract');
    expect(pathName(request('commit', [op('update', 'publishedAbstracts/a', 2, 132), op('update', 'counters/content', 1, 20)]))).toBe(
      'publish, place or unpublish an accepted abstract',
    );
  });

  it('gives each kind of allowed request its worst figures, flags what is over budget, and leaves denied requests out', () => {
    const rows = budgetTable([registering, heavy, denied, reading]);
    const register555 = {
      path: 'register',
      request: 'commit: create registrations, create throttles, update seats',
      seen: 1,
      'op reads': '8/10',
      'request reads': '15/20',
      'summed reads': 15,
      'op expressions': '555/1000',
      budget: 'within',
    };
    const register700 = {
      path: 'register',
      request: 'commit: create registrations, update throttles',
      seen: 1,
      'op reads': '9/10',
      'request reads': '11/20',
      'summed reads': 11,
      'op expressions': '700/1000',
      budget: 'OVER',
    };
    const read = {
      path: 'read',
      request: 'query: list events',
      seen: 1,
      'op reads': '1/10',
      'request reads': '1/10',
      'summed reads': 1,
      'op expressions': '67/1000',
      budget: 'within',
    };
    // Writes first, the heaviest first within a path; reads after.
    expect(rows).toEqual([register700, register555, read]);
  });

  it('lists the heaviest operations once each, with the functions that spent most', () => {
    expect(heaviest([registering, heavy, reading], 2)).toEqual([
      { operation: 'create registrations', in: 'commit', expressions: 700, reads: 9, 'spent most by': 'allow 700' },
      { operation: 'update seats', in: 'commit', expressions: 300, reads: 5, 'spent most by': 'allow 300' },
    ]);
  });
});
