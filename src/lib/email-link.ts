// A verified attendee: someone who proved they read a summit address by following the sign-in
// link Firebase Auth mailed them (email-link, "passwordless", sign-in). Load it with a dynamic
// import once the visitor acts (asks for a link, or opens one): it brings the Auth SDK, which no
// public page downloads before that.
//
// What the rules see (checked against the firebase-tools Auth emulator): the ID token of an
// email-link sign-in has `email_verified: true`, `firebase.sign_in_provider: 'password'` (not
// 'emailLink': a link and a password are one provider to Firebase) and the email in lower case,
// whatever case the attendee typed.
import { isSignInWithEmailLink, sendSignInLinkToEmail, signInWithEmailLink, signOut } from 'firebase/auth';
import { auth, ready } from './firebase-auth.ts';

/** Where the address a link was sent to is kept, so opening the link on the same device asks nothing. */
export const ATTENDEE_EMAIL_KEY = 'attendeeEmailForSignIn';

export interface Attendee {
  uid: string;
  /** Lower case, as in the ID token the rules read. */
  email: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (a privacy setting): the attendee types the address again
  }
}

/**
 * The address of this site the link returns to: `continuePath` resolved against this origin. A
 * path that leads to another site (`//host`, an absolute URL) returns to the site's home instead.
 */
export function continueUrl(continuePath: string, origin: string = location.origin): string {
  let url: URL;
  try {
    url = new URL(continuePath, origin);
  } catch {
    return new URL('/', origin).toString();
  }
  return url.origin === new URL(origin).origin ? url.toString() : new URL('/', origin).toString();
}

/** Mails `email` a link that signs them in on the page at `continuePath`, and remembers the address here. */
export async function sendAttendeeLink(email: string, continuePath: string): Promise<void> {
  const address = email.trim();
  await ready;
  await sendSignInLinkToEmail(auth, address, { url: continueUrl(continuePath), handleCodeInApp: true });
  try {
    storage()?.setItem(ATTENDEE_EMAIL_KEY, address);
  } catch {
    // storage full or blocked: the attendee is asked for the address when the link opens
  }
}

/** Whether `href` (the page's address) is a sign-in link from one of those emails. */
export function isAttendeeLink(href: string): boolean {
  return isSignInWithEmailLink(auth, href);
}

/** The address a link was last sent to from this browser, or null (another device, or already used). */
export function storedAttendeeEmail(): string | null {
  try {
    return storage()?.getItem(ATTENDEE_EMAIL_KEY) || null;
  } catch {
    return null;
  }
}

function forgetStoredEmail() {
  try {
    storage()?.removeItem(ATTENDEE_EMAIL_KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/**
 * Signs in with the link at `href`, for `email` (the address it was sent to: Firebase refuses
 * another one). A visitor's anonymous identity signed in before is replaced by the attendee's.
 */
export async function completeAttendeeSignIn(email: string, href: string): Promise<Attendee> {
  await ready;
  const { user } = await signInWithEmailLink(auth, email.trim(), href);
  forgetStoredEmail();
  return { uid: user.uid, email: (user.email ?? email.trim()).toLowerCase() };
}

/** The attendee signed in on this browser, once Auth has restored its state; null for nobody, an anonymous visitor or an unverified address. */
export async function attendeeSession(): Promise<Attendee | null> {
  await ready;
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user || user.isAnonymous || !user.emailVerified || !user.email) return null;
  return { uid: user.uid, email: user.email.toLowerCase() };
}

export async function signOutAttendee(): Promise<void> {
  await ready;
  await signOut(auth);
}

export type EmailLinkProblem = 'expired-or-used' | 'wrong-email' | 'too-many-attempts' | 'network' | 'unknown';

/** What went wrong sending or following a link, in the terms the page explains to the attendee. */
export function describeEmailLinkError(error: unknown): EmailLinkProblem {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'auth/invalid-action-code':
    case 'auth/expired-action-code':
      return 'expired-or-used';
    // Firebase answers a link opened with another address than it was sent to with auth/invalid-email.
    case 'auth/invalid-email':
    case 'auth/missing-email':
      return 'wrong-email';
    case 'auth/too-many-requests':
    case 'auth/quota-exceeded':
      return 'too-many-attempts';
    case 'auth/network-request-failed':
      return 'network';
    default:
      return 'unknown';
  }
}
