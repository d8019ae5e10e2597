import { describe, expect, it } from 'vitest';
import { HOT_WINDOW_MS, WriteMeter } from './hotspots.ts';

const DOC = 'projects/p/databases/(default)/documents/counters/seats';
const OTHER = 'projects/p/databases/(default)/documents/registrations/r1';

function meter() {
  let now = 1_000_000;
  const warnings: Array<[string, number]> = [];
  const m = new WriteMeter(
    (name, n) => warnings.push([name, n]),
    () => now,
  );
  return { m, warnings, tick: (ms: number) => (now += ms) };
}

describe('write meter', () => {
  it('warns when a document is written more than once a second over 10 s, once per window', () => {
    const { m, warnings, tick } = meter();
    for (let i = 0; i < 10; i++) {
      m.record([DOC]);
      tick(100);
    }
    expect(warnings).toEqual([]); // 10 writes in a window: the sustainable rate, not over it
    m.record([DOC]);
    expect(warnings).toEqual([[DOC, 11]]);
    for (let i = 0; i < 30; i++) {
      tick(100);
      m.record([DOC]);
    }
    expect(warnings).toHaveLength(1); // not again within the window
    tick(HOT_WINDOW_MS);
    for (let i = 0; i < 11; i++) m.record([DOC]);
    expect(warnings).toHaveLength(2);
  });

  it('does not warn for one write a second, however long it goes on', () => {
    const { m, warnings, tick } = meter();
    for (let i = 0; i < 100; i++) {
      m.record([DOC]);
      tick(1000);
    }
    expect(warnings).toEqual([]);
    expect(m.top('p')[0]).toMatchObject({ name: DOC, writes: 100, peakWindowWrites: 10, peakPerSecond: 1 });
  });

  it('counts a document written twice in one commit once', () => {
    const { m } = meter();
    m.record([DOC, DOC, OTHER]);
    expect(m.top('p').map((d) => [d.name, d.writes])).toEqual([
      [DOC, 1],
      [OTHER, 1],
    ]);
  });

  it('lists the top documents by peak rate, per project, and forgets them on reset', () => {
    const { m, tick } = meter();
    for (let i = 0; i < 30; i++) m.record([DOC]);
    tick(HOT_WINDOW_MS * 2);
    for (let i = 0; i < 40; i++) {
      m.record([OTHER]);
      tick(500); // 40 writes over 20 s: 20 in a window at most
    }
    m.record(['projects/q/databases/(default)/documents/counters/seats']);
    expect(m.top('p').map((d) => [d.name, d.peakWindowWrites, d.peakPerSecond])).toEqual([
      [DOC, 30, 3],
      [OTHER, 20, 2],
    ]);
    expect(m.top('p', 1)).toHaveLength(1);
    expect(m.top(null)).toHaveLength(3);
    m.reset('p');
    expect(m.top('p')).toEqual([]);
    expect(m.top('q')).toHaveLength(1);
  });
});
