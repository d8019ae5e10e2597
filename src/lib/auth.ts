// Firebase Auth: only /login, /admin-login and /admin import this module.
import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  validatePassword,
  type User,
} from 'firebase/auth';
import { auth, ready } from './firebase-auth.ts';
import { clearSession, storeSession } from './session.ts';

export { auth };

// Keeps the stored token fresh (ID tokens last an hour) and clears it when the session ends. A
// visitor's anonymous identity (lib/visitor-auth.ts) is not a staff session: it is never stored.
// When Firebase ends the session (the refresh token was revoked, the account disabled or deleted,
// or another tab signed out) the stored token goes too, so the admin gate sends the person out
// within a second instead of letting a dead token pass.
onIdTokenChanged(auth, async (user) => {
  if (user && !user.isAnonymous) storeSession(await user.getIdToken(), { uid: user.uid, email: user.email, displayName: user.displayName });
  else if (!user && typeof document !== 'undefined') clearSession(); // not while prerendering
});

export type AuthProblem = 'unverified' | 'wrong-credentials' | 'weak-password' | 'too-many-attempts' | 'network' | 'popup-closed' | 'unknown';

export function describeAuthError(error: unknown): AuthProblem {
  const code = (error as { code?: string })?.code ?? '';
  if (code === 'auth/unverified-email') return 'unverified';
  if (['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-email', 'auth/invalid-login-credentials'].includes(code))
    return 'wrong-credentials';
  if (code === 'auth/too-many-requests') return 'too-many-attempts';
  if (code === 'auth/network-request-failed') return 'network';
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return 'popup-closed';
  if (code === 'auth/password-does-not-meet-requirements' || code === 'auth/weak-password') return 'weak-password';
  return 'unknown';
}

/** The project's password policy (default: at least 6 characters), as the server enforces it. */
export async function passwordProblems(password: string): Promise<string[]> {
  try {
    const status = await validatePassword(auth, password);
    if (status.isValid) return [];
    const out: string[] = [];
    if (status.meetsMinPasswordLength === false) out.push(`at least ${status.passwordPolicy.customStrengthOptions.minPasswordLength ?? 6} characters`);
    if (status.meetsMaxPasswordLength === false) out.push(`at most ${status.passwordPolicy.customStrengthOptions.maxPasswordLength} characters`);
    if (status.containsLowercaseLetter === false) out.push('a lowercase letter');
    if (status.containsUppercaseLetter === false) out.push('an uppercase letter');
    if (status.containsNumericCharacter === false) out.push('a digit');
    if (status.containsNonAlphanumericCharacter === false) out.push('a symbol');
    return out;
  } catch {
    // The policy could not be fetched (offline, emulator without policy): fall back to the default.
    return password.length >= 6 ? [] : ['at least 6 characters'];
  }
}

/** Thrown for a password account whose address is not verified yet: the rules would refuse it. */
export class UnverifiedEmailError extends Error {
  code = 'auth/unverified-email';
}

async function remember(user: User) {
  storeSession(await user.getIdToken(), { uid: user.uid, email: user.email, displayName: user.displayName });
  return user;
}

/**
 * Signs in a password account. One whose address is unverified is sent a verification email and
 * signed out again: staying in would only show "No access", as the rules accept verified staff only.
 */
export async function signInWithPassword(email: string, password: string) {
  await ready;
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  if (!user.emailVerified) {
    const { sendVerification } = await import('./auth-accounts.ts');
    await sendVerification(user).finally(() => firebaseSignOut(auth));
    throw new UnverifiedEmailError(`${user.email ?? email} is not verified yet.`);
  }
  return remember(user);
}

export async function signInWithGoogle() {
  await ready;
  return remember((await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver)).user);
}

export async function signOut() {
  clearSession();
  await firebaseSignOut(auth);
}

export type SessionState = 'valid' | 'ended' | 'unreachable';

/**
 * Asks Firebase whether the session still stands (force: even if the token has not expired, to
 * notice a revocation). A revoked refresh token or a disabled account signs the SDK out, so the
 * session has 'ended'; being offline is not a reason to throw someone out of a half-filled form.
 */
export async function checkSession(force: boolean): Promise<SessionState> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user || user.isAnonymous) return 'ended';
  try {
    await user.getIdToken(force);
    await remember(user); // the token just fetched, from the SDK's cache
    return 'valid';
  } catch (error) {
    return describeAuthError(error) === 'network' ? 'unreachable' : 'ended';
  }
}

/** The signed-in staff account, if any (a visitor's anonymous identity is nobody to the back office). */
export function currentUser(): Promise<User | null> {
  return auth.authStateReady().then(() => (auth.currentUser?.isAnonymous ? null : auth.currentUser));
}
