// Storing an automatic assignment: the commits src/data/abstract-assignment.ts cuts (each within the
// rules' read budget), each with its own activity-log line, committed as a run (commit-run.ts).
// Running the assignment again is safe: it starts from the assignments that exist and tops up the rest.
import { assignmentCommits, type Assignment } from '../../../data/abstract-assignment.ts';
import type { Abstract } from '../../../data/abstracts.ts';
import { activityWrite, type BatchWrite } from '../../../lib/db-shapes.ts';
import { useCommitRun } from './commit-run.ts';
import { assignmentsKey } from './review-reads.ts';

/** One commit of the run: its writes (log line included), and what it stores. */
export interface AssignmentCommit {
  writes: BatchWrite[];
  abstracts: number;
  assignments: number;
}

/** The commits that store `assignments`, each with its log line ("… part 2 of 9"). */
export function assignmentRun(assignments: readonly Assignment[], abstracts: readonly Abstract[], by: string): AssignmentCommit[] {
  const byId = new Map(abstracts.map((a) => [a.id, a]));
  const commits = assignmentCommits(assignments, byId);
  return commits.map((writes, i) => {
    const abstractCount = new Set(writes.map((w) => ('set' in w ? String((w.data as { abstractId: string }).abstractId) : ''))).size;
    const line = `Assigned reviewers automatically: ${writes.length} assignments to ${abstractCount} ${abstractCount === 1 ? 'abstract' : 'abstracts'} (part ${i + 1} of ${commits.length})`;
    return { writes: [...writes, activityWrite(line, by)], abstracts: abstractCount, assignments: writes.length };
  });
}

export { RunStopped } from './commit-run.ts';

/** Stores an automatic assignment in its commits, one after another (commit-run.ts). */
export const useAssignmentRun = () =>
  useCommitRun(
    ({ assignments, abstracts }: { assignments: readonly Assignment[]; abstracts: readonly Abstract[] }, by: string) =>
      assignmentRun(assignments, abstracts, by).map((c) => ({ writes: c.writes, stores: c.assignments })),
    [assignmentsKey],
  );
