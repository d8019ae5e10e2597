import { describe, expect, it } from 'vitest';
import { createMicrosecondClock, nowMicros } from './clock.ts';

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
