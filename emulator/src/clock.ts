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

/** One advance may move the clock at most this far (10 years), in seconds. */
export const MAX_ADVANCE_SECONDS = 10 * 365.25 * 86_400;

/** The clock may run at most this far (100 years) ahead of its base, in microseconds. */
const MAX_OFFSET_US = 10 * MAX_ADVANCE_SECONDS * 1e6;

/**
 * The database's clock: a base clock (the process's microsecond clock by default) plus an offset
 * that only grows. Tests move it forward through the emulator's `clock:advance` endpoint so that
 * time-based rules (a hold lapsing 72 hours later) can be exercised without waiting. Everything
 * the database dates goes through it: commit times, read times, `request.time` in rules and
 * server-timestamp transforms (both are the commit time).
 *
 * Not through it, on purpose: the ID-token expiry check (auth-token.ts), because tokens come from
 * the Auth emulator, whose clock does not move; and the durations that measure how fast callers
 * act (transactions' idle timeout, the hot-document meter), which an advance does not change.
 *
 * The offset itself is not stored with the data. The store calls `resumeFrom` with the latest
 * commit time it replayed, so after a restart database time carries on from there instead of
 * standing still at that commit until the wall clock catches up: an advance that some commit
 * recorded survives a restart (as at least that commit's time), one nothing recorded is gone.
 */
export class AdvanceableClock {
  private offset = 0;

  constructor(private readonly base: Clock = nowMicros) {}

  /** Microseconds since the epoch: the base clock plus every advance. */
  readonly now: Clock = () => this.base() + this.offset;

  /** How far ahead of the base clock this clock runs, in microseconds. */
  get offsetMicros(): number {
    return this.offset;
  }

  /**
   * Moves the clock forward by `seconds` (rounded to the microsecond); advances add up. Throws a
   * RangeError, changing nothing, unless `seconds` is finite, at least a microsecond and at most
   * MAX_ADVANCE_SECONDS, and the clock stays within 100 years of its base.
   */
  advance(seconds: number): void {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) throw new RangeError('seconds must be a finite number.');
    if (seconds <= 0) throw new RangeError(`The clock only moves forward: seconds must be positive, got ${seconds}.`);
    if (seconds > MAX_ADVANCE_SECONDS) throw new RangeError(`seconds must be at most ${MAX_ADVANCE_SECONDS} (10 years), got ${seconds}.`);
    const us = Math.round(seconds * 1e6);
    if (us < 1) throw new RangeError(`seconds must be at least a microsecond (0.000001), got ${seconds}.`);
    if (this.offset + us > MAX_OFFSET_US) throw new RangeError('The clock may run at most 100 years ahead.');
    this.offset += us;
  }

  /** Carries on from `us` (the latest replayed commit) when the base clock is behind it. */
  resumeFrom(us: number): void {
    this.offset = Math.max(this.offset, Math.min(MAX_OFFSET_US, us - this.base()));
  }
}
