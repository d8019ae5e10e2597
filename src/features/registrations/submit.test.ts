import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_REGISTRATION } from '../../../emulator/seed/sample-forms.ts';
import { serverValues, writePath, type BatchWrite, type ReadInTransaction } from '../../lib/db.ts';

vi.mock('../../lib/data.ts', () => ({ db: {} }));
const { decideRegistration, registerWithFreeSeat, registrationWrites } = await import('./submit.ts');
const { AlreadyRegisteredError, SummitFullError } = await import('./errors.ts');

const settings = {
  categories: { delegate: { label: 'Delegate', fee: 15000 }, survivor: { label: 'Survivor', fee: 0 } },
  currency: 'KES',
  capacity: 3,
  unpaidHoldHours: 72,
  offerHours: 48,
};
const FREE = { state: 'free', claim: '', heldSince: new Date(0) };
const TAKEN = { state: 'taken', claim: 'SOMEONESCLAIM123', heldSince: new Date() };

const reader =
  (docs: Record<string, Record<string, unknown>>): ReadInTransaction =>
  async (path) =>
    docs[path] ? { id: path.split('/')[1], ...docs[path] } : null;

const paths = (writes: BatchWrite[]) => writes.map(writePath);

describe('the register commit', () => {
  it('writes the registration, its projection, its slot, its address’s entry and its message — no shared counter', () => {
    const writes = registrationWrites(
      'R1',
      { ...SAMPLE_REGISTRATION, email: 'Achieng@Example.org' },
      settings,
      { seat: '2', claim: 'CLAIMCLAIMCLAIM2' },
      'NCS-7K2QD',
    );
    expect(paths(writes)).toEqual(['registrations/R1', 'checkouts/R1', 'seats/2', 'attendees/achieng@example.org', 'paymentCodes/NCS-7K2QD', 'mail/R1']);
    expect(writes[0]).toMatchObject({
      data: { email: 'achieng@example.org', seat: '2', seatClaim: 'CLAIMCLAIMCLAIM2', status: 'pending', paymentCode: 'NCS-7K2QD' },
    });
    expect(writes[0]).toMatchObject({ data: { searchTokens: expect.arrayContaining(['ncs-7k2qd']) } });
    expect(writes[1]).toMatchObject({ data: { paymentCode: 'NCS-7K2QD' } });
    expect(writes[4]).toEqual({ set: 'paymentCodes/NCS-7K2QD', data: { collection: 'registrations', recordId: 'R1' } });
    expect(writes[5]).toMatchObject({ data: { template: { data: { reference: 'R1', code: 'NCS-7K2QD' } } } });
    expect(writes[2]).toMatchObject({ data: { state: 'held', claim: 'CLAIMCLAIMCLAIM2' } });
  });

  it('a free category takes its seat for good at once', () => {
    const writes = registrationWrites('R1', { ...SAMPLE_REGISTRATION, category: 'survivor' }, settings, { seat: '2', claim: 'CLAIMCLAIMCLAIM2' }, 'NCS-7K2QD');
    expect(writes[2]).toMatchObject({ data: { state: 'taken' } });
  });
});

describe('deciding a registration inside its transaction', () => {
  it('refuses an address that already holds a seat, naming its registration', async () => {
    const read = reader({
      'attendees/achieng@example.org': { registrationId: 'OLD' },
      'registrations/OLD': { status: 'confirmed', paymentStatus: 'paid', seat: '1', seatClaim: 'X' },
      'seats/1': TAKEN,
      'seats/2': FREE,
    });
    await expect(decideRegistration('NEW', SAMPLE_REGISTRATION, settings, '2')(read)).rejects.toEqual(new AlreadyRegisteredError('OLD'));
  });

  it('lets a retry of the same registration through (its first attempt may have landed)', async () => {
    const read = reader({ 'attendees/achieng@example.org': { registrationId: 'R1' }, 'registrations/R1': { status: 'confirmed' }, 'seats/2': FREE });
    expect(paths(await decideRegistration('R1', SAMPLE_REGISTRATION, settings, '2')(read))).toContain('registrations/R1');
  });

  it('refuses a slot taken since it was found free, but takes an offered one for its person', async () => {
    const read = reader({ 'seats/2': TAKEN, 'seats/3': { state: 'offered', claim: 'OFFERED123456789', heldSince: new Date() } });
    await expect(decideRegistration('R1', SAMPLE_REGISTRATION, settings, '2')(read)).rejects.toThrow();
    await expect(decideRegistration('R1', SAMPLE_REGISTRATION, settings, '3')(read)).rejects.toThrow();
    const extra = [{ update: 'waitlist/achieng@example.org', data: { status: 'registered' } }];
    expect(paths(await decideRegistration('R1', SAMPLE_REGISTRATION, settings, '3', extra, true)(read))).toContain('waitlist/achieng@example.org');
  });
});

