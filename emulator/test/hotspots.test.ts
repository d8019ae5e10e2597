// Hot documents: one document written faster than Cloud Firestore sustains (about one write a
// second) is named in a warning and in the emulator's report. Ours alone (the official emulator
// has neither), so skipped against FIRESTORE_EMULATOR_HOST.
import { doc, increment, setDoc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ID, ROOT, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe.skipIf(!!process.env.FIRESTORE_EMULATOR_HOST)('hot documents', () => {
  it('warns about a counter written 15 times in a few seconds and reports it first', async () => {
    await fetch(`http://${h.host}/emulator/v1/projects/${PROJECT_ID}:hotspots`, { method: 'DELETE' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await setDoc(doc(h.db, 'counters/seats'), { count: 0 });
      for (let i = 0; i < 14; i++) await updateDoc(doc(h.db, 'counters/seats'), { count: increment(1) });
      await setDoc(doc(h.db, 'registrations/r1'), { name: 'Wanjiru' });
      const warnings = warn.mock.calls.map((c) => String(c[0]));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`hot document ${ROOT}/counters/seats was written 11 times in 10 s`);
    } finally {
      warn.mockRestore();
    }
    const report = await (await fetch(`http://${h.host}/emulator/v1/projects/${PROJECT_ID}:hotspots`)).json();
    expect(report.documents[0]).toMatchObject({ name: `${ROOT}/counters/seats`, writes: 15, peakWindowWrites: 15, peakPerSecond: 1.5 });
    expect(report.documents[1]).toMatchObject({ name: `${ROOT}/registrations/r1`, writes: 1 });
  });
});
