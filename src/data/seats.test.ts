import { describe, expect, it, vi } from 'vitest';

vi.mock('../lib/data.ts', () => ({ db: {} }));
const { countFreeSeats, countSeats, findFreeSeats, freeSeatCandidates, pickOne, seatExpiry, seatIsFree, FREE_SEAT, EPOCH } = await import('./seats.ts');

const HOUR = 3_600_000;
const times = { unpaidHoldHours: 72, offerHours: 48 };
const now = new Date('2027-03-01T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

describe('when a slot is free', () => {
  it('a never-held slot is free; a taken one never lapses', () => {
    expect(seatIsFree(FREE_SEAT, times, now)).toBe(true);
    expect(seatIsFree({ state: 'taken', heldSince: EPOCH }, times, now)).toBe(false);
    expect(seatExpiry({ state: 'taken', heldSince: ago(1000) }, times)).toBeNull();
  });

  it('an unpaid hold lapses after the hold set in Settings, not a moment before (the rules: heldSince + hold < now)', () => {
    expect(seatIsFree({ state: 'held', heldSince: ago(71) }, times, now)).toBe(false);
    expect(seatIsFree({ state: 'held', heldSince: ago(72) }, times, now)).toBe(false);
    expect(seatIsFree({ state: 'held', heldSince: new Date(ago(72).getTime() - 1) }, times, now)).toBe(true);
    expect(seatExpiry({ state: 'held', heldSince: ago(0) }, times)).toEqual(new Date(now.getTime() + 72 * HOUR));
  });

  it('an offer lapses after the offer time, which is not the hold time', () => {
    expect(seatIsFree({ state: 'offered', heldSince: ago(47) }, times, now)).toBe(false);
    expect(seatIsFree({ state: 'offered', heldSince: ago(49) }, times, now)).toBe(true);
    expect(seatIsFree({ state: 'offered', heldSince: ago(49) }, { ...times, offerHours: 50 }, now)).toBe(false);
  });
});

describe('counting seats by aggregation', () => {
  it('asks six counts (state, and the hold or offer cut-off) and adds the free, lapsed and expired ones', async () => {
    const asked: unknown[] = [];
    const answers = [7, 5, 2, 100, 3, 1];
    const client = {
      fetchCount: vi.fn(async (_c: string, filters?: unknown[]) => {
        asked.push(filters);
        return answers[asked.length - 1];
      }),
    };
    expect(await countSeats(times, now, client)).toEqual({ taken: 7, held: 5, offered: 2, free: 104 });
    expect(client.fetchCount).toHaveBeenCalledTimes(6);
    expect(asked[1]).toEqual([
      ['state', '==', 'held'],
      ['heldSince', '>=', ago(72)],
    ]);
    expect(asked[5]).toEqual([
      ['state', '==', 'offered'],
      ['heldSince', '<', ago(48)],
    ]);
  });
});

describe('the free seats the public form asks for', () => {
  it('needs only the three free counts (never held, lapsed holds, lapsed offers), not all six', async () => {
    const fetchCount = vi.fn(async (_c: string, filters?: unknown[][]) => (filters?.[0]?.[2] === 'free' ? 10 : 1));
    expect(await countFreeSeats(times, now, { fetchCount })).toBe(12);
    expect(fetchCount).toHaveBeenCalledTimes(3);
    expect(fetchCount.mock.calls.map(([, f]) => f?.[0]?.[2])).toEqual(['free', 'held', 'offered']);
  });
});

describe('finding a slot to claim', () => {
  it('prefers never-held slots, and reads no lapsed ones when those fill the limit', async () => {
    const fetchDocuments = vi.fn(async (_c: string, options: { where: unknown[][] }) =>
      options.where[0][2] === 'free' ? [{ id: '9' }, { id: '10' }] : [{ id: 'never' }],
    );
    expect(await findFreeSeats(times, 2, now, { fetchDocuments } as never)).toEqual(['9', '10']);
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
  });

  it('fills the rest of the limit with lapsed holds and offers, never more than the limit', async () => {
    const fetchDocuments = vi.fn(async (_c: string, options: { where: unknown[][]; limit: number }) =>
      options.where[0][2] === 'free' ? [{ id: '9' }] : options.where[0][2] === 'held' ? [{ id: '3' }, { id: '4' }].slice(0, options.limit) : [{ id: '8' }],
    );
    expect(await findFreeSeats(times, 3, now, { fetchDocuments } as never)).toEqual(['9', '3', '4']);
    expect(fetchDocuments.mock.calls.slice(1).map(([, o]) => o.limit)).toEqual([2, 2]);
    expect(await findFreeSeats(times, 40, now, { fetchDocuments } as never)).toEqual(['9', '3', '4', '8']);
  });

  it('falls back to lapsed holds, then lapsed offers, oldest first', async () => {
    const fetchDocuments = vi.fn(async (_c: string, options: { where: unknown[][] }) =>
      options.where[0][2] === 'free' ? [] : options.where[0][2] === 'held' ? [{ id: '3' }] : [{ id: '8' }],
    );
    expect(await findFreeSeats(times, 40, now, { fetchDocuments } as never)).toEqual(['3', '8']);
  });

  it('probes random slots first, keeping only those free now', async () => {
    const slots: Record<string, unknown> = {
      '1': { id: '1', ...FREE_SEAT },
      '2': { id: '2', state: 'held', claim: 'X', heldSince: ago(1) },
      '3': { id: '3', state: 'held', claim: 'X', heldSince: ago(100) },
    };
    const client = { fetchDocument: vi.fn(async (_c: string, id: string) => slots[id] ?? null), fetchDocuments: vi.fn() };
    const sequence = [0, 0.4, 0.9, 0.5];
    const random = () => sequence.shift() ?? 0;
    expect((await freeSeatCandidates(3, times, client as never, { random, now })).sort()).toEqual(['1', '3']);
    expect(client.fetchDocuments).not.toHaveBeenCalled();
  });

  it('queries when no probe lands on a free slot, and finds nothing when there are no slots', async () => {
    const client = { fetchDocument: vi.fn(async () => ({ id: '1', state: 'taken', claim: 'X', heldSince: EPOCH })), fetchDocuments: vi.fn(async () => []) };
    expect(await freeSeatCandidates(5, times, client as never, { now })).toEqual([]);
    expect(client.fetchDocuments).toHaveBeenCalled();
    expect(await freeSeatCandidates(0, times, client as never, { now })).toEqual([]);
  });

  it('leaves out a free slot above a lowered capacity (the rules refuse it)', async () => {
    const client = {
      fetchDocument: vi.fn(async () => ({ id: '1', state: 'taken', claim: 'X', heldSince: EPOCH })),
      fetchDocuments: vi.fn(async (_c: string, options: { where: unknown[][] }) => (options.where[0][2] === 'free' ? [{ id: '3' }, { id: '9' }] : [])),
    };
    expect(await freeSeatCandidates(5, times, client as never, { now })).toEqual(['3']);
  });

  it('picks among candidates at random, and nothing from none', () => {
    expect(pickOne(['a', 'b', 'c'], () => 0.99)).toBe('c');
    expect(pickOne(['a', 'b', 'c'], () => 0)).toBe('a');
    expect(pickOne([], () => 0.5)).toBeUndefined();
  });
});

describe('the times a settings document sets', () => {
  it('reads them, with the defaults for a document written before they existed or holding something else', async () => {
    const { seatTimesOf } = await import('./seats.ts');
    expect(seatTimesOf({ unpaidHoldHours: 24, offerHours: 12 })).toEqual({ unpaidHoldHours: 24, offerHours: 12 });
    expect(seatTimesOf({})).toEqual({ unpaidHoldHours: 72, offerHours: 48 });
    expect(seatTimesOf(null)).toEqual({ unpaidHoldHours: 72, offerHours: 48 });
    expect(seatTimesOf({ unpaidHoldHours: '24', offerHours: undefined })).toEqual({ unpaidHoldHours: 72, offerHours: 48 });
  });
});