describe('the waiting list first, and a hold kept', () => {
  const HOUR = 3_600_000;
  const dataOf = (writes: BatchWrite[], path: string) => (writes.find((w) => writePath(w) === path) as { data: Record<string, unknown> }).data;

  it('refuses a free slot as full while anyone waits, but lets the offered person claim theirs', async () => {
    const offered = { state: 'offered', claim: 'OFFERED123456789', heldSince: new Date() };
    const read = reader({ 'counters/waitlist': { waiting: 1, lastAddress: 'x@y.org' }, 'seats/2': FREE, 'seats/3': offered });
    await expect(decideRegistration('R1', SAMPLE_REGISTRATION, settings, '2')(read)).rejects.toBeInstanceOf(SummitFullError);
    expect(paths(await decideRegistration('R1', SAMPLE_REGISTRATION, settings, '3', [], true)(read))).toContain('seats/3');
    // A count at or below zero (older entries withdrawn) is nobody waiting.
    const none = reader({ 'counters/waitlist': { waiting: -1, lastAddress: '' }, 'seats/2': FREE });
    expect(paths(await decideRegistration('R1', SAMPLE_REGISTRATION, settings, '2')(none))).toContain('seats/2');
  });

  it('an address registering again within its earlier hold keeps that hold’s start; after it ended, the hold starts now', async () => {
    const now = Date.now();
    const earlier = new Date(now - 71 * HOUR);
    const cancelled = { 'registrations/OLD': { status: 'cancelled' }, 'seats/2': FREE };
    const within = await decideRegistration(
      'R1',
      SAMPLE_REGISTRATION,
      settings,
      '2',
    )(reader({ ...cancelled, 'attendees/achieng@example.org': { registrationId: 'OLD', heldSince: earlier } }));
    for (const path of ['registrations/R1', 'seats/2', 'attendees/achieng@example.org']) expect(dataOf(within, path).heldSince).toEqual(earlier);

    const ended = await decideRegistration(
      'R1',
      SAMPLE_REGISTRATION,
      settings,
      '2',
    )(reader({ ...cancelled, 'attendees/achieng@example.org': { registrationId: 'OLD', heldSince: new Date(now - 73 * HOUR) } }));
    expect(dataOf(ended, 'seats/2').heldSince).toEqual(serverValues.now());
    expect(dataOf(ended, 'attendees/achieng@example.org')).toEqual({ registrationId: 'R1', heldSince: serverValues.now() });
  });
});

describe('registering with a free slot', () => {
  const client = (slots: Record<string, Record<string, unknown>>) => ({
    fetchDocument: vi.fn(async (_c: string, id: string) => (slots[id] ? { id, ...slots[id] } : null)),
    fetchDocuments: vi.fn(async () => Object.entries(slots).flatMap(([id, s]) => (s.state === 'free' ? [{ id, ...s }] : []))),
  });

  it('tries another slot when the one it reached for was just taken', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // always reaches for the first candidate
    const slots: Record<string, Record<string, unknown>> = { '1': FREE, '2': FREE, '3': TAKEN };
    const claimed: string[] = [];
    const submit = vi.fn(async (decide: (read: ReadInTransaction) => Promise<BatchWrite[]>) => {
      // Someone else claims slot 1 between our finding it free and our transaction reading it.
      slots['1'] = TAKEN;
      const writes = await decide(reader(Object.fromEntries(Object.entries(slots).map(([n, s]) => [`seats/${n}`, s]))));
      claimed.push(writes.map(writePath).find((p) => p.startsWith('seats/'))!);
      return 'R1';
    });
    await expect(registerWithFreeSeat(client(slots) as never, submit, 'R1', SAMPLE_REGISTRATION, settings)).resolves.toBe('R1');
    expect(submit).toHaveBeenCalledTimes(2);
    expect(claimed).toEqual(['seats/2']);
    vi.restoreAllMocks();
  });

  it('says the summit is full when no slot is free', async () => {
    const slots = { '1': TAKEN, '2': TAKEN, '3': TAKEN };
    const submit = vi.fn();
    await expect(registerWithFreeSeat(client(slots) as never, submit, 'R1', SAMPLE_REGISTRATION, settings)).rejects.toBeInstanceOf(SummitFullError);
    expect(submit).not.toHaveBeenCalled();
  });

  it('gives up as full after its attempts when others keep taking the slots first', async () => {
    const slots = { '1': FREE, '2': FREE, '3': FREE };
    const submit = vi.fn(async () => {
      throw Object.assign(new Error('contention'), { code: 'aborted' });
    });
    await expect(registerWithFreeSeat(client(slots) as never, submit, 'R1', SAMPLE_REGISTRATION, settings, [], 4)).rejects.toBeInstanceOf(SummitFullError);
    expect(submit.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('passes any other refusal straight on (not "full")', async () => {
    const submit = vi.fn(async () => {
      throw Object.assign(new Error('no'), { code: 'permission-denied' });
    });
    await expect(registerWithFreeSeat(client({ '1': FREE }) as never, submit, 'R1', SAMPLE_REGISTRATION, settings)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
