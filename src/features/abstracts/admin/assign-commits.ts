// Storing an automatic assignment: the commits src/data/abstract-assignment.ts cuts (each within the
// rules' read budget), each with its own activity-log line, so whatever was stored is logged even
// when a later commit fails. Committed one after another; a failure stops the run and says how far
// it got. Running the assignment again is safe: it starts from the assignments that exist and tops
// up the rest.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStaff } from '../../../admin/staff-context.ts';
import { assignmentCommits, type Assignment } from '../../../data/abstract-assignment.ts';
import type { Abstract } from '../../../data/abstracts.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { db } from '../../../lib/data.ts';
import { activityWrite, type BatchWrite } from '../../../lib/db-shapes.ts';
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

export interface RunProgress {
  /** Commits stored so far, of `total`. */
  done: number;
  total: number;
  /** Assignments stored so far. */
  stored: number;
}

/** A run failed part-way: what was stored stays. */
export class RunStopped extends Error {
  constructor(
    readonly progress: RunProgress,
    readonly cause: unknown,
  ) {
    super(`Stopped after ${progress.done} of ${progress.total} commits`);
  }
}

/** Commits a run in order, reporting progress after each commit. */
export function useAssignmentRun() {
  const staff = useStaff();
  const client = useQueryClient();
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (assignments: { assignments: readonly Assignment[]; abstracts: readonly Abstract[] }) => {
      const run = assignmentRun(assignments.assignments, assignments.abstracts, staff.tokenEmail);
      const at: RunProgress = { done: 0, total: run.length, stored: 0 };
      setProgress({ ...at });
      for (const commit of run) {
        try {
          await db.commit(commit.writes);
        } catch (error) {
          throw new RunStopped({ ...at }, error);
        }
        at.done++;
        at.stored += commit.assignments;
        setProgress({ ...at });
      }
      return at;
    },
    // Successful or not, what is stored changed: read the assignments (and the log) again.
    onSettled: () => Promise.all([assignmentsKey, adminKey('logs')].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  return { ...mutation, progress };
}
