// A map keyed by calendar dates ('2027-03-10': a segment that starts with a digit and holds
// hyphens, so the SDK sends it `backquoted` in the update mask) updated one key at a time through
// the app's data module (src/lib/db.ts → sdk-db.ts) against the emulator: how check-in records
// each summit day a registration is admitted (`attendance.<day>`). The old keys must keep their
// stored microseconds: a key rewritten from a browser's milliseconds would change them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, serverValues, type Db } from '../../src/lib/db.ts';
import { ROOT, startHarness, type Harness } from './harness.ts';

let h: Harness;
let db: Db;
beforeAll(async () => {
  h = await startHarness();
  db = createDb(() => h.db);
});
afterAll(() => h.close());
beforeEach(() => h.clear());

const stored = async (path: string) => (await h.rest('batchGet', { documents: [`${ROOT}/${path}`] })).body[0].found.fields;

describe('a field path whose last segment is a date', () => {
  it('adds one key of the map in a transaction, leaving the other keys exactly as stored', async () => {
    await db.commit([{ set: 'regs/r1', data: { status: 'confirmed', attendance: {} } }]);
    await db.transact(['regs/r1'], async () => ({
      writes: [{ update: 'regs/r1', data: { 'attendance.2027-03-10': serverValues.now(), status: 'checked-in' } }],
    }));
    const first = (await stored('regs/r1')).attendance.mapValue.fields['2027-03-10'].timestampValue;
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    await db.transact(['regs/r1'], async () => ({ writes: [{ update: 'regs/r1', data: { 'attendance.2027-03-11': serverValues.now() } }] }));
    const after = await stored('regs/r1');
    expect(Object.keys(after.attendance.mapValue.fields).sort()).toEqual(['2027-03-10', '2027-03-11']);
    expect(after.attendance.mapValue.fields['2027-03-10'].timestampValue).toBe(first);
    expect(after.status.stringValue).toBe('checked-in');

    const read = await db.fetchDocument<{ attendance: Record<string, Date> }>('regs', 'r1');
    expect(Object.keys(read!.attendance).sort()).toEqual(['2027-03-10', '2027-03-11']);
    expect(read!.attendance['2027-03-11']).toBeInstanceOf(Date);
  });

  it('creates the map when the document has none, and removes one key with a field delete', async () => {
    await db.commit([{ set: 'regs/r2', data: { status: 'confirmed' } }]);
    await db.commit([{ update: 'regs/r2', data: { 'attendance.2027-03-12': serverValues.now() } }]);
    await db.commit([{ update: 'regs/r2', data: { 'attendance.2027-03-10': serverValues.now() } }]);
    expect(Object.keys((await stored('regs/r2')).attendance.mapValue.fields).sort()).toEqual(['2027-03-10', '2027-03-12']);
    await db.commit([{ update: 'regs/r2', data: { 'attendance.2027-03-12': serverValues.remove() } }]);
    expect(Object.keys((await stored('regs/r2')).attendance.mapValue.fields)).toEqual(['2027-03-10']);
  });

  it('is sent quoted in the update mask, and the backend takes the quoted form', async () => {
    const res = await h.rest('commit', {
      writes: [
        {
          update: { name: `${ROOT}/regs/r3`, fields: { attendance: { mapValue: { fields: { '2027-03-10': { stringValue: 'x' } } } } } },
          updateMask: { fieldPaths: ['attendance.`2027-03-10`'] },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect((await stored('regs/r3')).attendance.mapValue.fields['2027-03-10'].stringValue).toBe('x');
  });
});
