// The count of people waiting (firestore.rules: /counters/waitlist), read and set past the rules.
import { WAITING_COUNT, waitingOf } from '../../../src/data/seats.ts';
import { ownerGet } from './owner.ts';
import { ownerWrite } from './seats.ts';

export const WAITING_COUNT_PATH = `${WAITING_COUNT.collection}/${WAITING_COUNT.id}`;

/** The stored count, 0 when there is none. */
export const waitingCount = async () => waitingOf(await ownerGet(WAITING_COUNT_PATH));

/** Nobody counted as waiting (the entries stay as they are: only the count decides who may register). */
export async function resetWaitingCount() {
  if ((await waitingCount()) !== 0) await ownerWrite([WAITING_COUNT_PATH, { waiting: 0, lastAddress: '' }]);
}

/** Someone counted as waiting, past the rules (as if a person had joined), for `run`; the count put back after. */
export async function whileSomeoneWaits<T>(run: () => Promise<T>): Promise<T> {
  await ownerWrite([WAITING_COUNT_PATH, { waiting: 1, lastAddress: '' }]);
  try {
    return await run();
  } finally {
    await ownerWrite([WAITING_COUNT_PATH, { waiting: 0, lastAddress: '' }]);
  }
}
