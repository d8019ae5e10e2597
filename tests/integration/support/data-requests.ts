// An erasure request stored past the rules, as its owner asked it online (unless told otherwise),
// for the attacks that act on one (attacks/erasure.test.ts, attacks/retention.test.ts).
import { dataRequestPath, erasureRequestId, type DataRequestStatus } from '../../../src/data/data-requests.ts';
import { ACCOUNTS } from './actors.ts';
import { fixture } from './owner.ts';

/** Resolves to its id (the mailbox's, as every erasure request's). Anyone acting on it is the demo administrator. */
export async function storedErasureRequest(email: string, status: DataRequestStatus, over: Record<string, unknown> = {}): Promise<string> {
  const id = await erasureRequestId(email);
  await fixture(dataRequestPath(id), {
    kind: 'erasure',
    address: email,
    email,
    channel: 'online',
    keepCertificate: false,
    status,
    days: 14,
    createdAt: new Date(),
    enteredBy: '',
    actedBy: status === 'received' ? '' : ACCOUNTS.admin.email,
    actedAt: status === 'received' ? null : new Date(),
    reason: '',
    round: 1,
    ...over,
  });
  return id;
}
