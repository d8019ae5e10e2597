// Every staff action leaves an activity-log entry ("Archived registration …", "Published '…'").
// Where the action is a plain commit, the entry is written in the same commit, so there is never
// an action without its record or a record without its action. An action that changes what a
// public page shows also moves the content version (admin/content-version.ts) in that commit.
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKey } from '../data/query-keys.ts';
import { db } from '../lib/data.ts';
import { writePath, type BatchWrite, type MoveAlsoWrite, type ReadInTransaction, type WithId } from '../lib/db.ts';
import type { DocumentData } from 'firebase/firestore/lite';
import { useStaff } from './staff-context.ts';
import { contentVersionWrites } from './content-version.ts';
import { registrationMoveWrites } from './registration-moves.ts';
import { applicationMoveWrites } from '../data/application-record.ts';

interface StaffAction<V, R> {
  /** The log line, e.g. `Archived registration ${id}`. */
  log: (vars: V, result: R) => string;
  /** Query keys whose data the action changes. */
  invalidate?: QueryKey[];
}

/** After a staff action: read again what it changed (every query under each key), and the activity log, which every action writes to. */
const refresh = (client: QueryClient, keys: QueryKey[] = []) =>
  Promise.all([...keys, adminKey('logs')].map((queryKey) => client.invalidateQueries({ queryKey })));

/** An action that is a set of writes: committed together with its log entry. */
export function useStaffWrites<V>({ writes, ...action }: StaffAction<V, void> & { writes: (vars: V) => BatchWrite[] | Promise<BatchWrite[]> }) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const changes = await writes(vars);
      await db.commit([...changes, ...contentVersionWrites(changes.map(writePath)), db.activityWrite(action.log(vars, undefined), staff.tokenEmail)]);
    },
    onSuccess: () => refresh(client, action.invalidate),
  });
}

/** An action whose own writes cannot take the log entry (an export, a read): the entry follows it (none when its line is '': it changed nothing). */
export function useStaffTask<V, R = void>({ run, ...action }: StaffAction<V, R> & { run: (vars: V) => Promise<R> }) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const result = await run(vars);
      const line = action.log(vars, result);
      if (line) await db.recordActivity(line, staff.tokenEmail);
      return result;
    },
    onSuccess: () => refresh(client, action.invalidate),
  });
}

type Decided<R> = { writes: BatchWrite[]; log: string; result?: R };

/**
 * An action decided on fresh data: reads documents in a transaction, decides the writes (or throws
 * to refuse), and commits them with their log entry. Used where two staff could act at once:
 * checking in the same ticket at two desks, taking the next invoice number.
 */
export function useStaffTransaction<V, R = void>({
  paths,
  prepare,
  decide,
  invalidate,
}: {
  paths: (vars: V) => string[];
  /** Slow work done once before the transaction (which may run several times): an email's attachments. */
  prepare?: (vars: V) => Promise<V>;
  /** May be async (building an email's PDF from what it decided); it runs again if the transaction retries. */
  decide: (docs: Array<WithId<DocumentData> | null>, vars: V, read: ReadInTransaction) => Decided<R> | Promise<Decided<R>>;
  invalidate?: QueryKey[];
}) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (given: V) => {
      const vars = prepare ? await prepare(given) : given;
      return db.transact<R>(paths(vars), async (docs, read) => {
        const { writes, log, result } = await decide(docs, vars, read);
        return { writes: [...writes, ...contentVersionWrites(writes.map(writePath)), db.activityWrite(log, staff.tokenEmail)], result };
      });
    },
    onSuccess: () => refresh(client, invalidate),
  });
}

/** Archiving a record, or restoring one: the move and its log entry in one transaction (a registration's checkout and seat too). */
export function useStaffMove<V>({
  move,
  log,
  invalidate,
}: {
  move: (vars: V) => { collection: string; id: string; to: 'archive' | 'original' };
  log: (vars: V) => string;
  /** What to read again afterwards: fixed keys, or keys that depend on what moved. */
  invalidate?: QueryKey[] | ((vars: V) => QueryKey[]);
}) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => {
      const { collection, id, to } = move(vars);
      const entry = [...contentVersionWrites([collection]), db.activityWrite(log(vars), staff.tokenEmail)];
      // A registration moves with its checkout projection (and, archived while active, frees its seat);
      // an application with its own.
      const also: MoveAlsoWrite =
        collection === 'registrations'
          ? async (moved, read) => [...(await registrationMoveWrites(to, id, moved, read)), ...entry]
          : collection === 'partners'
            ? async (moved) => [...applicationMoveWrites(to, id, moved), ...entry]
            : entry;
      return to === 'archive' ? db.moveToArchive(collection, id, also) : db.restoreFromArchive(collection, id, also);
    },
    onSuccess: (_result, vars) => refresh(client, typeof invalidate === 'function' ? invalidate(vars) : invalidate),
  });
}
