import { beforeEach, describe, expect, it, vi } from 'vitest';

const stored = vi.hoisted(() => ({ docs: new Map<string, Record<string, unknown>>(), reads: [] as string[] }));
vi.mock('../lib/data.ts', () => ({
  db: {
    fetchDocument: async (collection: string, id: string) => {
      stored.reads.push(`${collection}/${id}`);
      const d = stored.docs.get(`${collection}/${id}`);
      return d ? { ...d, id } : null;
    },
  },
}));
const { findPayableRecord } = await import('./payable-records.ts');

const REF = 'AB12CD34EF56GH78';

beforeEach(() => {
  stored.docs.clear();
  stored.reads.length = 0;
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
