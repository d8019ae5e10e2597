import { describe, expect, it } from 'vitest';
import { serverValues } from '../lib/db.ts';
import { registrationMoveWrites } from './registration-moves.ts';

const claim = 'm'.repeat(20);
const paid = {
  id: 'reg-1',
  fullName: 'A',
  email: 'a@x.org',
  category: 'delegate',
  fee: 1,
  currency: 'KES',
  status: 'confirmed',
  paymentStatus: 'paid',
  seat: '5',
  seatClaim: claim,
};
const reader = (docs: Record<string, Record<string, unknown> | null>) => async (path: string) =>
  docs[path] ? { id: path.split('/')[1], ...docs[path] } : null;

describe('archiving and restoring a registration', () => {
  it('archiving deletes its checkout and frees the seat it still holds', async () => {
    const read = reader({ 'seats/5': { state: 'taken', claim, heldSince: new Date() } });
    expect(await registrationMoveWrites('archive', 'reg-1', paid, read)).toEqual([
      { delete: 'checkouts/reg-1' },
      { set: 'seats/5', data: { state: 'free', claim: '', heldSince: new Date(0) } },
      { set: 'seatMoves/5', data: { from: { collection: 'registrations', id: 'reg-1' }, to: null, at: serverValues.now() } },
    ]);
    // A seat that went to someone else: nothing to free.
    expect(
      await registrationMoveWrites('archive', 'reg-1', paid, reader({ 'seats/5': { state: 'held', claim: 'o'.repeat(20), heldSince: new Date() } })),
    ).toEqual([{ delete: 'checkouts/reg-1' }]);
    // A cancelled registration whose slot still shows its claim (from before cancelling freed it) gives it back too.
    expect(await registrationMoveWrites('archive', 'reg-1', { ...paid, status: 'cancelled' }, read)).toHaveLength(3);
  });

  it('restoring brings the checkout back, and a paid registration its seat when still free', async () => {
    const free = reader({ 'seats/5': { state: 'free', claim: '', heldSince: new Date(0) }, 'settings/site': null });
    const writes = await registrationMoveWrites('original', 'reg-1', paid, free);
    expect(writes[0]).toEqual({ set: 'checkouts/reg-1', data: expect.objectContaining({ id: 'reg-1', status: 'confirmed', seat: '5' }) });
    expect(writes[1]).toMatchObject({ set: 'seats/5', data: { state: 'taken', claim } });
    expect(writes[2]).toEqual({ set: 'seatMoves/5', data: { from: null, to: { collection: 'registrations', id: 'reg-1' }, at: serverValues.now() } });
    const someoneElse = reader({ 'seats/5': { state: 'taken', claim: 'o'.repeat(20), heldSince: new Date() } });
    expect(await registrationMoveWrites('original', 'reg-1', paid, someoneElse)).toHaveLength(1);
    expect(await registrationMoveWrites('original', 'reg-1', { ...paid, paymentStatus: 'unpaid', status: 'pending' }, free)).toHaveLength(1);
  });
});
