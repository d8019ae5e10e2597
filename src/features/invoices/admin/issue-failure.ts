// What the invoice generator says when issuing fails.

/**
 * What Firestore answers when a transaction lost to others on the documents it read every time it
 * was retried (here: others took the next invoice numbers meanwhile): aborted on Cloud Firestore,
 * failed-precondition or already-exists (the counter's first creation) for the optimistic commits
 * of the lite SDK.
 */
const CONTENDED = ['aborted', 'failed-precondition', 'already-exists'];

/**
 * Errors the issuing step explains itself (settings missing, invoice no longer issued) are shown as
 * they are; losing the race for a number is said as such, since trying again is the answer.
 */
export function issueFailure(error: Error): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONTENDED.includes(code)) {
    return 'Other invoices were being issued at the same moment, so this one did not get a number and was not issued. Your entries are still here: issue it again.';
  }
  if (code !== undefined) return 'We could not issue the invoice. Your entries are still here: check your connection and try again.';
  return `${error.message} Your entries are still here.`;
}
