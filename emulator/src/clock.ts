// Wall-clock time in microseconds, the precision of Cloud Firestore's commit and read times.
// Date.now() has only milliseconds, so the clock is anchored to it once and then advanced by the
// monotonic high-resolution timer (process.hrtime). It never goes backwards: when the wall clock
// runs ahead of it (a suspended machine, a clock step forward) it re-anchors forwards; when the
// wall clock steps back it keeps counting from where it was.

/** A source of microseconds since the epoch. */
export type Clock = () => number;

/** How far the wall clock may run ahead before the clock re-anchors (Date.now() floors to 1 ms). */
const REANCHOR_AFTER_US = 2_000;

export function createMicrosecondClock(wallMs: () => number = Date.now, monotonicNs: () => bigint = process.hrtime.bigint): Clock {
  let anchorUs = wallMs() * 1000;
  let anchorNs = monotonicNs();
  let last = 0;
  return () => {
    const ns = monotonicNs();
    let us = anchorUs + Number((ns - anchorNs) / 1000n);
    const wallUs = wallMs() * 1000;
    if (wallUs - us > REANCHOR_AFTER_US) {
      anchorUs = wallUs;
      anchorNs = ns;
      us = wallUs;
    }
    if (us < last) us = last;
    last = us;
    return us;
  };
}

/** The process's clock. */
export const nowMicros: Clock = createMicrosecondClock();
