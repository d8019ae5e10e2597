import { describe, expect, it, vi } from 'vitest';

vi.mock('../lib/data.ts', () => ({ db: {} }));
const { capacityRefusal, planSlots, seatMoveWrites, seatsInUse, syncSeatSlots } = await import('./seat-capacity.ts');
const { FREE_SEAT, EPOCH } = await import('./seats.ts');
const { serverValues } = await import('../lib/db.ts');

const HOUR = 3_600_000;
const times = { unpaidHoldHours: 72, offerHours: 48 };
const now = new Date('2027-03-01T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
const claim = (c: string) => c.repeat(16);

describe('a lower capacity', () => {
  it('is refused below the seats taken, held unpaid or offered, and allowed at exactly that many', () => {
    expect(seatsInUse({ taken: 5, held: 2, offered: 1 })).toBe(8);
    expect(capacityRefusal(7, 8)).toBe(
      '8 seats are taken, held unpaid or offered: the capacity cannot be lower than that. Cancel registrations, or let unpaid holds and offers lapse, first.',
    );
    expect(capacityRefusal(8, 8)).toBe('');
    expect(capacityRefusal(0, 0)).toBe('');
    expect(capacityRefusal(1199, 1200)).toMatch(/^1,200 seats/);
  });
});

describe('planning the slots for a capacity', () => {
  const existing = [
    { id: '1', state: 'taken' as const, claim: claim('a'), heldSince: ago(1) },
    { id: '2', state: 'free' as const, claim: '', heldSince: EPOCH },
    { id: '3', state: 'held' as const, claim: claim('c'), heldSince: ago(100) }, // lapsed: free
    { id: '5', state: 'offered' as const, claim: claim('e'), heldSince: ago(1) },
    { id: '4', state: 'held' as const, claim: claim('d'), heldSince: ago(1) },
    { id: '6', state: 'offered' as const, claim: claim('f'), heldSince: ago(49) }, // lapsed: free
  ];

  it('creates the missing slots, free, and counts free ones below the capacity (lapsed holds too)', () => {
    const plan = planSlots(8, existing, times, now);
    expect(plan.create).toEqual(['7', '8']);
    expect(plan.freeBelow).toEqual(['2', '3', '6', '7', '8']);
    expect(plan.heldAbove).toEqual([]);
    expect(plan.removable).toEqual([]);
  });

  it('lowered, names the seats held above it in slot order and the free and lapsed slots to remove', () => {
    const plan = planSlots(3, existing, times, now);
    expect(plan.create).toEqual([]);
    expect(plan.freeBelow).toEqual(['2', '3']);
    expect(plan.heldAbove.map((s) => s.id)).toEqual(['4', '5']);
    expect(plan.removable).toEqual(['6']);
  });

  it('at 0 every slot is above it', () => {
    expect(planSlots(0, existing, times, now).removable).toEqual(['2', '3', '6']);
  });
});

describe('moving a held seat below the capacity', () => {
  const from = { id: '9', state: 'held' as const, claim: claim('h'), heldSince: ago(2) };
  const registration = { id: 'REG1', seat: '9', seatClaim: claim('h'), status: 'pending', paymentStatus: 'unpaid', fullName: 'A', email: 'a@b.org' };

  it('a registration: the same claim and state on the free slot from now, the old slot free, the record and its checkout naming the new slot', () => {
    const writes = seatMoveWrites(from, '2', { collection: 'registrations', id: 'REG1' }, registration, times, FREE_SEAT, now);
    expect(writes).toEqual([
      { set: 'seats/2', data: { state: 'held', claim: claim('h'), heldSince: serverValues.now() } },
      { set: 'seatMoves/2', data: { from: null, to: { collection: 'registrations', id: 'REG1' }, at: serverValues.now() } },
      { set: 'seats/9', data: FREE_SEAT },
      { set: 'seatMoves/9', data: { from: { collection: 'registrations', id: 'REG1' }, to: null, at: serverValues.now() } },
      { update: 'registrations/REG1', data: { seat: '2' } },
      { set: 'checkouts/REG1', data: expect.objectContaining({ id: 'REG1', seat: '2', seatClaim: claim('h') }) },
    ]);
  });

  it('an offer: the entry offers the new slot, stamped now', () => {
    const offered = { ...from, state: 'offered' as const };
    const entry = { id: 'w@b.org', email: 'W@b.org', status: 'offered', offer: { seat: '9', claim: claim('h') } };
    const writes = seatMoveWrites(offered, '2', { collection: 'waitlist', id: 'w@b.org' }, entry, times, null, now);
    expect(writes[0]).toEqual({ set: 'seats/2', data: { state: 'offered', claim: claim('h'), heldSince: serverValues.now() } });
    expect(writes.at(-1)).toEqual({ update: 'waitlist/w@b.org', data: { offer: { seat: '2', claim: claim('h'), at: serverValues.now() } } });
  });

  it('never onto a slot someone holds', () => {
    expect(() =>
      seatMoveWrites(from, '2', { collection: 'registrations', id: 'REG1' }, registration, times, { state: 'taken', heldSince: EPOCH }, now),
    ).toThrow('Slot 2 is no longer free.');
  });
});

describe('bringing the slots in step', () => {
  function fakeClient(slots: Array<{ id: string; state: string; claim: string; heldSince: Date }>, holders: Record<string, Record<string, unknown>>) {
    const commits: unknown[][] = [];
    const transactions: unknown[][] = [];
    const docs = new Map<string, Record<string, unknown> | null>(slots.map((s) => [`seats/${s.id}`, s]));
    return {
      commits,
      transactions,
      client: {
        fetchDocuments: async (collection: string, options?: { where?: Array<[string, string, unknown]> }) => {
          if (collection === 'seats') return slots;
          const wanted = options?.where?.[0]?.[2];
          const field = collection === 'registrations' ? 'seatClaim' : 'offerClaim';
          return Object.entries(holders)
            .filter(([path, h]) => path.startsWith(collection) && h[field] === wanted)
            .map(([path, h]) => ({ ...h, id: path.split('/')[1] }));
        },
        commit: async (writes: unknown[]) => void commits.push(writes),
        transact: async (paths: string[], decide: (d: unknown[]) => Promise<{ writes: unknown[] }> | { writes: unknown[] }) => {
          const read = paths.map((p) => (p.startsWith('seats/') ? (docs.get(p) ?? null) : { ...holders[p], id: p.split('/')[1] }));
          transactions.push((await decide(read)).writes);
        },
      },
    };
  }

  it('lowered: moves the held seats above into free slots below, then removes the slots above; nothing is kept', async () => {
    const heldSince = new Date(Date.now() - HOUR);
    const slots = [
      { id: '1', state: 'taken', claim: claim('a'), heldSince },
      { id: '2', state: 'free', claim: '', heldSince: EPOCH },
      { id: '3', state: 'taken', claim: claim('c'), heldSince },
      { id: '4', state: 'free', claim: '', heldSince: EPOCH },
    ];
    const holders = { 'registrations/R3': { seat: '3', seatClaim: claim('c'), status: 'confirmed', paymentStatus: 'paid' } };
    const { client, commits, transactions } = fakeClient(slots, holders);
    await expect(syncSeatSlots(2, times, client as never)).resolves.toEqual({ created: 0, moved: 1, removed: 2, keptAbove: 0 });
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toContainEqual({ update: 'registrations/R3', data: { seat: '2' } });
    expect(commits).toEqual([[{ delete: 'seats/4' }, { delete: 'seats/3' }]]);
  });

  it('a held seat whose claim no record names stays, reported', async () => {
    const slots = [
      { id: '1', state: 'free', claim: '', heldSince: EPOCH },
      { id: '2', state: 'taken', claim: claim('z'), heldSince: EPOCH },
    ];
    const { client, transactions } = fakeClient(slots, {});
    await expect(syncSeatSlots(1, times, client as never)).resolves.toEqual({ created: 0, moved: 0, removed: 0, keptAbove: 1 });
    expect(transactions).toEqual([]);
  });

  it('raised: creates the missing slots, 400 writes a commit', async () => {
    const { client, commits } = fakeClient([], {});
    await expect(syncSeatSlots(401, times, client as never)).resolves.toEqual({ created: 401, moved: 0, removed: 0, keptAbove: 0 });
    expect(commits.map((c) => c.length)).toEqual([400, 1]);
  });
});
