import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThrottledError, throttleMessage, throttleWrite, VISITOR_LIMITS } from './visitor-throttle.ts';

const fake = vi.hoisted(() => ({
  throttle: null as Record<string, unknown> | null,
  committed: [] as unknown[][],
  fail: null as Error | null,
  stored: false,
}));

vi.mock('../lib/visitor-auth.ts', () => ({ visitorUid: async () => 'uid-1' }));
vi.mock('../lib/app-check.ts', () => ({ startAppCheck: async () => {} }));
vi.mock('../lib/data.ts', () => ({
  db: {
    load: async () => {},
    transact: async (paths: string[], decide: (docs: unknown[], read: (path: string) => Promise<unknown>) => Promise<{ writes: unknown[] }>) => {
      expect(paths).toEqual(['throttles/uid-1']);
      const { writes } = await decide([fake.throttle], async (path) => (path === 'seats/9' ? { id: '9', state: 'free' } : null));
      if (fake.fail) throw fake.fail;
      fake.committed.push(writes);
    },
    fetchDocument: async () => (fake.stored ? { id: 'm1' } : null),
  },
}));

const { submitAsVisitor } = await import('./visitor-submit.ts');

beforeEach(() => {
  fake.throttle = null;
  fake.committed.length = 0;
  fake.fail = null;
  fake.stored = false;
});

describe('a visitor submission', () => {
  it('commits the writes with the visitor’s throttle entry, in one transaction', async () => {
    expect(await submitAsVisitor('messages', 'm1', [{ set: 'messages/m1', data: {} }])).toBe('m1');
    expect(fake.committed).toHaveLength(1);
    expect(fake.committed[0][0]).toEqual({ set: 'messages/m1', data: {} });
    expect(fake.committed[0][1]).toMatchObject({ set: 'throttles/uid-1', merge: true, data: { messages: { count: 1, lastId: 'm1' } } });
  });

  it('decides its writes on documents read in the same transaction, when given a decision', async () => {
    const decide = async (read: (path: string) => Promise<unknown>) => [
      { set: 'seats/9', data: { was: ((await read('seats/9')) as { state: string }).state } },
    ];
    expect(await submitAsVisitor('registrations', 'r1', decide)).toBe('r1');
    expect(fake.committed[0][0]).toEqual({ set: 'seats/9', data: { was: 'free' } });
    expect(fake.committed[0][1]).toMatchObject({ set: 'throttles/uid-1', data: { registrations: { count: 1, lastId: 'r1' } } });
  });

  it('after a lost reply, a retry that finds the first attempt stored succeeds (nothing counted twice)', async () => {
    fake.fail = new Error('deadline exceeded');
    fake.stored = true;
    expect(await submitAsVisitor('messages', 'm1', [])).toBe('m1');
  });

  it('a failure that stored nothing is reported, so the form can keep the answers and say so', async () => {
    fake.fail = Object.assign(new Error('denied'), { code: 'permission-denied' });
    await expect(submitAsVisitor('messages', 'm1', [])).rejects.toThrow('denied');
  });

  it('at the limit, refuses before sending and says when to try again', async () => {
    fake.throttle = { messages: { count: VISITOR_LIMITS.messages.count, windowStart: new Date(Date.now() - 60_000), lastId: 'm0' } };
    const error = await submitAsVisitor('messages', 'm1', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThrottledError);
    expect(fake.committed).toEqual([]);
    expect(throttleMessage(error, 'messages')).toMatch(
      /^You have sent several messages in the last hour, the most we accept from one browser\. Your answers are still here: you can send this one after \d\d:\d\d \(Nairobi time\)\.$/,
    );
    expect(throttleMessage(new Error('offline'), 'messages')).toBeNull();
  });
});

describe('the throttle write', () => {
  const now = new Date('2027-02-01T09:00:00Z');
  const entry = (count: number, minutesAgo: number) => ({ count, windowStart: new Date(now.getTime() - minutesAgo * 60_000), lastId: 'earlier' });

  it('starts a window at the server’s time for a first submission', () => {
    expect(throttleWrite('u', 'registrations', 'r1', undefined, now)).toMatchObject({
      set: 'throttles/u',
      merge: true,
      data: { registrations: { count: 1, lastId: 'r1' } },
    });
  });

  it('moves the count by one under the limit, leaving the window’s start untouched', () => {
    const write = throttleWrite('u', 'registrations', 'r2', entry(VISITOR_LIMITS.registrations.count - 1, 10), now) as {
      update: string;
      data: Record<string, unknown>;
    };
    expect(write.update).toBe('throttles/u');
    expect(Object.keys(write.data).sort()).toEqual(['registrations.count', 'registrations.lastId']);
    expect(write.data['registrations.lastId']).toBe('r2');
  });

  it('at the limit: refused until the window is over (the boundary included), then a new window', () => {
    const limit = VISITOR_LIMITS.messages;
    expect(() => throttleWrite('u', 'messages', 'm', entry(limit.count, 59), now)).toThrow(ThrottledError);
    const atEnd = { ...entry(limit.count, 0), windowStart: new Date(now.getTime() - limit.windowSeconds * 1000 + 1) };
    expect(() => throttleWrite('u', 'messages', 'm', atEnd, now)).toThrow(ThrottledError);
    const over = { ...entry(limit.count, 0), windowStart: new Date(now.getTime() - limit.windowSeconds * 1000) };
    expect(throttleWrite('u', 'messages', 'm', over, now)).toMatchObject({ set: 'throttles/u', data: { messages: { count: 1 } } });
    const refusal = (() => {
      try {
        return throttleWrite('u', 'messages', 'm', entry(limit.count, 10), now);
      } catch (error) {
        return error;
      }
    })();
    expect((refusal as ThrottledError).retryAt).toEqual(new Date(now.getTime() + (limit.windowSeconds - 600) * 1000));
  });
});
