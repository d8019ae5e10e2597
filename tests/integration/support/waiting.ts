// The count of people waiting (firestore.rules: /counters/waitlist), read and set past the rules,
// and the people waiting themselves (waitlist/{address}), written past the rules.
import { WAITING_COUNT, waitingOf } from '../../../src/data/seats.ts';
import { SAMPLE_REGISTRATION } from '../../../emulator/seed/sample-forms.ts';
import { ownerGet, uniqueId } from './owner.ts';
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

/**
 * A person waiting, as joining the list stores them (past the rules), by default long since: the
 * entry a cancellation's offer reads and moves. Its address is returned (the entry's id).
 */
export async function waitingEntry(over: Record<string, unknown> = {}): Promise<string> {
  const email = `${uniqueId('wait')}@example.org`;
  const position = (over.position as Date | undefined) ?? new Date(Date.now() - 100 * 3_600_000);
  // Not fixture(): an entry has no `id` field (the rules' waitlistEntry names its fields exactly).
  await ownerWrite([
    `waitlist/${email}`,
    {
      email,
      fullName: 'Otieno Ouma',
      category: 'delegate',
      form: { ...SAMPLE_REGISTRATION, fullName: 'Otieno Ouma', email },
      position,
      status: 'waiting',
      offer: null,
      timestamp: position,
      ...over,
    },
  ]);
  return email;
}
