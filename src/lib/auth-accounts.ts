// Staff onboarding with Firebase Auth's own email flows, from the browser (there is no server):
// - an admin invites someone: a password account is created for the address (with a random
//   password nobody knows) and Firebase sends its password-reset email. Setting a password through
//   that link also marks the address verified, which the rules require of staff.
// - "Forgot your password?" sends the same email.
// - a password account that signs in unverified is sent a verification email.
// The emails' links come back to ACTION_PATH (the project's custom action URL in production, set in
// the Firebase console; locally the stack mails the Auth emulator's links with that path).
import { deleteApp, initializeApp } from 'firebase/app';
import {
  applyActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  inMemoryPersistence,
  sendEmailVerification,
  sendPasswordResetEmail,
  setPersistence,
  signOut as firebaseSignOut,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { authEmulatorHost, firebaseConfig, usesEmulators } from './env.ts';
import { SIGN_IN_PATH } from './auth-paths.ts';
import { auth, ready } from './firebase-auth.ts';

export { SIGN_IN_PATH };

/** After the email's page is done, people continue to the sign-in page, with their address filled in. */
function continueSettings(email: string) {
  return { url: `${window.location.origin}${SIGN_IN_PATH}?email=${encodeURIComponent(email)}`, handleCodeInApp: false };
}

/** Random enough that nobody can guess it; nobody ever types it: the invitee sets their own. */
function throwawayPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}Aa1!`;
}

/**
 * Creates the invitee's password account if there is none, without touching the admin's own
 * session (a second, in-memory Auth instance does it), then sends the set-your-password email.
 * Returns whether an account was created (false: the address already had one, e.g. Google).
 */
export async function inviteStaffAccount(email: string): Promise<{ created: boolean }> {
  const app = initializeApp(firebaseConfig, `invite-${crypto.randomUUID()}`);
  let created = false;
  try {
    const other = getAuth(app);
    if (usesEmulators) connectAuthEmulator(other, `http://${authEmulatorHost}`, { disableWarnings: true });
    await setPersistence(other, inMemoryPersistence);
    try {
      await createUserWithEmailAndPassword(other, email, throwawayPassword());
      created = true;
      await firebaseSignOut(other);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/email-already-in-use') throw error;
    }
  } finally {
    await deleteApp(app);
  }
  await sendPasswordReset(email);
  return { created };
}

/** The reset email for "forgot password" and for invitations sent again. */
export async function sendPasswordReset(email: string): Promise<void> {
  await ready;
  await sendPasswordResetEmail(auth, email, continueSettings(email));
}

export async function sendVerification(user: User): Promise<void> {
  await sendEmailVerification(user, continueSettings(user.email ?? ''));
}

/** The address a reset link is for; throws when the link is used, expired or malformed. */
export async function emailOfResetCode(code: string): Promise<string> {
  await ready;
  return verifyPasswordResetCode(auth, code);
}

export async function setNewPassword(code: string, password: string): Promise<void> {
  await ready;
  await confirmPasswordReset(auth, code, password);
}

export async function confirmEmail(code: string): Promise<void> {
  await ready;
  await applyActionCode(auth, code);
}

export type LinkProblem = 'expired' | 'used-or-invalid' | 'network' | 'unknown';

export function describeLinkError(error: unknown): LinkProblem {
  const code = (error as { code?: string })?.code ?? '';
  if (code === 'auth/expired-action-code') return 'expired';
  if (code === 'auth/invalid-action-code' || code === 'auth/user-not-found' || code === 'auth/user-disabled') return 'used-or-invalid';
  if (code === 'auth/network-request-failed') return 'network';
  return 'unknown';
}
