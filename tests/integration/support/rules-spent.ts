// What the rules spent on the commits since a point (the emulator's rules usage): the worst reads
// and expressions of each kind of commit, for the figures a test prints.
import type { RequestRecord } from '../../../emulator/src/rules-usage.ts';
import { stack } from './clients.ts';

export async function usage(since = 0): Promise<RequestRecord[]> {
  const { firestore, projectId } = stack();
  const r = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}:rulesUsage?since=${since}`);
  return ((await r.json()) as { requests: RequestRecord[] }).requests;
}
export const lastUsage = async () => (await usage()).at(-1)?.seq ?? 0;

/** The worst rules figures of each kind of commit the erasure made since `since` (other files' requests are other kinds). */
export async function rulesSpent(since: number): Promise<string[]> {
  const worst = new Map<string, [number, number, number]>();
  for (const r of (await usage(since)).filter((x) => x.kind === 'commit')) {
    const kind = r.operations.map((o) => `${o.method} ${o.path.split('/')[0]}`).join(' + ');
    const [a, b, c] = worst.get(kind) ?? [0, 0, 0];
    worst.set(kind, [
      Math.max(a, ...r.operations.map((o) => o.reads.length)),
      Math.max(b, r.documentReads),
      Math.max(c, ...r.operations.map((o) => o.expressions)),
    ]);
  }
  return [...worst].map(([kind, f]) => `${kind}: ${f.join(' · ')}`);
}
