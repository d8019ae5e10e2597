import { describe, expect, it } from 'vitest';
import { AdvanceableClock, createMicrosecondClock, MAX_ADVANCE_SECONDS, nowMicros } from './clock.ts';

/** A clock driven by hand: wall milliseconds and monotonic nanoseconds. */
function manual(wallMs: number) {
  const t = { wall: wallMs, mono: 5_000_000_000n };
  return {
    t,
    clock: createMicrosecondClock(
      () => t.wall,
      () => t.mono,
    ),
  };
}

describe('the microsecond clock', () => {
  it('starts on the wall clock and advances with the monotonic timer, in microseconds', () => {
    const { t, clock } = manual(1_800_000_000_000);
    expect(clock()).toBe(1_800_000_000_000_000);
    t.mono += 1_234_567n; // 1234.567 µs later; Date.now() has not moved yet
    expect(clock()).toBe(1_800_000_000_001_234);
    t.wall += 1;
    t.mono += 300n;
    expect(clock()).toBe(1_800_000_000_001_234); // 1234.867 µs
  });

  it('re-anchors forwards when the wall clock runs ahead (a suspended machine)', () => {
    const { t, clock } = manual(1_800_000_000_000);
    clock();
    t.wall += 60_000; // the monotonic timer did not count the suspension
    t.mono += 10_000n;
    expect(clock()).toBe(1_800_000_060_000_000);
  });

  it('never goes backwards when the wall clock steps back', () => {
    const { t, clock } = manual(1_800_000_000_000);
    t.mono += 5_000_000n;
    const before = clock();
    t.wall -= 3_600_000;
    t.mono += 1_000n;
    expect(clock()).toBe(before + 1);
  });

  it('the process clock is close to Date.now(), monotonic, and has microseconds', () => {
    const samples: number[] = [];
    for (let i = 0; i < 2000; i++) samples.push(nowMicros());
    expect(samples.every((us, i) => i === 0 || us >= samples[i - 1])).toBe(true);
    const wall = Date.now();
    expect(Math.abs(nowMicros() / 1000 - wall)).toBeLessThan(50);
    expect(samples.some((us) => us % 1000 !== 0)).toBe(true);
  });
});

describe('the advanceable clock', () => {
  it('runs on its base clock until advanced, then ahead of it by every advance so far', () => {
    let base = 1_800_000_000_000_000;
    const clock = new AdvanceableClock(() => base);
    expect(clock.now()).toBe(base);
    expect(clock.offsetMicros).toBe(0);
    clock.advance(73 * 3600);
    expect(clock.now()).toBe(base + 73 * 3600 * 1e6);
    base += 5;
    expect(clock.now()).toBe(1_800_000_000_000_005 + 262_800_000_000);
    clock.advance(0.25);
    clock.advance(0.0000015); // rounds to 2 µs
    expect(clock.offsetMicros).toBe(262_800_250_002);
    expect(clock.now()).toBe(base + 262_800_250_002);
  });

  it('uses the process clock by default', () => {
    const clock = new AdvanceableClock();
    expect(Math.abs(clock.now() / 1000 - Date.now())).toBeLessThan(50);
    clock.advance(3600);
    expect(Math.abs(clock.now() / 1000 - Date.now() - 3_600_000)).toBeLessThan(50);
  });

  it('only moves forward, by sane amounts, and changes nothing when it refuses', () => {
    const clock = new AdvanceableClock(() => 0);
    clock.advance(1);
    for (const bad of [0, -1, -0.5, NaN, Infinity, -Infinity, 1e-9, MAX_ADVANCE_SECONDS + 1, '5' as unknown as number]) {
      expect(() => clock.advance(bad)).toThrow(RangeError);
    }
    expect(() => clock.advance(-3600)).toThrow(/only moves forward/);
    expect(() => clock.advance(11 * 365 * 86_400)).toThrow(/at most 315576000 \(10 years\)/);
    expect(clock.offsetMicros).toBe(1_000_000);
    clock.advance(MAX_ADVANCE_SECONDS); // exactly 10 years is allowed
    expect(clock.offsetMicros).toBe(1_000_000 + MAX_ADVANCE_SECONDS * 1e6);
  });

  it('never runs more than 100 years ahead in total', () => {
    const clock = new AdvanceableClock(() => 0);
    for (let i = 0; i < 10; i++) clock.advance(MAX_ADVANCE_SECONDS);
    expect(() => clock.advance(1)).toThrow(/100 years/);
    expect(clock.offsetMicros).toBe(10 * MAX_ADVANCE_SECONDS * 1e6);
  });

  it('resumes from a later time (a replayed commit), never goes back for an earlier one', () => {
    const clock = new AdvanceableClock(() => 1_000_000);
    clock.resumeFrom(500_000);
    expect(clock.now()).toBe(1_000_000);
    clock.resumeFrom(4_000_000);
    expect(clock.now()).toBe(4_000_000);
    expect(clock.offsetMicros).toBe(3_000_000);
    clock.resumeFrom(2_000_000);
    expect(clock.now()).toBe(4_000_000);
  });
});
