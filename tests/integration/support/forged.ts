// Forged ID tokens sent straight to the REST API, as an attacker outside the app would: unsigned
// (the emulator, like the Auth emulator's own tokens, does not check signatures) but with every
// claim Cloud Firestore checks (issuer, audience, expiry) right for the stack's project.
import { firestoreDocumentsUrl } from '../../../src/lib/firestore-rest.ts';
import { stack } from './clients.ts';

/** An unsigned ID token for the stack's project, valid for an hour (as the Auth emulator issues them). */
export function forgedToken(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const { projectId } = stack();
  const iat = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: `https://securetoken.google.com/${projectId}`, aud: projectId, iat, exp: iat + 3600, ...claims })}.`;
}

/** A verified address as a sign-in provider asserts it (`emailLink` for attendees, `password` for staff). */
export const verifiedClaims = (email: string, provider: string) => ({
  sub: `forged-${provider}-${email}`,
  user_id: `forged-${provider}-${email}`,
  email,
  email_verified: true,
  firebase: { sign_in_provider: provider, identities: {} },
});

/** The system identity's claims (a custom token for uid 'timed-work' with its claim), with some changed. */
export const systemClaims = (over: Record<string, unknown> = {}) => ({
  sub: 'timed-work',
  user_id: 'timed-work',
  system: 'timed-work',
  firebase: { sign_in_provider: 'custom', identities: {} },
  ...over,
});

/** A REST call to the stack's documents with the token: `path` after `/documents` (`/registrations/x`, `:runQuery`). */
export function asForged(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const { projectId, firestore } = stack();
  return fetch(`${firestoreDocumentsUrl(projectId, firestore)}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
