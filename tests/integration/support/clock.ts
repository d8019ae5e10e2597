// Moving the stack's Firestore clock forward, for time-based rules (an unpaid registration's seat
// hold lapsing: `resource.data.heldUntil < request.time`). Database time only: commit times,
// request.time and server timestamps move; ID tokens keep being checked against the wall clock.
// The advance cannot be undone and the stack is shared by every integration file, so compute
// times from the value returned (or from serverTimestamp()), never from Date.now().
import { stack } from './clients.ts';

/** Moves the emulator's clock forward by `seconds` (> 0); resolves to database time now (RFC 3339). */
export async function advanceServerClock(seconds: number): Promise<string> {
  const { firestore, projectId } = stack();
  const res = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}/clock:advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!res.ok) throw new Error(`Advancing the Firestore emulator's clock by ${seconds} s failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { now: string }).now;
}

/** Database time now (the stack's clock, ahead of the wall clock once advanced). */
export async function serverNow(): Promise<Date> {
  const { firestore, projectId } = stack();
  const res = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}/clock`);
  if (!res.ok) throw new Error(`Reading the Firestore emulator's clock failed: ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now);
}
