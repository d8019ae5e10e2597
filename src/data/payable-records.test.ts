import { beforeEach, describe, expect, it, vi } from 'vitest';

const stored = vi.hoisted(() => ({ docs: new Map<string, Record<string, unknown>>(), reads: [] as string[], queries: [] as unknown[] }));
vi.mock('../lib/data.ts', () => ({
  db: {
    // The owner's query on their registrations (equality filters only), over the stored documents.
    fetchDocuments: async (collection: string, options: { where: Array<[string, '==', unknown]> }) => {
      stored.queries.push([collection, options.where]);
      return [...stored.docs.entries()]
        .filter(([path, d]) => path.startsWith(`${collection}/`) && options.where.every(([field, , value]) => d[field] === value))
        .map(([path, d]) => ({ ...d, id: path.split('/')[1] }));
    },
    fetchDocument: async (collection: string, id: string) => {
      stored.reads.push(`${collection}/${id}`);
      const d = stored.docs.get(`${collection}/${id}`);
      // As the data module reads: a stored id (a claim's, naming its record) is kept.
      return d ? { ...d, id: typeof d.id === 'string' ? d.id : id } : null;
    },
  },
}));
const { checkoutHold, findPayableRecord } = await import('./payable-records.ts');
const { checkSymbol } = await import('./payment-codes.ts');

const REF = 'AB12CD34EF56GH78';

beforeEach(() => {
  stored.docs.clear();
  stored.reads.length = 0;
  stored.queries.length = 0;
});

describe('finding what someone pays for by the reference they quote', () => {
  it('finds a registration, then an application, by a reference typed any way', async () => {
    stored.docs.set(`registrations/${REF}`, { fullName: 'Achieng' });
    for (const typed of [REF, ' ab12-cd34 ef56-gh78 ', 'AB12CD34EF56GH78\n']) {
      expect(await findPayableRecord(typed)).toEqual({ collection: 'registrations', record: { fullName: 'Achieng', id: REF } });
    }
    stored.docs.clear();
    stored.docs.set(`partners/${REF}`, { organisation: 'Aga Khan' });
    expect(await findPayableRecord(REF.toLowerCase())).toEqual({ collection: 'partners', record: { organisation: 'Aga Khan', id: REF } });
  });

  it('looks in registrations first: a registration wins over an application with the same id', async () => {
    stored.docs.set(`registrations/${REF}`, { fullName: 'Achieng' });
    stored.docs.set(`partners/${REF}`, { organisation: 'Aga Khan' });
    expect((await findPayableRecord(REF))?.collection).toBe('registrations');
  });

  it('still finds references made before the format, as typed (the demo’s names)', async () => {
    stored.docs.set('registrations/demo-registration-1', { fullName: 'Demo' });
    expect((await findPayableRecord(' demo-registration-1 '))?.record.id).toBe('demo-registration-1');
  });

  it('is null for nothing found, nothing typed, or text that cannot be a document id, without reading a path', async () => {
    expect(await findPayableRecord(REF)).toBeNull();
    expect(await findPayableRecord('   ')).toBeNull();
    expect(await findPayableRecord('registrations/x')).toBeNull();
    expect(stored.reads.some((r) => r.split('/').length !== 2)).toBe(false);
  });
});

