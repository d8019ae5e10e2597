// One run of the schedule, composed: the waiting list's work, then the retention's in what is left
// of the run, one outcome recorded. The steps themselves run against the real rules in
// tests/integration (timed-work.test.ts, retention.test.ts); here, that the run makes both and
// writes what both did. The SDK's sign-in is stood in for: nothing here talks to a server.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ retention: [] as unknown[][], commits: [] as unknown[][] }));

vi.mock('firebase/auth', async (real) => ({
  ...(await real<typeof import('firebase/auth')>()),
  initializeAuth: () => ({ currentUser: null }),
  signInWithCustomToken: async (auth: { currentUser: unknown }) => {
    auth.currentUser = { uid: 'timed-work' };
  },
}));
vi.mock('../../src/lib/db.ts', async (real) => ({
  ...(await real<typeof import('../../src/lib/db.ts')>()),
  createDb: () => ({
    fetchDocument: async (collection: string) => (collection === 'settings' ? { endDate: new Date('2025-01-01'), retentionMonths: 3 } : null),
    commit: async (writes: unknown[]) => void calls.commits.push(writes),
  }),
}));
vi.mock('../../src/data/timed-work/run.ts', () => ({
  readPassTimes: async () => ({ unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 24 }),
  runTimedWork: async () => ({ offered: 2, passed: 0, reminded: 1, placed: 0, anonymised: 0, failed: 1 }),
}));
vi.mock('../../src/data/timed-work/retention.ts', () => ({
  RETENTION_BUDGET_MS: 35_000,
  runRetention: async (...args: unknown[]) => {
    calls.retention.push(args);
    return { anonymised: 4, failed: 2 };
  },
}));

const { createSystemRunner } = await import('./system-runner.ts');

beforeEach(() => {
  calls.retention.length = 0;
  calls.commits.length = 0;
});

describe('a run of the schedule', () => {
  it('runs the retention after the waiting list, on the settings read, and records what both did', async () => {
    const runner = createSystemRunner({ firebase: { apiKey: 'k', projectId: 'p' }, mintToken: async () => 'token', name: 'runner-test' });
    const { outcome } = await runner.runOnce();
    expect(outcome).toEqual({ offered: 2, passed: 0, reminded: 1, placed: 0, anonymised: 4, failed: 3 });
    const [, settings, options] = calls.retention[0] as [unknown, unknown, { now: Date; inTime: () => boolean }];
    expect(settings).toEqual({ endDate: new Date('2025-01-01'), retentionMonths: 3 });
    expect(options.now).toBeInstanceOf(Date);
    // Started just now: well inside the run's budget.
    expect(options.inTime()).toBe(true);
    expect(calls.commits).toHaveLength(1);
    expect((calls.commits[0][0] as { data: Record<string, unknown> }).data).toMatchObject({ anonymised: 4, failed: 3, offered: 2 });
    await runner.close();
  });
});
