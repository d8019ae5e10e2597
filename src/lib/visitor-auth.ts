// A visitor's identity: Firebase Auth's anonymous sign-in, made the first time a visitor submits a
// form and kept in the browser, so the rules can cap what one identity writes (throttles/{uid}).
// Load it with a dynamic import at submit time: it brings the Auth SDK, which no public page
// downloads before the visitor acts.
import { signInAnonymously } from 'firebase/auth';
import { auth, ready } from './firebase-auth.ts';

/** The uid every visitor write is made under: the signed-in account if any, else an anonymous one. */
export async function visitorUid(): Promise<string> {
  await ready;
  await auth.authStateReady();
  if (auth.currentUser) return auth.currentUser.uid;
  return (await signInAnonymously(auth)).user.uid;
}