describe('finding what someone pays for by its payment code', () => {
  const CODE = `NCS-7K2Q${checkSymbol('7K2Q')}`;

  it('for staff, reads the code’s claim, then the record it names, however the code is typed', async () => {
    stored.docs.set(`paymentCodes/${CODE}`, { collection: 'registrations', recordId: REF });
    stored.docs.set(`registrations/${REF}`, { fullName: 'Achieng', paymentCode: CODE });
    for (const typed of [CODE, 'ncs7k2q' + CODE.at(-1)!.toLowerCase(), ` 7k2q-${CODE.at(-1)} `, 'NCS 7K2Q' + CODE.at(-1)]) {
      expect(await findPayableRecord(typed)).toEqual({ collection: 'registrations', record: { fullName: 'Achieng', paymentCode: CODE, id: REF } });
    }
    expect(stored.reads).toContain(`paymentCodes/${CODE}`);
  });

  it('for checkout, opens nothing by a code alone: it never reads the claim, which only staff may', async () => {
    stored.docs.set(`paymentCodes/${CODE}`, { collection: 'registrations', recordId: REF });
    stored.docs.set(`checkouts/${REF}`, { fullName: 'Achieng', paymentCode: CODE });
    expect(await findPayableRecord(CODE, 'checkouts')).toBeNull();
    expect(stored.reads).not.toContain(`paymentCodes/${CODE}`);
    expect(stored.queries).toEqual([]);
  });

  it('for checkout, opens the signed-in attendee’s own registration by its code (their query on their address)', async () => {
    stored.docs.set(`registrations/${REF}`, { fullName: 'Achieng', email: 'achieng@example.org', paymentCode: CODE });
    expect(await findPayableRecord(CODE.toLowerCase(), 'checkouts', 'Achieng@Example.org')).toEqual({
      collection: 'registrations',
      record: { fullName: 'Achieng', email: 'achieng@example.org', paymentCode: CODE, id: REF },
    });
    expect(stored.queries).toEqual([
      [
        'registrations',
        [
          ['email', '==', 'achieng@example.org'],
          ['paymentCode', '==', CODE],
        ],
      ],
    ]);
    expect(await findPayableRecord(CODE, 'checkouts', 'someone-else@example.org')).toBeNull();
    expect(stored.reads).not.toContain(`paymentCodes/${CODE}`);
  });

  it('for checkout, opens an application by its reference from its projection, never the application', async () => {
    stored.docs.set(`partners/${REF}`, { organisation: 'Aga Khan', phone: '+254 700 000000' });
    stored.docs.set(`applicationCheckouts/${REF}`, { organisation: 'Aga Khan' });
    expect(await findPayableRecord(REF, 'checkouts')).toEqual({ collection: 'partners', record: { organisation: 'Aga Khan', id: REF } });
    expect(stored.reads).not.toContain(`partners/${REF}`);
  });

  it('finds an application by its code', async () => {
    stored.docs.set(`paymentCodes/${CODE}`, { collection: 'partners', recordId: REF });
    stored.docs.set(`partners/${REF}`, { organisation: 'Aga Khan' });
    expect(await findPayableRecord(CODE.toLowerCase())).toEqual({ collection: 'partners', record: { organisation: 'Aga Khan', id: REF } });
  });

  it('is null for an unclaimed code or one whose check symbol is wrong (never read as a code)', async () => {
    expect(await findPayableRecord(CODE)).toBeNull();
    const wrong = CODE.slice(0, -1) + (CODE.endsWith('2') ? '3' : '2');
    stored.docs.set(`paymentCodes/${wrong}`, { collection: 'registrations', recordId: REF });
    stored.docs.set(`registrations/${REF}`, { fullName: 'Achieng' });
    expect(await findPayableRecord(wrong)).toBeNull();
  });
});

describe('an unpaid registration’s hold, as checkout sees it from its public slot', () => {
  const HOUR = 3_600_000;
  const now = new Date('2027-05-01T12:00:00Z');
  const times = { unpaidHoldHours: 72, offerHours: 48 };
  const unpaid = { status: 'pending', paymentStatus: 'unpaid', seat: '7', seatClaim: 'c' };
  const held = (hoursAgo: number) => ({ state: 'held', claim: 'c', heldSince: new Date(now.getTime() - hoursAgo * HOUR) });

  it('is held until the slot’s time plus the hold', () => {
    expect(checkoutHold(unpaid, held(1), times, now)).toEqual({ state: 'held', until: new Date(now.getTime() + 71 * HOUR) });
  });

  it('has lapsed past the hold, the slot still to be kept by paying while nobody claims it', () => {
    expect(checkoutHold(unpaid, held(73), times, now)).toEqual({ state: 'lapsed', until: new Date(now.getTime() - HOUR), slotKept: true });
  });

  it('has lapsed with the slot gone when it is no longer held (freed, offered or taken by another)', () => {
    for (const state of ['free', 'taken', 'offered'])
      expect(checkoutHold(unpaid, { ...held(1), state }, times, now)).toEqual({ state: 'lapsed', until: null, slotKept: false });
    expect(checkoutHold(unpaid, null, times, now)).toEqual({ state: 'lapsed', until: null, slotKept: false });
  });

  it('has lapsed with the slot gone when someone else now holds it (another claim), however fresh their hold', () => {
    expect(checkoutHold(unpaid, { ...held(1), claim: 'someone else' }, times, now)).toEqual({ state: 'lapsed', until: null, slotKept: false });
  });

  it('is nothing once paid, submitted, free of charge, cancelled or without a seat', () => {
    for (const r of [
      { ...unpaid, paymentStatus: 'submitted' },
      { ...unpaid, paymentStatus: 'paid', status: 'confirmed' },
      { status: 'confirmed', paymentStatus: 'not-required', seat: '7' },
      { ...unpaid, status: 'cancelled' },
      { ...unpaid, seat: '' },
    ])
      expect(checkoutHold(r, held(1), times, now)).toBeNull();
  });
});
