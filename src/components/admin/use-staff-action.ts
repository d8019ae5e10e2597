// Every staff action leaves an activity-log entry ("Archived registration …", "Published '…'").
// Where the action is a plain commit, the entry is written in the same commit, so there is never
// an action without its record or a record without its action.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { db } from '../../lib/data.ts';
import type { BatchWrite } from '../../lib/db.ts';
import { useStaff } from '../staff-context.ts';

interface StaffAction<V, R> {
  /** The log line, e.g. `Archived registration ${id}`. */
  log: (vars: V, result: R) => string;
  /** Query keys whose data the action changes. */
  invalidate?: QueryKey[];
}

/** An action that is a set of writes: committed together with its log entry. */
export function useStaffWrites<V>({ writes, ...action }: StaffAction<V, void> & { writes: (vars: V) => BatchWrite[] | Promise<BatchWrite[]> }) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      await db.commit([...(await writes(vars)), db.activityWrite(action.log(vars, undefined), staff.tokenEmail)]);
    },
    onSuccess: () => Promise.all((action.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** An action that needs a transaction (archive, numbering): the log entry follows it. */
export function useStaffTask<V, R = void>({ run, ...action }: StaffAction<V, R> & { run: (vars: V) => Promise<R> }) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const result = await run(vars);
      await db.recordActivity(action.log(vars, result), staff.tokenEmail);
      return result;
    },
    onSuccess: () => Promise.all((action.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
