// A run of commits the back office makes one after another (an automatic assignment, publishing
// the accepted abstracts), each within the rules' read budget and each with its own activity-log
// line, so whatever was stored is logged even when a later commit fails. A failure stops the run
// and says how far it got; the screens' runs are planned from what is stored, so running again
// tops up the rest.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useStaff } from '../../../admin/staff-context.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { db } from '../../../lib/data.ts';
import type { BatchWrite } from '../../../lib/db-shapes.ts';

/** One commit of a run: its writes (log line included), and how many things it stores. */
export interface RunCommit {
  writes: BatchWrite[];
  stores: number;
}

export interface RunProgress {
  /** Commits stored so far, of `total`. */
  done: number;
  total: number;
  /** Things (assignments, abstracts) stored so far. */
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

/** Commits the run `plan` makes of its input (with the staff member's address for the log lines) in order, reporting progress after each commit. */
export function useCommitRun<V>(plan: (vars: V, by: string) => RunCommit[], invalidate: readonly QueryKey[]) {
  const staff = useStaff();
  const client = useQueryClient();
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (vars: V) => {
      const run = plan(vars, staff.tokenEmail);
      const at: RunProgress = { done: 0, total: run.length, stored: 0 };
      setProgress({ ...at });
      for (const commit of run) {
        try {
          await db.commit(commit.writes);
        } catch (error) {
          throw new RunStopped({ ...at }, error);
        }
        at.done++;
        at.stored += commit.stores;
        setProgress({ ...at });
      }
      return at;
    },
    // Successful or not, what is stored changed: read it (and the log) again.
    onSettled: () => Promise.all([...invalidate, adminKey('logs')].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  return { ...mutation, progress };
}
