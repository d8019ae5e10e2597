import { describe, expect, it } from 'vitest';
import type { AllowCoverage, FunctionCoverage, RulesCoverageReport } from '../../emulator/src/rules/coverage.ts';
import type { CoverageReason } from '../../tests/integration/rules-coverage-reasons.ts';
import { coverageEntries, describeGap, formatCoverage, staleReasons, summarize } from './rules-coverage.ts';

const D = '/databases/{database}/documents';
const allow = (line: number, methods: AllowCoverage['methods'], path: string, t: number, f: number, e = 0, constant?: boolean): AllowCoverage => ({
  line,
  methods,
  path: `${D}${path}`,
  true: t,
  false: f,
  error: e,
  ...(constant === undefined ? {} : { constant }),
});
const fn = (line: number, name: string, t: number, f: number, value = 0, error = 0): FunctionCoverage => ({ name, line, true: t, false: f, value, error });

const REPORT: RulesCoverageReport = {
  file: 'firestore.rules',
  allows: [
    allow(10, ['get'], '/throttles/{uid}', 3, 2),
    allow(11, ['create', 'update'], '/throttles/{uid}', 4, 0, 5),
    allow(12, ['delete'], '/throttles/{uid}', 0, 2, 0, false),
    allow(13, ['get', 'list'], '/open/{id}', 7, 0, 0, true),
    allow(14, ['get'], '/open/{id}', 0, 0),
  ],
  functions: [fn(1, 'signedIn', 9, 1), fn(2, 'role', 0, 0, 12), fn(3, 'isSystem', 0, 4), fn(4, 'unused', 0, 0, 0, 2)],
};

const REASONS: CoverageReason[] = [
  { entry: 'function isSystem', never: 'true', why: 'no test signs in as the timed work' },
  { entry: 'allow get /throttles/{uid}', never: 'false', why: 'reached after all' },
  { entry: 'function gone', never: 'true', why: 'a function since removed' },
];

describe('the rules coverage report', () => {
  const entries = coverageEntries(REPORT, REASONS);
  const by = (key: string) => entries.find((e) => e.key === key)!;

  it('names entries without line numbers, telling apart two allows of one block for the same methods', () => {
    expect(entries.map((e) => e.key)).toEqual([
      'allow get /throttles/{uid}',
      'allow create, update /throttles/{uid}',
      'allow delete /throttles/{uid}',
      'allow get, list /open/{id}',
      'allow get /open/{id}',
      'function signedIn',
      'function role',
      'function isSystem',
      'function unused',
    ]);
    const twice = coverageEntries({ file: 'f', allows: [allow(1, ['get'], '/a/{id}', 1, 1), allow(2, ['get'], '/a/{id}', 1, 1)], functions: [] }, []);
    expect(twice.map((e) => e.key)).toEqual(['allow get /a/{id}', 'allow get /a/{id} #2']);
  });

  it('finds the ways not reached: an error is not a false; a value function is covered once it returned', () => {
    expect(by('allow get /throttles/{uid}').missing).toEqual([]);
    expect(by('allow create, update /throttles/{uid}').missing).toEqual(['false']);
    expect(by('allow get /open/{id}').missing).toEqual(['true', 'false']);
    expect(by('function signedIn').missing).toEqual([]);
    expect(by('function role').missing).toEqual([]);
    expect(by('function isSystem').missing).toEqual(['true']);
    expect(by('function unused').missing).toEqual(['returned']);
  });

  it('takes reasons from the file and from constant conditions', () => {
    expect(by('function isSystem').reasons).toEqual({ true: 'no test signs in as the timed work' });
    expect(by('allow delete /throttles/{uid}').reasons).toEqual({ true: 'constant: `if false` denies by design' });
    expect(by('allow get, list /open/{id}').reasons).toEqual({ false: 'constant: the condition always grants' });
    expect(by('allow get /throttles/{uid}').reasons).toEqual({}); // reached: the reason is not used
  });

  it('lists stale reasons: no such entry, or a way reached after all', () => {
    expect(staleReasons(entries, REASONS).map((r) => r.entry)).toEqual(['allow get /throttles/{uid}', 'function gone']);
  });

  it('sums up: both ways, explained, and the gaps', () => {
    const s = summarize(entries);
    expect(s.allows).toEqual({ total: 5, bothWays: 1, explained: 2 });
    expect(s.functions).toEqual({ total: 4, bothWays: 2, explained: 1 });
    expect(s.gaps.map((e) => e.key)).toEqual(['allow create, update /throttles/{uid}', 'allow get /open/{id}', 'function unused']);
    expect(s.explained.map((e) => e.key)).toEqual(['allow delete /throttles/{uid}', 'allow get, list /open/{id}', 'function isSystem']);
  });

  it('describes a gap with its counts and reasons', () => {
    expect(describeGap(by('allow create, update /throttles/{uid}'))).toBe('L11 allow create, update /throttles/{uid} (true 4, false 0, error 5): never false');
    expect(describeGap(by('function isSystem'))).toBe(
      'L3 function isSystem (true 0, false 4, value 0, error 0): never true: no test signs in as the timed work',
    );
    expect(describeGap(by('function unused'))).toBe('L4 function unused (true 0, false 0, value 0, error 2): never returned');
  });

  it('prints the tables, the figures, the gaps, the reasons and the stale reasons', () => {
    const text = formatCoverage(REPORT, entries, staleReasons(entries, REASONS), 'Rules coverage: a test');
    expect(text).toContain(
      [
        'line  allow                            true  false  error',
        'L10   get /throttles/{uid}                3      2      0',
        'L11   create, update /throttles/{uid}     4      0      5  GAP',
        'L12   delete /throttles/{uid}             0      2      0  reason',
      ].join('\n'),
    );
    expect(text).toContain('L2    role         0      0     12      0\n');
    expect(text).toContain('Reached both ways: allows 1/5, functions 2/4');
    expect(text).toContain('with a written reason for the rest: allows 2, functions 1.');
    expect(text).toContain('Not reached both ways, without a reason (3):\n  L11 allow create, update /throttles/{uid}');
    expect(text).toContain('Not reached both ways, with a reason (3):\n  L12 allow delete /throttles/{uid}');
    expect(text).toContain(
      'Stale reasons (no such entry, or the way was reached: remove them) (2):\n  allow get /throttles/{uid}: never false: reached after all',
    );
    expect(formatCoverage(REPORT, entries, [], 't')).not.toContain('Stale');
  });
});
