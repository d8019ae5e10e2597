// A poll that never overlaps itself: the next one is scheduled when the last has finished, and
// stopping waits for the one under way (so nothing is sent after stop() resolves).
export function pollEvery(pollMs: number, poll: () => Promise<void>) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let tick: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick = poll().finally(schedule);
    }, pollMs);
  };
  schedule();
  return {
    /** Whether stop() has been called (work in flight checks it before starting more). */
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await tick;
    },
  };
}
