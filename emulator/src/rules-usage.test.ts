import { describe, expect, it } from 'vitest';
import { RulesUsageLog, USAGE_CAPACITY } from './rules-usage.ts';

describe('the rules usage log', () => {
  it('keeps the latest requests only, oldest first, and counts a request’s distinct reads', () => {
    const log = new RulesUsageLog();
    for (let i = 0; i < USAGE_CAPACITY + 2; i++) {
      const r = log.start('p', 'commit', 'ann@example.org');
      log.add(r, 'create', `a/${i}`, { allowed: true, usage: { reads: ['get:x/1', `get:y/${i}`], expressions: 3 } });
      log.add(r, 'update', `b/${i}`, { allowed: true, usage: { reads: ['get:x/1'], expressions: 2 } });
    }
    const all = log.list('p');
    expect(all).toHaveLength(USAGE_CAPACITY);
    expect(all[0].seq).toBe(3);
    expect(all[0].documentReads).toBe(2);
    expect(all[0].operations[1]).toEqual({ method: 'update', path: 'b/2', allowed: true, reads: ['get:x/1'], expressions: 2, byFunction: {} });
  });

  it('leaves out operations decided without rules (no usage)', () => {
    const log = new RulesUsageLog();
    const r = log.start('p', 'get', '');
    log.add(r, 'get', 'a/1', { allowed: true });
    expect(r.operations).toEqual([]);
  });
});
