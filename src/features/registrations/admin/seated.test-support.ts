// Test support, never bundled: a paid, confirmed delegate holding seat 12 and that seat's slot, as
// the registration screens' deciding functions (check-in, status change) read them, and how to read
// back the writes they decide.
export const CLAIM = 'k'.repeat(20);
export const HELD_SINCE = new Date('2027-03-01T08:00:00Z');
/** seats/12, taken by the registration below. */
export const TAKEN_SEAT = { id: '12', state: 'taken', claim: CLAIM, heldSince: HELD_SINCE };

export const seatedRegistration = (over: Record<string, unknown> = {}) => ({
  id: 'reg-1',
  fullName: 'Wanjiru Kamau',
  email: 'wanjiru@x.org',
  category: 'delegate',
  fee: 15000,
  currency: 'KES',
  status: 'confirmed',
  paymentStatus: 'paid',
  seat: '12',
  seatClaim: CLAIM,
  heldSince: HELD_SINCE,
  ...over,
});

export const pathOf = (w: unknown) => (w as { update?: string; set?: string }).update ?? (w as { set: string }).set;
export const dataOf = (w: unknown) => (w as { data: Record<string, unknown> }).data;
